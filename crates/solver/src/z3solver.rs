//! [`Z3Solver`]: the innermost solver, Z3 in-process: per-query solving with a
//! timeout, model extraction, the debug-build model check and query dumps.

use crate::translate::{symbol_const, Translator, F_ARRAY, F_ARRAY_EQ, F_QUANT, F_UF};
use crate::vars::free_syms;
use crate::watchdog::{Cause, Watchdog};
use crate::{model_refutes, SatResult, Solver, SolverConfig, SolverStats};
use kappa_expr::eval::ArrVal;
use kappa_expr::print::smtlib_script;
use kappa_expr::{mask, Assignment, Expr, Sort};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use z3::ast::{Array, Ast, Dynamic, BV};

/// Numbers dump files process-wide, so solvers sharing a dump directory do
/// not overwrite each other's queries.
static DUMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Solves queries with Z3 (the system's libz3 through the `z3` crate).
///
/// - Each query gets a fresh `z3::Solver` for the query's logic (`QF_BV`;
///   `QF_AUFBV` with arrays or uninterpreted functions; Z3's general solver
///   with quantifiers or array equalities, and as a retry when a
///   logic-specific solver answers "incomplete") with the `timeout`
///   parameter set from [`SolverConfig::timeout`]; a timeout (or any other
///   give-up of Z3) answers `Unknown` with Z3's reason (usually `"timeout"`
///   or `"canceled"`).
/// - With a [`SolverConfig::deadline`], each Z3 call gets at most the time
///   left (`min(timeout, deadline - now)`); from the deadline on, queries
///   answer `Unknown("deadline reached")` without calling Z3.
/// - A watchdog thread (one per solver, started at the first Z3 call)
///   interrupts a Z3 call that reaches the deadline or runs
///   [`OVERRUN_GRACE`] past its own limit, or
///   whose process exceeds [`SolverConfig::memory_limit_mb`] of resident
///   memory; such a call answers `Unknown` (`"deadline reached"`,
///   `"timeout"`, or `"memory limit (N MiB resident)"`), whatever Z3 said.
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
///   to `query-NNNNN.smt2` and the answer appended as a `; answer:` comment.
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
    /// A long-lived incremental solver for plain bitvector queries: creating
    /// a solver per query costs milliseconds, more than solving easy queries.
    incremental: Option<z3::Solver>,
    /// Guard literal of every expression asserted (as `guard => expr`) in `incremental`.
    guards: FxHashMap<Expr, z3::ast::Bool>,
    /// Sum of the DAG sizes of the guarded assertions.
    guarded_nodes: usize,
}

/// How long past its limit a Z3 call may run before the watchdog interrupts it.
pub const OVERRUN_GRACE: Duration = Duration::from_millis(50);

/// Time limit of a query with quantifiers (compact execution), when the
/// per-query timeout is longer: Z3 rarely decides such a query later, and
/// the callers have exact quantifier-free alternatives (the classic step,
/// quantifier-free instances).
pub const QUANTIFIED_TIMEOUT: Duration = Duration::from_secs(2);

/// The answer of a query refused or interrupted because of the deadline.
pub const DEADLINE_REASON: &str = "deadline reached";

/// Guarded assertions after which the incremental solver is rebuilt.
const MAX_GUARDS: usize = 4_000;
/// Total expression nodes (summed over guarded assertions) after which the
/// incremental solver is rebuilt: old constraints slow every later check.
const MAX_GUARDED_NODES: usize = 60_000;

/// Largest query (in [`dag_size`] cost) sent to the incremental solver.
const MAX_INCREMENTAL_QUERY: usize = 5_000;

/// Whether a query suits the incremental solver: small and free of wide
/// nonlinear operations. Such queries need no preprocessing; the others are
/// better served by a fresh `QF_BV` solver, whose tactics substitute pinned
/// values before bit-blasting.
fn incremental_friendly(constraints: &[Expr], goal: Expr) -> bool {
    let mut total = 0;
    for e in constraints.iter().chain(std::iter::once(&goal)) {
        let c = dag_size(*e);
        if c > 1_000 {
            return false;
        }
        total += c;
        if total > MAX_INCREMENTAL_QUERY {
            return false;
        }
    }
    true
}

