//! [`Z3Solver`]: the innermost solver, Z3 in-process: per-query solving with a
//! timeout, model extraction, the debug-build model check and query dumps.

use crate::route::{route_for, Incremental, QueryShape, Route};
use crate::translate::{symbol_const, Translator};
use crate::vars::free_syms;
use crate::watchdog::{Cause, Watchdog};
use crate::{model_refutes, SatResult, Solver, SolverConfig, SolverStats};
use kappa_expr::eval::ArrVal;
use kappa_expr::{mask, Assignment, Expr, Sort};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};
use z3::ast::{Array, Ast, Dynamic, BV};

/// Solves queries with Z3 (the system's libz3 through the `z3` crate).
///
/// - Each query goes to the [`Route`] chosen for it by measurement (see
///   [`crate::route`]): tiny plain bitvector queries to a long-lived
///   incremental solver (as guarded assertions, `check-sat` under
///   assumptions), other quantifier-free ones to a fresh solver for
///   `QF_BV` or `QF_AUFBV` (Z3's bit-blasting tactics), quantified ones and
///   array equalities to Z3's general solver (also the retry when a
///   logic-specific solver answers "incomplete"). Each call is limited by
///   [`SolverConfig::timeout`]; a timeout (or any other give-up of Z3)
///   answers `Unknown` with Z3's reason (usually `"timeout"` or
///   `"canceled"`). Calls and time per route are in
///   [`SolverStats::routes`].
/// - With a [`SolverConfig::deadline`], each Z3 call gets at most the time
///   left (`min(timeout, deadline - now)`); from the deadline on, queries
///   answer `Unknown("deadline reached")` without calling Z3.
/// - A watchdog thread (one per solver, started at the first Z3 call)
///   enforces every time limit: it interrupts (`Z3_interrupt`) a Z3 call
///   that reaches its limit (at most [`WATCHDOG_LATENESS`] late) or the
///   deadline, or whose process exceeds [`SolverConfig::memory_limit_mb`]
///   of resident memory; such a call answers `Unknown` (`"deadline
///   reached"`, `"timeout"`, or `"memory limit (N MiB resident)"`),
///   whatever Z3 said. Z3's own `timeout` parameter is not used (only
///   when the watchdog thread could not be started): in Z3 4.8.12 it runs
///   each limited call on a timer thread from a process-wide pool, and
///   with Z3 calls on several threads of one process that pool hands one
///   timer to two calls at once (seen under `tests/engine_stress.rs`: two
///   engines and the condition race's solver threads deadlocked on the
///   timers' locks; a timer that fires then calls the cancel handler of a
///   call that has ended, on a dead stack frame, so it is also the likely
///   cause of the heap corruption ("corrupted double-linked list") once
///   seen with two engines in one process). Without that parameter
///   several solvers, each on its own thread, may run in one process.
/// - Expressions are translated once: the translation cache (and one Z3
///   function declaration per `kappa_expr::FuncDecl`) lives as long as the
///   solver. Z3 ASTs live in the thread's Z3 context (the z3 0.19 bindings
///   manage it, nothing is leaked); a solver must stay on its thread.
/// - Models assign every free symbol of the query: booleans as 0/1,
///   bitvectors of any width up to 128 bits exactly (wider than 64 bits
///   are read as two 64-bit halves), arrays when Z3's model value is a
///   chain of stores over a constant array (otherwise the array is omitted
///   and reads as all zeros). Uninterpreted functions are not part of models.
/// - In debug builds every model is re-evaluated with `kappa_expr::eval`; if
///   some constraint or the goal evaluates to false (a translation bug) the
///   answer is `Unknown("model check failed")` and a warning is logged.
///   Parts that cannot be evaluated (quantifiers, uninterpreted functions)
///   are not checked.
/// - Z3 errors, translation errors and panics inside the bindings become
///   `Unknown(reason)`; after a panic the translation cache is dropped.
/// - With [`SolverConfig::dump_dir`], each query is written (before solving)
///   to `query-NNNNN.smt2` as its route's solver gets it (see
///   [`crate::dump`]) and the answer appended in comments.
///
/// `z3_time` in the statistics covers asserting, `check-sat` and reading
/// the model; translation is not included.
pub struct Z3Solver {
    timeout: Duration,
    deadline: Option<Instant>,
    memory_limit_mb: Option<u64>,
    /// Started at the first Z3 call; `None` also when the thread could not start.
    watchdog: Option<Watchdog>,
    watchdog_started: bool,
    /// Whether the limit of the call in progress is the deadline (not the
    /// per-query timeout): Z3's own "timeout" then reads "deadline reached".
    deadline_bound: bool,
    /// Whether the query in progress has quantifiers (its time limit is
    /// capped at [`QUANTIFIED_TIMEOUT`]).
    quantified: bool,
    /// Cap on the time limit set by [`Solver::set_query_cap`].
    cap: Option<Duration>,
    dump_dir: Option<PathBuf>,
    tr: Translator,
    depths: FxHashMap<Expr, u32>,
    stats: SolverStats,
    /// The long-lived incremental solver for tiny plain bitvector queries
    /// (see [`crate::route`]).
    incremental: Incremental<Expr>,
    /// The route of the query in progress.
    route: Route,
    /// The dump file of the query in progress.
    dumped: Option<PathBuf>,
}

