//! The wire protocol of native mode: the messages between kappa-runtime
//! (in every process of the exploration tree) and kappa's solver server,
//! one type per direction, each encoded as one text line by `encode` and
//! decoded by `decode` here and nowhere else.
//!
//! One Unix-socket connection per process (path in `KAPPA_NATIVE_SOCKET`).
//! A process opens it with [`ToServer::Hello`]; a forked child names its
//! parent's connection and inherits the first `nodes` term nodes and
//! `inputs` inputs of its parent's tables. With `fork` (written by the
//! parent just before a fork of the fork explorer) both processes then
//! wait to be scheduled: the server answers [`ToRuntime::Go`] when it is a
//! process's turn. The hello is not waited for: its answer
//! ([`ToRuntime::Welcome`]) is read before the first query, turn or sync.
//! Queries ([`ToServer::Query`]) are answered by [`ToRuntime::Sat`],
//! [`ToRuntime::Unsat`] or [`ToRuntime::Unknown`]; the other messages of a
//! process are not answered. The server's own barrier connection sends
//! [`ToServer::Barrier`] and reads [`ToRuntime::BarrierDone`].
//!
//! The runs still to do that processes report ([`ToServer::Prefix`],
//! [`ToServer::Concolic`]) are passed back verbatim to new processes in
//! `KAPPA_NATIVE_PREFIX` / `KAPPA_NATIVE_CONCOLIC` (parsed by the runtime).

use std::fmt::Write as _;

/// A message to the server, one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToServer {
    /// `H pid [parent nodes inputs [F]]`: a process opens its connection.
    Hello {
        /// The process id.
        pid: u32,
        /// A forked child's parent connection and what it inherits.
        parent: Option<Parent>,
    },
    /// `S`: the server's barrier (see its `barrier`), not a process.
    Barrier,
    /// `I k width name`: input `k` of `width` bits, read by `name`.
    Input {
        /// The input's number (inputs are declared in order).
        k: usize,
        /// Its width in bits.
        width: u32,
        /// The function that read it (may be empty).
        name: String,
    },
    /// `N id kind width a b c val`: a term node (children sent first,
    /// ids 1, 2, .. in order; fields as in kappa-runtime's `abi`).
    Node([u64; 7]),
    /// `Q t1 .. tn | w0 .. wk` (`model`: `M`): is the conjunction of the
    /// 1-bit terms satisfiable (`M`: a model assigning every input)? The
    /// witness `w` satisfies all of them but the last.
    Query {
        /// A model of every input is asked for (`M`).
        model: bool,
        /// The term ids of the conjuncts.
        terms: Vec<u64>,
        /// The process's input values.
        witness: Vec<u64>,
    },
    /// `E v0 .. vk`: the path reached `reach_error` with these input values.
    Error(Vec<u64>),
    /// `D`: the path ended normally.
    Done,
    /// `U reason`: the path ended on an unsupported construct.
    Unsupported(String),
    /// `B reason`: a bound cut some paths (the path goes on).
    Bound(String),
    /// `P d0 .. dk`: a decision prefix still to run (replay explorer);
    /// the text after `P`, every token `0` or `1`.
    Prefix(String),
    /// `C v0 .. vn | tokens`: a run still to do (concolic explorer, or a
    /// side the fork explorer did not fork for); the text after `C`, values
    /// decimal, tokens `0`, `1`, `e` or `xN`.
    Concolic(String),
    /// `R`: a concolic run ends to be restarted on inputs reported with `C`.
    Restart,
}

/// What a forked child's connection inherits from its parent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parent {
    /// The server's number of the parent's connection.
    pub conn: u64,
    /// Term nodes the child starts from (the parent's first `nodes`).
    pub nodes: usize,
    /// Inputs the child starts from (the parent's first `inputs`).
    pub inputs: usize,
    /// The fork explorer's fork: both processes wait for their turn.
    pub fork: bool,
}

