//! Classic symbolic execution (King; the KLEE tradition) over kappa IR.
//!
//! A state runs edge by edge until it forks at a branch whose sides are both
//! feasible, or terminates; the [`searcher`] picks the next state. The path
//! condition is kept satisfiable at all times, together with a witness model
//! of it: a branch side satisfied by the witness needs no solver query.
//! Undecided queries, unsupported constructs and possible undefined
//! behaviour end a path as a *failed leaf*; any failed leaf, hit bound or
//! timeout makes the result `Unknown`. The engine never names an LLVM type.
//!
//! An [`Engine`] and its solver stay on the thread that created them;
//! engines on different threads of one process may run at once (see
//! `kappa_solver`'s crate docs; `tests/engine_stress.rs` of the `kappa`
//! crate runs two with interrupted queries).

mod access;
mod budget;
mod exec;
mod fast;
pub mod memory;
pub mod reason;
pub mod registry;
pub mod searcher;
mod shims;
pub mod state;
pub mod structors;
pub mod technique;
pub mod technique_stats;
pub mod tree;
mod witness;

/// Declares the technique modules and [`REGISTRY`] from one list, in the
/// order their hooks run (see [`registry`]).
macro_rules! techniques {
    ($($m:ident),* $(,)?) => {
        $(pub mod $m;)*
        /// Every technique's registration, in the order their hooks run:
        /// pruning (its proof is the cheapest), state matching, navigation,
        /// compact execution, then the loop-visit counter (the example).
        pub const REGISTRY: &[registry::Registration] = &[$($m::REGISTRATION),*];
    };
}

// The one registration line: a technique is its module plus its name here.
techniques![prune, matching, navigate, compact, loop_visits];

pub use compact::CompactStats;
pub use matching::MatchingStats;
pub use navigate::NavStats;
pub use prune::PruneStats;
pub use reason::{Failure, Leaves, Reason, Stop};
pub use searcher::SearcherKind;
pub use tree::{ExecTree, LeafKind};

use kappa_expr::Expr;
use kappa_ir::{FuncId, Loc, Module, SrcLoc, Ty};
use kappa_solver::Solver;
use rustc_hash::FxHashMap;
use serde::Serialize;
use state::State;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Engine options. `Default` gives: interleaved DFS/BFS searcher, no state
/// bound, no timeout, no tree, seed 1, symbolic inputs, stack depth 100 000.
#[derive(Clone, Debug)]
pub struct Config {
    /// Search strategy.
    pub searcher: SearcherKind,
    /// Stop (with `Unknown`) after creating this many states. Default: unbounded.
    pub max_states: Option<u64>,
    /// Stop (with `Unknown`) after this much wall time. Default: none.
    pub timeout: Option<Duration>,
    /// Stop (with `Unknown`, reason `timeout after {timeout}s`) at this
    /// instant, if earlier than `timeout` after the start of `run`. The
    /// clock is read every 64 steps (a step runs one edge, or ends one
    /// state). Default: none.
    pub deadline: Option<Instant>,
    /// Time to set aside, per pending state, for freeing the states after
    /// the run: the run stops when the time left to `timeout`/`deadline`
    /// is less than this times the number of pending states. For a run
    /// that is followed by other work (a portfolio stage): freeing a
    /// frontier of 240 000 states took 9 s after a compact stage whose
    /// deadline was 19 s (about 38 µs per state, on a program whose path
    /// conditions' symbol index dominates), time the next stages lost.
    /// Default: none (a standalone run leaks its states at exit).
    pub release_cost_per_state: Option<Duration>,
    /// Record the execution tree. Default: false.
    pub tree: bool,
    /// Maximal number of tree nodes kept. Default: 5000.
    pub tree_limit: usize,
    /// Seed of the random searcher. Default: 1.
    pub seed: u64,
    /// Concrete mode: inputs are these values (in call order, truncated to
    /// each input's width; missing ones are 0) instead of fresh symbols.
    pub concrete_inputs: Option<Vec<u128>>,
    /// Deepest call stack explored; deeper paths are failed leaves. Default: 100 000.
    pub max_stack_depth: usize,
    /// Stop (with `Unknown`) when the process's resident memory exceeds this
    /// many MiB (checked every 200 ms; Linux only). Default: 8192.
    pub max_memory_mb: Option<u64>,
    /// The options of the turned-on loop techniques, one per type (see
    /// [`registry`]: `registry::enable` by name, or `techniques.set(..)`
    /// with a technique's options type). Default: none (classic execution).
    pub techniques: registry::TechniqueOptions,
    /// Record every terminated path in [`RunResult::leaves`] (its end, path
    /// condition and inputs; for the leaf-by-leaf equivalence tests of
    /// compact execution). Default: false.
    pub record_leaves: bool,
    /// Record each path's branch decisions and input reads
    /// ([`ErrorWitness::events`]); meant for concrete runs that write or
    /// check a witness. Default: false.
    pub record_events: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            searcher: SearcherKind::default(),
            max_states: None,
            timeout: None,
            deadline: None,
            release_cost_per_state: None,
            tree: false,
            tree_limit: 5000,
            seed: 1,
            concrete_inputs: None,
            max_stack_depth: 100_000,
            max_memory_mb: Some(8192),
            techniques: Default::default(),
            record_leaves: false,
            record_events: false,
        }
    }
}

