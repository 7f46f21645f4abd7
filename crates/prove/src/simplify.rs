//! Shorter invariants to show (`--invariants`, JSON, witnesses): the
//! top-level conjuncts of a checked invariant without those implied by
//! the others, decided exactly (bit-vector semantics) in a fresh Z3
//! solver, so the conjunction shown is equivalent to the one checked.
//!
//! Conjuncts come in two tiers: those over source variables only (what a
//! witness keeps, see `witness::write::over_source` in the kappa crate)
//! and the others (naming a register without a source variable). A
//! source conjunct is dropped only when the other source conjuncts kept
//! imply it, so dropping the non-source tier afterwards never loses what
//! the dropped source conjunct said; a non-source conjunct is dropped
//! when everything else kept implies it.

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
/// `(conjunct, printed length, source tier)`. A part is dropped when the
/// parts still kept imply it (a `source` part: the `source` parts kept;
/// the others: all parts kept), longest first; a query the solver does
/// not answer `unsat` (time, `deadline`) keeps the part. The conjunction
/// of the result is equivalent to that of `parts`, and the conjunction
/// of its `source` parts to that of the `source` parts of `parts`.
pub fn irredundant(parts: &[(Expr, usize, bool)], deadline: Option<Instant>) -> Vec<Expr> {
    let mut keep = vec![true; parts.len()];
    let mut solver = fresh_solver(Duration::from_secs(1), deadline);
    for tier in [true, false] {
        let mut order: Vec<usize> = (0..parts.len()).filter(|&i| parts[i].2 == tier).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(parts[i].1));
        for i in order {
            let premises: Vec<Expr> = (0..parts.len())
                .filter(|&k| k != i && keep[k] && (!tier || parts[k].2))
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
            (ule(k, 20), 18, true),
            (sle(k, 20), 14, true),
            (ule(k, 10), 18, true),
            (sle(k, 10), 14, true),
            (ule(x, 7), 18, true),
        ];
        let kept = irredundant(&parts, None);
        assert_eq!(kept, vec![ule(k, 10), ule(x, 7)]);
        // a signed bound alone does not imply the unsigned one (k < 0)
        let kept = irredundant(&[(sle(k, 10), 14, true), (ule(k, 10), 18, true)], None);
        assert_eq!(kept, vec![ule(k, 10)]);
        let kept = irredundant(&[(sle(k, 10), 14, true), (ule(k, 20), 18, true)], None);
        assert_eq!(kept.len(), 2);
    }

    #[test]
    fn a_source_part_stays_unless_source_parts_imply_it() {
        let k = var("k");
        let r = var("r");
        let c5 = b::bv(32, 5);
        // %r == 5 and k == %r imply k <= 5, but both name %r
        let parts = [
            (b::eq(r, c5), 10, false),
            (b::eq(k, r), 10, false),
            (b::ule(k, c5), 10, true),
        ];
        let kept = irredundant(&parts, None);
        assert!(kept.contains(&b::ule(k, c5)), "{kept:?}");
        assert_eq!(kept.len(), 3);
        assert_eq!(
            conjuncts(b::and(b::and(parts[0].0, parts[1].0), parts[0].0)),
            conjuncts(b::and(parts[0].0, parts[1].0))
        );
    }
}
