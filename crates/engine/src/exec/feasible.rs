//! Feasibility of path conditions: slicing by shared symbols, solver checks,
//! adding constraints (keeping the strongest constant bound per term) and
//! discharging undefined-behaviour obligations.

use super::{Feas, Obligation};
use crate::state::{BoundKind, IdxList, State};
use crate::Engine;
use crate::Failure;
use kappa_expr::build::{self as b};
use kappa_expr::{Assignment, Expr, Sort, Symbol};
use kappa_ir::SrcLoc;
use kappa_solver::SatResult;
use rustc_hash::FxHashSet;
use std::rc::Rc;

/// Entries of the engine's expression → free-symbols cache before it is
/// cleared (bounds memory; the cache only saves work).
const SYM_CACHE_LIMIT: usize = 1 << 16;

impl Engine<'_> {
    /// The free symbols of `e` (cached).
    pub(crate) fn symbols_of(&mut self, e: Expr) -> Rc<Vec<Symbol>> {
        if let Some(s) = self.sym_cache.get(&e) {
            return s.clone();
        }
        let (syms, _) = kappa_expr::print::free_symbols(&[e]);
        let v: Rc<Vec<Symbol>> = Rc::new(syms.into_iter().collect());
        if self.sym_cache.len() >= SYM_CACHE_LIMIT {
            self.sym_cache.clear();
        }
        self.sym_cache.insert(e, v.clone());
        v
    }

    /// The constraints of `st.pc` that share symbols (transitively) with
    /// `goal`, in path order, and those symbols. Walks the state's symbol
    /// index, so the cost is proportional to the slice, not to the path.
    pub(crate) fn slice(&mut self, st: &State, goal: Expr) -> (Vec<Expr>, FxHashSet<Symbol>) {
        let todo: Vec<Symbol> = self.symbols_of(goal).to_vec();
        self.slice_from(st, todo)
    }

    /// The constraints of `st`'s path condition connected to the symbols
    /// `todo` (transitively), in path order, and the symbols reached.
    pub(crate) fn slice_from(
        &mut self,
        st: &State,
        mut todo: Vec<Symbol>,
    ) -> (Vec<Expr>, FxHashSet<Symbol>) {
        let mut syms: FxHashSet<Symbol> = FxHashSet::default();
        let mut idxs: Vec<usize> = vec![];
        let mut seen_idx: FxHashSet<usize> = FxHashSet::default();
        while let Some(s) = todo.pop() {
            if !syms.insert(s) {
                continue;
            }
            if let Some(list) = st.sym_index.get(&s) {
                for i in list.iter() {
                    if seen_idx.insert(i) {
                        idxs.push(i);
                        todo.extend(self.symbols_of(st.pc[i]).iter().copied());
                    }
                }
            }
        }
        idxs.sort_unstable();
        (idxs.into_iter().map(|i| st.pc[i]).collect(), syms)
    }

    /// Is `pc ∧ c` satisfiable?
    pub(crate) fn feasible(&mut self, st: &State, c: Expr) -> Feas {
        match c.as_bool_const() {
            Some(true) => return Feas::Sat(None),
            Some(false) => return Feas::Unsat,
            None => {}
        }
        if !st.witness_unchecked && kappa_expr::eval::eval_bool(c, &st.witness) == Some(true) {
            return Feas::Sat(None);
        }
        let (slice, syms) = self.slice(st, c);
        // compact execution: a model of a quantifier-free instance is a real
        // model, and much cheaper to find than one of the quantified query
        // (the witness of such a state is not used, so none is merged)
        if st.witness_unchecked {
            if self.rescue_check(&slice, c).is_some() {
                self.count_rescued();
                return Feas::Sat(None);
            }
            // and an unsatisfiable quantifier-free relaxation is a proof
            if self.relaxation_unsat(&slice, c) {
                self.count_rescued();
                return Feas::Unsat;
            }
        }
        match self.solver.check(&slice, c) {
            SatResult::Sat(model) => {
                let mut syms: Vec<Symbol> = syms.into_iter().collect();
                syms.sort();
                Feas::Sat(Some((syms, model)))
            }
            SatResult::Unsat => Feas::Unsat,
            SatResult::Unknown(r) => Feas::Unknown(r),
        }
    }

    /// Adds `c` (known feasible, with the model from [`Self::feasible`]) to the path condition.
    pub(crate) fn constrain(st: &mut State, c: Expr, model: Option<(Vec<Symbol>, Assignment)>) {
        if c.as_bool_const() == Some(true) {
            return;
        }
        if let Some((syms, m)) = model {
            for s in syms {
                if matches!(s.sort(), Sort::Bool | Sort::Bv(_)) {
                    let v = m.get(s);
                    st.witness.set(s, v);
                } else if let Some(v) = m.arrays.get(&s) {
                    // uninitialised contents of objects of symbolic size
                    st.witness.arrays.insert(s, v.clone());
                }
            }
        }
        // keep only the strongest constant bound per term
        if let Some((term, kind, bound)) = as_bound(c) {
            let w = term.width();
            if let Some(&(idx, old)) = st.bounds.get(&(term, kind)) {
                if !stronger(kind, w, bound, old) {
                    return; // implied by the bound already in pc
                }
                // the weaker bound's slot becomes `true`; the symbol index may
                // keep listing it (slicing a `true` is harmless)
                st.pc.set(idx, b::tru());
            }
            st.bounds.insert((term, kind), (st.pc.len(), bound));
        }
        let idx = st.pc.len();
        st.pc.push_back(c);
        Self::index_constraint(st, c, idx);
    }

    /// Adds `pc[idx] = c` to the state's symbol index.
    fn index_constraint(st: &mut State, c: Expr, idx: usize) {
        let (syms, _) = kappa_expr::print::free_symbols(&[c]);
        for s in syms {
            let list = st.sym_index.get(&s).map(|l| l.push(idx));
            st.sym_index
                .insert(s, list.unwrap_or_else(|| IdxList::default().push(idx)));
        }
    }

    /// Checks undefined-behaviour obligations: a feasible violation is a
    /// failed leaf; execution continues under the obligations. Returns false
    /// when the path cannot continue.
    pub(super) fn discharge(
        &mut self,
        st: &mut State,
        ob: Vec<Obligation>,
        src: Option<SrcLoc>,
    ) -> bool {
        for o in ob {
            if o.cond.as_bool_const() == Some(true) {
                continue;
            }
            let at = self.module.describe(src);
            match self.feasible(st, b::not(o.cond)) {
                Feas::Unsat => continue,
                Feas::Sat(_) => self.record_failed(Failure::PossibleUb(format!(
                    "possible undefined behaviour: {} at {at}",
                    o.what
                ))),
                Feas::Unknown(r) => self.record_failed(Failure::Solver(format!(
                    "solver {r} deciding {} at {at}",
                    o.what
                ))),
            }
            match self.feasible(st, o.cond) {
                Feas::Sat(m) => Self::constrain(st, o.cond, m),
                _ => return false,
            }
        }
        true
    }
}