/// The engine's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    /// No execution reaches `reach_error` (complete exploration).
    True,
    /// An execution reaches `reach_error`; the witness was confirmed by the validator.
    False,
    /// Neither could be established; see the reason.
    Unknown,
}

/// One input value of a test.
#[derive(Clone, Debug, Serialize)]
pub struct TestInput {
    /// The nondet function (`__VERIFIER_nondet_int`, ...).
    pub origin: String,
    /// Its type.
    pub ty: Ty,
    /// The value's bits (zero-extended).
    pub bits: u128,
    /// `file:line` of the call.
    pub at: String,
}

impl TestInput {
    /// The floating-point format of a `__VERIFIER_nondet_float`/`double`
    /// input of the format's width; `None` for other inputs.
    pub fn float_format(&self) -> Option<kappa_ir::FTy> {
        let o = self.origin.trim_start_matches("__VERIFIER_nondet_");
        match (o, self.ty) {
            ("float", Ty::Int(32)) => Some(kappa_ir::FTy::F32),
            ("double", Ty::Int(64)) => Some(kappa_ir::FTy::F64),
            _ => None,
        }
    }
    /// The value as C would print it: signed for signed origins, else
    /// unsigned; a `float`/`double` input (by its origin and width) as the
    /// exact value in shortest round-trip decimal exponent form (`1e-1`,
    /// `-2.5e0`, `-0e0`; a float as the double it widens to, so that
    /// `strtod` and a `(float)` cast give its bits back), `inf`, `-inf`,
    /// `nan` or `-nan` (a NaN's payload is not printed).
    pub fn decimal(&self) -> String {
        let w = self.ty.bits();
        if let Some(t) = self.float_format() {
            let x = t.to_f64(self.bits);
            let neg = self.bits >> (w - 1) & 1 == 1;
            let sign = if neg { "-" } else { "" };
            return if x.is_nan() {
                format!("{sign}nan")
            } else if x.is_infinite() {
                format!("{sign}inf")
            } else {
                format!("{x:e}")
            };
        }
        let unsigned = {
            let o = self.origin.trim_start_matches("__VERIFIER_nondet_");
            o.starts_with('u')
                || o == "bool"
                || o == "_Bool"
                || o == "pointer"
                || o == "size_t"
                || o.starts_with("unsigned")
        };
        if unsigned || self.ty == Ty::Bool {
            self.bits.to_string()
        } else {
            kappa_expr::to_signed(self.bits, w).to_string()
        }
    }
}

/// A path reaching `reach_error`: its inputs and its steps.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorWitness {
    /// Values of the nondet calls, in order.
    pub inputs: Vec<TestInput>,
    /// Source steps of the path, `file:line` (consecutive repeats merged):
    /// the last [`state::TRAIL_CAP`] of them.
    pub path: Vec<String>,
    /// Number of earlier steps not kept in `path`.
    pub path_elided: u64,
    /// Where `reach_error` was called.
    pub location: String,
    /// The source position of that call, if known.
    pub error_src: Option<SrcLoc>,
    /// Branch decisions and input reads of the path in order (empty unless
    /// [`Config::record_events`]).
    pub events: Vec<PathEvent>,
}

/// One step of a path that a witness talks about (see [`Config::record_events`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PathEvent {
    /// A location with several outgoing edges: the path took edge `taken`
    /// (0 = the first, i.e. LLVM's true successor of a conditional branch)
    /// of `of`.
    Branch {
        /// The branch instruction's source position.
        src: Option<SrcLoc>,
        /// Index of the edge taken.
        taken: u32,
        /// Number of outgoing edges.
        of: u32,
    },
    /// The path read its `index`-th input (a `__VERIFIER_nondet_*` call).
    Input {
        /// The call's source position.
        src: Option<SrcLoc>,
        /// Index of the input among the path's inputs.
        index: u32,
    },
}

