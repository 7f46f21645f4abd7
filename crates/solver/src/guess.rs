//! [`GuessSolver`]: cheap model guessing by concrete evaluation before Z3.

use crate::{evaluable, holds, SatResult, Solver, SolverStats};
use kappa_expr::{mask, Assignment, Expr, Kind, Sort, Symbol};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// Queries with more free symbols than this are not guessed.
pub const GUESS_MAX_SYMBOLS: usize = 3;
/// Candidate assignments evaluated per query at most.
pub const GUESS_BUDGET: usize = 200;
/// Queries whose expression DAG has more nodes than this are not guessed
/// (evaluation would cost more than it saves).
pub const GUESS_MAX_NODES: usize = 5000;

/// Tries a few likely assignments on small queries before asking the inner
/// solver; never answers `Unsat`.
///
/// Applies when the query (constraints and goal) has at most
/// [`GUESS_MAX_SYMBOLS`] free symbols, all boolean or bitvector, and contains
/// no arrays, quantifiers or uninterpreted functions, and is at most
/// [`GUESS_MAX_NODES`] nodes and [`crate::EVAL_MAX_DEPTH`] levels big.
/// Candidate values of a
/// `w`-bit symbol are 0, 1, all-ones and `c`, `c+1`, `c-1` (mod 2^w) for each
/// `w`-bit constant `c` of the query; booleans try 0 and 1. Combinations are
/// enumerated by increasing largest candidate index (so every symbol varies
/// early), at most [`GUESS_BUDGET`] of them. The first assignment under which
/// the goal and every constraint evaluate to true answers `Sat`; it assigns
/// every free symbol of the query.
pub struct GuessSolver {
    inner: Box<dyn Solver>,
    stats: SolverStats,
}

impl GuessSolver {
    /// Wraps `inner`.
    pub fn new(inner: Box<dyn Solver>) -> Self {
        GuessSolver {
            inner,
            stats: SolverStats::default(),
        }
    }

    fn guess(&mut self, constraints: &[Expr], goal: Expr) -> Option<Assignment> {
        let (syms, consts) = scan(constraints, goal)?;
        let mut roots = constraints.to_vec();
        roots.push(goal);
        if !evaluable(&roots, &mut FxHashMap::default()) {
            return None;
        }
        let cands: Vec<Vec<u128>> = syms.iter().map(|s| candidates(s.sort(), &consts)).collect();
        // the goal first: it is the most likely to fail
        roots.rotate_right(1);
        let holds = |a: &Assignment| holds(&roots, a);
        let max_len = cands.iter().map(Vec::len).max().unwrap_or(1);
        let mut budget = GUESS_BUDGET;
        for level in 0..max_len {
            // odometer over indices <= level, keeping tuples whose max is `level`
            let tops: Vec<usize> = cands.iter().map(|c| level.min(c.len() - 1)).collect();
            if !tops.contains(&level) && !cands.is_empty() {
                continue;
            }
            let mut idx = vec![0usize; cands.len()];
            loop {
                if cands.is_empty() || idx.contains(&level) {
                    if budget == 0 {
                        return None;
                    }
                    budget -= 1;
                    self.stats.guess_evaluations += 1;
                    let mut a = Assignment::default();
                    for ((s, c), &i) in syms.iter().zip(&cands).zip(&idx) {
                        a.set(*s, c[i]);
                    }
                    if holds(&a) {
                        return Some(a);
                    }
                }
                // advance the odometer
                let mut k = 0;
                loop {
                    if k == idx.len() {
                        break;
                    }
                    if idx[k] < tops[k] {
                        idx[k] += 1;
                        break;
                    }
                    idx[k] = 0;
                    k += 1;
                }
                if k == idx.len() {
                    break;
                }
            }
        }
        None
    }
}

/// Bitvector constants of a query, by width.
type Consts = BTreeMap<u32, BTreeSet<u128>>;

/// Free symbols and bitvector constants of the query, or `None` when it is
/// not eligible for guessing.
fn scan(constraints: &[Expr], goal: Expr) -> Option<(Vec<Symbol>, Consts)> {
    let mut seen: FxHashSet<Expr> = FxHashSet::default();
    let mut stack: Vec<Expr> = constraints.to_vec();
    stack.push(goal);
    let mut syms = BTreeSet::new();
    let mut consts: Consts = BTreeMap::new();
    while let Some(e) = stack.pop() {
        if !seen.insert(e) {
            continue;
        }
        if seen.len() > GUESS_MAX_NODES {
            return None;
        }
        let kind = e.kind();
        match &kind {
            Kind::Sym(s) => {
                if matches!(s.sort(), Sort::Array { .. }) {
                    return None;
                }
                syms.insert(*s);
                if syms.len() > GUESS_MAX_SYMBOLS {
                    return None;
                }
            }
            Kind::BvConst { width, value } => {
                consts.entry(*width).or_default().insert(*value);
            }
            Kind::Select(..)
            | Kind::Store(..)
            | Kind::ConstArray { .. }
            | Kind::Apply(..)
            | Kind::Forall(..)
            | Kind::Exists(..) => return None,
            _ => {}
        }
        stack.extend(kind.children());
    }
    Some((syms.into_iter().collect(), consts))
}

