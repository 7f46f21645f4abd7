//! kappa's side of the native explorer's protocol (see kappa-runtime's
//! `conn` module for the message format): a Unix-socket server with one
//! thread per process of the exploration tree. Each thread rebuilds the
//! process's terms as kappa expressions and answers feasibility and model
//! queries with its own solver chain (`kappa_solver::build_solver`); path
//! ends, errors, unsupported constructs and bounds are collected in
//! [`Outcomes`].

use kappa_expr::{build as b, BvOp, Expr, Sort, Symbol, SymbolKind};
use kappa_runtime::abi::{binop, icmp, node};
use kappa_solver::{SatResult, SolverConfig};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// One `reach_error` report: the inputs (nondet function, width, value) in order.
#[derive(Clone, Debug)]
pub struct ErrorReport {
    /// `(origin, width, value)` per input.
    pub inputs: Vec<(String, u32, u64)>,
}

/// What the processes reported so far.
#[derive(Default, Debug)]
pub struct Outcomes {
    /// Connections open now.
    pub live: usize,
    /// Processes that connected.
    pub processes: u64,
    /// Paths that ended normally.
    pub paths: u64,
    /// Paths that reached `reach_error` (in arrival order).
    pub errors: Vec<ErrorReport>,
    /// Paths that ended on an unsupported construct (reasons).
    pub unsupported: Vec<String>,
    /// Bounds that cut paths (reasons).
    pub bounds: Vec<String>,
    /// Processes that ended without a report (signal, crash, kill).
    pub crashed: u64,
    /// Queries answered.
    pub queries: u64,
    /// Queries the solver could not decide.
    pub solver_unknown: u64,
    /// Queries that reached Z3 (the rest were answered by the chain's
    /// cheaper layers).
    pub z3_queries: u64,
    /// Time spent in the solver chain, seconds.
    pub solver_time: f64,
    /// Runs still to do (replay explorer: decision prefixes; concolic
    /// explorer: inputs and decisions), in report order.
    pub pending: Vec<String>,
    /// Concolic runs ended to restart on inputs that satisfy an assumption.
    pub restarts: u64,
}

/// The server: socket path and shared outcomes.
pub struct Server {
    /// The socket path (for `KAPPA_NATIVE_SOCKET`).
    pub path: PathBuf,
    /// What the processes reported.
    pub outcomes: Arc<Mutex<Outcomes>>,
}

/// Messages from the reader threads (one per connection) to the solver thread.
enum Msg {
    Open(UnixStream, String),
    Line(u64, String),
    Close(u64),
}

impl Server {
    /// Listens on `dir/kappa.sock`. Each connection gets a reader thread;
    /// one solver thread (one solver chain built from `cfg`, so its cache is
    /// shared by all processes) answers every query in arrival order.
    pub fn start(dir: &std::path::Path, cfg: SolverConfig) -> std::io::Result<Server> {
        let path = dir.join("kappa.sock");
        let listener = UnixListener::bind(&path)?;
        let outcomes = Arc::new(Mutex::new(Outcomes::default()));
        let (tx, rx) = std::sync::mpsc::channel::<(Msg, Option<std::sync::mpsc::Sender<u64>>)>();
        let shared = Arc::clone(&outcomes);
        std::thread::Builder::new()
            .name("kappa-native-solver".into())
            .stack_size(256 << 20)
            .spawn(move || solve_loop(rx, shared, cfg))?;
        std::thread::Builder::new()
            .name("kappa-native-accept".into())
            .spawn(move || {
                for s in listener.incoming().flatten() {
                    let tx = tx.clone();
                    let _ = std::thread::Builder::new()
                        .stack_size(256 << 10)
                        .spawn(move || read_loop(s, tx));
                }
            })?;
        Ok(Server { path, outcomes })
    }
}

type Tx = std::sync::mpsc::Sender<(Msg, Option<std::sync::mpsc::Sender<u64>>)>;

/// Reads one connection's lines and forwards them to the solver thread.
fn read_loop(s: UnixStream, tx: Tx) {
    let Ok(rs) = s.try_clone() else { return };
    let mut r = BufReader::new(rs);
    let mut line = String::new();
    if r.read_line(&mut line).unwrap_or(0) == 0 || !line.starts_with('H') {
        return;
    }
    let (id_tx, id_rx) = std::sync::mpsc::channel();
    if tx.send((Msg::Open(s, line.clone()), Some(id_tx))).is_err() {
        return;
    }
    let Ok(id) = id_rx.recv() else { return };
    loop {
        line.clear();
        if r.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        if tx.send((Msg::Line(id, line.clone()), None)).is_err() {
            return;
        }
    }
    let _ = tx.send((Msg::Close(id), None));
}