/// What the validator (native replay) said of a witness.
#[derive(Clone, Debug)]
pub enum Validation {
    /// The witness reaches `reach_error` natively.
    Confirmed,
    /// It does not; the reason is reported.
    Rejected(String),
}

/// Counters of one run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// States created (the initial one, plus one per extra fork successor).
    pub states: u64,
    /// Terminated paths (all kinds).
    pub paths: u64,
    /// Branches where more than one side was feasible.
    pub forks: u64,
    /// Edges executed.
    pub instructions: u64,
    /// Solver queries (calls to the solver chain).
    pub queries: u64,
    /// Queries answered by Z3 itself.
    pub z3_queries: u64,
    /// Time spent in the solver chain (seconds).
    pub solver_time: f64,
    /// Z3 calls per solver route (see `kappa_solver::route`), as (route
    /// name, calls, of them unknown, seconds); routes never used are left out.
    pub solver_routes: Vec<(String, u64, u64, f64)>,
    /// Failed leaves (incomplete paths).
    pub failed_leaves: u64,
    /// Most states pending at once.
    pub max_pending: u64,
    /// Wall time (seconds).
    pub wall_time: f64,
    /// Inputs whose witness value a technique suggested (see
    /// `Technique::on_input`).
    pub hinted_inputs: u64,
    /// Each installed technique's own counters (compact execution's
    /// templates, navigation's chains, ...), reported under their keys.
    pub techniques: technique_stats::TechniqueCounters,
}

/// How one concrete-mode path ended, with its trace (for differential tests).
#[derive(Clone, Debug, Serialize)]
pub struct PathRecord {
    /// `exit`, `error` or `failed: reason`.
    pub end: String,
    /// Values passed to `__kappa_trace`, evaluated under the path's witness.
    pub trace: Vec<i128>,
}

/// Result of [`Engine::run`].
#[derive(Debug)]
pub struct RunResult {
    /// The verdict.
    pub verdict: Verdict,
    /// Why `Unknown` (or a note on `False`/`True`).
    pub reason: Option<Reason>,
    /// The confirmed error witness for `False`.
    pub witness: Option<ErrorWitness>,
    /// Counters.
    pub stats: Stats,
    /// The tree, when recorded.
    pub tree: Option<ExecTree>,
    /// Every terminated path (only in concrete mode).
    pub paths: Vec<PathRecord>,
    /// Every terminated path (only with [`Config::record_leaves`]).
    pub leaves: Vec<LeafRecord>,
}

/// A leaf of the execution tree (see [`Config::record_leaves`]).
#[derive(Clone, Debug)]
pub struct LeafRecord {
    /// `exit`, `error` or `failed: reason`.
    pub end: String,
    /// Where the path ended (function and location).
    pub at: String,
    /// The path condition (conjunction; may hold quantifiers and template
    /// parameters in compact mode).
    pub pc: Expr,
    /// The path's inputs in order: the symbol of each single input, `None`
    /// for the sequences read inside a template.
    pub inputs: Vec<Option<Expr>>,
}

/// Progress snapshot passed to the progress callback about every 200 ms.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Counters so far.
    pub stats: Stats,
    /// States waiting in the searcher.
    pub pending: usize,
}

/// A duration in seconds as reports print it: rounded to milliseconds,
/// without trailing zeros (`2.968`, `10`, `0.5`); a value that is not
/// finite as Rust prints it.
pub fn secs_text(s: f64) -> String {
    if !s.is_finite() {
        return s.to_string();
    }
    let t = format!("{:.3}", (s * 1000.0).round() / 1000.0);
    let t = t.trim_end_matches('0').trim_end_matches('.');
    if t == "-0" {
        "0".to_string()
    } else {
        t.to_string()
    }
}

/// Resident memory of this process in MiB (from /proc; `None` elsewhere).
pub fn resident_mb() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096 / (1 << 20))
}

pub(crate) enum End {
    Exit,
    Error,
    Failed(Failure),
    /// An assumption or branch condition became infeasible (not a path end of the program).
    Pruned,
}

