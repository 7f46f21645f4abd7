//! Query routing: which Z3 solver configuration answers a query ([`Route`]),
//! how each one is built and checked (shared by [`crate::Z3Solver`] and the
//! replay benchmark through [`RouteRunner`]), and per-route statistics.
//!
//! The routes and the rule that picks one were chosen by measurement (the
//! `kappa-bench -- --solver` replay of the queries of the test programs,
//! in-process against a fresh standalone solver, see the bench crate):
//!
//! - Z3's long-lived incremental solver (its SMT core, `check-sat` under
//!   assumption literals) wins on tiny queries, where building a fresh
//!   solver costs more than solving, and on long conjunctions of
//!   comparisons and sums that share their prefix with the query before;
//!   on division, non-linear arithmetic, if-then-else trees of reads at
//!   symbolic offsets and shifts by symbolic amounts it is 10-100x slower
//!   than bit-blasting;
//! - a fresh `QF_BV` solver (Z3's `qfbv` tactic: simplify, solve-eqs,
//!   bit-blast, SAT) for every other quantifier-free bitvector query;
//! - a fresh `QF_AUFBV` solver for arrays and uninterpreted functions;
//! - Z3's general solver for quantifiers and array equalities.

use std::hash::Hash;
use std::time::Duration;

use rustc_hash::FxHashMap;

/// The Z3 configuration a query is sent to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Route {
    /// The long-lived incremental solver: each assertion is asserted once
    /// as `guard => assertion` and the query is `check-sat` under the
    /// guards of its assertions.
    Incremental,
    /// A fresh solver for `QF_BV` (Z3's `qfbv` tactic, bit-blasting).
    Bv,
    /// A fresh solver for `QF_AUFBV` (arrays, uninterpreted functions).
    Arrays,
    /// A fresh general solver (quantifiers, array equalities).
    General,
}

/// All routes, in [`Route::index`] order.
pub const ROUTES: [Route; 4] = [Route::Incremental, Route::Bv, Route::Arrays, Route::General];

impl Route {
    /// Short name (`incremental`, `qf_bv`, `qf_aufbv`, `general`), used in
    /// statistics, dumps and the benchmark.
    pub fn name(self) -> &'static str {
        match self {
            Route::Incremental => "incremental",
            Route::Bv => "qf_bv",
            Route::Arrays => "qf_aufbv",
            Route::General => "general",
        }
    }

    /// The route named `s` (inverse of [`Route::name`]).
    pub fn parse(s: &str) -> Option<Route> {
        ROUTES.into_iter().find(|r| r.name() == s)
    }

    /// Position in [`ROUTES`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The SMT-LIB logic of the route's solver (`ALL` for the general one).
    pub fn logic(self) -> &'static str {
        match self {
            Route::Incremental | Route::Bv => "QF_BV",
            Route::Arrays => "QF_AUFBV",
            Route::General => "ALL",
        }
    }

    /// The solver parameters kappa sets on this route besides `timeout`,
    /// as `(name, value)` (written into dumps as `set-option`).
    pub fn params(self) -> &'static [(&'static str, &'static str)] {
        // none yet on any route: Z3's defaults (MBQI on for the general
        // solver) were not beaten by the settings tried
        let _ = self;
        &[]
    }

    /// A fresh solver of this route, with Z3's `timeout` parameter set to
    /// `timeout_ms` when given (see [`crate::Z3Solver`] for why kappa's own
    /// solver gives none: Z3 4.8.12's timer is not safe with several Z3
    /// threads in a process) (not for
    /// [`Route::Incremental`], which is long-lived: see [`Incremental`]).
    pub fn fresh_solver(self, timeout_ms: Option<u32>) -> z3::Solver {
        let solver = match self {
            Route::Incremental | Route::Bv => z3::Solver::new_for_logic("QF_BV"),
            Route::Arrays => z3::Solver::new_for_logic("QF_AUFBV"),
            Route::General => None,
        }
        .unwrap_or_else(z3::Solver::new);
        let mut params = thread_safe_params();
        if let Some(ms) = timeout_ms {
            params.set_u32("timeout", ms);
        }
        for (k, v) in self.params() {
            match *v {
                "true" | "false" => params.set_bool(*k, *v == "true"),
                n => params.set_u32(*k, n.parse().unwrap_or(0)),
            }
        }
        solver.set_params(&params);
        solver
    }
}