/// How late the watchdog may interrupt a call past its limit: an idle
/// watchdog looks for an armed call this often (arming does not wake it).
pub const WATCHDOG_LATENESS: Duration = crate::watchdog::REPEAT;

/// Time limit of a query with quantifiers (compact execution), when the
/// per-query timeout is longer: Z3 rarely decides such a query later, and
/// the callers have exact quantifier-free alternatives (the classic step,
/// quantifier-free instances).
pub const QUANTIFIED_TIMEOUT: Duration = Duration::from_secs(2);

/// The answer of a query refused or interrupted because of the deadline.
pub const DEADLINE_REASON: &str = "deadline reached";

/// The shape of a query (see [`QueryShape`]) and the node count of each
/// of its assertions (constraints, then the goal). Bounded walk.
fn shape(constraints: &[Expr], goal: Expr) -> (QueryShape, Vec<usize>) {
    use kappa_expr::{BvOp, Kind};
    const LIMIT: usize = 100_000;
    let mut seen = rustc_hash::FxHashSet::default();
    let mut sh = QueryShape::default();
    let mut counts = Vec::with_capacity(constraints.len() + 1);
    for &root in constraints.iter().chain(std::iter::once(&goal)) {
        let before = sh.nodes;
        let mut stack = vec![root];
        while let Some(x) = stack.pop() {
            if sh.nodes >= LIMIT || !seen.insert(x) {
                continue;
            }
            sh.nodes += 1;
            let k = x.kind();
            match &k {
                Kind::Bin(BvOp::UDiv | BvOp::SDiv | BvOp::URem | BvOp::SRem, a, b) => {
                    sh.division = true;
                    sh.nonlinear |= !a.is_const() && !b.is_const();
                }
                Kind::Bin(BvOp::Mul, a, b) => {
                    sh.heavy += 1;
                    sh.nonlinear |= !a.is_const() && !b.is_const();
                }
                Kind::Bin(BvOp::Shl | BvOp::LShr | BvOp::AShr, _, b) if !b.is_const() => {
                    sh.heavy += 1
                }
                Kind::Ite(_, a, b)
                    if x.sort() != kappa_expr::Sort::Bool && !(a.is_const() && b.is_const()) =>
                {
                    sh.heavy += 1
                }
                _ => {}
            }
            stack.extend(k.children());
        }
        counts.push(sh.nodes - before);
    }
    (sh, counts)
}

impl Z3Solver {
    /// A solver using `cfg.timeout`, `cfg.deadline`, `cfg.memory_limit_mb`
    /// and `cfg.dump_dir` (other fields are about the chain and ignored
    /// here). With a memory limit, also sets Z3's process-wide
    /// `memory_max_size` parameter to it (at least [`Z3_MIN_MEMORY_MB`]).
    pub fn new(cfg: &SolverConfig) -> Self {
        let tr = Translator::new();
        if let Some(mb) = cfg.memory_limit_mb {
            // after the context exists: creating one needs some memory itself
            z3::set_global_param("memory_max_size", &mb.max(Z3_MIN_MEMORY_MB).to_string());
        }
        Z3Solver {
            timeout: cfg.timeout,
            deadline: cfg.deadline,
            memory_limit_mb: cfg.memory_limit_mb,
            watchdog: None,
            watchdog_started: false,
            deadline_bound: false,
            quantified: false,
            cap: None,
            dump_dir: cfg.dump_dir.clone(),
            tr,
            depths: FxHashMap::default(),
            stats: SolverStats::default(),
            // no Z3 timer: the watchdog bounds the calls
            incremental: Incremental::new(None),
            route: Route::Bv,
            dumped: None,
        }
    }