/// The symbolic executor over one module.
pub struct Engine<'m> {
    pub(crate) module: &'m Module,
    pub(crate) cfg: Config,
    pub(crate) solver: Box<dyn Solver>,
    pub(crate) stats: Stats,
    pub(crate) coverage: searcher::Coverage,
    pub(crate) global_base: Vec<u64>,
    pub(crate) initial_mem: memory::Memory,
    pub(crate) next_state_id: u64,
    pub(crate) incomplete: BTreeMap<Failure, u64>,
    pub(crate) tree: Option<ExecTree>,
    pub(crate) sym_cache: FxHashMap<Expr, Rc<Vec<kappa_expr::Symbol>>>,
    pub(crate) confirmed: Option<ErrorWitness>,
    pub(crate) paths: Vec<PathRecord>,
    pub(crate) leaves: Vec<LeafRecord>,
    pub(crate) fresh_counter: u64,
    /// Input symbols shared by all paths: for input index `k`, the symbols
    /// by type and origin (see `Engine::input_symbol`).
    pub(crate) input_syms: Vec<Vec<(Ty, Rc<str>, kappa_expr::Symbol)>>,
    /// The solver time cap in force (see `Engine::push_query_cap`).
    pub(crate) query_cap_now: Option<Duration>,
    /// Scratch buffer of the fast path's phi moves (reused, never shrinks).
    pub(crate) phi_buf: Vec<(kappa_ir::VarId, fast::CVal)>,
    /// States still pending when `run` stopped; kept so that freeing them
    /// (possibly millions) happens when the engine is dropped, not inside
    /// the time budget of `run`.
    leftover: Option<Box<dyn searcher::Searcher>>,
    /// The installed techniques, in hook order (see [`technique`]); an
    /// entry is `None` while its own hook runs.
    pub(crate) techniques: Vec<Option<Box<dyn technique::Technique<'m> + 'm>>>,
}