fn candidates(sort: Sort, consts: &Consts) -> Vec<u128> {
    let w = match sort {
        Sort::Bv(w) => w,
        _ => return vec![0, 1],
    };
    let m = mask(w);
    let mut out = vec![0, 1 & m, m];
    for &c in consts.get(&w).into_iter().flatten() {
        out.extend([c, c.wrapping_add(1) & m, c.wrapping_sub(1) & m]);
    }
    let mut seen = FxHashSet::default();
    out.retain(|v| seen.insert(*v));
    out
}

impl Solver for GuessSolver {
    fn check(&mut self, constraints: &[Expr], goal: Expr) -> SatResult {
        let start = Instant::now();
        let r = match self.guess(constraints, goal) {
            Some(a) => {
                self.stats.guess_hits += 1;
                SatResult::Sat(a)
            }
            None => self.inner.check(constraints, goal),
        };
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
    use kappa_expr::SymbolKind;
    use std::cell::RefCell;
    use std::rc::Rc;

    fn setup() -> (GuessSolver, QueryLog) {
        let log = Rc::new(RefCell::new(Vec::new()));
        (
            GuessSolver::new(Box::new(Recorder { log: log.clone() })),
            log,
        )
    }

    fn v(name: &str, w: u32) -> (Symbol, Expr) {
        let s = Symbol::fresh(name, Sort::Bv(w), SymbolKind::Input);
        (s, sym(s))
    }

    #[test]
    fn guesses_constants_and_neighbours() {
        let (mut s, log) = setup();
        let (xs, x) = v("x", 32);
        let (ys, y) = v("y", 32);
        let (bs, b) = {
            let s = Symbol::fresh("b", Sort::Bool, SymbolKind::Input);
            (s, sym(s))
        };
        let goal = and(eq(x, bv(32, 42)), and(ugt(y, bv(32, 1000)), b));
        let r = s.check(&[ult(y, bv(32, 1002))], goal);
        let m = r.model().expect("guessed").clone();
        assert!(log.borrow().is_empty());
        assert_eq!((m.get(xs), m.get(ys), m.get(bs)), (42, 1001, 1));
        assert_eq!(s.stats().guess_hits, 1);
    }

    #[test]
    fn gives_up_and_delegates() {
        let (mut s, log) = setup();
        let (_, x) = v("x", 32);
        let (_, y) = v("y", 32);
        // x * y == 12345 with x, y > 1000: no candidate combination works
        let goal = and(
            eq(mul(x, y), bv(32, 12345)),
            and(ugt(x, bv(32, 1000)), ugt(y, bv(32, 1000))),
        );
        s.check(&[], goal);
        assert_eq!(log.borrow().len(), 1);
        let st = s.stats();
        assert_eq!(st.guess_hits, 0);
        assert!(st.guess_evaluations > 0 && st.guess_evaluations <= GUESS_BUDGET as u64);
    }

    #[test]
    fn ineligible_queries_are_not_guessed() {
        let (mut s, log) = setup();
        let vs: Vec<Expr> = (0..4).map(|i| v(&format!("v{i}"), 8).1).collect();
        let goal = eq(add(add(vs[0], vs[1]), add(vs[2], vs[3])), bv(8, 0));
        s.check(&[], goal);
        let arr = sym(Symbol::fresh(
            "a",
            Sort::Array { index: 8, elem: 8 },
            SymbolKind::Input,
        ));
        s.check(&[], eq(select(arr, vs[0]), bv(8, 0)));
        assert_eq!(log.borrow().len(), 2);
        assert_eq!(s.stats().guess_evaluations, 0);
    }

    #[test]
    fn candidate_lists() {
        let mut consts = BTreeMap::new();
        consts.insert(8u32, BTreeSet::from([0u128, 200]));
        consts.insert(16u32, BTreeSet::from([7u128]));
        assert_eq!(
            candidates(Sort::Bv(8), &consts),
            vec![0, 1, 255, 200, 201, 199]
        );
        assert_eq!(candidates(Sort::Bv(1), &consts), vec![0, 1]);
        assert_eq!(candidates(Sort::Bool, &consts), vec![0, 1]);
    }
}
