//! kappa's side of the native explorer's protocol (the messages are
//! kappa-wire's [`ToServer`] and [`ToRuntime`]): a Unix-socket server whose one
//! thread (an epoll loop) accepts the connections of the exploration
//! tree's processes, rebuilds each process's terms as kappa expressions and
//! answers feasibility and model queries with one solver chain
//! (`kappa_solver::build_solver`); path ends, errors, unsupported
//! constructs and bounds are collected in [`Outcomes`].

use im_rc::Vector;
use kappa_expr::{build as b, BvOp, Expr, Sort, Symbol, SymbolKind};
use kappa_runtime::abi::{binop, icmp, node};
use kappa_solver::{SatResult, SolverConfig};
use kappa_wire::{ToRuntime, ToServer};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::os::fd::{AsRawFd, RawFd};
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

impl Server {
    /// Listens on `dir/kappa.sock`. One thread (an epoll loop) accepts the
    /// processes' connections, reads their lines and answers every query in
    /// arrival order with one solver chain built from `cfg` (so its cache is
    /// shared by all processes).
    pub fn start(dir: &std::path::Path, cfg: SolverConfig) -> std::io::Result<Server> {
        let path = dir.join("kappa.sock");
        let listener = UnixListener::bind(&path)?;
        listener.set_nonblocking(true)?;
        let outcomes = Arc::new(Mutex::new(Outcomes::default()));
        let shared = Arc::clone(&outcomes);
        let ep = Epoll::new()?;
        ep.add(listener.as_raw_fd(), LISTENER)?;
        std::thread::Builder::new()
            .name("kappa-native-server".into())
            .stack_size(256 << 20)
            .spawn(move || {
                let mut l = Loop {
                    ep,
                    listener,
                    conns: HashMap::new(),
                    next_id: 1,
                    sched: Scheduler::default(),
                    solver: kappa_solver::build_solver(&cfg),
                    symbols: HashMap::new(),
                    shared,
                };
                l.run()
            })?;
        Ok(Server { path, outcomes })
    }

    /// A barrier: returns once the server has accepted every connection
    /// made before this call and read everything sent on them (false if
    /// the server did not answer within `wait`). A process may connect,
    /// report and exit before the server accepts its connection, so the
    /// end of the process tree alone does not mean its reports were read.
    pub fn barrier(&self, wait: std::time::Duration) -> bool {
        let Ok(mut s) = UnixStream::connect(&self.path) else {
            return false;
        };
        let wait = wait.max(std::time::Duration::from_millis(1));
        let _ = s.set_read_timeout(Some(wait));
        if s.write_all(ToServer::Barrier.encode().as_bytes()).is_err() {
            return false;
        }
        let mut line = String::new();
        BufReader::new(s).read_line(&mut line).is_ok()
            && ToRuntime::decode(&line) == ToRuntime::BarrierDone
    }
}

/// The epoll token of the listening socket (connections are numbered from 1).
const LISTENER: u64 = 0;

/// A level-triggered epoll instance.
struct Epoll(RawFd);

impl Epoll {
    fn new() -> std::io::Result<Epoll> {
        // SAFETY: plain syscall; the fd is owned by the result.
        let fd = unsafe { libc::epoll_create1(libc::EPOLL_CLOEXEC) };
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(Epoll(fd))
    }

    fn add(&self, fd: RawFd, token: u64) -> std::io::Result<()> {
        let mut ev = libc::epoll_event {
            events: libc::EPOLLIN as u32,
            u64: token,
        };
        // SAFETY: valid epoll fd and event pointer.
        if unsafe { libc::epoll_ctl(self.0, libc::EPOLL_CTL_ADD, fd, &mut ev) } < 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    }

    fn remove(&self, fd: RawFd) {
        // SAFETY: valid epoll fd; a null event is allowed for DEL.
        unsafe { libc::epoll_ctl(self.0, libc::EPOLL_CTL_DEL, fd, std::ptr::null_mut()) };
    }

    /// Waits for events; the tokens of the ready fds.
    fn wait(&self, out: &mut Vec<u64>) {
        let mut evs = [libc::epoll_event { events: 0, u64: 0 }; 256];
        // SAFETY: valid epoll fd and buffer of the given length.
        let n = unsafe { libc::epoll_wait(self.0, evs.as_mut_ptr(), evs.len() as i32, -1) };
        out.clear();
        for e in evs.iter().take(n.max(0) as usize) {
            out.push(e.u64);
        }
    }
}

impl Drop for Epoll {
    fn drop(&mut self) {
        // SAFETY: we own the fd.
        unsafe { libc::close(self.0) };
    }
}

/// The server thread's state: connections, scheduler and solver.
struct Loop {
    ep: Epoll,
    listener: UnixListener,
    conns: HashMap<u64, Conn>,
    next_id: u64,
    sched: Scheduler,
    solver: Box<dyn kappa_solver::Solver>,
    /// Input k of width w is one symbol for every run: each query is about
    /// one run alone, and runs of the replay and concolic explorers then
    /// share the solver's cache.
    symbols: HashMap<(usize, u32), Symbol>,
    shared: Arc<Mutex<Outcomes>>,
}

