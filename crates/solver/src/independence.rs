//! [`IndependenceSolver`]: constraint independence slicing (KLEE style), the
//! outermost layer of the chain.

use crate::vars::{free_vars, Var};
use crate::{SatResult, Solver, SolverStats};
use kappa_expr::{Assignment, Expr};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::time::Instant;

/// Entries of the per-expression variable cache before it is cleared.
const VAR_CACHE_LIMIT: usize = 1 << 18;

/// Drops the constraints that do not transitively share a free symbol or an
/// uninterpreted function with the goal, then asks the inner solver.
///
/// Relies on the [`Solver::check`] contract that the constraints alone are
/// satisfiable: an independent part can then always be satisfied alongside
/// any model of the rest. Consequently a `Sat` model assigns only the symbols
/// of the goal and of the constraints related to it. Other behaviour:
/// - constant-`true` constraints are dropped, a constant-`false` one (a
///   broken caller guarantee) answers `Unsat`; constraints without free
///   variables (closed formulas) are dropped as they must hold;
/// - a constant-`false` goal, or a goal whose negation is one of the kept
///   constraints, answers `Unsat` without asking the inner solver;
/// - a constant-`true` goal asks for a model of the whole path condition:
///   each independent group of constraints is solved separately (so groups
///   are cached individually) and the models are merged.
pub struct IndependenceSolver {
    inner: Box<dyn Solver>,
    vars: FxHashMap<Expr, Rc<[Var]>>,
    stats: SolverStats,
}

impl IndependenceSolver {
    /// Wraps `inner`.
    pub fn new(inner: Box<dyn Solver>) -> Self {
        IndependenceSolver {
            inner,
            vars: FxHashMap::default(),
            stats: SolverStats::default(),
        }
    }

    fn vars_of(&mut self, e: Expr) -> Rc<[Var]> {
        if let Some(v) = self.vars.get(&e) {
            return v.clone();
        }
        if self.vars.len() >= VAR_CACHE_LIMIT {
            self.vars.clear();
        }
        let v: Rc<[Var]> = free_vars(&[e]).into();
        self.vars.insert(e, v.clone());
        v
    }

    fn solve(&mut self, constraints: &[Expr], goal: Expr) -> SatResult {
        if goal.as_bool_const() == Some(false) {
            return SatResult::Unsat;
        }
        // Non-trivial constraints with their variables.
        let mut items: Vec<(Expr, Rc<[Var]>)> = Vec::with_capacity(constraints.len());
        let mut dropped = 0u64;
        for &c in constraints {
            match c.as_bool_const() {
                Some(true) => dropped += 1,
                Some(false) => return SatResult::Unsat,
                None => {
                    let vs = self.vars_of(c);
                    if vs.is_empty() {
                        dropped += 1;
                    } else {
                        items.push((c, vs));
                    }
                }
            }
        }
        let mut uf = UnionFind::default();
        for (_, vs) in &items {
            let first = uf.index(vs[0]);
            for v in &vs[1..] {
                let i = uf.index(*v);
                uf.union(first, i);
            }
        }
        if goal.as_bool_const() == Some(true) {
            self.stats.constraints_dropped += dropped;
            return self.solve_components(&items, &mut uf);
        }
        let goal_roots: Vec<usize> = {
            let gv = self.vars_of(goal);
            let idx: Vec<usize> = gv.iter().filter_map(|v| uf.lookup(*v)).collect();
            let mut r: Vec<usize> = idx.into_iter().map(|i| uf.find(i)).collect();
            r.sort_unstable();
            r.dedup();
            r
        };
        let mut kept = Vec::new();
        for (c, vs) in &items {
            let root = uf.find(uf.lookup(vs[0]).expect("indexed above"));
            if goal_roots.binary_search(&root).is_ok() {
                kept.push(*c);
            } else {
                dropped += 1;
            }
        }
        self.stats.constraints_dropped += dropped;
        // not(not(x)) folds to x, so this catches both `c == !goal` and `goal == !c`
        if kept.contains(&kappa_expr::build::not(goal)) {
            return SatResult::Unsat;
        }
        self.inner.check(&kept, goal)
    }

    fn solve_components(&mut self, items: &[(Expr, Rc<[Var]>)], uf: &mut UnionFind) -> SatResult {
        let mut groups: FxHashMap<usize, Vec<Expr>> = FxHashMap::default();
        let mut order = Vec::new();
        for (c, vs) in items {
            let root = uf.find(uf.lookup(vs[0]).expect("indexed above"));
            groups
                .entry(root)
                .or_insert_with(|| {
                    order.push(root);
                    Vec::new()
                })
                .push(*c);
        }
        let mut model = Assignment::default();
        for root in order {
            let group = &groups[&root];
            match self.inner.check(group, kappa_expr::build::tru()) {
                // only the group's own symbols: an inner layer may return a
                // (recent, re-used) model that assigns other symbols too
                SatResult::Sat(m) => {
                    let (syms, _) = kappa_expr::print::free_symbols(group);
                    for s in syms {
                        if let Some(v) = m.scalars.get(&s) {
                            model.scalars.insert(s, *v);
                        }
                        if let Some(a) = m.arrays.get(&s) {
                            model.arrays.insert(s, a.clone());
                        }
                    }
                }
                other => return other,
            }
        }
        SatResult::Sat(model)
    }
}

impl Solver for IndependenceSolver {
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

/// Union-find over variables, indexed densely per query.
#[derive(Default)]
struct UnionFind {
    index: FxHashMap<Var, usize>,
    parent: Vec<usize>,
}

impl UnionFind {
    fn index(&mut self, v: Var) -> usize {
        let n = self.parent.len();
        let i = *self.index.entry(v).or_insert(n);
        if i == n {
            self.parent.push(n);
        }
        i
    }
    fn lookup(&self, v: Var) -> Option<usize> {
        self.index.get(&v).copied()
    }
    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use kappa_expr::build::*;
    use kappa_expr::{Sort, Symbol, SymbolKind};
    use std::cell::RefCell;

