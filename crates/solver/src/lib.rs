//! The solver crate's public face: the [`Solver`] trait, results, statistics,
//! configuration, [`build_solver`] (the KLEE-style chain) and [`check_model`].
//!
//! A query asks whether `constraints ∧ goal` is satisfiable, where
//! `constraints` is a path condition the caller knows to be satisfiable. The
//! chain built by [`build_solver`] is, from the outside in:
//!
//! 1. [`IndependenceSolver`]: keeps only the constraints that transitively
//!    share symbols (or uninterpreted functions) with the goal;
//! 2. [`CachingSolver`]: exact result cache plus a counterexample cache that
//!    re-tries recent models by concrete evaluation;
//! 3. [`GuessSolver`]: cheap model guessing for queries over few symbols;
//! 4. [`Z3Solver`]: the in-process Z3 SMT solver.
//!
//! `check(pc, tru())` asks for a model of the whole path condition (each
//! independent group of constraints is solved, and cached, separately).
//!
//! Solver trouble never panics: Z3 errors, timeouts and translation failures
//! become [`SatResult::Unknown`] with a reason. All solvers are tied to the
//! thread that created them, like the expressions they take (the expression
//! pool and Z3's default context are both thread-local). Solvers on
//! different threads of one process may run at once: their time limits are
//! enforced by a watchdog thread, not by Z3's process-wide timer pool, and
//! Z3's Ctrl-C handling is off (see [`Z3Solver`] and
//! [`thread_safe_params`]).

#![warn(missing_docs)]

mod cache;
pub mod dump;
pub(crate) mod fpenc;
mod guess;
pub mod horn;
mod independence;
pub mod route;
mod translate;
mod vars;
mod watchdog;
mod z3solver;

#[cfg(test)]
mod difftest;
#[cfg(test)]
mod fpenc_tests;

pub use cache::{CachingSolver, CACHE_LIMIT, RECENT_MODELS};
pub use guess::{GuessSolver, GUESS_BUDGET, GUESS_MAX_NODES, GUESS_MAX_SYMBOLS};
pub use independence::IndependenceSolver;
pub use route::{thread_safe_params, Route, RouteStats, ROUTES};
pub use watchdog::resident_mb;
pub use z3solver::{Z3Solver, DEADLINE_REASON, WATCHDOG_LATENESS, Z3_MIN_MEMORY_MB};

use kappa_expr::{eval, Assignment, Expr, Kind, Sort, Val};
use rustc_hash::{FxHashMap, FxHashSet};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The answer to a satisfiability query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatResult {
    /// Satisfiable, with a model. The model assigns at least every scalar
    /// (boolean/bitvector) symbol occurring in the goal and in the
    /// constraints the answer depended on; array symbols are assigned when
    /// the solver could read their value (see [`Z3Solver`]); interpretations
    /// of uninterpreted functions are never part of the model.
    Sat(Assignment),
    /// Unsatisfiable.
    Unsat,
    /// The solver could not decide; the string says why (e.g. `"timeout"`,
    /// `"canceled"`, `"model check failed"`, or a Z3 reason).
    Unknown(String),
}

impl SatResult {
    /// Whether this is [`SatResult::Sat`].
    pub fn is_sat(&self) -> bool {
        matches!(self, SatResult::Sat(_))
    }
    /// Whether this is [`SatResult::Unsat`].
    pub fn is_unsat(&self) -> bool {
        matches!(self, SatResult::Unsat)
    }
    /// Whether this is [`SatResult::Unknown`].
    pub fn is_unknown(&self) -> bool {
        matches!(self, SatResult::Unknown(_))
    }
    /// The model of a `Sat` answer, `None` otherwise.
    pub fn model(&self) -> Option<&Assignment> {
        match self {
            SatResult::Sat(m) => Some(m),
            _ => None,
        }
    }
}

/// Statistics of a solver chain, as returned by [`Solver::stats`].
///
/// The query-level fields (`queries`, `sat`, `unsat`, `unknown`,
/// `total_time`) describe the calls to the solver whose `stats` was asked
/// (the outermost one of a chain); the other fields are contributed by the
/// layer that owns them and are summed through the chain.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Calls to `check`.
    pub queries: u64,
    /// Answers `Sat`.
    pub sat: u64,
    /// Answers `Unsat`.
    pub unsat: u64,
    /// Answers `Unknown`.
    pub unknown: u64,
    /// Queries answered from the exact result cache.
    pub cache_hits: u64,
    /// Queries answered by re-using a recent model (counterexample cache).
    pub cex_cache_hits: u64,
    /// Queries answered by the model guesser.
    pub guess_hits: u64,
    /// Candidate assignments the model guesser evaluated.
    pub guess_evaluations: u64,
    /// Constraints dropped by independence slicing (summed over queries).
    pub constraints_dropped: u64,
    /// Queries handed to Z3 (`check-sat` calls).
    pub z3_queries: u64,
    /// Queries answered without calling Z3 (`queries - z3_queries`).
    pub answered_without_z3: u64,
    /// Z3 models that failed the concrete re-check (translation bugs).
    pub model_check_failures: u64,
    /// Wall-clock time spent in `check`.
    pub total_time: Duration,
    /// Wall-clock time spent inside Z3 (asserting, checking, reading models).
    pub z3_time: Duration,
    /// Z3 calls per [`Route`] (indexed by [`Route::index`]); a query
    /// retried on the general solver counts on both routes.
    pub routes: [RouteStats; ROUTES.len()],
}