struct Conn {
    w: UnixStream,
    /// Term nodes by id - 1 (the runtime numbers them 1, 2, .. in the
    /// order it sends them; a vector, so a forked child's copy is cheap).
    nodes: Vec<Expr>,
    inputs: Vec<(String, u32, Symbol)>,
    ended: bool,
    broken: bool,
    /// Waiting to be scheduled (sent `W`, not resumed yet).
    waiting: bool,
}

impl Conn {
    fn expr(&self, id: u32) -> Option<Expr> {
        self.nodes.get((id as usize).checked_sub(1)?).copied()
    }

    fn node(&mut self, f: &[u64]) -> Option<()> {
        let [id, kind, w, a, bb, c, val] = f.try_into().ok()?;
        let (id, kind, w) = (id as u32, kind as u32, w as u32);
        let x = |k: u64| self.expr(k as u32);
        let e = match kind {
            node::CONST => b::bv(w, val as u128),
            node::INPUT => b::sym(self.inputs.get(val as usize)?.2),
            node::BINOP => {
                let op = match c as u32 {
                    binop::ADD => BvOp::Add,
                    binop::SUB => BvOp::Sub,
                    binop::MUL => BvOp::Mul,
                    binop::UDIV => BvOp::UDiv,
                    binop::SDIV => BvOp::SDiv,
                    binop::UREM => BvOp::URem,
                    binop::SREM => BvOp::SRem,
                    binop::SHL => BvOp::Shl,
                    binop::LSHR => BvOp::LShr,
                    binop::ASHR => BvOp::AShr,
                    binop::AND => BvOp::And,
                    binop::OR => BvOp::Or,
                    binop::XOR => BvOp::Xor,
                    _ => return None,
                };
                b::bin(op, x(a)?, x(bb)?)
            }
            node::ICMP => {
                let (l, r) = (x(a)?, x(bb)?);
                let cmp = match c as u32 {
                    icmp::EQ => b::eq(l, r),
                    icmp::NE => b::ne(l, r),
                    icmp::UGT => b::ugt(l, r),
                    icmp::UGE => b::uge(l, r),
                    icmp::ULT => b::ult(l, r),
                    icmp::ULE => b::ule(l, r),
                    icmp::SGT => b::sgt(l, r),
                    icmp::SGE => b::sge(l, r),
                    icmp::SLT => b::slt(l, r),
                    icmp::SLE => b::sle(l, r),
                    _ => return None,
                };
                b::bool_to_bv(cmp, 1)
            }
            node::ZEXT => b::zext(x(a)?, w),
            node::SEXT => b::sext(x(a)?, w),
            node::EXTRACT => b::extract(val as u32 + w - 1, val as u32, x(a)?),
            node::ITE => b::ite(b::eq(x(a)?, b::bv(1, 1)), x(bb)?, x(c)?),
            node::CONCAT => b::concat(x(a)?, x(bb)?),
            _ => return None,
        };
        if id as usize != self.nodes.len() + 1 {
            return None;
        }
        self.nodes.push(e);
        Some(())
    }

    fn reply(&mut self, s: &str) {
        let _ = self.w.write_all(s.as_bytes());
    }
}

/// The model's values for the inputs it assigns, the witness's for the others.
fn merge(
    inputs: &[(String, u32, Symbol)],
    m: &kappa_expr::Assignment,
    witness: &[u64],
) -> kappa_expr::Assignment {
    let mut out = kappa_expr::Assignment::default();
    for (k, (_, _, sym)) in inputs.iter().enumerate() {
        let v = match m.scalars.get(sym) {
            Some(&v) => v,
            None => witness.get(k).copied().unwrap_or(0) as u128,
        };
        out.set(*sym, v);
    }
    out
}

fn nums(rest: &str) -> Vec<u64> {
    rest.split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect()
}

