//! kappa-runtime: the runtime linked into programs symbolized by
//! kappa-symbolize, with a flat C ABI (`__kappa_*`, see the `extern "C"`
//! functions below). It owns the hash-consed terms ([`term`]), the path
//! condition, the inputs, the shadow map of frozen memory ([`shadow`]), the
//! argument/return slots through which terms cross calls, and the
//! fork-based explorer: at a choice both of whose sides are feasible the
//! process forks, the child follows the true side and the parent the false
//! one; both then wait until kappa schedules them, one running
//! process at a time, in kappa's search order (live processes bounded by
//! `KAPPA_NATIVE_MAX_FORKS`, default 512: at the bound a process goes on
//! without forking and reports each side it does not take as a concolic
//! run, which kappa runs after the tree). At its first fork the root
//! process becomes the tree's reaper ([`reaper`]): the others exit as soon
//! as their path ends, and the reaper exits after the last of them.
//! With `KAPPA_NATIVE_PREFIX` set the replay explorer is used instead: the
//! run follows the given decisions, then the first side of each new one,
//! and reports the other sides to kappa, which re-runs the program with
//! them (depth-first, one process at a time).
//! Feasibility and models are asked from the `kappa` process over a socket
//! ([`conn`]); the runtime itself has no solver and no C++ dependency, so it
//! builds for i686 (ILP32 programs) as well as x86_64.
//!
//! Loads and stores at addresses that are terms (symbolic array indices)
//! go through a registry of memory objects ([`objects`]).
//!
//! A value is either concrete (term 0: the program's own register holds
//! it) or a term id. Every entry point returns at once on concrete operands.

pub mod abi;
pub mod byval;
pub mod concolic;
pub mod conn;
pub mod objects;
pub mod reaper;
pub mod shadow;
pub mod term;

use conn::{Answer, Conn};
use kappa_wire::ToServer;
use std::cell::UnsafeCell;
use std::ffi::CStr;
use term::Terms;

/// The longest concolic run a deferred choice reports, in bytes (each
/// deferred choice reports its whole path: along a deep loop the total
/// grows with the square of the depth).
const MAX_REPORT: usize = 16 << 10;

/// Everything the runtime knows about the current process's path.
pub struct Runtime {
    /// Term table.
    pub terms: Terms,
    /// Path condition: 1-bit terms that hold on this path.
    pub pc: Vec<u32>,
    /// Inputs so far: width and nondet function name.
    pub inputs: Vec<(u32, String)>,
    /// Input values satisfying the path condition (the concrete side of the
    /// concolic domain, kept consistent through the solver's models): a
    /// side it satisfies is feasible without a query.
    pub witness: Vec<u64>,
    /// Frozen memory.
    pub shadow: shadow::Shadow,
    /// Registered objects, for loads and stores at term addresses.
    pub objects: objects::Objects,
    /// Argument slots (terms of the arguments of the call being made).
    pub args: Vec<u64>,
    /// Return slot.
    pub ret: u64,
    /// `byval` argument slots (sources of the aggregates passed by value to
    /// the call being made, see [`byval`]).
    pub byval: Vec<Option<byval::Slot>>,
    conn: Option<Conn>,
    conn_pid: u32,
    /// Live processes of the tree when this one was last scheduled.
    live: u32,
    max_forks: u32,
    max_lower: u32,
    exit_hook: bool,
    /// The root's reaper was started (fork explorer, at the first fork).
    reaper: bool,
    /// Fork explorer: this path's decisions as concolic tokens (every
    /// choice on a term, every lowering), so that a side it does not fork
    /// for can be reported as a concolic run.
    trail: Vec<concolic::Token>,
    /// Fork explorer: a deferred side was too long to report (a bound).
    too_deep: bool,
    /// The greatest input number in `pc[..pc_seen]` ([`Runtime::pc_max_input`]).
    pc_hi: Option<u32>,
    pc_seen: usize,
    /// Single-run mode (`KAPPA_NATIVE_INPUTS="v0 v1 .."`, no kappa): terms
    /// are evaluated under these input values, each decision is printed on
    /// stderr (`kappa-decision 0|1`), `reach_error` prints
    /// `kappa-reach-error` and exits with status 99.
    fixed: Option<Vec<u64>>,
    /// Replay explorer (`KAPPA_NATIVE_PREFIX="1 0 .."`): no process forks;
    /// decision k follows the prefix, later ones take the first side and
    /// report the other as a new prefix (`P d0 .. dk`).
    prefix: Option<Vec<bool>>,
    /// Decisions taken so far (replay explorer).
    decisions: Vec<bool>,
    /// Concolic explorer (`KAPPA_NATIVE_CONCOLIC="v0 .. | d0 .."`, see
    /// [`concolic`]): the run's inputs and decision prefix. A malformed
    /// value ends the run unsupported at its first input.
    concolic: Option<concolic::Concolic>,
    /// `KAPPA_NATIVE_CONCOLIC` was set but malformed.
    concolic_malformed: bool,
}

