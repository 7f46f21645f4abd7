//! The runtime's side of the protocol with the `kappa` process, which owns
//! the solver: one Unix-socket connection per process of the exploration
//! tree (path of the socket in `KAPPA_NATIVE_SOCKET`). Line-based text:
//!
//! runtime → kappa: `H pid [parent nodes inputs [F]]` (hello; a forked
//! child names its parent's connection and inherits the first `nodes` term
//! nodes and `inputs` inputs of its tables; `F`: written by the parent just
//! before a fork of the fork explorer, after which both processes wait to
//! be scheduled: kappa answers `go LIVE` when it is a process's turn; the
//! hello is not waited for: its answer is read before the first query,
//! turn or sync), `I k width name` (input k),
//! `N id kind width a b c val` (term node, children sent first),
//! `Q t1 .. tn` (is the conjunction of the 1-bit terms satisfiable?),
//! `M t1 .. tn` (a model of it; both end with `| w0 .. wk`, the witness), `E v0 .. vk` (reach_error with the input
//! values), `D` (path ended normally), `U reason` (path ended unsupported),
//! `B reason` (a bound cut some paths; the path goes on), `P d0 .. dk` (a
//! decision prefix still to run, replay explorer), `C v0 .. vn | tokens` (a
//! run still to do, concolic explorer or a side the fork explorer did not
//! fork for: see [`crate::concolic`]), `R` (a
//! concolic run ends to be restarted on inputs reported with `C`).
//!
//! kappa → runtime: `ok id inherited` (to `H`), `sat k:v ..` (a model,
//! with a value for every input: for `Q` the solver's model of the query's
//! independent slice merged with the witness, checked on the whole query),
//! `unsat`, `unknown reason`.

use crate::term::Terms;
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
        let hello = match parent {
            Some(p) => {
                c.parent_sent = (p.sent_nodes, p.sent_inputs);
                format!(
                    "H {} {} {} {}{}\n",
                    std::process::id(),
                    p.id,
                    p.sent_nodes,
                    p.sent_inputs,
                    if fork { " F" } else { "" }
                )
            }
            None => format!("H {}\n", std::process::id()),
        };
        c.w.write_all(hello.as_bytes()).ok()?;
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
        let mut it = line.split_whitespace();
        if it.next() != Some("ok") {
            return false;
        }
        let Some(id) = it.next().and_then(|v| v.parse().ok()) else {
            return false;
        };
        self.id = id;
        if it.next() == Some("1") {
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
        line.strip_prefix("go ")?.trim().parse().ok()
    }

    /// Sends one line (errors are ignored: kappa may have stopped the run).
    pub fn send(&mut self, line: &str) {
        let _ = self.w.write_all(line.as_bytes());
    }

    /// Sends the inputs and nodes kappa does not know yet.
    pub fn sync(&mut self, terms: &Terms, inputs: &[(u32, String)]) {
        // what kappa already knows depends on whether it inherited the
        // parent's tables
        self.finish_hello();
        let mut buf = String::new();
        for (k, (w, name)) in inputs.iter().enumerate().skip(self.sent_inputs) {
            buf.push_str(&format!("I {k} {w} {name}\n"));
        }
        self.sent_inputs = inputs.len();
        for (i, n) in terms.nodes.iter().enumerate().skip(self.sent_nodes) {
            buf.push_str(&format!(
                "N {} {} {} {} {} {} {}\n",
                i + 1,
                n.kind,
                n.width,
                n.a,
                n.b,
                n.c,
                n.val
            ));
        }
        self.sent_nodes = terms.nodes.len();
        self.send(&buf);
    }

    /// Asks `Q` or `M` about the conjunction of `ts`, passing the witness
    /// (input values satisfying all of `ts` but the last).
    pub fn ask(&mut self, model: bool, ts: &[u32], witness: &[u64]) -> Answer {
        if !self.finish_hello() {
            return Answer::Unknown("kappa refused the connection".into());
        }
        let mut q = String::from(if model { "M" } else { "Q" });
        for t in ts {
            q.push_str(&format!(" {t}"));
        }
        q.push_str(" |");
        for v in witness {
            q.push_str(&format!(" {v}"));
        }
        q.push('\n');
        self.send(&q);
        let mut line = String::new();
        if self.r.read_line(&mut line).unwrap_or(0) == 0 {
            return Answer::Unknown("kappa closed the connection".into());
        }
        let mut it = line.split_whitespace();
        match it.next() {
            Some("sat") => Answer::Sat(
                it.filter_map(|kv| {
                    let (k, v) = kv.split_once(':')?;
                    Some((k.parse().ok()?, v.parse().ok()?))
                })
                .collect(),
            ),
            Some("unsat") => Answer::Unsat,
            _ => Answer::Unknown(line.trim().trim_start_matches("unknown").trim().to_string()),
        }
    }
}