    fn solve(&mut self, constraints: &[Expr], goal: Expr) -> SatResult {
        self.tr.sync_context();
        self.dumped = None;
        let start = Instant::now();
        let r = catch_unwind(AssertUnwindSafe(|| self.run(constraints, goal)));
        if let Some(w) = &self.watchdog {
            // after a panic inside an armed call
            if w.disarm().is_some() {
                crate::watchdog::absorb_interrupt();
            }
        }
        let r = match r {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => SatResult::Unknown(format!("translation failed: {e}")),
            Err(panic) => {
                self.tr.clear();
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                tracing::warn!("z3 bindings panicked: {msg}");
                SatResult::Unknown(format!("z3 error: {msg}"))
            }
        };
        if let Some(path) = self.dumped.take() {
            crate::dump::append_answer(&path, self.route, &r, start.elapsed());
        }
        r
    }

    fn run(
        &mut self,
        constraints: &[Expr],
        goal: Expr,
    ) -> Result<SatResult, crate::translate::TranslateError> {
        if self.dump_dir.is_none() && self.deadline.is_some_and(|d| Instant::now() >= d) {
            // (with dumps the query is still written, with its answer)
            return Ok(SatResult::Unknown(DEADLINE_REASON.to_string()));
        }
        let mut asserted = Vec::with_capacity(constraints.len() + 1);
        for &c in constraints {
            asserted.push(self.tr.translate_bool(c)?);
        }
        asserted.push(self.tr.translate_bool(goal)?);
        let features = constraints
            .iter()
            .chain(std::iter::once(&goal))
            .fold(0, |f, e| f | self.tr.features(*e));
        let (mut sh, nodes) = shape(constraints, goal);
        sh.fresh = constraints
            .iter()
            .chain(std::iter::once(&goal))
            .zip(&nodes)
            .filter(|(e, _)| !self.incremental.holds(e))
            .map(|(_, n)| n)
            .sum();
        self.route = route_for(features, sh);
        self.quantified = features & crate::translate::F_QUANT != 0;
        if let Some(dir) = self.dump_dir.clone() {
            let limit = self.call_limit().unwrap_or_default();
            self.deadline_bound = false;
            self.dumped =
                crate::dump::write(&dir, self.route, &sh, constraints, goal, timeout_ms(limit));
        }
        let start = Instant::now();
        self.stats.z3_queries += 1;
        let mut r = self.z3_check(&asserted, &nodes, constraints, goal);
        let mut elapsed = start.elapsed();
        self.stats.count_route(self.route, &r, elapsed);
        if let SatResult::Unknown(why) = &r {
            // a logic-specific solver may give up where the general one does not
            if why.contains("incomplete") && self.route != Route::General {
                tracing::debug!("retrying with the general solver after: {why}");
                self.route = Route::General;
                let again = Instant::now();
                r = self.z3_check(&asserted, &nodes, constraints, goal);
                self.stats.count_route(self.route, &r, again.elapsed());
                elapsed = start.elapsed();
            }
        }
        self.stats.z3_time += elapsed;
        tracing::debug!(
            constraints = constraints.len(),
            ?elapsed,
            answer = answer_text(&r).as_str(),
            "z3 query"
        );
        if let SatResult::Sat(m) = &r {
            if self.depths.len() >= crate::cache::CACHE_LIMIT {
                self.depths.clear();
            }
            if cfg!(debug_assertions) && model_refutes(constraints, goal, m, &mut self.depths) {
                self.stats.model_check_failures += 1;
                tracing::warn!(
                    goal = %goal,
                    route = ?self.route,
                    ?elapsed,
                    "z3 model does not satisfy the query (translation bug?)"
                );
                return Ok(SatResult::Unknown("model check failed".to_string()));
            }
        }
        Ok(r)
    }

    /// The time limit of a Z3 call starting now: the per-query timeout, or
    /// the time left before the deadline if shorter (then `deadline_bound`
    /// is set). `None` when less than a millisecond is left.
    fn call_limit(&mut self) -> Option<Duration> {
        self.deadline_bound = false;
        let mut timeout = if self.quantified {
            self.timeout.min(QUANTIFIED_TIMEOUT)
        } else {
            self.timeout
        };
        if let Some(c) = self.cap {
            timeout = timeout.min(c);
        }
        let Some(d) = self.deadline else {
            return Some(timeout);
        };
        let left = d.saturating_duration_since(Instant::now());
        if left < Duration::from_millis(1) {
            return None;
        }
        if left < timeout {
            self.deadline_bound = true;
            return Some(left);
        }
        Some(timeout)
    }