struct Global(UnsafeCell<Option<Runtime>>);
// SAFETY: symbolized programs are single-threaded (thread creation is an
// unsupported external call in the transformation).
unsafe impl Sync for Global {}
static RT: Global = Global(UnsafeCell::new(None));

fn env_u32(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The runtime state (created on first use).
#[allow(clippy::mut_from_ref)]
fn rt() -> &'static mut Runtime {
    // SAFETY: single-threaded, see `Global`.
    unsafe {
        let slot = &mut *RT.0.get();
        slot.get_or_insert_with(|| {
            // set: Some(parsed run), or Some(None) when malformed
            let concolic = std::env::var("KAPPA_NATIVE_CONCOLIC")
                .ok()
                .map(|v| concolic::parse(&v));
            let concolic_malformed = matches!(concolic, Some(None));
            Runtime {
                terms: Terms::default(),
                pc: vec![],
                inputs: vec![],
                witness: vec![],
                shadow: shadow::Shadow::default(),
                objects: objects::Objects::from_env(),
                args: vec![0; 64],
                ret: 0,
                byval: vec![],
                conn: None,
                conn_pid: 0,
                live: 1,
                max_forks: env_u32("KAPPA_NATIVE_MAX_FORKS", 512),
                max_lower: env_u32("KAPPA_NATIVE_MAX_LOWER", 256),
                exit_hook: false,
                reaper: false,
                trail: vec![],
                too_deep: false,
                pc_hi: None,
                pc_seen: 0,
                prefix: std::env::var("KAPPA_NATIVE_PREFIX")
                    .ok()
                    .map(|v| v.split_whitespace().map(|d| d == "1").collect()),
                decisions: vec![],
                concolic: concolic.flatten(),
                concolic_malformed,
                fixed: std::env::var("KAPPA_NATIVE_INPUTS").ok().map(|v| {
                    v.split_whitespace()
                        .map(|x| {
                            x.parse::<u64>()
                                .or_else(|_| x.parse::<i64>().map(|i| i as u64))
                                .unwrap_or(0)
                        })
                        .collect()
                }),
            }
        })
    }
}

extern "C" fn at_exit() {
    let r = rt();
    if r.conn_pid == std::process::id() {
        if let Some(c) = r.conn.as_mut() {
            c.send(&ToServer::Done);
        }
    }
}

impl Runtime {
    /// The connection of this process (opened on first use; a forked child
    /// opens its own).
    fn conn(&mut self) -> Option<&mut Conn> {
        let pid = std::process::id();
        if self.conn.is_none() || self.conn_pid != pid {
            // keep the inherited connection open until ours is accepted, so
            // kappa never sees the tree without a live connection
            let fresh = Conn::open(self.conn.as_ref(), false);
            self.conn = fresh;
            self.conn_pid = pid;
            if self.conn.is_some() && !self.exit_hook {
                self.exit_hook = true;
                unsafe { libc::atexit(at_exit) };
            }
        }
        self.conn.as_mut()
    }