impl<'m> Engine<'m> {
    /// Prepares execution of `module` (global objects laid out and initialised).
    pub fn new(
        module: &'m Module,
        cfg: Config,
        solver: Box<dyn Solver>,
    ) -> Result<Engine<'m>, String> {
        let (initial_mem, global_base) = exec::initial_memory(module)?;
        let techniques = registry::install(&cfg, module);
        Ok(Engine {
            module,
            cfg,
            solver,
            stats: Stats::default(),
            coverage: Default::default(),
            phi_buf: vec![],
            query_cap_now: None,
            input_syms: vec![],
            global_base,
            initial_mem,
            next_state_id: 0,
            incomplete: BTreeMap::new(),
            tree: None,
            sym_cache: FxHashMap::default(),
            confirmed: None,
            paths: vec![],
            leaves: vec![],
            fresh_counter: 0,
            leftover: None,
            techniques,
        })
    }

    /// Explores the program from `main`. Every error path is handed to
    /// `validate` (native replay); the run stops at the first confirmed one.
    pub fn run(
        &mut self,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
        progress: &mut dyn FnMut(&Progress),
    ) -> RunResult {
        let start = Instant::now();
        let main = self
            .module
            .function_by_name("main")
            .filter(|f| self.module.func(*f).defined);
        let Some(main) = main else {
            return self.finish(
                start,
                Verdict::Unknown,
                Some(Reason::Other("no main function".into())),
            );
        };
        let root_label = self.describe(main, self.module.func(main).entry);
        if self.cfg.tree {
            self.tree = Some(ExecTree::new(root_label, self.cfg.tree_limit));
        }
        let init = match self
            .check_structors()
            .and_then(|()| self.initial_state(main))
        {
            Ok(mut s) => {
                self.start_lifecycle(&mut s);
                s
            }
            Err(e) => return self.finish(start, Verdict::Unknown, Some(Reason::Other(e))),
        };
        if let Some(reason) = self.techniques_prepare(main) {
            return self.finish(start, Verdict::True, Some(Reason::Other(reason)));
        }
        let mut searcher = searcher::make_searcher(self.cfg.searcher, self.cfg.seed);
        searcher.add(vec![init]);
        let mut last_progress = Instant::now();
        let mut stop_reason = None;
        let stop_at = match (self.cfg.timeout, self.cfg.deadline) {
            (Some(t), Some(d)) => Some(d.min(start + t)),
            (Some(t), None) => Some(start + t),
            (None, d) => d,
        };
        // counts steps, including those that end a state without executing
        // an edge (every branch side undecided, e.g. after the deadline)
        let mut ticks: u64 = 0;
        'outer: while let Some(mut st) = searcher.select(&self.coverage) {
            loop {
                ticks += 1;
                if ticks.is_multiple_of(64) {
                    let release = self
                        .cfg
                        .release_cost_per_state
                        .map_or(Duration::ZERO, |c| c * searcher.len() as u32);
                    if stop_at.is_some_and(|d| Instant::now() + release >= d) {
                        let t = self.cfg.timeout.unwrap_or_else(|| start.elapsed());
                        stop_reason = Some(Stop::Timeout {
                            secs: secs_text(t.as_secs_f64()),
                        });
                        searcher.add(vec![st]);
                        break 'outer;
                    }
                    if last_progress.elapsed() >= Duration::from_millis(200) {
                        last_progress = Instant::now();
                        if let (Some(limit), Some(rss)) = (self.cfg.max_memory_mb, resident_mb()) {
                            if rss > limit {
                                stop_reason = Some(Stop::MemoryBound { rss, limit });
                                searcher.add(vec![st]);
                                break 'outer;
                            }
                        }
                        self.sync_solver_stats(start);
                        progress(&Progress {
                            stats: self.stats.clone(),
                            pending: searcher.len(),
                        });
                    }
                }
                let at = st.loc;
                let out = if !self.techniques_want(&mut st) {
                    // (no hook: the state is not moved through it)
                    if self.fast_step(&mut st) {
                        continue;
                    }
                    self.step(st, validate)
                } else {
                    match self.techniques_at_location(st) {
                        technique::Hook::Took(out) => out,
                        technique::Hook::End(s) => {
                            self.terminate(s, End::Pruned, validate);
                            break;
                        }
                        technique::Hook::Pass(mut s) => {
                            if self.fast_step(&mut s) {
                                st = s;
                                continue;
                            }
                            self.step(s, validate)
                        }
                    }
                };
                match out {
                    exec::StepOut::Continue(s) => st = s,
                    exec::StepOut::Fork(states) => {
                        self.stats.forks += 1;
                        self.stats.states += states.len() as u64 - 1;
                        let states = self.techniques_on_fork(at, states);
                        searcher.add(states);
                        self.stats.max_pending = self.stats.max_pending.max(searcher.len() as u64);
                        break;
                    }
                    exec::StepOut::Done => break,
                }
                if self.confirmed.is_some() {
                    break 'outer;
                }
            }
            if self.confirmed.is_some() {
                break;
            }
            if let Some(max) = self.cfg.max_states {
                if self.stats.states >= max && !searcher.is_empty() {
                    stop_reason = Some(Stop::StateBound { max });
                    break;
                }
            }
        }
        self.conclude(start, stop_at, stop_reason, searcher)
    }

    /// The run's result once exploration has stopped (`stop`: why it
    /// stopped early, if it did): `false` with the confirmed witness;
    /// `unknown` stopped by a bound (the deadline may also have cut the last
    /// paths' queries, or memory interrupted them) or incomplete; else
    /// `true`. Keeps the searcher's states (`leftover`) for their release.
    fn conclude(
        &mut self,
        start: Instant,
        stop_at: Option<Instant>,
        mut stop_reason: Option<Stop>,
        searcher: Box<dyn searcher::Searcher>,
    ) -> RunResult {
        if stop_reason.is_none()
            && self.confirmed.is_none()
            && !self.incomplete.is_empty()
            && stop_at.is_some_and(|d| Instant::now() >= d)
        {
            // the last paths failed because the deadline cut their queries
            let t = self.cfg.timeout.unwrap_or_else(|| start.elapsed());
            stop_reason = Some(Stop::Timeout {
                secs: secs_text(t.as_secs_f64()),
            });
        }
        if let (None, None, Some(limit), Some(rss)) = (
            &stop_reason,
            &self.confirmed,
            self.cfg.max_memory_mb,
            resident_mb(),
        ) {
            if rss > limit && !self.incomplete.is_empty() {
                // the last paths may have failed because solver calls were
                // interrupted for memory
                stop_reason = Some(Stop::MemoryBound { rss, limit });
            }
        }
        let pending = searcher.len();
        self.leftover = Some(searcher);
        if self.confirmed.is_some() {
            return self.finish(start, Verdict::False, None);
        }
        if let Some(stop) = stop_reason {
            let reason = Reason::Stopped {
                stop,
                pending,
                leaves: self.leaves_failed(),
            };
            return self.finish(start, Verdict::Unknown, Some(reason));
        }
        let leaves = self.leaves_failed();
        if leaves.is_empty() {
            self.finish(start, Verdict::True, None)
        } else {
            self.finish(start, Verdict::Unknown, Some(Reason::Incomplete(leaves)))
        }
    }

    /// The failed leaves so far, counted.
    fn leaves_failed(&self) -> Leaves {
        Leaves::new(self.incomplete.iter().map(|(f, n)| (f.clone(), *n)))
    }

    fn sync_solver_stats(&mut self, start: Instant) {
        let s = self.solver.stats();
        self.stats.queries = s.queries;
        self.stats.z3_queries = s.z3_queries;
        self.stats.solver_time = s.total_time.as_secs_f64();
        self.stats.solver_routes = kappa_solver::ROUTES
            .iter()
            .zip(&s.routes)
            .filter(|(_, r)| r.queries > 0)
            .map(|(route, r)| {
                let t = r.time.as_secs_f64();
                (route.name().to_string(), r.queries, r.unknown, t)
            })
            .collect();
        self.stats.wall_time = start.elapsed().as_secs_f64();
    }

    fn finish(&mut self, start: Instant, verdict: Verdict, reason: Option<Reason>) -> RunResult {
        self.sync_solver_stats(start);
        RunResult {
            verdict,
            reason,
            witness: self.confirmed.take(),
            stats: self.stats.clone(),
            tree: self.tree.take(),
            paths: std::mem::take(&mut self.paths),
            leaves: std::mem::take(&mut self.leaves),
        }
    }

    /// `file:line` of location `l` of function `f`, or `fn@L` without debug info.
    pub(crate) fn describe(&self, f: FuncId, l: Loc) -> String {
        let func = self.module.func(f);
        let src = func.locs.get(l.index()).and_then(|i| i.src);
        match src {
            Some(_) => self.module.describe(src),
            None => format!("{}@{l}", func.name),
        }
    }

    pub(crate) fn new_state_id(&mut self) -> u64 {
        self.next_state_id += 1;
        self.next_state_id
    }

    pub(crate) fn record_failed(&mut self, reason: impl Into<Failure>) {
        self.stats.failed_leaves += 1;
        *self.incomplete.entry(reason.into()).or_insert(0) += 1;
    }

    pub(crate) fn state_incomplete(&mut self, st: &State) {
        if let Some(r) = &st.incomplete {
            *self.incomplete.entry(Failure::from(r.clone())).or_insert(0) += 1;
        }
    }
}