impl Loop {
    fn run(&mut self) {
        let mut ready = vec![];
        loop {
            self.ep.wait(&mut ready);
            // new connections first: a forked child's hello is then read
            // before its parent's next lines, while the parent's tables
            // still have the length the child inherits
            if ready.contains(&LISTENER) {
                self.accept_all();
            }
            for &id in ready.iter().filter(|&&t| t != LISTENER) {
                self.read(id);
            }
            self.sched.resume(&mut self.conns);
        }
    }

    /// Accepts every pending connection and reads what it already sent.
    fn accept_all(&mut self) {
        while let Ok((s, _)) = self.listener.accept() {
            let id = self.next_id;
            self.next_id += 1;
            if self.ep.add(s.as_raw_fd(), id).is_err() {
                continue;
            }
            self.conns.insert(id, Conn::new(s));
            self.read(id);
        }
    }

    /// Reads what connection `id` sent (without blocking) and handles each
    /// complete line; closes it at end of stream.
    fn read(&mut self, id: u64) {
        let eof;
        let mut lines = vec![];
        {
            let Some(c) = self.conns.get_mut(&id) else {
                return;
            };
            let mut buf = [0u8; 1 << 14];
            loop {
                // SAFETY: valid fd and buffer; MSG_DONTWAIT never blocks.
                let n = unsafe {
                    libc::recv(
                        c.w.as_raw_fd(),
                        buf.as_mut_ptr().cast(),
                        buf.len(),
                        libc::MSG_DONTWAIT,
                    )
                };
                if n > 0 {
                    c.inbuf.extend_from_slice(&buf[..n as usize]);
                    continue;
                }
                let err = std::io::Error::last_os_error().kind();
                if n < 0 && err == std::io::ErrorKind::Interrupted {
                    continue;
                }
                eof = n == 0 || err != std::io::ErrorKind::WouldBlock;
                break;
            }
            // complete lines out, the incomplete rest kept (one drain)
            let mut start = 0;
            while let Some(nl) = c.inbuf[start..].iter().position(|&b| b == b'\n') {
                let end = start + nl + 1;
                lines.push(String::from_utf8_lossy(&c.inbuf[start..end]).into_owned());
                start = end;
            }
            c.inbuf.drain(..start);
        }
        for line in lines {
            self.line(id, &line);
        }
        if eof {
            self.close(id);
        }
    }

    /// Handles one line of connection `id`.
    fn line(&mut self, id: u64, line: &str) {
        let Some(c) = self.conns.get(&id) else {
            return;
        };
        if !c.hello {
            return self.hello(id, line);
        }
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        if c.broken {
            return;
        }
        let was_ended = c.ended;
        if handle(c, line, &mut *self.solver, &self.shared, &mut self.symbols).is_none() {
            c.broken = true;
            c.reply(&ToRuntime::Unknown("malformed message".into()));
        }
        if c.ended && !was_ended {
            // its path is over
            self.sched.running = self.sched.running.saturating_sub(1);
        }
    }

    /// The first line of a connection: [`ToServer::Hello`] from a process
    /// (a forked child starts from the first `nodes` term nodes and
    /// `inputs` inputs of its parent's tables), or [`ToServer::Barrier`]
    /// from [`Server::barrier`].
    fn hello(&mut self, id: u64, line: &str) {
        let parent = match ToServer::decode(line) {
            Some(ToServer::Hello { parent, .. }) => parent,
            Some(ToServer::Barrier) => {
                // everything connected before the barrier is in the backlog or
                // accepted: accept it and read what was sent
                self.accept_all();
                let ids: Vec<u64> = self.conns.keys().copied().filter(|&k| k != id).collect();
                for k in ids {
                    self.read(k);
                }
                if let Some(c) = self.conns.get_mut(&id) {
                    c.reply(&ToRuntime::BarrierDone);
                }
                if let Some(c) = self.conns.remove(&id) {
                    self.ep.remove(c.w.as_raw_fd());
                }
                return;
            }
            _ => {
                // not a process of the exploration: drop it
                if let Some(c) = self.conns.remove(&id) {
                    self.ep.remove(c.w.as_raw_fd());
                }
                return;
            }
        };
        let from = parent.and_then(|p| Some((p, self.conns.get(&p.conn)?)));
        let inherited = from.is_some();
        let (nodes, inputs) = match from {
            Some((f, p)) => {
                // (persistent vectors: a child shares its parent's tables,
                // so a fork costs no copy of a long path's terms)
                (
                    p.nodes.take(f.nodes.min(p.nodes.len())),
                    p.inputs.take(f.inputs.min(p.inputs.len())),
                )
            }
            None => (Vector::new(), Vector::new()),
        };
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        c.hello = true;
        c.nodes = nodes;
        c.inputs = inputs;
        c.reply(&ToRuntime::Welcome { id, inherited });
        // a fork: the parent forks this child now, and both wait for their
        // turn; the child (true side) is the newer
        let fork = parent.filter(|p| p.fork).map(|p| p.conn);
        match fork.and_then(|p| Some((p, self.conns.get_mut(&p)?))) {
            Some((pid, p)) => {
                if !p.waiting && !p.ended {
                    p.waiting = true;
                    self.sched.running = self.sched.running.saturating_sub(1);
                    self.sched.waiting.push_back(pid);
                }
                if let Some(c) = self.conns.get_mut(&id) {
                    c.waiting = true;
                }
                self.sched.waiting.push_back(id);
            }
            _ => self.sched.running += 1,
        }
        if let Ok(mut o) = self.shared.lock() {
            o.live += 1;
            o.processes += 1;
        }
    }

