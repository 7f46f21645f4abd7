//! Queries without divider circuits: unsigned remainders and quotients
//! (whose bit-blasted dividers make Z3 slow on otherwise easy consecution
//! queries) are replaced by fresh symbols. By a nonzero constant `c` the
//! replacement is exact: `x = q·c + r` without wrap-around (`q·c ≤ x`,
//! `q ≤ ⌊(2^w−1)/c⌋`) and `r < c` define the quotient `q` and remainder
//! `r` uniquely (Euclidean division), with a multiplication by a constant
//! instead of a divider. By a power of two it is a bit extraction. By a
//! variable it is a relaxation, an over-approximation constrained only by
//! range facts; a model of the relaxed query that does not satisfy the
//! exact one sends the exact query to the solver.
//!
//!
//! Products of two non-constant terms (after [`crate::poly`]'s normal form,
//! the monomials of polynomial invariants such as `s == a·a + 2·a + 1`)
//! are replaced by fresh symbols too, one per distinct product, with no
//! fact: a relaxation that leaves the consecution query of a polynomial
//! invariant linear over its monomials, which is how most of them are
//! proved (the same monomials on both sides), without multiplier circuits.
//!
//! Soundness: the exact query `q` is `q'[s := t]` for the rewritten `q'`,
//! and every fact added for the symbols `s` holds of the terms `t` (in
//! SMT-LIB's total semantics, where `x %u 0 = x` and `x /u 0 = ~0`), so a
//! model of `q` is a model of the rewritten query: `unsat` of the
//! rewritten query is `unsat` of `q`. A `sat` answer is returned only with
//! a model that satisfies `q` itself (evaluated concretely); otherwise
//! (or on `unknown`) `q` is asked as is.

use kappa_expr::build as b;
use kappa_expr::eval::eval_bool;
use kappa_expr::{BvOp, Expr, Kind, Symbol, SymbolKind};
use kappa_solver::{SatResult, Solver};
use rustc_hash::FxHashMap;

/// `q` with every unsigned remainder and quotient and every product of
/// non-constants replaced (see the module doc), conjoined with the facts
/// of the fresh symbols; `None` when `q` has none.
pub fn relax(q: Expr) -> Option<Expr> {
    let mut r = Relaxer::default();
    let e = r.go(q);
    (e != q).then(|| b::and_all(std::iter::once(e).chain(r.facts)))
}

#[derive(Default)]
struct Relaxer {
    memo: FxHashMap<Expr, Expr>,
    facts: Vec<Expr>,
    /// Each fresh symbol with the term it stands for (over the rewritten
    /// operands).
    defs: Vec<(Symbol, Expr)>,
}

impl Relaxer {
    fn go(&mut self, e: Expr) -> Expr {
        if let Some(r) = self.memo.get(&e) {
            return *r;
        }
        let kind = e.kind();
        let ch: Vec<Expr> = kind.children().into_iter().map(|c| self.go(c)).collect();
        let r = match kind {
            Kind::Bin(op @ (BvOp::URem | BvOp::UDiv), ..) => self.division(op, ch[0], ch[1]),
            Kind::Bin(BvOp::Mul, ..) if !ch[0].is_const() && !ch[1].is_const() => {
                let s = Symbol::fresh("prod", kappa_expr::Sort::Bv(e.width()), SymbolKind::Fresh);
                let t = b::mul(ch[0], ch[1]);
                self.defs.push((s, t));
                b::sym(s)
            }
            Kind::Forall(..) | Kind::Exists(..) => e,
            k => b::rebuild(&k, &ch),
        };
        self.memo.insert(e, r);
        r
    }

    /// `x op y` (unsigned remainder or quotient) relaxed.
    fn division(&mut self, op: BvOp, x: Expr, y: Expr) -> Expr {
        let w = x.width();
        if let Some(c) = y.as_bv_const() {
            if c.is_power_of_two() {
                let k = c.trailing_zeros();
                return match (op, k) {
                    (BvOp::URem, 0) => b::bv(w, 0),
                    (_, 0) => x,
                    (BvOp::URem, k) => b::zext(b::extract(k - 1, 0, x), w),
                    (_, k) => b::zext(b::extract(w - 1, k, x), w),
                };
            }
        }
        let mut fresh = |op: BvOp| {
            let name = if op == BvOp::URem { "rem" } else { "quot" };
            let s = Symbol::fresh(name, kappa_expr::Sort::Bv(w), SymbolKind::Fresh);
            self.defs.push((s, b::bin(op, x, y)));
            b::sym(s)
        };
        if let Some(c) = y.as_bv_const().filter(|c| *c != 0) {
            let (q, r) = (fresh(BvOp::UDiv), fresh(BvOp::URem));
            let qc = b::mul(q, y);
            self.facts
                .push(b::ule(q, b::bv(w, kappa_expr::mask(w) / c)));
            self.facts.push(b::ule(qc, x));
            self.facts.push(b::ult(r, y));
            self.facts.push(b::eq(x, b::add(qc, r)));
            return if op == BvOp::URem { r } else { q };
        }
        let s = fresh(op);
        let zero = b::eq(y, b::bv(w, 0));
        if op == BvOp::URem {
            self.facts.push(b::ule(s, x));
            self.facts.push(b::or(zero, b::ult(s, y)));
        } else {
            self.facts.push(b::ite(
                zero,
                b::eq(s, b::bv(w, kappa_expr::mask(w))),
                b::ule(s, x),
            ));
        }
        s
    }
}