/// The solver thread: per-connection term tables, one solver.
fn solve_loop(
    rx: std::sync::mpsc::Receiver<(Msg, Option<std::sync::mpsc::Sender<u64>>)>,
    shared: Arc<Mutex<Outcomes>>,
    cfg: SolverConfig,
) {
    let mut solver = kappa_solver::build_solver(&cfg);
    let mut conns: HashMap<u64, Conn> = HashMap::new();
    // input k of width w is one symbol for every run: each query is about
    // one run alone, and runs of the replay and concolic explorers then
    // share the solver's cache
    let mut symbols: HashMap<(usize, u32), Symbol> = HashMap::new();
    let mut next_id = 1u64;
    let mut sched = Scheduler::default();
    while let Ok((msg, id_tx)) = rx.recv() {
        match msg {
            Msg::Open(w, hello) => {
                let id = next_id;
                next_id += 1;
                // `H pid [parent]`: a forked child starts from its parent's tables
                let parent = nums(&hello[1..]).get(1).copied();
                let (nodes, inputs) = match parent.and_then(|p| conns.get(&p)) {
                    Some(p) => (p.nodes.clone(), p.inputs.clone()),
                    None => (vec![], vec![]),
                };
                let mut c = Conn {
                    w,
                    nodes,
                    inputs,
                    ended: false,
                    broken: false,
                    waiting: false,
                };
                sched.running += 1;
                if let Ok(mut o) = shared.lock() {
                    o.live += 1;
                    o.processes += 1;
                }
                let inherited = parent.is_some_and(|p| conns.contains_key(&p));
                c.reply(&format!("ok {id} {}\n", inherited as u8));
                conns.insert(id, c);
                if let Some(t) = id_tx {
                    let _ = t.send(id);
                }
            }
            Msg::Close(id) => {
                if let Some(c) = conns.remove(&id) {
                    if c.waiting {
                        sched.waiting.retain(|&w| w != id);
                    } else if !c.ended {
                        sched.running = sched.running.saturating_sub(1);
                    }
                    if let Ok(mut o) = shared.lock() {
                        o.live -= 1;
                        if c.broken {
                            o.unsupported
                                .push("internal: malformed message from the native program".into());
                        } else if !c.ended {
                            o.crashed += 1;
                        }
                    }
                }
            }
            Msg::Line(id, line) => {
                let Some(c) = conns.get_mut(&id) else {
                    continue;
                };
                if c.broken {
                    continue;
                }
                if line.trim_end() == "W" {
                    c.waiting = true;
                    sched.running = sched.running.saturating_sub(1);
                    sched.waiting.push_back(id);
                } else {
                    let was_ended = c.ended;
                    if handle(c, &line, &mut *solver, &shared, &mut symbols).is_none() {
                        c.broken = true;
                        c.reply("unknown malformed message\n");
                    }
                    if c.ended && !was_ended {
                        // its path is over (it may still wait for its children)
                        sched.running = sched.running.saturating_sub(1);
                    }
                }
            }
        }
        sched.resume(&mut conns);
    }
}

/// Most waiting processes for which breadth-first turns are taken.
const BFS_WAITING: usize = 128;

/// The fork explorer's scheduler: processes that forked wait (`W`) until
/// resumed, one running at a time. Like the interpreter's default
/// searcher, the newest waiting process (depth-first) and the oldest
/// (breadth-first) take turns, so one deep subtree (a loop on an input)
/// cannot starve the rest.
#[derive(Default)]
struct Scheduler {
    /// Processes running (connected, not waiting, path not over).
    running: usize,
    /// Waiting processes, oldest first.
    waiting: std::collections::VecDeque<u64>,
    turn: u64,
}

impl Scheduler {
    /// Resumes a waiting process if none runs.
    fn resume(&mut self, conns: &mut HashMap<u64, Conn>) {
        while self.running == 0 {
            self.turn += 1;
            // breadth-first turns only while few processes wait: depth-first
            // drains the tree, keeping the live processes under the
            // runtime's bound (KAPPA_NATIVE_MAX_FORKS, default 512)
            let next = if self.turn.is_multiple_of(2) && self.waiting.len() < BFS_WAITING {
                self.waiting.pop_front()
            } else {
                self.waiting.pop_back()
            };
            let Some(id) = next else { return };
            let live = conns.len();
            if let Some(c) = conns.get_mut(&id) {
                c.waiting = false;
                c.reply(&format!("go {live}\n"));
                self.running += 1;
            }
        }
    }
}