    /// Ends this path: sends `msg` (if connected) and exits at once.
    pub fn end(&mut self, msg: ToServer) -> ! {
        if self.fixed.is_some() {
            let code = match &msg {
                ToServer::Error(_) => {
                    eprintln!("kappa-reach-error");
                    99
                }
                ToServer::Unsupported(r) => {
                    eprintln!("kappa-unsupported {}", r.trim());
                    98
                }
                _ => 0,
            };
            unsafe {
                libc::fflush(std::ptr::null_mut());
                libc::_exit(code)
            }
        }
        if let Some(c) = self.conn() {
            c.send(&msg);
        }
        unsafe {
            libc::fflush(std::ptr::null_mut());
            libc::_exit(0)
        }
    }

    /// The given value of input `k` (concolic or single run; 0 otherwise
    /// and beyond the given ones).
    fn given_input(&self, k: usize) -> u64 {
        let given = match (&self.concolic, &self.fixed) {
            (Some(c), _) => &c.inputs,
            (None, Some(f)) => f,
            (None, None) => return 0,
        };
        given.get(k).copied().unwrap_or(0)
    }

    /// Ends the path as unsupported.
    pub fn unsupported(&mut self, reason: &str) -> ! {
        let r = reason.replace('\n', " ");
        self.end(ToServer::Unsupported(r))
    }

    /// Sends kappa the inputs and terms it does not know yet; false if not
    /// connected.
    fn sync(&mut self) -> bool {
        if self.conn().is_none() {
            return false;
        }
        if let Some(c) = self.conn.as_mut() {
            c.sync(&self.terms, &self.inputs);
        }
        true
    }

    fn ask(&mut self, model: bool, extra: Option<u32>) -> Answer {
        let mut ts = self.pc.clone();
        ts.extend(extra);
        if !self.sync() {
            return Answer::Unknown("not connected to kappa (KAPPA_NATIVE_SOCKET)".into());
        }
        let witness = &self.witness;
        match self.conn.as_mut() {
            Some(c) => c.ask(model, &ts, witness),
            None => Answer::Unknown("not connected to kappa".into()),
        }
    }

    /// Is `pc ∧ t` satisfiable? `Some(values)` with the input values to
    /// adopt for it (none if the witness already satisfies `t`), `None` if
    /// unsatisfiable. Ends the path as unsupported if undecided.
    fn feasible(&mut self, t: u32) -> Option<Vec<(usize, u64)>> {
        if let Some(v) = self.terms.constant(t) {
            return (v != 0).then(Vec::new);
        }
        if let Some(inputs) = &self.fixed {
            return (self.terms.eval(t, inputs) != 0).then(Vec::new);
        }
        if self.terms.eval(t, &self.witness) != 0 {
            return Some(vec![]);
        }
        if let Some(m) = self.local_model(t) {
            return Some(m);
        }
        match self.ask(false, Some(t)) {
            Answer::Sat(m) => Some(m),
            Answer::Unsat => None,
            Answer::Unknown(r) => self.unsupported(&format!("solver: {r}")),
        }
    }

    /// The greatest input number the path condition depends on (None if
    /// it depends on none); the scan resumes where the last one stopped.
    fn pc_max_input(&mut self) -> Option<u32> {
        if self.pc.len() < self.pc_seen {
            (self.pc_seen, self.pc_hi) = (0, None);
        }
        for &c in &self.pc[self.pc_seen..] {
            if let Some((_, hi)) = self.terms.span(c) {
                self.pc_hi = Some(self.pc_hi.map_or(hi, |m| m.max(hi)));
            }
        }
        self.pc_seen = self.pc.len();
        self.pc_hi
    }

    /// A model of `pc ∧ t` found without kappa, when `t` depends on a
    /// single input `k` newer than every input of the path condition (a
    /// branch on a fresh input, e.g. `while (nondet())`): the witness
    /// satisfies `pc` and `pc` does not mention `k`, so any value of `k`
    /// satisfying `t` gives a model of both. Tries every value of inputs up
    /// to 8 bits, else the boundary values and the term's constants ± 1.
    /// None: not such a term, or no candidate satisfies it (kappa's solver
    /// decides then).
    fn local_model(&mut self, t: u32) -> Option<Vec<(usize, u64)>> {
        let (lo, hi) = self.terms.span(t)?;
        if lo != hi || self.pc_max_input().is_some_and(|m| m >= lo) {
            return None;
        }
        let k = lo as usize;
        let w = self.inputs.get(k)?.0;
        let v = self.terms.value_satisfying(t, k, w, &mut self.witness)?;
        Some(vec![(k, v)])
    }