impl SolverStats {
    /// Counts one answered query that took `elapsed`.
    pub(crate) fn record(&mut self, r: &SatResult, elapsed: Duration) {
        self.queries += 1;
        match r {
            SatResult::Sat(_) => self.sat += 1,
            SatResult::Unsat => self.unsat += 1,
            SatResult::Unknown(_) => self.unknown += 1,
        }
        self.total_time += elapsed;
    }

    /// Counts one Z3 call on `route` that answered `r` after `elapsed`.
    pub(crate) fn count_route(&mut self, route: Route, r: &SatResult, elapsed: Duration) {
        let s = &mut self.routes[route.index()];
        s.queries += 1;
        s.unknown += u64::from(r.is_unknown());
        s.time += elapsed;
    }

    /// Combines the statistics `own` of a wrapping layer with those of its
    /// inner solver: query-level fields come from `own` (the wrapper sees
    /// every query), layer-specific counters are summed.
    pub(crate) fn layered(own: &SolverStats, inner: SolverStats) -> SolverStats {
        let mut s = SolverStats {
            queries: own.queries,
            sat: own.sat,
            unsat: own.unsat,
            unknown: own.unknown,
            cache_hits: inner.cache_hits + own.cache_hits,
            cex_cache_hits: inner.cex_cache_hits + own.cex_cache_hits,
            guess_hits: inner.guess_hits + own.guess_hits,
            guess_evaluations: inner.guess_evaluations + own.guess_evaluations,
            constraints_dropped: inner.constraints_dropped + own.constraints_dropped,
            z3_queries: inner.z3_queries + own.z3_queries,
            answered_without_z3: 0,
            model_check_failures: inner.model_check_failures + own.model_check_failures,
            total_time: own.total_time,
            z3_time: inner.z3_time + own.z3_time,
            routes: std::array::from_fn(|i| RouteStats {
                queries: inner.routes[i].queries + own.routes[i].queries,
                unknown: inner.routes[i].unknown + own.routes[i].unknown,
                time: inner.routes[i].time + own.routes[i].time,
            }),
        };
        s.answered_without_z3 = s.queries.saturating_sub(s.z3_queries);
        s
    }
}

/// A satisfiability checker for conjunctions of boolean expressions.
pub trait Solver {
    /// Is the conjunction of `constraints` and `goal` satisfiable?
    /// `constraints` is a path condition known to be satisfiable (callers
    /// guarantee it; independence slicing relies on it); `goal` is a boolean
    /// expression. On `Sat` returns a model assigning at least every symbol
    /// occurring in the constraints the answer depended on and in `goal`
    /// (see [`SatResult::Sat`] for arrays and uninterpreted functions).
    /// Never panics on solver trouble: it answers `Unknown(reason)`.
    fn check(&mut self, constraints: &[Expr], goal: Expr) -> SatResult;
    /// Statistics since creation, aggregated over the whole chain below this
    /// solver (see [`SolverStats`]).
    fn stats(&self) -> SolverStats;
    /// Caps the time limit of the following Z3 calls at `cap` (`None`: no
    /// cap, the configured per-query timeout). Layers pass it down. Default:
    /// ignored (solvers without time limits).
    fn set_query_cap(&mut self, cap: Option<std::time::Duration>) {
        let _ = cap;
    }
}

/// Configuration of the chain built by [`build_solver`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// Time limit per query handed to Z3 (default 10 s). Rounded up to whole
    /// milliseconds, at least 1 ms; limits above `u32::MAX` ms are clamped.
    pub timeout: Duration,
    /// When set (`--dump-queries`), every query that reaches Z3 is written to
    /// `query-NNNNN.smt2` in this directory (created if missing) as its
    /// route's solver gets it, followed by comments with the answer, time
    /// and route (see [`dump`]). Default `None`.
    pub dump_dir: Option<PathBuf>,
    /// Whether to include the [`CachingSolver`] (default `true`).
    pub cache: bool,
    /// Whether to include the [`IndependenceSolver`] (default `true`).
    pub independence: bool,
    /// An instant no Z3 call may run past (default `None`): each call gets
    /// at most the time left, one still running then is interrupted (see
    /// [`Z3Solver`]), and from then on queries that reach Z3 answer
    /// `Unknown(DEADLINE_REASON)` at once.
    pub deadline: Option<Instant>,
    /// Resident memory limit in MiB (default `None`): a Z3 call running
    /// while the process exceeds it is interrupted (`Unknown("memory
    /// limit ...")`), and Z3's process-wide `memory_max_size` is set to it.
    pub memory_limit_mb: Option<u64>,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            timeout: Duration::from_secs(10),
            dump_dir: None,
            cache: true,
            independence: true,
            deadline: None,
            memory_limit_mb: None,
        }
    }
}