/// `c` as a constant bound on a term: `(term, kind, bound)`, normalised to
/// `t >= L` or `t <= U` (`None` for other shapes).
fn as_bound(c: Expr) -> Option<(Expr, BoundKind, u128)> {
    use kappa_expr::Kind;
    let (neg, inner) = match c.kind() {
        Kind::Not(x) => (true, x),
        _ => (false, c),
    };
    let (strict, signed, a, b) = match inner.kind() {
        Kind::Ult(a, b) => (true, false, a, b),
        Kind::Ule(a, b) => (false, false, a, b),
        Kind::Slt(a, b) => (true, true, a, b),
        Kind::Sle(a, b) => (false, true, a, b),
        _ => return None,
    };
    let w = a.width();
    let m = kappa_expr::mask(w);
    // rewrite to: const REL t  or  t REL const, then apply the negation
    let (konst, term, const_left) = match (a.as_bv_const(), b.as_bv_const()) {
        (Some(k), None) => (k, b, true),
        (None, Some(k)) => (k, a, false),
        _ => return None,
    };
    // lower: t > k (strict) or t >= k; upper: t < k or t <= k
    let (lower, strict) = match (const_left, neg) {
        (true, false) => (true, strict),   // k < t, k <= t
        (false, false) => (false, strict), // t < k, t <= k
        (true, true) => (false, !strict),  // !(k < t) = t <= k; !(k <= t) = t < k
        (false, true) => (true, !strict),  // !(t < k) = t >= k; !(t <= k) = t > k
    };
    let to_s = |v: u128| kappa_expr::to_signed(v, w);
    let bound = if !strict {
        konst
    } else if lower {
        // t > k  ->  t >= k + 1 (no overflow: the simplifier folds t > max to false)
        if (!signed && konst == m) || (signed && to_s(konst) == to_s(m >> 1)) {
            return None;
        }
        konst.wrapping_add(1) & m
    } else {
        if (!signed && konst == 0) || (signed && konst == (m >> 1) + 1) {
            return None;
        }
        konst.wrapping_sub(1) & m
    };
    let kind = match (lower, signed) {
        (true, false) => BoundKind::ULower,
        (false, false) => BoundKind::UUpper,
        (true, true) => BoundKind::SLower,
        (false, true) => BoundKind::SUpper,
    };
    Some((term, kind, bound))
}