    /// The witness with the values of model `m` (input number, value) in
    /// place of its own, each masked to its input's width.
    fn merged(&self, m: &[(usize, u64)]) -> Vec<u64> {
        let mut w = self.witness.clone();
        for &(k, v) in m {
            if k < w.len() {
                w[k] = v & term::mask(self.inputs[k].0);
            }
        }
        w
    }

    /// Adopts model values for the witness (in place: a model of a slice
    /// names few inputs, a long path has many).
    fn adopt(&mut self, m: &[(usize, u64)]) {
        for &(k, v) in m {
            if k < self.witness.len() {
                self.witness[k] = v & term::mask(self.inputs[k].0);
            }
        }
    }

    /// Forks: true in the child (which follows the first alternative), false
    /// in the parent; each then waits for its turn. None when the bound
    /// on live processes is reached (reported to kappa).
    fn fork(&mut self) -> Option<bool> {
        if let Some(prefix) = &self.prefix {
            let k = self.decisions.len();
            let side = match prefix.get(k) {
                Some(&d) => d,
                None => {
                    let mut run: Vec<&str> = self
                        .decisions
                        .iter()
                        .map(|&d| if d { "1" } else { "0" })
                        .collect();
                    run.push("0");
                    let msg = ToServer::Prefix(run.join(" "));
                    if let Some(c) = self.conn() {
                        c.send(&msg);
                    }
                    true
                }
            };
            self.decisions.push(side);
            return Some(side);
        }
        if self.live >= self.max_forks {
            if let Some(c) = self.conn() {
                c.send(&ToServer::Bound(
                    "fork bound (KAPPA_NATIVE_MAX_FORKS) reached".into(),
                ));
            }
            return None;
        }
        self.conn()?.id()?;
        unsafe { libc::fflush(std::ptr::null_mut()) };
        if !self.reaper {
            self.reaper = true;
            if !reaper::start(&mut self.conn) {
                self.unsupported("fork failed");
            }
            self.conn_pid = std::process::id();
        }
        // the child's connection is opened before the fork, so kappa knows
        // both processes before either asks for its turn
        let theirs = Conn::open(self.conn.as_ref(), true);
        let pid = unsafe { libc::fork() };
        if pid < 0 {
            self.unsupported("fork failed");
        }
        let child = pid == 0;
        if child {
            let Some(c) = theirs else {
                unsafe { libc::_exit(0) };
            };
            self.conn = Some(c);
            self.conn_pid = std::process::id();
        } else {
            drop(theirs);
        }
        // kappa resumes one waiting process at a time, in its search order
        match self.conn.as_mut().and_then(Conn::wait_turn) {
            Some(live) => self.live = live,
            None => unsafe { libc::_exit(0) },
        }
        Some(child)
    }

    /// Decides a 1-bit term on this path, forking when both sides are feasible.
    pub fn choose(&mut self, t: u32) -> bool {
        if let Some(v) = self.terms.constant(t) {
            return v != 0;
        }
        if let Some(inputs) = &self.fixed {
            let side = self.terms.eval(t, inputs) != 0;
            eprintln!("kappa-decision {}", side as u8);
            return side;
        }
        if self.concolic.is_some() {
            // (the runtime's own checks: the concrete member is the value
            // under the run's inputs)
            let v = self.terms.eval(t, &self.witness) != 0;
            return self.concolic_choose(t, v);
        }
        let nt = self.terms.not1(t);
        // the witness decides one side; only the other needs the solver
        let v = self.terms.eval(t, &self.witness) != 0;
        let (cur, other) = if v { (t, nt) } else { (nt, t) };
        let Some(m) = self.feasible(other) else {
            self.note(concolic::Token::Side(v));
            return v;
        };
        let side = if self.prefix.is_none() && self.live >= self.max_forks {
            self.defer(v, &m);
            true
        } else {
            self.fork().unwrap_or(true)
        };
        if side == v {
            self.pc.push(cur);
        } else {
            self.pc.push(other);
            self.adopt(&m);
        }
        self.note(concolic::Token::Side(side));
        side
    }