/// Solver parameters for a process with Z3 calls on several threads:
/// `ctrl_c` off. With it on (Z3 4.8.12's default) every `check` installs
/// a SIGINT handler and points a process-wide variable at an object on
/// the calling thread's stack, then restores both; two threads doing so at
/// once leave that variable pointing into a finished call's stack frame
/// (seen by helgrind under `tests/engine_stress.rs`), which Z3 follows on
/// the next SIGINT.
pub fn thread_safe_params() -> z3::Params {
    let mut p = z3::Params::new();
    p.set_bool("ctrl_c", false);
    p
}

/// Largest query (summed [`QueryShape::nodes`]) of any shape sent to the
/// incremental solver.
pub const INCREMENTAL_MAX_NODES: usize = 400;

/// Largest *light, shared* query sent to the incremental solver: at most
/// one node in [`HEAVY_SHARE`] is [`QueryShape::heavy`], and the solver
/// already holds all but [`INCREMENTAL_MAX_NODES`] of its nodes
/// ([`QueryShape::fresh`]). Path conditions of constraint-style programs
/// (hundreds of comparisons and sums of small integers, each query the
/// previous path condition plus a branch) are such queries; the
/// incremental solver, which keeps the shared prefix asserted, answers
/// them in 1-4 ms where a fresh `qfbv` solver takes 5-10 ms (measured on
/// crates/bench/programs/constraints: `guarded_unsat.c` explores 1 983
/// paths in 20 s instead of 615 when these go to `qf_bv`). Queries dominated by
/// reads at symbolic offsets (if-then-else trees) or shifts by symbolic
/// amounts stay on `qf_bv`: the incremental core took 0.5-2 s on those
/// (tests/compact/store_reverse_true.c, linear_search.c); so do large new
/// queries (256 pinned 16- to 128-bit sums: 2-10 s there, 20 ms on
/// `qf_bv`).
pub const INCREMENTAL_MAX_LIGHT_NODES: usize = 5_000;

/// See [`INCREMENTAL_MAX_LIGHT_NODES`].
pub const HEAVY_SHARE: usize = 16;

/// What the routing rule looks at in a query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueryShape {
    /// Distinct expression nodes of the query (bounded count).
    pub nodes: usize,
    /// Whether some multiplication, division or remainder has a
    /// non-constant operand (besides multiplication by a constant, which
    /// is linear).
    pub nonlinear: bool,
    /// Whether some division or remainder occurs (even by a constant: the
    /// SMT core handles them through a multiplication circuit).
    pub division: bool,
    /// Nodes that are costly for Z3's incremental core on large queries:
    /// if-then-else of bitvector sort with a non-constant branch (reads at
    /// symbolic offsets are trees of them; `b ? 1 : 0` is not counted),
    /// shifts by a non-constant amount, multiplications.
    pub heavy: usize,
    /// Nodes of the assertions the incremental solver does not hold yet
    /// (all of them when it is empty): what a check there must add.
    pub fresh: usize,
}

/// The route for a query with the translation feature bits `features`
/// (see `translate::F_*`) and shape `shape`: the incremental solver only
/// for queries without division or non-linear arithmetic that are small
/// or light (see [`INCREMENTAL_MAX_LIGHT_NODES`]), a fresh logic-specific
/// solver otherwise, the general solver for quantifiers, array
/// equalities and floating point.
pub(crate) fn route_for(features: u8, shape: QueryShape) -> Route {
    use crate::translate::{F_ARRAY, F_ARRAY_EQ, F_FP, F_QUANT, F_UF};
    if features & (F_QUANT | F_ARRAY_EQ | F_FP) != 0 {
        Route::General
    } else if features & (F_ARRAY | F_UF) != 0 {
        Route::Arrays
    } else if !shape.nonlinear
        && !shape.division
        && (shape.nodes <= INCREMENTAL_MAX_NODES
            || (shape.nodes <= INCREMENTAL_MAX_LIGHT_NODES
                && shape.fresh <= INCREMENTAL_MAX_NODES
                && shape.heavy * HEAVY_SHARE <= shape.nodes))
    {
        Route::Incremental
    } else {
        Route::Bv
    }
}

/// Guarded assertions after which the incremental solver is rebuilt.
const MAX_GUARDS: usize = 4_000;
/// Total nodes (summed over guarded assertions) after which the incremental
/// solver is rebuilt: old constraints slow every later check.
const MAX_GUARDED_NODES: usize = 20_000;