/// Estimated cost of keeping `e` asserted: its distinct nodes, with
/// multiplications, divisions and remainders weighted by the size of their
/// bit-blasted circuits (quadratic in the width). Bounded walk.
fn dag_size(e: Expr) -> usize {
    use kappa_expr::{BvOp, Kind};
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![e];
    let mut cost = 0usize;
    while let Some(x) = stack.pop() {
        if cost >= MAX_GUARDED_NODES || !seen.insert(x) {
            continue;
        }
        let k = x.kind();
        cost += match &k {
            Kind::Bin(BvOp::Mul | BvOp::UDiv | BvOp::SDiv | BvOp::URem | BvOp::SRem, a, b)
                if !a.is_const() && !b.is_const() =>
            {
                let w = a.width() as usize;
                1 + w * w
            }
            _ => 1,
        };
        stack.extend(k.children());
    }
    cost
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
            incremental: None,
            guards: FxHashMap::default(),
            guarded_nodes: 0,
        }
    }

    fn solve(&mut self, constraints: &[Expr], goal: Expr) -> SatResult {
        self.tr.sync_context();
        let dump = self.dump_query(constraints, goal);
        let start = Instant::now();
        let r = catch_unwind(AssertUnwindSafe(|| self.run(constraints, goal)));
        if let Some(w) = &self.watchdog {
            w.disarm(); // after a panic inside an armed call
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
        if let Some(path) = dump {
            append_answer(&path, &r, start.elapsed());
        }
        r
    }

    fn run(
        &mut self,
        constraints: &[Expr],
        goal: Expr,
    ) -> Result<SatResult, crate::translate::TranslateError> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
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
        let start = Instant::now();
        self.stats.z3_queries += 1;
        self.quantified = features & crate::translate::F_QUANT != 0;
        let mut r = self.z3_check(&asserted, logic_for(features), constraints, goal);
        if let SatResult::Unknown(why) = &r {
            // a logic-specific solver may give up where the general one does not
            if why.contains("incomplete") && logic_for(features).is_some() {
                tracing::debug!("retrying with the general solver after: {why}");
                r = self.z3_check(&asserted, None, constraints, goal);
            }
        }
        let elapsed = start.elapsed();
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
        logic: Option<&str>,
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
        }
        if let Some(w) = &self.watchdog {
            let until = match self.deadline {
                Some(d) if self.deadline_bound => d,
                _ => Instant::now() + limit + OVERRUN_GRACE,
            };
            w.arm(until);
        }
        let r = self.z3_check_limited(asserted, logic, constraints, goal, timeout_ms(limit));
        let fired = self.watchdog.as_ref().and_then(|w| w.disarm());
        let r = match fired {
            None => r,
            Some(cause) => {
                // an interrupted solver may keep state, and a model read
                // during the interrupt may be incomplete
                self.incremental = None;
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

    /// One `check-sat` of `asserted`: on the incremental solver (with the
    /// per-query timeout) for small plain bitvector queries, else on a
    /// fresh solver for `logic` with Z3's `timeout` parameter set to
    /// `timeout_ms`.
    fn z3_check_limited(
        &mut self,
        asserted: &[z3::ast::Bool],
        logic: Option<&str>,
        constraints: &[Expr],
        goal: Expr,
        timeout_ms: u32,
    ) -> SatResult {
        if logic == Some("QF_BV") && incremental_friendly(constraints, goal) {
            if self.guards.len() > MAX_GUARDS || self.guarded_nodes > MAX_GUARDED_NODES {
                self.incremental = None;
            }
            if self.incremental.is_none() {
                self.guards.clear();
                self.guarded_nodes = 0;
            }
            // Changing the parameters of a solver costs about as much as an
            // easy query: the long-lived solver keeps the per-query timeout,
            // and a deadline nearer than that is left to the watchdog.
            let solver = self.incremental.get_or_insert_with(|| {
                let s = z3::Solver::new();
                let mut params = z3::Params::new();
                params.set_u32("timeout", self::timeout_ms(self.timeout));
                s.set_params(&params);
                s
            });
            let mut lits = Vec::with_capacity(asserted.len());
            for (e, a) in constraints
                .iter()
                .chain(std::iter::once(&goal))
                .zip(asserted)
            {
                if !self.guards.contains_key(e) {
                    self.guarded_nodes += dag_size(*e);
                }
                let lit = self.guards.entry(*e).or_insert_with(|| {
                    let g = z3::ast::Bool::fresh_const("g");
                    solver.assert(g.implies(a));
                    g
                });
                lits.push(lit.clone());
            }
            let r = Self::answer(solver, solver.check_assumptions(&lits), constraints, goal);
            if matches!(&r, SatResult::Unknown(_)) {
                // a fresh solver next time: an interrupted one may keep state
                self.incremental = None;
            }
            return r;
        }
        let solver = logic
            .and_then(z3::Solver::new_for_logic)
            .unwrap_or_else(z3::Solver::new);
        let mut params = z3::Params::new();
        params.set_u32("timeout", timeout_ms);
        solver.set_params(&params);
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

    fn dump_query(&self, constraints: &[Expr], goal: Expr) -> Option<PathBuf> {
        let dir = self.dump_dir.as_ref()?;
        let n = DUMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!("query-{n:05}.smt2"));
        let mut all = constraints.to_vec();
        all.push(goal);
        let text = smtlib_script(&all);
        match fs::create_dir_all(dir).and_then(|_| fs::write(&path, text)) {
            Ok(()) => Some(path),
            Err(e) => {
                tracing::warn!("cannot dump query to {}: {e}", path.display());
                None
            }
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

/// The Z3 logic for a query with the given feature bits (`None`: Z3's
/// general solver). A logic-specific solver is an order of magnitude cheaper
/// to create and run on easy queries than the general one (about 0.5 ms
/// instead of 7 ms), so the general solver is kept for quantifiers and array
/// equalities (the `QF_AUFBV` configuration gives up on extensionality).
fn logic_for(features: u8) -> Option<&'static str> {
    if features & (F_QUANT | F_ARRAY_EQ) != 0 {
        None
    } else if features & (F_ARRAY | F_UF) != 0 {
        Some("QF_AUFBV")
    } else {
        Some("QF_BV")
    }
}

/// `d` in whole milliseconds, rounded up, clamped to `1..=u32::MAX`.
fn timeout_ms(d: Duration) -> u32 {
    let ms = d.as_nanos().div_ceil(1_000_000);
    ms.clamp(1, u32::MAX as u128) as u32
}

fn answer_text(r: &SatResult) -> String {
    match r {
        SatResult::Sat(_) => "sat".to_string(),
        SatResult::Unsat => "unsat".to_string(),
        SatResult::Unknown(why) => format!("unknown ({why})"),
    }
}

fn append_answer(path: &Path, r: &SatResult, elapsed: Duration) {
    let res = OpenOptions::new()
        .append(true)
        .open(path)
        .and_then(|mut f| {
            writeln!(f, "; answer: {}", answer_text(r))?;
            writeln!(f, "; time: {:.3} ms", elapsed.as_secs_f64() * 1000.0)
        });
    if let Err(e) = res {
        tracing::warn!("cannot append the answer to {}: {e}", path.display());
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