    /// Records a decision of this path (fork explorer only).
    fn note(&mut self, t: concolic::Token) {
        if self.prefix.is_none() {
            self.trail.push(t);
        }
    }

    /// A two-sided choice while the live processes are at their bound:
    /// the process goes on with the true side, and the false side is
    /// reported as a concolic run (inputs satisfying it, `v` being the
    /// witness's side and `m` the model of the other one, and this path's
    /// decisions), which kappa runs after the process tree; nothing is
    /// lost. A report too long for an environment variable is a bound
    /// instead.
    fn defer(&mut self, v: bool, m: &[(usize, u64)]) {
        if self.too_deep {
            // (paths only grow: every later report would be too long too;
            // the bound was reported once)
            return;
        }
        let vals = if v {
            self.merged(m)
        } else {
            self.witness.clone()
        };
        let line = concolic::run_line(&vals, &self.trail, Some(concolic::Token::Side(false)));
        let msg = if line.encode().len() > MAX_REPORT {
            self.too_deep = true;
            ToServer::Bound(
                "fork bound (KAPPA_NATIVE_MAX_FORKS) reached on a path too deep to report".into(),
            )
        } else {
            line
        };
        if let Some(c) = self.conn() {
            c.send(&msg);
        }
    }

    /// A model of the path condition: the input values (the witness).
    fn model(&mut self) -> Vec<u64> {
        if let Some(inputs) = &self.fixed {
            return inputs.clone();
        }
        self.witness.clone()
    }

    /// A concrete value of term `t`, enumerating the feasible values by
    /// forking (bounded by `KAPPA_NATIVE_MAX_LOWER` per lowering).
    pub fn lower(&mut self, t: u32) -> u64 {
        if let Some(v) = self.terms.constant(t) {
            return v;
        }
        if let Some(inputs) = &self.fixed {
            return self.terms.eval(t, inputs);
        }
        let w = self.terms.width(t);
        let mut n = 0;
        loop {
            let v = self.terms.eval(t, &self.witness);
            let k = self.terms.konst(w, v);
            let eq = self.terms.icmp(abi::icmp::EQ, t, k);
            let ne = self.terms.not1(eq);
            let Some(m) = self.feasible(ne) else {
                self.pc.push(eq);
                self.note(concolic::Token::Kept);
                return v;
            };
            n += 1;
            let side = if n >= self.max_lower {
                if let Some(c) = self.conn() {
                    c.send(&ToServer::Bound(
                        "value enumeration bound (KAPPA_NATIVE_MAX_LOWER) reached".into(),
                    ));
                }
                None
            } else {
                self.fork()
            };
            match side {
                Some(false) => {
                    self.pc.push(ne);
                    self.adopt(&m);
                    self.note(concolic::Token::Excluded(v));
                }
                _ => {
                    self.pc.push(eq);
                    self.note(concolic::Token::Kept);
                    return v;
                }
            }
        }
    }

    /// The term of a (concrete `c`, term `t`) pair of `w` bits.
    pub fn lift(&mut self, w: u32, c: u64, t: u64) -> u32 {
        if t != 0 {
            t as u32
        } else {
            self.terms.konst(w, c)
        }
    }
}