/// The long-lived incremental solver with its guard literals, keyed by
/// `K` (kappa expressions in [`crate::Z3Solver`], Z3 terms in the replay).
pub struct Incremental<K> {
    solver: Option<z3::Solver>,
    guards: FxHashMap<K, z3::ast::Bool>,
    nodes: usize,
    timeout_ms: Option<u32>,
}

impl<K: Hash + Eq + Clone> Incremental<K> {
    /// An empty incremental solver whose parameters (set once, at
    /// creation: changing them costs about as much as an easy query) carry
    /// the time limit `timeout_ms` when given (Z3's `timeout`, see
    /// [`Route::fresh_solver`]); nearer limits, or all of them without
    /// one, are left to the caller's watchdog.
    pub fn new(timeout_ms: Option<u32>) -> Self {
        Incremental {
            solver: None,
            guards: FxHashMap::default(),
            nodes: 0,
            timeout_ms,
        }
    }

    /// Whether the solver holds the assertion keyed `k` (under a guard).
    pub fn holds(&self, k: &K) -> bool {
        self.solver.is_some() && self.guards.contains_key(k)
    }

    /// Forgets the solver (after an interrupt, which may leave state behind).
    pub fn reset(&mut self) {
        self.solver = None;
    }

    /// `check-sat` of the conjunction of `items` (key, translation, node
    /// count) under their guards; returns Z3's answer and the solver (for
    /// the model or the reason).
    pub fn check(&mut self, items: &[(K, z3::ast::Bool, usize)]) -> (z3::SatResult, &z3::Solver) {
        if self.guards.len() > MAX_GUARDS || self.nodes > MAX_GUARDED_NODES {
            self.solver = None;
        }
        if self.solver.is_none() {
            self.guards.clear();
            self.nodes = 0;
        }
        let timeout_ms = self.timeout_ms;
        let solver = self.solver.get_or_insert_with(|| {
            let s = z3::Solver::new();
            let mut params = thread_safe_params();
            if let Some(ms) = timeout_ms {
                params.set_u32("timeout", ms);
            }
            s.set_params(&params);
            s
        });
        let mut lits = Vec::with_capacity(items.len());
        for (k, a, n) in items {
            let lit = self.guards.entry(k.clone()).or_insert_with(|| {
                self.nodes += n;
                let g = z3::ast::Bool::fresh_const("g");
                solver.assert(g.implies(a));
                g
            });
            lits.push(lit.clone());
        }
        let r = solver.check_assumptions(&lits);
        (r, solver)
    }
}

/// Runs queries given as Z3 assertions through a [`Route`], the way
/// [`crate::Z3Solver`] does (the replay benchmark's in-process side, one
/// thread, limited by Z3's own `timeout` as it has no watchdog): one
/// [`Incremental`] solver for the whole sequence, fresh solvers otherwise.
pub struct RouteRunner {
    incremental: Incremental<z3::ast::Bool>,
    timeout_ms: u32,
}

impl RouteRunner {
    /// A runner whose queries get `timeout` each.
    pub fn new(timeout: Duration) -> Self {
        let ms = crate::z3solver::timeout_ms(timeout);
        RouteRunner {
            incremental: Incremental::new(Some(ms)),
            timeout_ms: ms,
        }
    }

    /// Checks the conjunction of `assertions` on `route`: `Some(true)` sat,
    /// `Some(false)` unsat, `None` unknown.
    pub fn check(&mut self, route: Route, assertions: &[z3::ast::Bool]) -> Option<bool> {
        let r = if route == Route::Incremental {
            let items: Vec<_> = assertions
                .iter()
                .map(|a| (a.clone(), a.clone(), 1))
                .collect();
            let r = self.incremental.check(&items).0;
            if r == z3::SatResult::Unknown {
                self.incremental.reset();
            }
            r
        } else {
            let s = route.fresh_solver(Some(self.timeout_ms));
            for a in assertions {
                s.assert(a);
            }
            s.check()
        };
        match r {
            z3::SatResult::Sat => Some(true),
            z3::SatResult::Unsat => Some(false),
            z3::SatResult::Unknown => None,
        }
    }
}

/// Queries and time of one route (see [`crate::SolverStats::routes`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RouteStats {
    /// Z3 calls on the route.
    pub queries: u64,
    /// Of them, answered `Unknown`.
    pub unknown: u64,
    /// Wall-clock time of the calls.
    pub time: Duration,
}