/// Builds the solver chain for `cfg`: [`IndependenceSolver`] (if
/// `cfg.independence`) → [`CachingSolver`] (if `cfg.cache`) →
/// [`GuessSolver`] → [`Z3Solver`]. The result uses Z3's thread-local context
/// and must stay on the creating thread (it is not `Send`).
pub fn build_solver(cfg: &SolverConfig) -> Box<dyn Solver> {
    let mut s: Box<dyn Solver> = Box::new(Z3Solver::new(cfg));
    s = Box::new(GuessSolver::new(s));
    if cfg.cache {
        s = Box::new(CachingSolver::new(s));
    }
    if cfg.independence {
        s = Box::new(IndependenceSolver::new(s));
    }
    s
}

/// Deepest expression handed to [`kappa_expr::eval()`], which recurses once
/// per level and would overflow the stack (an abort, not a panic) on deeper
/// ones: in debug builds that happens from about 400 levels on a 2 MiB
/// thread stack. Deeper queries are simply not evaluated (no counterexample
/// cache hit, no guessing, no debug model check).
pub const EVAL_MAX_DEPTH: u32 = if cfg!(debug_assertions) { 150 } else { 1500 };

/// Entries of a depth memo before it is cleared (bounds memory).
const DEPTH_MEMO_LIMIT: usize = 1 << 20;

/// The largest depth (nodes on the longest root-to-leaf path) of `roots`,
/// memoized per node in `memo`. Iterative.
pub(crate) fn max_depth(roots: &[Expr], memo: &mut FxHashMap<Expr, u32>) -> u32 {
    if memo.len() > DEPTH_MEMO_LIMIT {
        memo.clear();
    }
    let mut deepest = 0;
    for &root in roots {
        let mut stack = vec![(root, false)];
        while let Some((e, ready)) = stack.pop() {
            if memo.contains_key(&e) {
                continue;
            }
            let ch = e.kind().children();
            if ready {
                let d = 1 + ch.iter().map(|c| memo[c]).max().unwrap_or(0);
                memo.insert(e, d);
            } else {
                stack.push((e, true));
                stack.extend(
                    ch.into_iter()
                        .filter(|c| !memo.contains_key(c))
                        .map(|c| (c, false)),
                );
            }
        }
        deepest = deepest.max(memo[&root]);
    }
    deepest
}

/// Whether every root is shallow enough for [`kappa_expr::eval()`].
pub(crate) fn evaluable(roots: &[Expr], memo: &mut FxHashMap<Expr, u32>) -> bool {
    max_depth(roots, memo) <= EVAL_MAX_DEPTH
}

/// Whether `model` satisfies every constraint and the goal: true iff each of
/// them evaluates to `true` with [`kappa_expr::eval()`] (unassigned symbols
/// count as 0). Expressions that cannot be evaluated concretely
/// (quantifiers, uninterpreted functions, or deeper than
/// [`EVAL_MAX_DEPTH`]) make the answer `false`.
pub fn check_model(constraints: &[Expr], goal: Expr, model: &Assignment) -> bool {
    let mut roots = constraints.to_vec();
    roots.push(goal);
    evaluable(&roots, &mut FxHashMap::default()) && holds(&roots, model)
}

/// Whether every root evaluates to true (callers check [`evaluable`]).
pub(crate) fn holds(roots: &[Expr], model: &Assignment) -> bool {
    roots
        .iter()
        .all(|&e| matches!(eval(e, model), Some(Val::Bool(true))))
}

/// Whether `model` definitely violates the query: some constraint or the
/// goal evaluates to `false`. Expressions that cannot be evaluated are
/// skipped (they can neither confirm nor refute the model), and so are
/// expressions deeper than [`EVAL_MAX_DEPTH`] and expressions comparing
/// arrays: `kappa_expr::eval` compares array values structurally (default
/// plus entries), not extensionally, so equal arrays with different
/// representations would look different.
pub(crate) fn model_refutes(
    constraints: &[Expr],
    goal: Expr,
    model: &Assignment,
    memo: &mut FxHashMap<Expr, u32>,
) -> bool {
    constraints.iter().chain(std::iter::once(&goal)).any(|&e| {
        evaluable(&[e], memo)
            && matches!(eval(e, model), Some(Val::Bool(false)))
            && !compares_arrays(e)
    })
}