    /// The queries a [`Recorder`] received.
    pub(crate) type QueryLog = Rc<RefCell<Vec<(Vec<Expr>, Expr)>>>;

    /// A fake inner solver recording the queries it receives; answers Sat
    /// with an assignment of 1 to every free symbol.
    pub(crate) struct Recorder {
        pub(crate) log: QueryLog,
    }

    impl Solver for Recorder {
        fn check(&mut self, constraints: &[Expr], goal: Expr) -> SatResult {
            self.log.borrow_mut().push((constraints.to_vec(), goal));
            let mut m = Assignment::default();
            let mut roots = constraints.to_vec();
            roots.push(goal);
            for s in crate::vars::free_syms(&roots) {
                m.set(s, 1);
            }
            SatResult::Sat(m)
        }
        fn stats(&self) -> SolverStats {
            SolverStats::default()
        }
    }

    fn setup() -> (IndependenceSolver, QueryLog) {
        let log = Rc::new(RefCell::new(Vec::new()));
        let s = IndependenceSolver::new(Box::new(Recorder { log: log.clone() }));
        (s, log)
    }

    fn v(name: &str) -> Expr {
        sym(Symbol::fresh(name, Sort::Bv(32), SymbolKind::Input))
    }

    #[test]
    fn drops_unrelated_keeps_transitive() {
        let (mut s, log) = setup();
        let (x, y, z, w) = (v("x"), v("y"), v("z"), v("w"));
        let c1 = ult(x, y); // related through y
        let c2 = eq(y, bv(32, 4)); // related to goal directly
        let c3 = ult(z, w); // unrelated
        let c4 = tru();
        let goal = ugt(y, bv(32, 2));
        assert!(s.check(&[c1, c3, c2, c4], goal).is_sat());
        let (kept, g) = log.borrow()[0].clone();
        assert_eq!(g, goal);
        assert_eq!(kept, vec![c1, c2]);
        let st = s.stats();
        assert_eq!(st.constraints_dropped, 2);
        assert_eq!(st.queries, 1);
    }

    #[test]
    fn goal_without_symbols_and_trivial_goals() {
        let (mut s, log) = setup();
        let (x, k) = (v("x"), Symbol::fresh("k", Sort::Bv(8), SymbolKind::Bound));
        let closed = forall(vec![k], ne(mul(bv(8, 2), sym(k)), bv(8, 3)));
        assert!(s.check(&[ult(x, bv(32, 3))], closed).is_sat());
        assert_eq!(log.borrow()[0].0, Vec::<Expr>::new());
        assert_eq!(s.check(&[ult(x, bv(32, 3))], fls()), SatResult::Unsat);
        let c = ult(x, bv(32, 3));
        assert_eq!(s.check(&[c], not(c)), SatResult::Unsat);
        assert_eq!(log.borrow().len(), 1);
        assert_eq!(s.stats().unsat, 2);
    }

    #[test]
    fn merged_models_keep_each_groups_own_values() {
        // an inner solver whose models also assign symbols outside the query
        // (as a re-used recent model does) with conflicting values
        struct Junk {
            x: Symbol,
            y: Symbol,
        }
        impl Solver for Junk {
            fn check(&mut self, constraints: &[Expr], _goal: Expr) -> SatResult {
                let mut m = Assignment::default();
                let (syms, _) = kappa_expr::print::free_symbols(constraints);
                let has_x = syms.contains(&self.x);
                m.set(self.x, if has_x { 5 } else { 99 });
                m.set(self.y, if has_x { 99 } else { 7 });
                SatResult::Sat(m)
            }
            fn stats(&self) -> SolverStats {
                SolverStats::default()
            }
        }
        let x = Symbol::fresh("x", Sort::Bv(8), SymbolKind::Input);
        let y = Symbol::fresh("y", Sort::Bv(8), SymbolKind::Input);
        let mut s = IndependenceSolver::new(Box::new(Junk { x, y }));
        let pc = [eq(sym(x), bv(8, 5)), eq(sym(y), bv(8, 7))];
        let SatResult::Sat(m) = s.check(&pc, tru()) else {
            panic!("sat expected")
        };
        assert_eq!((m.get(x), m.get(y)), (5, 7));
    }

    #[test]
    fn true_goal_solves_each_group_and_merges() {
        let (mut s, log) = setup();
        let (x, y, z) = (v("x"), v("y"), v("z"));
        let cs = [ult(x, y), ult(z, bv(32, 9)), ult(y, bv(32, 5))];
        let SatResult::Sat(m) = s.check(&cs, tru()) else {
            panic!("expected sat")
        };
        assert_eq!(log.borrow().len(), 2);
        assert_eq!(log.borrow()[0].0, vec![cs[0], cs[2]]);
        assert_eq!(log.borrow()[1].0, vec![cs[1]]);
        assert_eq!(m.scalars.len(), 3);
    }

    #[test]
    fn shared_function_relates_constraints() {
        let (mut s, log) = setup();
        let f = kappa_expr::FuncDecl::new("f", vec![Sort::Bv(32)], Sort::Bv(32));
        let (x, y) = (v("x"), v("y"));
        let c = eq(apply(f, vec![x]), bv(32, 1));
        let goal = eq(apply(f, vec![y]), bv(32, 2));
        s.check(&[c], goal);
        assert_eq!(log.borrow()[0].0, vec![c]);
    }
}
