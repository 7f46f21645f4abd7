//! The runtime's side of the protocol with the `kappa` process, which owns
//! the solver: one Unix-socket connection per process of the exploration
//! tree (path of the socket in `KAPPA_NATIVE_SOCKET`), one text line per
//! message; the messages, their encoding and decoding are kappa-wire's
//! ([`kappa_wire::ToServer`], [`kappa_wire::ToRuntime`]).

use crate::term::Terms;
use kappa_wire::{Parent, ToRuntime, ToServer};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;

/// An open connection and what was already sent on it.
pub struct Conn {
    w: UnixStream,
    r: BufReader<UnixStream>,
    /// kappa's number for this connection.
    id: u64,
    /// Nodes sent so far (ids 1..=sent).
    sent_nodes: usize,
    /// Inputs declared so far.
    sent_inputs: usize,
    /// What the parent had sent when this connection was opened (nodes,
    /// inputs), adopted if kappa inherited its tables.
    parent_sent: (usize, usize),
    /// kappa's answer to the hello was not read yet.
    hello_pending: bool,
}

/// The answer to a query.
pub enum Answer {
    /// Satisfiable, with values of inputs (input number, value): every
    /// input for `M`, at least those the query constrains for `Q`.
    Sat(Vec<(usize, u64)>),
    /// Unsatisfiable.
    Unsat,
    /// Undecided, with kappa's reason.
    Unknown(String),
}

impl Conn {
    /// Connects to kappa (None if not run under kappa). A forked child
    /// passes its parent's connection: kappa then starts from the parent's
    /// term tables, and nothing already sent is sent again.
    pub fn open(parent: Option<&Conn>, fork: bool) -> Option<Conn> {
        let path = std::env::var_os("KAPPA_NATIVE_SOCKET")?;
        let s = UnixStream::connect(path).ok()?;
        let r = BufReader::new(s.try_clone().ok()?);
        let mut c = Conn {
            w: s,
            r,
            id: 0,
            sent_nodes: 0,
            sent_inputs: 0,
            parent_sent: (0, 0),
            hello_pending: true,
        };
        let parent = parent.map(|p| {
            c.parent_sent = (p.sent_nodes, p.sent_inputs);
            Parent {
                conn: p.id,
                nodes: p.sent_nodes,
                inputs: p.sent_inputs,
                fork,
            }
        });
        let hello = ToServer::Hello {
            pid: std::process::id(),
            parent,
        };
        c.w.write_all(hello.encode().as_bytes()).ok()?;
        Some(c)
    }

    /// kappa's number for this connection (reads the hello's answer).
    pub fn id(&mut self) -> Option<u64> {
        self.finish_hello().then_some(self.id)
    }

    /// Reads kappa's answer to the hello (`ok id inherited`) if it is still
    /// pending; false if kappa refused or closed the connection.
    fn finish_hello(&mut self) -> bool {
        if !self.hello_pending {
            return self.id != 0;
        }
        self.hello_pending = false;
        let mut line = String::new();
        if self.r.read_line(&mut line).unwrap_or(0) == 0 {
            return false;
        }
        let ToRuntime::Welcome { id, inherited } = ToRuntime::decode(&line) else {
            return false;
        };
        self.id = id;
        if inherited {
            (self.sent_nodes, self.sent_inputs) = self.parent_sent;
        }
        true
    }

    /// Waits for kappa to schedule this process after a fork (the hello of
    /// the child's connection, `H .. F`, tells kappa that both sides wait;
    /// kappa answers `go LIVE` with the number of live processes); None if
    /// kappa closed the connection (the run is over).
    pub fn wait_turn(&mut self) -> Option<u32> {
        if !self.finish_hello() {
            return None;
        }
        let mut line = String::new();
        if self.r.read_line(&mut line).unwrap_or(0) == 0 {
            return None;
        }
        match ToRuntime::decode(&line) {
            ToRuntime::Go(live) => u32::try_from(live).ok(),
            _ => None,
        }
    }

    /// Sends one message (errors are ignored: kappa may have stopped the run).
    pub fn send(&mut self, m: &ToServer) {
        self.write(&m.encode());
    }

    /// Writes encoded messages (errors are ignored, as in [`Self::send`]).
    fn write(&mut self, lines: &str) {
        let _ = self.w.write_all(lines.as_bytes());
    }

    /// Sends the inputs and nodes kappa does not know yet.
    pub fn sync(&mut self, terms: &Terms, inputs: &[(u32, String)]) {
        // what kappa already knows depends on whether it inherited the
        // parent's tables
        self.finish_hello();
        let mut buf = String::new();
        for (k, (w, name)) in inputs.iter().enumerate().skip(self.sent_inputs) {
            let m = ToServer::Input {
                k,
                width: *w,
                name: name.clone(),
            };
            buf.push_str(&m.encode());
        }
        self.sent_inputs = inputs.len();
        for (i, n) in terms.nodes.iter().enumerate().skip(self.sent_nodes) {
            let m = ToServer::Node([
                i as u64 + 1,
                n.kind.into(),
                n.width.into(),
                n.a.into(),
                n.b.into(),
                n.c.into(),
                n.val,
            ]);
            buf.push_str(&m.encode());
        }
        self.sent_nodes = terms.nodes.len();
        self.write(&buf);
    }

    /// Asks `Q` or `M` about the conjunction of `ts`, passing the witness
    /// (input values satisfying all of `ts` but the last).
    pub fn ask(&mut self, model: bool, ts: &[u32], witness: &[u64]) -> Answer {
        if !self.finish_hello() {
            return Answer::Unknown("kappa refused the connection".into());
        }
        self.send(&ToServer::Query {
            model,
            terms: ts.iter().map(|&t| t.into()).collect(),
            witness: witness.to_vec(),
        });
        let mut line = String::new();
        if self.r.read_line(&mut line).unwrap_or(0) == 0 {
            return Answer::Unknown("kappa closed the connection".into());
        }
        match ToRuntime::decode(&line) {
            ToRuntime::Sat(vals) => Answer::Sat(vals),
            ToRuntime::Unsat => Answer::Unsat,
            ToRuntime::Unknown(why) => Answer::Unknown(why),
            other => Answer::Unknown(format!("unexpected answer {other:?}")),
        }
    }
}