/// Whether `e` contains an equality between arrays.
fn compares_arrays(e: Expr) -> bool {
    let mut seen = FxHashSet::default();
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        let kind = x.kind();
        if let Kind::Eq(a, _) = kind {
            if matches!(a.sort(), Sort::Array { .. }) {
                return true;
            }
        }
        stack.extend(kind.children());
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::build::*;
    use kappa_expr::{Sort, Symbol, SymbolKind};

    fn bv_sym(name: &str, w: u32) -> (Symbol, Expr) {
        let s = Symbol::fresh(name, Sort::Bv(w), SymbolKind::Input);
        (s, sym(s))
    }

    #[test]
    fn check_model_evaluates_everything() {
        let (xs, x) = bv_sym("x", 8);
        let mut m = Assignment::default();
        m.set(xs, 7);
        assert!(check_model(&[ult(x, bv(8, 10))], eq(x, bv(8, 7)), &m));
        assert!(!check_model(&[ult(x, bv(8, 5))], eq(x, bv(8, 7)), &m));
        assert!(!check_model(&[], eq(x, bv(8, 8)), &m));
        assert!(!model_refutes(
            &[],
            eq(x, bv(8, 7)),
            &m,
            &mut FxHashMap::default()
        ));
        assert!(model_refutes(
            &[ult(x, bv(8, 5))],
            tru(),
            &m,
            &mut FxHashMap::default()
        ));
    }

    #[test]
    fn array_equalities_are_not_refuted_structurally() {
        // eval compares arrays structurally: store(const(255), 17, 255) and
        // const(255) are the same array but evaluate as different.
        let a = Symbol::fresh("a", Sort::Array { index: 8, elem: 8 }, SymbolKind::Input);
        let e = eq(
            store(const_array(8, bv(8, 255)), bv(8, 17), bv(8, 255)),
            sym(a),
        );
        let mut m = Assignment::default();
        m.arrays.insert(
            a,
            std::rc::Rc::new(kappa_expr::eval::ArrVal {
                default: 255,
                ..Default::default()
            }),
        );
        assert!(!model_refutes(&[e], tru(), &m, &mut FxHashMap::default()));
        let (xs, x) = bv_sym("x", 8);
        m.set(xs, 1);
        assert!(model_refutes(
            &[e],
            eq(x, bv(8, 2)),
            &m,
            &mut FxHashMap::default()
        ));
    }

    #[test]
    fn check_model_rejects_unevaluable() {
        let (k, ke) = bv_sym("k", 8);
        let q = forall(vec![k], ne(mul(bv(8, 2), ke), bv(8, 3)));
        let m = Assignment::default();
        assert!(!check_model(&[], q, &m));
        assert!(!model_refutes(&[], q, &m, &mut FxHashMap::default()));
    }

    #[test]
    fn stats_layering_overrides_query_fields() {
        let inner = SolverStats {
            queries: 3,
            sat: 3,
            z3_queries: 3,
            guess_hits: 1,
            ..Default::default()
        };
        let own = SolverStats {
            queries: 5,
            sat: 4,
            unsat: 1,
            cache_hits: 2,
            ..Default::default()
        };
        let s = SolverStats::layered(&own, inner);
        assert_eq!((s.queries, s.sat, s.unsat), (5, 4, 1));
        assert_eq!((s.cache_hits, s.guess_hits, s.z3_queries), (2, 1, 3));
        assert_eq!(s.answered_without_z3, 2);
    }

    #[test]
    fn deep_expressions_are_not_evaluated() {
        let (xs, x) = bv_sym("x", 32);
        let mut e = x;
        for i in 0..5000u128 {
            e = bin(kappa_expr::BvOp::Xor, e, bv(32, i * 7 + 3));
            e = mul(e, x);
        }
        let mut memo = FxHashMap::default();
        assert_eq!(max_depth(&[e], &mut memo), 10_001);
        assert_eq!(max_depth(&[x, add(x, bv(32, 1))], &mut memo), 2);
        let mut m = Assignment::default();
        m.set(xs, 3);
        // would overflow the stack inside kappa_expr::eval if evaluated
        assert!(!check_model(&[], eq(e, bv(32, 5)), &m));
        assert!(!model_refutes(&[], eq(e, bv(32, 5)), &m, &mut memo));
    }

    #[test]
    fn default_config() {
        let c = SolverConfig::default();
        assert_eq!(c.timeout, Duration::from_secs(10));
        assert!(c.cache && c.independence && c.dump_dir.is_none());
    }
}
