//! [`CachingSolver`]: the exact query cache and the counterexample (recent
//! model) cache.

use crate::vars::free_syms;
use crate::{evaluable, holds, SatResult, Solver, SolverStats};
use kappa_expr::eval::ArrVal;
use kappa_expr::{Assignment, Expr, Sort};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Instant;

/// How many recent `Sat` models the counterexample cache re-tries.
pub const RECENT_MODELS: usize = 16;
/// Entries of the exact cache before it is cleared (bounds memory).
pub const CACHE_LIMIT: usize = 1 << 16;

type Key = (Box<[u64]>, u64);

/// Answers repeated queries from a cache and tries recent models before
/// asking the inner solver.
///
/// - Exact cache: keyed by the sorted, deduplicated constraint ids and the
///   goal id (expressions are hash-consed, so equal queries have equal keys;
///   constraint order and duplicates do not matter). `Sat` (with its model)
///   and `Unsat` answers are cached; `Unknown` is not (a retry may succeed).
///   The cache is cleared when it reaches [`CACHE_LIMIT`] entries.
/// - Counterexample cache: the [`RECENT_MODELS`] most recent `Sat` models
///   are evaluated on the query like [`crate::check_model`] does (unassigned symbols
///   count as 0); the first that satisfies everything answers `Sat` without
///   asking the inner solver. The returned model is completed with explicit
///   zeros (empty arrays) for the query's symbols it did not assign.
///   Queries with quantifiers or uninterpreted functions, or deeper than
///   [`crate::EVAL_MAX_DEPTH`], never hit.
pub struct CachingSolver {
    inner: Box<dyn Solver>,
    results: FxHashMap<Key, SatResult>,
    recent: VecDeque<Rc<Assignment>>,
    depths: FxHashMap<Expr, u32>,
    stats: SolverStats,
}

impl CachingSolver {
    /// Wraps `inner` with empty caches.
    pub fn new(inner: Box<dyn Solver>) -> Self {
        CachingSolver {
            inner,
            results: FxHashMap::default(),
            recent: VecDeque::with_capacity(RECENT_MODELS),
            depths: FxHashMap::default(),
            stats: SolverStats::default(),
        }
    }

    fn remember(&mut self, key: Key, r: &SatResult) {
        if r.is_unknown() {
            return;
        }
        if self.results.len() >= CACHE_LIMIT {
            self.results.clear();
        }
        self.results.insert(key, r.clone());
    }

    fn solve(&mut self, constraints: &[Expr], goal: Expr) -> SatResult {
        let mut ids: Vec<u64> = constraints.iter().map(|c| c.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        let key: Key = (ids.into_boxed_slice(), goal.id());
        if let Some(r) = self.results.get(&key) {
            self.stats.cache_hits += 1;
            return r.clone();
        }
        let mut roots = constraints.to_vec();
        roots.push(goal);
        if self.depths.len() >= CACHE_LIMIT {
            self.depths.clear();
        }
        let hit = if !self.recent.is_empty() && evaluable(&roots, &mut self.depths) {
            self.recent.iter().find(|m| holds(&roots, m)).cloned()
        } else {
            None
        };
        if let Some(m) = hit {
            self.stats.cex_cache_hits += 1;
            let r = SatResult::Sat(complete(&m, constraints, goal));
            self.remember(key, &r);
            return r;
        }
        let r = self.inner.check(constraints, goal);
        if let SatResult::Sat(m) = &r {
            if self.recent.len() == RECENT_MODELS {
                self.recent.pop_back();
            }
            self.recent.push_front(Rc::new(m.clone()));
        }
        self.remember(key, &r);
        r
    }
}

/// `m` plus explicit default values for the query's symbols it lacks.
fn complete(m: &Assignment, constraints: &[Expr], goal: Expr) -> Assignment {
    let mut out = m.clone();
    let mut roots = constraints.to_vec();
    roots.push(goal);
    for s in free_syms(&roots) {
        match s.sort() {
            Sort::Bool | Sort::Bv(_) => {
                out.scalars.entry(s).or_insert(0);
            }
            Sort::Array { .. } => {
                out.arrays
                    .entry(s)
                    .or_insert_with(|| Rc::new(ArrVal::default()));
            }
        }
    }
    out
}

impl Solver for CachingSolver {
    fn check(&mut self, constraints: &[Expr], goal: Expr) -> SatResult {
        let start = Instant::now();
        let r = self.solve(constraints, goal);
        self.stats.record(&r, start.elapsed());
        r
    }

    fn set_query_cap(&mut self, cap: Option<std::time::Duration>) {
        self.inner.set_query_cap(cap);
    }

    fn stats(&self) -> SolverStats {
        SolverStats::layered(&self.stats, self.inner.stats())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::independence::tests::{QueryLog, Recorder};
    use kappa_expr::build::*;
    use kappa_expr::{Symbol, SymbolKind};
    use std::cell::RefCell;

    fn setup() -> (CachingSolver, QueryLog) {
        let log = Rc::new(RefCell::new(Vec::new()));
        (
            CachingSolver::new(Box::new(Recorder { log: log.clone() })),
            log,
        )
    }

    fn v(name: &str) -> (Symbol, Expr) {
        let s = Symbol::fresh(name, Sort::Bv(16), SymbolKind::Input);
        (s, sym(s))
    }

    #[test]
    fn exact_hits_ignore_order_and_duplicates() {
        let (mut s, log) = setup();
        let (_, x) = v("x");
        let (_, y) = v("y");
        let (c1, c2) = (ugt(x, bv(16, 100)), ugt(y, bv(16, 200)));
        let goal = ult(add(x, y), bv(16, 50));
        // Recorder's model (x = y = 1) does not satisfy c1, so no cex hit.
        let r1 = s.check(&[c1, c2], goal);
        let r2 = s.check(&[c2, c1, c2], goal);
        assert_eq!(r1, r2);
        assert_eq!(log.borrow().len(), 1);
        let st = s.stats();
        assert_eq!((st.queries, st.cache_hits, st.cex_cache_hits), (2, 1, 0));
    }

    #[test]
    fn recent_model_answers_new_query() {
        let (mut s, log) = setup();
        let (xs, x) = v("x");
        let (ys, y) = v("y");
        assert!(s.check(&[], eq(x, bv(16, 1))).is_sat()); // model x = 1
                                                          // x = 1 satisfies this different query; y is unassigned (0) and completed.
        let r = s.check(&[ult(x, bv(16, 5))], ule(y, x));
        let m = r.model().expect("sat").clone();
        assert_eq!(log.borrow().len(), 1);
        assert_eq!(s.stats().cex_cache_hits, 1);
        assert_eq!(m.scalars.get(&xs), Some(&1));
        assert_eq!(m.scalars.get(&ys), Some(&0));
        // a query the model does not satisfy goes to the inner solver
        s.check(&[], eq(x, bv(16, 7)));
        assert_eq!(log.borrow().len(), 2);
    }
}