    fn close(&mut self, id: u64) {
        let Some(c) = self.conns.remove(&id) else {
            return;
        };
        self.ep.remove(c.w.as_raw_fd());
        if !c.hello {
            return;
        }
        if c.waiting {
            self.sched.waiting.retain(|&w| w != id);
        } else if !c.ended {
            self.sched.running = self.sched.running.saturating_sub(1);
        }
        if let Ok(mut o) = self.shared.lock() {
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

struct Conn {
    w: UnixStream,
    /// Bytes read and not yet handled (an incomplete line).
    inbuf: Vec<u8>,
    /// The hello was read.
    hello: bool,
    /// Term nodes by id - 1 (the runtime numbers them 1, 2, .. in the
    /// order it sends them; a persistent vector, shared with the parent).
    nodes: Vector<Expr>,
    inputs: Vector<(String, u32, Symbol)>,
    ended: bool,
    broken: bool,
    /// Waiting to be scheduled (forked, not resumed yet).
    waiting: bool,
}

impl Conn {
    fn new(w: UnixStream) -> Conn {
        Conn {
            w,
            inbuf: vec![],
            hello: false,
            nodes: Vector::new(),
            inputs: Vector::new(),
            ended: false,
            broken: false,
            waiting: false,
        }
    }

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
        self.nodes.push_back(e);
        Some(())
    }

    fn reply(&mut self, m: &ToRuntime) {
        let _ = self.w.write_all(m.encode().as_bytes());
    }
}

/// The model's values for the inputs it assigns, the witness's for the others.
fn merge(
    inputs: &Vector<(String, u32, Symbol)>,
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

/// Most waiting processes for which breadth-first turns are taken.
const BFS_WAITING: usize = 128;

/// The fork explorer's scheduler: processes that forked wait until
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
                c.reply(&ToRuntime::Go(live as u64));
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
    match ToServer::decode(line)? {
        ToServer::Input { k, width, name } => {
            if k != c.inputs.len() || !(1..=64).contains(&width) {
                return None;
            }
            let sym = *symbols.entry((k, width)).or_insert_with(|| {
                Symbol::fresh(&format!("in{k}"), Sort::Bv(width), SymbolKind::Input)
            });
            c.inputs.push_back((name, width, sym));
        }
        ToServer::Node(f) => c.node(&f)?,
        ToServer::Query {
            model,
            terms,
            witness,
        } => {
            let mut cs = vec![];
            for t in terms {
                cs.push(b::eq(c.expr(t as u32)?, b::bv(1, 1)));
            }
            let ans = if model {
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
                SatResult::Sat(m) => ToRuntime::Sat(
                    c.inputs
                        .iter()
                        .enumerate()
                        .map(|(k, (_, _, sym))| (k, m.get(*sym) as u64))
                        .collect(),
                ),
                SatResult::Unsat => ToRuntime::Unsat,
                SatResult::Unknown(why) => ToRuntime::Unknown(why.clone()),
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
            c.reply(&reply);
        }
        ToServer::Error(vals) => {
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
        ToServer::Done => {
            if let Ok(mut o) = shared.lock() {
                o.paths += 1;
            }
            c.ended = true;
        }
        ToServer::Unsupported(why) => {
            if let Ok(mut o) = shared.lock() {
                o.unsupported.push(why);
            }
            c.ended = true;
        }
        ToServer::Bound(why) => {
            if let Ok(mut o) = shared.lock() {
                o.bounds.push(why);
            }
        }
        // runs still to do, passed back verbatim to new processes
        ToServer::Prefix(run) | ToServer::Concolic(run) => {
            if let Ok(mut o) = shared.lock() {
                o.pending.push(run);
            }
        }
        ToServer::Restart => {
            // the run restarts on other inputs (reported with `C`): no path ends
            if let Ok(mut o) = shared.lock() {
                o.restarts += 1;
            }
            c.ended = true;
        }
        ToServer::Hello { .. } | ToServer::Barrier => return None,
    }
    Some(())
}