fn cstr(p: *const libc::c_char) -> String {
    if p.is_null() {
        return "?".into();
    }
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

/// Binary operation `op` (see [`abi::binop`]) on `w`-bit values: the term
/// of the result, or 0 if both operands are concrete. A divisor that may be
/// 0 forks: the zero side ends `unsupported` (undefined behaviour).
#[no_mangle]
pub extern "C" fn __kappa_binop(op: u32, w: u32, ca: u64, ta: u64, cb: u64, tb: u64) -> u64 {
    if ta == 0 && tb == 0 {
        return 0;
    }
    let r = rt();
    let a = r.lift(w, ca, ta);
    let b = r.lift(w, cb, tb);
    if matches!(
        op,
        abi::binop::UDIV | abi::binop::SDIV | abi::binop::UREM | abi::binop::SREM
    ) {
        let z = r.terms.konst(w, 0);
        let is_zero = r.terms.icmp(abi::icmp::EQ, b, z);
        if r.choose(is_zero) {
            r.unsupported("division by zero");
        }
        if matches!(op, abi::binop::SDIV | abi::binop::SREM) {
            let min = r.terms.konst(w, 1u64 << (w - 1));
            let m1 = r.terms.konst(w, u64::MAX);
            let a_min = r.terms.icmp(abi::icmp::EQ, a, min);
            let b_m1 = r.terms.icmp(abi::icmp::EQ, b, m1);
            let both = r.terms.binop(abi::binop::AND, a_min, b_m1);
            if r.choose(both) {
                r.unsupported("signed division overflow (INT_MIN / -1)");
            }
        }
    }
    // undefined behaviour, as the interpreter treats it: the side where it
    // happens ends `unsupported`, the other goes on
    if matches!(op, abi::binop::SHL | abi::binop::LSHR | abi::binop::ASHR) {
        let wc = r.terms.konst(w, w as u64);
        let too_far = r.terms.icmp(abi::icmp::UGE, b, wc);
        if r.choose(too_far) {
            r.unsupported("shift by at least the width");
        }
    }
    r.terms.binop(op, a, b) as u64
}

/// Comparison `pred` (see [`abi::icmp`]) on `w`-bit values: a 1-bit term or 0.
#[no_mangle]
pub extern "C" fn __kappa_icmp(pred: u32, w: u32, ca: u64, ta: u64, cb: u64, tb: u64) -> u64 {
    if ta == 0 && tb == 0 {
        return 0;
    }
    let r = rt();
    let a = r.lift(w, ca, ta);
    let b = r.lift(w, cb, tb);
    r.terms.icmp(pred, a, b) as u64
}

/// Cast `kind` (see [`abi::cast`]) from `from` to `to` bits: a term or 0.
#[no_mangle]
pub extern "C" fn __kappa_cast(kind: u32, from: u32, to: u32, c: u64, t: u64) -> u64 {
    if t == 0 {
        return 0;
    }
    let r = rt();
    let a = r.lift(from, c, t);
    r.terms.cast(kind, a, to) as u64
}

/// `cc ? a : b` on `w`-bit values (`cc` 1 bit): a term or 0.
#[no_mangle]
pub extern "C" fn __kappa_select(
    w: u32,
    cc: u64,
    tc: u64,
    ca: u64,
    ta: u64,
    cb: u64,
    tb: u64,
) -> u64 {
    if tc == 0 {
        return if cc & 1 != 0 { ta } else { tb };
    }
    let r = rt();
    let c = tc as u32;
    let a = r.lift(w, ca, ta);
    let b = r.lift(w, cb, tb);
    r.terms.ite(c, a, b) as u64
}

/// A branch on a 1-bit value: returns the side to follow (1 true, 0 false)
/// and adds its condition to the path condition (choice + assume).
#[no_mangle]
pub extern "C" fn __kappa_choose(c: u64, t: u64) -> u32 {
    if t == 0 {
        return (c & 1) as u32;
    }
    let r = rt();
    if r.concolic.is_some() {
        return r.concolic_choose(t as u32, c & 1 != 0) as u32;
    }
    r.choose(t as u32) as u32
}

/// `__VERIFIER_assume(v)` on a `w`-bit value: the path ends (normally) if
/// `v ≠ 0` is infeasible, else the condition joins the path condition.
#[no_mangle]
pub extern "C" fn __kappa_assume(w: u32, c: u64, t: u64) {
    let r = rt();
    if t == 0 {
        if c & term::mask(w) == 0 {
            r.end(ToServer::Done);
        }
        return;
    }
    let z = r.terms.konst(w, 0);
    let cond = r.terms.icmp(abi::icmp::NE, t as u32, z);
    if r.concolic.is_some() {
        r.concolic_assume(cond, c & term::mask(w) != 0);
        return;
    }
    match r.feasible(cond) {
        None => r.end(ToServer::Done),
        Some(m) => {
            r.adopt(&m);
            r.pc.push(cond);
        }
    }
}

/// A concrete value of a `w`-bit (concrete, term) pair; each feasible value
/// is explored (forking), up to a bound.
#[no_mangle]
pub extern "C" fn __kappa_lower(w: u32, c: u64, t: u64) -> u64 {
    if t == 0 {
        return c;
    }
    let r = rt();
    if r.concolic.is_some() {
        return r.concolic_lower(t as u32, w, c & term::mask(w));
    }
    r.lower(t as u32)
}

/// [`__kappa_lower`] unless `known` is 1 (the value then keeps its term,
/// passed in an argument slot to a function that reads it).
#[no_mangle]
pub extern "C" fn __kappa_lower_unless(known: u64, w: u32, c: u64, t: u64) -> u64 {
    if known & 1 != 0 || t == 0 {
        return c;
    }
    __kappa_lower(w, c, t)
}

/// A new input of `w` bits read by the nondet function `name`: its term.
#[no_mangle]
pub extern "C" fn __kappa_input(w: u32, name: *const libc::c_char) -> u64 {
    let r = rt();
    if r.concolic_malformed {
        r.unsupported("malformed KAPPA_NATIVE_CONCOLIC");
    }
    if r.fixed.is_none() {
        // a path may end without a query (a concolic run following its
        // prefix, a run with no two-sided choice): connect now, so that
        // kappa hears how the path ends
        r.conn();
    }
    let k = r.inputs.len() as u64;
    let v = r.given_input(k as usize) & term::mask(w);
    r.inputs.push((w, cstr(name)));
    r.witness.push(v);
    r.terms.input(w, k) as u64
}

/// The concrete member of the next input (called by the body the
/// transformation gives `__VERIFIER_nondet_*`, just before
/// [`__kappa_input`] registers it): the run's given value in a concolic or
/// single run, else 0.
#[no_mangle]
pub extern "C" fn __kappa_value(w: u32) -> u64 {
    let r = rt();
    let k = r.inputs.len();
    r.given_input(k) & term::mask(w)
}

/// Loads `w` bits at `p`: the term of frozen bytes there, or 0.
#[no_mangle]
pub extern "C" fn __kappa_thaw(p: *const u8, w: u32) -> u64 {
    let r = rt();
    r.touch(p as usize, w.div_ceil(8) as usize, false);
    if r.shadow.is_empty() {
        return 0;
    }
    let Runtime { shadow, terms, .. } = r;
    shadow.thaw(terms, p as usize, w) as u64
}

/// Stores the term `t` (0: concrete) of `w` bits at `p` in the shadow map.
#[no_mangle]
pub extern "C" fn __kappa_freeze(p: *const u8, w: u32, t: u64) {
    let r = rt();
    r.touch(p as usize, w.div_ceil(8) as usize, true);
    let Runtime { shadow, terms, .. } = r;
    shadow.freeze(terms, p as usize, w, t as u32);
}

/// `n` bytes at `p` now hold concrete values.
#[no_mangle]
pub extern "C" fn __kappa_clear(p: *const u8, n: u64) {
    let r = rt();
    r.touch(p as usize, n as usize, true);
    if !r.shadow.is_empty() {
        r.shadow.clear(p as usize, n as usize);
    }
}

/// A function returns: its frame `[sp, fp)` (the stack pointer and the
/// frame address at its `ret`) is dead, its bytes leave the shadow.
#[no_mangle]
pub extern "C" fn __kappa_frame_exit(sp: *const u8, fp: *const u8) {
    let (lo, hi) = (sp as usize, fp as usize);
    if hi > lo && !rt().shadow.is_empty() {
        __kappa_clear(sp, (hi - lo) as u64);
    }
}

/// A non-integer load of `n` bytes at `p`: frozen bytes there are unsupported.
#[no_mangle]
pub extern "C" fn __kappa_check(p: *const u8, n: u64) {
    let r = rt();
    r.touch(p as usize, n as usize, false);
    if !r.shadow.is_empty() && r.shadow.any(p as usize, n as usize) {
        r.unsupported("a term in memory read as a non-integer value");
    }
}

/// `memcpy`/`memmove` of `n` bytes: the shadow follows the bytes.
#[no_mangle]
pub extern "C" fn __kappa_memcpy(d: *const u8, s: *const u8, n: u64) {
    let r = rt();
    let (d0, s0, len) = (d as usize, s as usize, n as usize);
    if r.objects.has_logs() && len > 0 && d0 < s0.saturating_add(len) && s0 < d0.saturating_add(len)
    {
        // (this hook runs after the native copy: overlapping ranges may
        // have overwritten source bytes a write log still needs)
        if r.objects.logged_in(s0, len) {
            r.unsupported("overlapping memmove over an object written at a symbolic index");
        }
    }
    r.touch(s as usize, n as usize, false);
    r.touch(d as usize, n as usize, true);
    if !r.shadow.is_empty() {
        r.shadow.copy(d as usize, s as usize, n as usize);
    }
}

/// `free(p)`: the block's bytes leave the shadow (and its object the
/// registry).
#[no_mangle]
pub extern "C" fn __kappa_free(p: *const u8) {
    let r = rt();
    r.objects.forget(p as usize);
    if !r.shadow.is_empty() && !p.is_null() {
        let n = unsafe { libc::malloc_usable_size(p as *mut libc::c_void) };
        r.shadow.clear(p as usize, n);
    }
}

/// A library call that may write memory: unsupported while memory holds terms.
#[no_mangle]
pub extern "C" fn __kappa_guard(name: *const libc::c_char) {
    let r = rt();
    if !r.shadow.is_empty() || r.objects.has_logs() {
        r.unsupported(&format!(
            "call to `{}` while memory holds terms",
            cstr(name)
        ));
    }
}

/// Before an indirect call: `ok`, the target is a function of the program
/// or a library function safe to run natively; `guarded`, a library
/// function that reads or writes memory (unsupported while memory holds
/// terms); neither: unsupported (`what` says why).
#[no_mangle]
pub extern "C" fn __kappa_indirect(ok: u64, guarded: u64, what: *const libc::c_char) {
    if ok != 0 {
        return;
    }
    let r = rt();
    if guarded == 0 {
        r.unsupported(&cstr(what));
    }
    if !r.shadow.is_empty() || r.objects.has_logs() {
        r.unsupported(&format!("{} while memory holds terms", cstr(what)));
    }
}

/// `reach_error()`: reports the inputs of a model of the path and ends it.
#[no_mangle]
pub extern "C" fn __kappa_error() {
    let r = rt();
    let m = if r.inputs.is_empty() {
        vec![]
    } else {
        r.model()
    };
    let line = ToServer::Error(
        (0..r.inputs.len())
            .map(|k| m.get(k).copied().unwrap_or(0))
            .collect(),
    );
    // kappa names the inputs by their declarations (a run that followed
    // its prefix without a query has not sent them yet)
    if r.fixed.is_none() {
        r.sync();
    }
    r.end(line)
}

/// `abort()` and friends: the path ends normally.
#[no_mangle]
pub extern "C" fn __kappa_halt() {
    rt().end(ToServer::Done)
}

/// An unsupported construct was reached: the path ends `unsupported`.
#[no_mangle]
pub extern "C" fn __kappa_unsupported(msg: *const libc::c_char) {
    let m = cstr(msg);
    rt().unsupported(&m)
}

/// Sets argument slot `i` (the term of argument `i` of the next call).
#[no_mangle]
pub extern "C" fn __kappa_set_arg(i: u32, t: u64) {
    let r = rt();
    let i = i as usize;
    if i >= r.args.len() {
        r.args.resize(i + 1, 0);
    }
    r.args[i] = t;
}

/// Reads argument slot `i` (at a function's entry).
#[no_mangle]
pub extern "C" fn __kappa_get_arg(i: u32) -> u64 {
    rt().args.get(i as usize).copied().unwrap_or(0)
}

/// Sets the return slot.
#[no_mangle]
pub extern "C" fn __kappa_set_ret(t: u64) {
    rt().ret = t;
}

/// Reads the return slot.
#[no_mangle]
pub extern "C" fn __kappa_get_ret() -> u64 {
    rt().ret
}
