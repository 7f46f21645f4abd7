//! Relaxed queries: unsigned remainders and quotients (whose bit-blasted
//! dividers make Z3 slow on otherwise easy consecution queries) replaced
//! by fresh symbols constrained only by their range facts, an
//! over-approximation; a model of the relaxed query that does not satisfy
//! the exact one sends the exact query to the solver.
//!
//! Soundness: the exact query `q` is `q'[r := t]` for the relaxed `q'`,
//! and every fact added for `r` holds of `t` (`x %u y ≤u x`,
//! `y ≠ 0 ⇒ x %u y <u y`, ... in SMT-LIB's total semantics, where
//! `x %u 0 = x` and `x /u 0 = ~0`), so a model of `q` is a model of the
//! relaxed query: `unsat` of the relaxed query is `unsat` of `q`. A `sat`
//! answer is returned only with a model that satisfies `q` itself
//! (evaluated concretely); otherwise (or on `unknown`) `q` is asked as is.
//! Remainders and quotients by a power of two are rewritten exactly
//! (bit extraction), without a symbol.

use kappa_expr::build as b;
use kappa_expr::eval::eval_bool;
use kappa_expr::{BvOp, Expr, Kind, Symbol, SymbolKind};
use kappa_solver::{SatResult, Solver};
use rustc_hash::FxHashMap;

/// `q` with every unsigned remainder and quotient by a non-power-of-two
/// replaced by a fresh symbol, conjoined with the symbols' range facts;
/// `None` when `q` has none (powers of two are rewritten exactly either
/// way, so the relaxed query is also returned when only they occur).
pub fn relax(q: Expr) -> Option<Expr> {
    let mut r = Relaxer::default();
    let e = r.go(q);
    (e != q).then(|| b::and_all(std::iter::once(e).chain(r.facts)))
}

#[derive(Default)]
struct Relaxer {
    memo: FxHashMap<Expr, Expr>,
    facts: Vec<Expr>,
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
        let s = b::sym(Symbol::fresh(
            if op == BvOp::URem { "rem" } else { "quot" },
            kappa_expr::Sort::Bv(w),
            SymbolKind::Fresh,
        ));
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
    fn powers_of_two_are_exact_and_the_facts_hold_of_the_exact_values() {
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
        // the facts of a relaxed x % y and x / y hold with the exact values
        for op in [BvOp::URem, BvOp::UDiv] {
            let mut rx = Relaxer::default();
            let s = rx.go(b::bin(op, x, y));
            let Kind::Sym(ss) = s.kind() else { panic!() };
            for (vx, vy) in [(0, 0), (7, 0), (7, 3), (255, 254), (3, 7), (200, 1)] {
                let mut a = Assignment::default();
                a.set(sx, vx);
                a.set(sy, vy);
                let exact = eval(b::bin(op, x, y), &a).unwrap().bits();
                a.set(ss, exact);
                for f in &rx.facts {
                    assert_eq!(eval_bool(*f, &a), Some(true), "{op:?} {vx} {vy}: {f}");
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
}