    /// One `check-sat` of `asserted` for `logic`, bounded by [`Self::call_limit`]
    /// and watched by the watchdog.
    fn z3_check(
        &mut self,
        asserted: &[z3::ast::Bool],
        nodes: &[usize],
        constraints: &[Expr],
        goal: Expr,
    ) -> SatResult {
        let Some(limit) = self.call_limit() else {
            return SatResult::Unknown(DEADLINE_REASON.to_string());
        };
        if !self.watchdog_started {
            self.watchdog_started = true;
            self.watchdog = Watchdog::start(self.memory_limit_mb)
                .map_err(|e| tracing::warn!("cannot start the z3 watchdog: {e}"))
                .ok();
            if self.watchdog.is_none() {
                // no other way to bound the calls than Z3's own timer
                self.incremental = Incremental::new(Some(timeout_ms(self.timeout)));
            }
        }
        if let Some(w) = &self.watchdog {
            let until = match self.deadline {
                Some(d) if self.deadline_bound => d,
                _ => Instant::now() + limit,
            };
            w.arm(until);
        }
        let r = self.z3_check_limited(asserted, nodes, constraints, goal, timeout_ms(limit));
        let fired = self.watchdog.as_ref().and_then(|w| w.disarm());
        let r = match fired {
            None => r,
            Some(cause) => {
                // an interrupted solver may keep state, a model read during
                // the interrupt may be incomplete, and an interrupt that
                // came after the call ended would spoil the next one
                self.incremental.reset();
                crate::watchdog::absorb_interrupt();
                SatResult::Unknown(match cause {
                    Cause::Time if self.deadline_bound => DEADLINE_REASON.to_string(),
                    Cause::Time => "timeout".to_string(),
                    Cause::Memory(mb) => format!("memory limit ({mb} MiB resident)"),
                })
            }
        };
        match r {
            SatResult::Unknown(why)
                if self.deadline_bound && (why == "timeout" || why == "canceled") =>
            {
                SatResult::Unknown(DEADLINE_REASON.to_string())
            }
            r => r,
        }
    }

    /// One `check-sat` of `asserted` on `self.route`: the incremental
    /// solver, or a fresh solver of the route; the watchdog enforces
    /// `timeout_ms` (Z3's `timeout` parameter is set to it only when there
    /// is no watchdog).
    fn z3_check_limited(
        &mut self,
        asserted: &[z3::ast::Bool],
        nodes: &[usize],
        constraints: &[Expr],
        goal: Expr,
        timeout_ms: u32,
    ) -> SatResult {
        if self.route == Route::Incremental {
            let items: Vec<_> = constraints
                .iter()
                .chain(std::iter::once(&goal))
                .zip(asserted)
                .zip(nodes)
                .map(|((e, a), n)| (*e, a.clone(), *n))
                .collect();
            let (r, solver) = self.incremental.check(&items);
            let r = Self::answer(solver, r, constraints, goal);
            if matches!(&r, SatResult::Unknown(_)) {
                // a fresh solver next time: an interrupted one may keep state
                self.incremental.reset();
            }
            return r;
        }
        let z3_timer = self.watchdog.is_none().then_some(timeout_ms);
        let solver = self.route.fresh_solver(z3_timer);
        for a in asserted {
            solver.assert(a);
        }
        Self::answer(&solver, solver.check(), constraints, goal)
    }

    /// Turns Z3's answer into a [`SatResult`], reading the model on `Sat`.
    fn answer(
        solver: &z3::Solver,
        r: z3::SatResult,
        constraints: &[Expr],
        goal: Expr,
    ) -> SatResult {
        match r {
            z3::SatResult::Unsat => SatResult::Unsat,
            z3::SatResult::Unknown => SatResult::Unknown(
                solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "unknown".to_string()),
            ),
            z3::SatResult::Sat => match solver.get_model() {
                Some(m) => SatResult::Sat(read_model(&m, constraints, goal)),
                None => SatResult::Unknown("z3 gave no model".to_string()),
            },
        }
    }

    /// The translator's cache size (tests only).
    #[cfg(test)]
    pub(crate) fn cached_translations(&self) -> usize {
        self.tr.cached()
    }
}