/// A message to a process, one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToRuntime {
    /// `ok id inherited`: the answer to a hello; `inherited`: the server
    /// started from the parent's tables.
    Welcome {
        /// The server's number of the connection.
        id: u64,
        /// The parent's tables were inherited.
        inherited: bool,
    },
    /// `go LIVE`: the process's turn, with the number of live processes.
    Go(u64),
    /// `sat k:v ..`: a model, input number and value.
    Sat(Vec<(usize, u64)>),
    /// `unsat`.
    Unsat,
    /// `unknown reason`: undecided, or a malformed message.
    Unknown(String),
    /// `s`: the barrier is passed.
    BarrierDone,
}

/// The decimal numbers among the words of `s` (other words are skipped).
fn nums(s: &str) -> Vec<u64> {
    s.split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect()
}

/// Appends ` v` for each value.
fn push_all(out: &mut String, vals: impl IntoIterator<Item = u64>) {
    for v in vals {
        let _ = write!(out, " {v}");
    }
}

impl ToServer {
    /// The message as one line, with its newline.
    pub fn encode(&self) -> String {
        let mut s = String::new();
        match self {
            ToServer::Hello { pid, parent: None } => {
                let _ = write!(s, "H {pid}");
            }
            ToServer::Hello {
                pid,
                parent: Some(p),
            } => {
                let f = if p.fork { " F" } else { "" };
                let _ = write!(s, "H {pid} {} {} {}{f}", p.conn, p.nodes, p.inputs);
            }
            ToServer::Barrier => s.push('S'),
            ToServer::Input { k, width, name } => {
                let _ = write!(s, "I {k} {width} {name}");
            }
            ToServer::Node(f) => {
                s.push('N');
                push_all(&mut s, f.iter().copied());
            }
            ToServer::Query {
                model,
                terms,
                witness,
            } => {
                s.push(if *model { 'M' } else { 'Q' });
                push_all(&mut s, terms.iter().copied());
                s.push_str(" |");
                push_all(&mut s, witness.iter().copied());
            }
            ToServer::Error(vals) => {
                s.push('E');
                push_all(&mut s, vals.iter().copied());
            }
            ToServer::Done => s.push('D'),
            ToServer::Unsupported(r) => {
                let _ = write!(s, "U {r}");
            }
            ToServer::Bound(r) => {
                let _ = write!(s, "B {r}");
            }
            ToServer::Prefix(t) => {
                let _ = write!(s, "P {t}");
            }
            ToServer::Concolic(t) => {
                let _ = write!(s, "C {t}");
            }
            ToServer::Restart => s.push('R'),
        }
        s.push('\n');
        s
    }

    /// Decodes one line (with or without its newline); None if malformed.
    pub fn decode(line: &str) -> Option<ToServer> {
        let l = line.trim_end();
        let (tag, rest) = l.split_at(l.len().min(1));
        let rest = rest.trim_start();
        Some(match tag {
            "H" => {
                let f = nums(rest);
                let fork = rest.split_whitespace().nth(4) == Some("F");
                ToServer::Hello {
                    pid: u32::try_from(*f.first()?).ok()?,
                    parent: match f[1..] {
                        [] => None,
                        [conn, nodes, inputs] => Some(Parent {
                            conn,
                            nodes: nodes as usize,
                            inputs: inputs as usize,
                            fork,
                        }),
                        _ => return None,
                    },
                }
            }
            "S" if rest.is_empty() => ToServer::Barrier,
            "I" => {
                let mut it = rest.splitn(3, ' ');
                ToServer::Input {
                    k: it.next()?.parse().ok()?,
                    width: it.next()?.parse().ok()?,
                    name: it.next().unwrap_or("").to_string(),
                }
            }
            "N" => ToServer::Node(nums(rest).try_into().ok()?),
            "Q" | "M" => {
                let (ts, wit) = rest.split_once('|').unwrap_or((rest, ""));
                ToServer::Query {
                    model: tag == "M",
                    terms: nums(ts),
                    witness: nums(wit),
                }
            }
            "E" => ToServer::Error(nums(rest)),
            "D" => ToServer::Done,
            "U" => ToServer::Unsupported(rest.to_string()),
            "B" => ToServer::Bound(rest.to_string()),
            "P" => {
                if rest.split_whitespace().any(|d| d != "0" && d != "1") {
                    return None;
                }
                ToServer::Prefix(rest.to_string())
            }
            "C" => {
                let ok = rest.split_once('|').is_some_and(|(vals, toks)| {
                    vals.split_whitespace().all(|v| v.parse::<u64>().is_ok())
                        && toks.split_whitespace().all(|t| {
                            matches!(t, "0" | "1" | "e")
                                || t.strip_prefix('x')
                                    .is_some_and(|v| v.parse::<u64>().is_ok())
                        })
                });
                if !ok {
                    return None;
                }
                ToServer::Concolic(rest.to_string())
            }
            "R" => ToServer::Restart,
            _ => return None,
        })
    }
}