/// Whether bound `new` of `kind` is at least as strong as `old` (width `w`).
fn stronger(kind: BoundKind, w: u32, new: u128, old: u128) -> bool {
    let s = |v: u128| kappa_expr::to_signed(v, w);
    match kind {
        BoundKind::ULower => new >= old,
        BoundKind::UUpper => new <= old,
        BoundKind::SLower => s(new) >= s(old),
        BoundKind::SUpper => s(new) <= s(old),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::dummy_state;
    use kappa_expr::{eval, Assignment, SymbolKind};

    #[test]
    fn bounds_are_exact_normalisations() {
        let xs = Symbol::fresh("x", Sort::Bv(8), SymbolKind::Input);
        let x = b::sym(xs);
        let mut checked = 0;
        for k in 0..256u128 {
            let c = b::bv(8, k);
            let shapes = [
                b::ult(c, x),
                b::ule(c, x),
                b::ult(x, c),
                b::ule(x, c),
                b::slt(c, x),
                b::sle(c, x),
                b::slt(x, c),
                b::sle(x, c),
            ];
            for shape in shapes {
                for e in [shape, b::not(shape)] {
                    let Some((t, kind, bound)) = as_bound(e) else {
                        continue;
                    };
                    assert_eq!(t, x);
                    for xv in 0..256u128 {
                        let mut a = Assignment::default();
                        a.set(xs, xv);
                        let want = eval(e, &a).unwrap().truth();
                        let s = |v: u128| kappa_expr::to_signed(v, 8);
                        let got = match kind {
                            BoundKind::ULower => xv >= bound,
                            BoundKind::UUpper => xv <= bound,
                            BoundKind::SLower => s(xv) >= s(bound),
                            BoundKind::SUpper => s(xv) <= s(bound),
                        };
                        assert_eq!(got, want, "{e} as {kind:?} {bound} at x={xv}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 3000, "only {checked} shapes normalised");
    }

    #[test]
    fn weaker_bounds_are_dropped_from_the_path_condition() {
        let xs = Symbol::fresh("n", Sort::Bv(32), SymbolKind::Input);
        let n = b::sym(xs);
        let mut st = dummy_state();
        for k in 0..10u128 {
            Engine::constrain(&mut st, b::ult(b::bv(32, k), n), None);
        }
        Engine::constrain(&mut st, b::ult(b::bv(32, 3), n), None);
        let live: Vec<Expr> = st.pc.iter().copied().filter(|c| !c.is_const()).collect();
        assert_eq!(live, vec![b::ult(b::bv(32, 9), n)]);
        // an unrelated upper bound is kept alongside
        Engine::constrain(&mut st, b::ult(n, b::bv(32, 100)), None);
        assert_eq!(st.pc.iter().filter(|c| !c.is_const()).count(), 2);
    }
}