/// Asks `solver` whether `q` is satisfiable, the relaxed query first (see
/// the module doc): the answer is `q`'s, and a model satisfies `q`.
pub fn solve(solver: &mut impl Solver, q: Expr) -> SatResult {
    let Some(relaxed) = relax(q) else {
        return solver.check(&[], q);
    };
    match solver.check(&[], relaxed) {
        SatResult::Unsat => SatResult::Unsat,
        SatResult::Sat(m) if eval_bool(q, &m) == Some(true) => SatResult::Sat(m),
        _ => solver.check(&[], q),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::eval::{eval, Assignment};
    use kappa_expr::Sort;

    fn var(n: &str) -> (Symbol, Expr) {
        let s = Symbol::fresh(n, Sort::Bv(8), SymbolKind::Fresh);
        (s, b::sym(s))
    }

    #[test]
    fn powers_of_two_are_exact_constant_divisors_unique_and_facts_hold() {
        let (sx, x) = var("x");
        let (sy, y) = var("y");
        for (op, d) in [
            (BvOp::URem, b::bv(8, 8)),
            (BvOp::UDiv, b::bv(8, 4)),
            (BvOp::URem, b::bv(8, 1)),
            (BvOp::UDiv, b::bv(8, 1)),
        ] {
            let t = b::bin(op, x, d);
            let r = Relaxer::default().go(t);
            for v in 0..=255u128 {
                let mut a = Assignment::default();
                a.set(sx, v);
                assert_eq!(eval(t, &a), eval(r, &a), "{op:?} {d} at {v}");
            }
        }
        // the facts hold with the exact values, and by a nonzero constant
        // they define them: no other value of the symbols satisfies them
        for (op, d) in [
            (BvOp::URem, y),
            (BvOp::UDiv, y),
            (BvOp::URem, b::bv(8, 3)),
            (BvOp::UDiv, b::bv(8, 3)),
            (BvOp::URem, b::bv(8, 255)),
            (BvOp::UDiv, b::bv(8, 7)),
        ] {
            let mut rx = Relaxer::default();
            rx.go(b::bin(op, x, d));
            let facts = b::and_all(rx.facts.iter().copied());
            for (vx, vy) in [
                (0, 0),
                (7, 0),
                (7, 3),
                (255, 254),
                (3, 7),
                (200, 1),
                (255, 3),
            ] {
                let mut a = Assignment::default();
                a.set(sx, vx);
                a.set(sy, vy);
                for (s, t) in &rx.defs {
                    let v = eval(*t, &a).unwrap().bits();
                    a.set(*s, v);
                }
                assert_eq!(eval_bool(facts, &a), Some(true), "{op:?} {vx} {vy}");
                if d.is_const() && [0, 1, 2, 254, 255].contains(&vx) {
                    let [(s1, _), (s2, _)] = rx.defs[..] else {
                        panic!("{:?}", rx.defs)
                    };
                    for (o1, o2) in (0..=255u128).flat_map(|i| (0..=255u128).map(move |j| (i, j))) {
                        if (o1, o2) != (a.get(s1), a.get(s2)) {
                            let mut other = a.clone();
                            other.set(s1, o1);
                            other.set(s2, o2);
                            assert_eq!(eval_bool(facts, &other), Some(false), "{op:?} {d} {vx}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn relaxed_unsat_and_refined_sat_agree_with_the_exact_query() {
        let (_, x) = var("x");
        let mut solver = crate::check::fresh_solver(std::time::Duration::from_secs(5), None);
        // x % 3 < 3: the negation is unsat already relaxed
        let q = b::not(b::ult(b::bin(BvOp::URem, x, b::bv(8, 3)), b::bv(8, 3)));
        assert!(relax(q).is_some());
        assert!(matches!(solve(&mut solver, q), SatResult::Unsat));
        // x % 3 == 2 with x == 5 is sat; the relaxed query has spurious
        // models (rem == 2 for any x >= 2), the answer's model is exact
        let q = b::and(
            b::eq(b::bin(BvOp::URem, x, b::bv(8, 3)), b::bv(8, 2)),
            b::ule(x, b::bv(8, 5)),
        );
        let SatResult::Sat(m) = solve(&mut solver, q) else {
            panic!()
        };
        assert_eq!(eval_bool(q, &m), Some(true));
        // x % 3 == 1 and x == 3: relaxed sat (rem is free), exact unsat
        let q = b::and(
            b::eq(b::bin(BvOp::URem, x, b::bv(8, 3)), b::bv(8, 1)),
            b::eq(x, b::bv(8, 3)),
        );
        assert!(matches!(solve(&mut solver, q), SatResult::Unsat));
    }

    #[test]
    fn products_are_relaxed_without_losing_exactness() {
        let (_, x) = var("x");
        let (_, y) = var("y");
        let mut solver = crate::check::fresh_solver(std::time::Duration::from_secs(5), None);
        // the same monomial on both sides: unsat relaxed
        let xy = b::mul(x, y);
        let q = b::and(
            b::eq(xy, b::bv(8, 6)),
            b::not(b::eq(b::add(xy, x), b::add(b::bv(8, 6), x))),
        );
        assert!(relax(q).is_some());
        assert!(matches!(solve(&mut solver, q), SatResult::Unsat));
        // x*x == 4 and x == 3: the relaxed query is sat (the product is
        // free), the exact one is not
        let q = b::and(b::eq(b::mul(x, x), b::bv(8, 4)), b::eq(x, b::bv(8, 3)));
        assert!(matches!(solve(&mut solver, q), SatResult::Unsat));
        // x*y == 12 with x == 3: sat, with an exact model
        let q = b::and(b::eq(xy, b::bv(8, 12)), b::eq(x, b::bv(8, 3)));
        let SatResult::Sat(m) = solve(&mut solver, q) else {
            panic!()
        };
        assert_eq!(eval_bool(q, &m), Some(true));
    }
}