#[cfg(test)]
mod float_input_tests {
    use super::TestInput;
    use kappa_ir::Ty;

    fn text(origin: &str, w: u32, bits: u128) -> String {
        TestInput {
            origin: format!("__VERIFIER_nondet_{origin}"),
            ty: Ty::Int(w),
            bits,
            at: String::new(),
        }
        .decimal()
    }

    /// The text read back as C's `strtod` would (Rust's parser: another
    /// implementation than the writer's), narrowed to a float when `w` is 32.
    fn bits_back(s: &str, w: u32) -> u128 {
        let x: f64 = s.parse().expect("a number");
        if w == 32 {
            (x as f32).to_bits() as u128
        } else {
            x.to_bits() as u128
        }
    }

    #[test]
    fn float_inputs_print_their_exact_value() {
        let floats: [u32; 7] = [
            0x3dcc_cccd,
            0x8000_0000,
            1,
            0x7f7f_ffff,
            0xc2f6_e979,
            0x3f80_0001,
            0x0080_0000,
        ];
        for b in floats {
            let s = text("float", 32, b as u128);
            assert_eq!(bits_back(&s, 32), b as u128, "{s}");
        }
        let doubles: [u64; 5] = [
            0.1f64.to_bits(),
            (-0.0f64).to_bits(),
            1,
            f64::MAX.to_bits(),
            0x3ff0_0000_0000_0001,
        ];
        for b in doubles {
            let s = text("double", 64, b as u128);
            assert_eq!(bits_back(&s, 64), b as u128, "{s}");
        }
        assert_eq!(text("float", 32, 0xff80_0000), "-inf");
        assert_eq!(text("double", 64, 0x7ff0_0000_0000_0000), "inf");
        assert_eq!(text("float", 32, 0xffc0_0000), "-nan");
        assert_eq!(text("double", 64, 0x7ff8_0000_0000_0001), "nan");
        // an integer input of the same width is still an integer
        assert_eq!(text("int", 32, 0xffff_ffff), "-1");
        assert_eq!(text("uint", 32, 0x3dcc_cccd), "1036831949");
    }
}
