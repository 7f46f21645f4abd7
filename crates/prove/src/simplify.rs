//! Shorter invariants to show (`--invariants`, JSON, witnesses): the
//! top-level conjuncts of a checked invariant without those implied by
//! the others, decided exactly (bit-vector semantics) in a fresh Z3
//! solver, so the conjunction shown is equivalent to the one checked.
//!
//! Conjuncts come in tiers (0, 1, 2: e.g. over source variables in scope
//! at a loop keyword, over a `for` loop's own variables too, over
//! registers without a source variable): a conjunct is dropped only when
//! the kept conjuncts of its tier and lower ones imply it, so every prefix
//! of tiers keeps its meaning, and a reader that drops the higher tiers
//! (a witness) loses nothing a dropped lower-tier conjunct said.

use crate::check::fresh_solver;
use kappa_expr::build as b;
use kappa_expr::{Expr, Kind};
use kappa_solver::{SatResult, Solver};
use std::time::{Duration, Instant};

/// The top-level conjuncts of `e` (nested `&&` flattened), without
/// repetitions, in order; `true` has none.
pub fn conjuncts(e: Expr) -> Vec<Expr> {
    fn walk(e: Expr, out: &mut Vec<Expr>) {
        match e.kind() {
            Kind::And(a, x) => {
                walk(a, out);
                walk(x, out);
            }
            Kind::BoolConst(true) => {}
            _ if out.contains(&e) => {}
            _ => out.push(e),
        }
    }
    let mut out = vec![];
    walk(e, &mut out);
    out
}

/// The conjuncts of `parts` to keep, in their order: each part is
/// `(conjunct, printed length, tier)`. A part is dropped when the parts
/// still kept of its tier and lower ones imply it, lower tiers first and
/// within a tier the longest first, equalities last; a query the solver does not answer
/// `unsat` (time, `deadline`) keeps the part. For every tier `t`, the
/// conjunction of the kept parts of tier `t` or lower is equivalent to
/// that of the given parts of tier `t` or lower.
pub fn irredundant(parts: &[(Expr, usize, u8)], deadline: Option<Instant>) -> Vec<Expr> {
    let mut keep = vec![true; parts.len()];
    let mut solver = fresh_solver(Duration::from_secs(1), deadline);
    let mut tiers: Vec<u8> = parts.iter().map(|p| p.2).collect();
    tiers.sort_unstable();
    tiers.dedup();
    for tier in tiers {
        let mut order: Vec<usize> = (0..parts.len()).filter(|&i| parts[i].2 == tier).collect();
        // equalities last: `x == y` reads better than `x <= y && y <= x`
        order.sort_by_key(|&i| {
            let eq = matches!(parts[i].0.kind(), Kind::Eq(..));
            (eq, std::cmp::Reverse(parts[i].1))
        });
        for i in order {
            let premises: Vec<Expr> = (0..parts.len())
                .filter(|&k| k != i && keep[k] && parts[k].2 <= tier)
                .map(|k| parts[k].0)
                .collect();
            if premises.is_empty() {
                continue;
            }
            let query = b::and(b::and_all(premises), b::not(parts[i].0));
            if matches!(solver.check(&[], query), SatResult::Unsat) {
                keep[i] = false;
            }
        }
    }
    (0..parts.len())
        .filter(|&i| keep[i])
        .map(|i| parts[i].0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::{Sort, Symbol, SymbolKind};

    fn var(n: &str) -> Expr {
        b::sym(Symbol::fresh(n, Sort::Bv(32), SymbolKind::Fresh))
    }

    #[test]
    fn implied_bounds_go_and_the_result_is_equivalent() {
        let k = var("k");
        let x = var("x");
        let ule = |a, c: u32| b::ule(a, b::bv(32, c as u128));
        let sle = |a, c: u32| b::sle(a, b::bv(32, c as u128));
        // (unsigned)k <= 20u, (int)k <= 20, (unsigned)k <= 10u, (int)k <= 10
        let parts = [
            (ule(k, 20), 18, 0),
            (sle(k, 20), 14, 0),
            (ule(k, 10), 18, 0),
            (sle(k, 10), 14, 0),
            (ule(x, 7), 18, 0),
        ];
        let kept = irredundant(&parts, None);
        assert_eq!(kept, vec![ule(k, 10), ule(x, 7)]);
        // a signed bound alone does not imply the unsigned one (k < 0)
        let kept = irredundant(&[(sle(k, 10), 14, 0), (ule(k, 10), 18, 0)], None);
        assert_eq!(kept, vec![ule(k, 10)]);
        let kept = irredundant(&[(sle(k, 10), 14, 0), (ule(k, 20), 18, 0)], None);
        assert_eq!(kept.len(), 2);
        // an equality stays, the two bounds it implies go
        let parts = [
            (b::ule(k, x), 8, 0),
            (b::ule(x, k), 8, 0),
            (b::eq(k, x), 6, 0),
        ];
        assert_eq!(irredundant(&parts, None), vec![b::eq(k, x)]);
    }

    #[test]
    fn a_source_part_stays_unless_source_parts_imply_it() {
        let k = var("k");
        let r = var("r");
        let c5 = b::bv(32, 5);
        // %r == 5 and k == %r imply k <= 5, but both name %r
        let parts = [
            (b::eq(r, c5), 10, 2),
            (b::eq(k, r), 10, 2),
            (b::ule(k, c5), 10, 0),
        ];
        let kept = irredundant(&parts, None);
        assert!(kept.contains(&b::ule(k, c5)), "{kept:?}");
        assert_eq!(kept.len(), 3);
        // tier 0 is not dropped for tier 1 (a for loop's own j: k == j
        // and j <= 3 imply k <= 5), tier 1 is for tier 0
        let j = var("j");
        let parts = [
            (b::ule(k, c5), 10, 0),
            (b::eq(k, j), 10, 1),
            (b::ule(j, b::bv(32, 3)), 10, 1),
        ];
        assert_eq!(irredundant(&parts, None).len(), 3);
        let parts = [(b::ule(k, c5), 10, 0), (b::ule(k, b::bv(32, 9)), 10, 1)];
        assert_eq!(irredundant(&parts, None), vec![b::ule(k, c5)]);
        assert_eq!(
            conjuncts(b::and(b::and(parts[0].0, parts[1].0), parts[0].0)),
            conjuncts(b::and(parts[0].0, parts[1].0))
        );
    }
}