impl ToRuntime {
    /// The message as one line, with its newline (an `Unknown` reason is
    /// kept on one line).
    pub fn encode(&self) -> String {
        let mut s = match self {
            ToRuntime::Welcome { id, inherited } => format!("ok {id} {}", *inherited as u8),
            ToRuntime::Go(live) => format!("go {live}"),
            ToRuntime::Sat(vals) => {
                let mut s = String::from("sat");
                for (k, v) in vals {
                    let _ = write!(s, " {k}:{v}");
                }
                s
            }
            ToRuntime::Unsat => "unsat".into(),
            ToRuntime::Unknown(why) => format!("unknown {}", why.replace('\n', " ")),
            ToRuntime::BarrierDone => "s".into(),
        };
        s.push('\n');
        s
    }

    /// Decodes one line; a line that is no other message is `Unknown` with
    /// the line (without a leading `unknown`) as the reason.
    pub fn decode(line: &str) -> ToRuntime {
        let mut it = line.split_whitespace();
        match it.next() {
            Some("sat") => {
                return ToRuntime::Sat(
                    it.filter_map(|kv| {
                        let (k, v) = kv.split_once(':')?;
                        Some((k.parse().ok()?, v.parse().ok()?))
                    })
                    .collect(),
                )
            }
            Some("unsat") => return ToRuntime::Unsat,
            Some("ok") => {
                if let Some(id) = it.next().and_then(|v| v.parse().ok()) {
                    return ToRuntime::Welcome {
                        id,
                        inherited: it.next() == Some("1"),
                    };
                }
            }
            _ => {}
        }
        if let Some(n) = line.strip_prefix("go ").and_then(|n| n.trim().parse().ok()) {
            return ToRuntime::Go(n);
        }
        if line.trim_end() == "s" {
            return ToRuntime::BarrierDone;
        }
        ToRuntime::Unknown(line.trim().trim_start_matches("unknown").trim().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_server() -> Vec<ToServer> {
        vec![
            ToServer::Hello {
                pid: 42,
                parent: None,
            },
            ToServer::Hello {
                pid: 43,
                parent: Some(Parent {
                    conn: 7,
                    nodes: 100,
                    inputs: 3,
                    fork: true,
                }),
            },
            ToServer::Hello {
                pid: 44,
                parent: Some(Parent {
                    conn: 7,
                    nodes: 0,
                    inputs: 0,
                    fork: false,
                }),
            },
            ToServer::Barrier,
            ToServer::Input {
                k: 0,
                width: 32,
                name: "__VERIFIER_nondet_int".into(),
            },
            ToServer::Input {
                k: 1,
                width: 8,
                name: String::new(),
            },
            ToServer::Node([1, 2, 32, 0, 0, 0, u64::MAX]),
            ToServer::Query {
                model: false,
                terms: vec![3, 9],
                witness: vec![1, 0, 5],
            },
            ToServer::Query {
                model: true,
                terms: vec![],
                witness: vec![],
            },
            ToServer::Error(vec![0, 18446744073709551615]),
            ToServer::Error(vec![]),
            ToServer::Done,
            ToServer::Unsupported("inline assembly at f.c:3".into()),
            ToServer::Bound("fork bound (KAPPA_NATIVE_MAX_FORKS) reached".into()),
            ToServer::Prefix("1 0 0".into()),
            ToServer::Concolic("5 7 | 1 e x3 0".into()),
            ToServer::Concolic("|".into()),
            ToServer::Restart,
        ]
    }

    #[test]
    fn messages_to_the_server_decode_to_themselves() {
        for m in to_server() {
            let line = m.encode();
            assert!(line.ends_with('\n') && line.matches('\n').count() == 1);
            assert_eq!(ToServer::decode(&line), Some(m), "{line:?}");
        }
    }

    #[test]
    fn messages_to_the_runtime_decode_to_themselves() {
        for m in [
            ToRuntime::Welcome {
                id: 3,
                inherited: true,
            },
            ToRuntime::Welcome {
                id: 4,
                inherited: false,
            },
            ToRuntime::Go(17),
            ToRuntime::Sat(vec![(0, 5), (2, u64::MAX)]),
            ToRuntime::Sat(vec![]),
            ToRuntime::Unsat,
            ToRuntime::Unknown("timeout".into()),
            ToRuntime::BarrierDone,
        ] {
            assert_eq!(ToRuntime::decode(&m.encode()), m);
        }
        // a reason is kept on one line
        let m = ToRuntime::Unknown("a\nb".into());
        assert_eq!(m.encode(), "unknown a b\n");
        assert_eq!(
            ToRuntime::decode(&m.encode()),
            ToRuntime::Unknown("a b".into())
        );
    }

    #[test]
    fn the_lines_are_the_documented_format() {
        let lines: Vec<String> = to_server().iter().map(ToServer::encode).collect();
        assert_eq!(
            lines.concat(),
            "H 42\nH 43 7 100 3 F\nH 44 7 0 0\nS\nI 0 32 __VERIFIER_nondet_int\nI 1 8 \n\
             N 1 2 32 0 0 0 18446744073709551615\nQ 3 9 | 1 0 5\nM |\nE 0 18446744073709551615\nE\n\
             D\nU inline assembly at f.c:3\nB fork bound (KAPPA_NATIVE_MAX_FORKS) reached\n\
             P 1 0 0\nC 5 7 | 1 e x3 0\nC |\nR\n"
        );
        let replies = [
            ToRuntime::Welcome {
                id: 3,
                inherited: true,
            },
            ToRuntime::Go(17),
            ToRuntime::Sat(vec![(0, 5), (2, 9)]),
            ToRuntime::Unsat,
            ToRuntime::Unknown("timeout".into()),
            ToRuntime::BarrierDone,
        ];
        let lines: Vec<String> = replies.iter().map(ToRuntime::encode).collect();
        assert_eq!(
            lines.concat(),
            "ok 3 1\ngo 17\nsat 0:5 2:9\nunsat\nunknown timeout\ns\n"
        );
    }

    #[test]
    fn malformed_lines_are_rejected() {
        for line in [
            "",
            "X",
            "H",
            "H 1 2",
            "H 1 2 3 4 5",
            "I 0",
            "I x 8 f",
            "N 1 2 3",
            "P 1 2",
            "C 1 2",
            "C 1 | y",
            "S x",
        ] {
            assert_eq!(ToServer::decode(line), None, "{line:?}");
        }
        assert_eq!(
            ToRuntime::decode("closed\n"),
            ToRuntime::Unknown("closed".into())
        );
    }
}