/// Handles one line of connection `c`; None if it is malformed.
fn handle(
    c: &mut Conn,
    line: &str,
    solver: &mut dyn kappa_solver::Solver,
    shared: &Arc<Mutex<Outcomes>>,
    symbols: &mut HashMap<(usize, u32), Symbol>,
) -> Option<()> {
    let l = line.trim_end();
    let (tag, rest) = l.split_at(l.len().min(1));
    let rest = rest.trim_start();
    match tag {
        "I" => {
            let mut it = rest.splitn(3, ' ');
            let k: usize = it.next()?.parse().ok()?;
            let width: u32 = it.next()?.parse().ok()?;
            let name = it.next().unwrap_or("").to_string();
            if k != c.inputs.len() || !(1..=64).contains(&width) {
                return None;
            }
            let sym = *symbols.entry((k, width)).or_insert_with(|| {
                Symbol::fresh(&format!("in{k}"), Sort::Bv(width), SymbolKind::Input)
            });
            c.inputs.push((name, width, sym));
        }
        "N" => c.node(&nums(rest))?,
        "Q" | "M" => {
            // `Q t1 .. tn | w0 .. wk`: the runtime's witness values follow the bar
            let (ts, wit) = rest.split_once('|').unwrap_or((rest, ""));
            let witness = nums(wit);
            let mut cs = vec![];
            for t in nums(ts) {
                cs.push(b::eq(c.expr(t as u32)?, b::bv(1, 1)));
            }
            let ans = if tag == "M" {
                // a model must assign every input: the whole path condition is
                // the goal (independence slicing would drop constraints)
                solver.check(&[], b::and_all(cs.clone()))
            } else {
                let goal = cs.last().copied().unwrap_or_else(b::tru);
                let ans = solver.check(&cs[..cs.len().saturating_sub(1)], goal);
                match ans {
                    SatResult::Sat(m) => {
                        // the model covers the query's independent slice: the
                        // witness gives the other inputs; if the merge does not
                        // satisfy the whole query, solve it whole
                        let merged = merge(&c.inputs, &m, &witness);
                        let all = b::and_all(cs.clone());
                        if kappa_solver::check_model(&[], all, &merged) {
                            SatResult::Sat(merged)
                        } else {
                            solver.check(&[], all)
                        }
                    }
                    other => other,
                }
            };
            let reply = match &ans {
                SatResult::Sat(m) => {
                    let mut s = String::from("sat");
                    for (k, (_, _, sym)) in c.inputs.iter().enumerate() {
                        s.push_str(&format!(" {k}:{}", m.get(*sym) as u64));
                    }
                    s
                }
                SatResult::Unsat => "unsat".to_string(),
                SatResult::Unknown(why) => format!("unknown {}", why.replace('\n', " ")),
            };
            let st = solver.stats();
            if let Ok(mut o) = shared.lock() {
                o.queries += 1;
                if ans.is_unknown() {
                    o.solver_unknown += 1;
                }
                o.z3_queries = st.z3_queries;
                o.solver_time = st.total_time.as_secs_f64();
            }
            c.reply(&format!("{reply}\n"));
        }
        "E" => {
            let vals = nums(rest);
            let inputs = c
                .inputs
                .iter()
                .enumerate()
                .map(|(k, (n, wd, _))| (n.clone(), *wd, vals.get(k).copied().unwrap_or(0)))
                .collect();
            if let Ok(mut o) = shared.lock() {
                o.errors.push(ErrorReport { inputs });
            }
            c.ended = true;
        }
        "D" => {
            if let Ok(mut o) = shared.lock() {
                o.paths += 1;
            }
            c.ended = true;
        }
        "U" => {
            if let Ok(mut o) = shared.lock() {
                o.unsupported.push(rest.to_string());
            }
            c.ended = true;
        }
        "B" => {
            if let Ok(mut o) = shared.lock() {
                o.bounds.push(rest.to_string());
            }
        }
        "P" => {
            if rest.split_whitespace().any(|d| d != "0" && d != "1") {
                return None;
            }
            if let Ok(mut o) = shared.lock() {
                o.pending.push(rest.to_string());
            }
        }
        "C" => {
            // a concolic run: `v0 .. | tokens`, passed back verbatim
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
            if let Ok(mut o) = shared.lock() {
                o.pending.push(rest.to_string());
            }
        }
        "R" => {
            // the run restarts on other inputs (reported with `C`): no path ends
            if let Ok(mut o) = shared.lock() {
                o.restarts += 1;
            }
            c.ended = true;
        }
        _ => return None,
    }
    Some(())
}