impl Solver for Z3Solver {
    fn check(&mut self, constraints: &[Expr], goal: Expr) -> SatResult {
        let start = Instant::now();
        let r = self.solve(constraints, goal);
        self.stats.record(&r, start.elapsed());
        r
    }

    fn set_query_cap(&mut self, cap: Option<Duration>) {
        self.cap = cap;
    }

    fn stats(&self) -> SolverStats {
        SolverStats::layered(&self.stats, SolverStats::default())
    }
}

/// The least value given to Z3's `memory_max_size` (MiB): below it Z3
/// cannot even create its solvers.
pub const Z3_MIN_MEMORY_MB: u64 = 64;

/// `d` in whole milliseconds, rounded up, clamped to `1..=u32::MAX`.
pub(crate) fn timeout_ms(d: Duration) -> u32 {
    let ms = d.as_nanos().div_ceil(1_000_000);
    ms.clamp(1, u32::MAX as u128) as u32
}

pub(crate) fn answer_text(r: &SatResult) -> String {
    match r {
        SatResult::Sat(_) => "sat".to_string(),
        SatResult::Unsat => "unsat".to_string(),
        SatResult::Unknown(why) => format!("unknown ({why})"),
    }
}

/// The value of bitvector `bv` in `model` (completed), exactly, up to 128 bits.
fn bv_value(model: &z3::Model, bv: &BV) -> Option<u128> {
    let w = bv.get_size();
    if w <= 64 {
        return model.eval(bv, true)?.as_u64().map(u128::from);
    }
    let lo = model.eval(&bv.extract(63, 0), true)?.as_u64()?;
    let hi = model.eval(&bv.extract(w - 1, 64), true)?.as_u64()?;
    Some((u128::from(hi) << 64) | u128::from(lo))
}

fn scalar_value(model: &z3::Model, d: &Dynamic) -> Option<u128> {
    if let Some(b) = d.as_bool() {
        return model.eval(&b, true)?.as_bool().map(u128::from);
    }
    bv_value(model, &d.as_bv()?)
}

/// Reads an array value of the form `store(...store(const(d), i, v)...)`.
fn array_value(model: &z3::Model, arr: &Array, elem: u32) -> Option<ArrVal> {
    let mut cur: Dynamic = model.eval(arr, true)?.into();
    let mut entries: BTreeMap<u128, u128> = BTreeMap::new();
    loop {
        let decl = cur.safe_decl().ok()?;
        let ch = cur.children();
        match (decl.name().as_str(), ch.len()) {
            ("store", 3) => {
                let i = scalar_value(model, &ch[1])?;
                let v = scalar_value(model, &ch[2])? & mask(elem);
                // the outermost store of an index wins
                entries.entry(i).or_insert(v);
                cur = ch[0].clone();
            }
            ("const", 1) => {
                let default = scalar_value(model, &ch[0])? & mask(elem);
                entries.retain(|_, v| *v != default);
                return Some(ArrVal { default, entries });
            }
            _ => return None,
        }
    }
}

/// The model restricted to the query's free symbols (all of them assigned,
/// except arrays whose value has an unsupported shape).
fn read_model(model: &z3::Model, constraints: &[Expr], goal: Expr) -> Assignment {
    let mut roots = constraints.to_vec();
    roots.push(goal);
    let mut out = Assignment::default();
    // arrays of quantified models are function interpretations whose
    // evaluation can take unbounded memory: they are left out
    let quantified = kappa_expr::has_quantifier(&roots);
    for s in free_syms(&roots) {
        let c = symbol_const(s);
        match s.sort() {
            Sort::Bool | Sort::Bv(_) => match scalar_value(model, &c) {
                Some(v) => out.set(s, v),
                None => tracing::warn!("no model value for {}", s.name()),
            },
            Sort::Array { .. } if quantified => {}
            Sort::Array { elem, .. } => {
                match c.as_array().and_then(|a| array_value(model, &a, elem)) {
                    Some(v) => {
                        out.arrays.insert(s, Rc::new(v));
                    }
                    None => tracing::debug!("array {} has no readable model value", s.name()),
                }
            }
        }
    }
    out
}

#[cfg(test)]
#[path = "z3solver_tests.rs"]
mod tests;
