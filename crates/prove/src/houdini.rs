//! Houdini: the largest inductive subset of the candidate atoms. Starting
//! from every candidate at every loop header, each path `A → B` is asked
//! whether `∧cands_A ∧ pc` can break the conjunction at `B`; a model drops
//! every candidate of `B` it falsifies, until no path breaks any. The
//! result is inductive (and initial, paths from the entry included) by
//! construction, but only the checker's verdict counts.

use crate::system::{End, System};
use kappa_expr::build as b;
use kappa_expr::eval::eval_bool;
use kappa_expr::Expr;
use kappa_solver::{SatResult, Solver};
use std::time::Instant;

/// Whether `deadline` has passed.
pub(crate) fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() >= d)
}

/// The conjunction of the surviving candidates at each cut point, or why
/// the search stopped (solver trouble, deadline).
pub fn houdini(
    sys: &System,
    mut cands: Vec<Vec<Expr>>,
    deadline: Option<Instant>,
) -> Result<Vec<Vec<Expr>>, String> {
    let mut solver = crate::check::fresh_solver(std::time::Duration::from_secs(2), deadline);
    let mut norm = crate::poly::Normalizer::default();
    loop {
        let mut changed = false;
        for p in &sys.paths {
            let End::Cut(to) = p.to else { continue };
            loop {
                if past(deadline) {
                    return Err("deadline".into());
                }
                if cands[to].is_empty() {
                    break;
                }
                let pre = norm.normalize(b::and_all(cands[p.from].iter().copied()));
                let posts: Vec<Expr> = cands[to]
                    .iter()
                    .map(|c| norm.normalize(sys.after(p, *c)))
                    .collect();
                let pc = norm.normalize(p.pc);
                let q = b::and_all([pre, pc, b::not(b::and_all(posts.iter().copied()))]);
                match crate::relax::solve(&mut solver, q) {
                    SatResult::Unsat => break,
                    SatResult::Sat(m) => {
                        let before = cands[to].len();
                        let keep: Vec<bool> = posts
                            .iter()
                            .map(|e| eval_bool(*e, &m) == Some(true))
                            .collect();
                        let mut k = keep.iter();
                        cands[to].retain(|_| *k.next().unwrap_or(&false));
                        if cands[to].len() == before {
                            // the model did not show which: drop them all
                            cands[to].clear();
                        }
                        changed = true;
                    }
                    SatResult::Unknown(_) => {
                        // one candidate at a time: each query is smaller
                        // (not past the deadline: relaxing each query
                        // costs time without a solver to answer it,
                        // measured 0.45 s past a 1 s stage)
                        let pc = b::and(pre, pc);
                        let mut keep = vec![];
                        for (c, post) in cands[to].iter().zip(&posts) {
                            if past(deadline) {
                                return Err("deadline".into());
                            }
                            let one = b::and(pc, b::not(*post));
                            if let SatResult::Unsat = crate::relax::solve(&mut solver, one) {
                                keep.push(*c);
                            }
                        }
                        if keep.len() == cands[to].len() {
                            // each holds alone, so their conjunction holds
                            break;
                        }
                        cands[to] = keep;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return Ok(cands);
        }
    }
}

/// Houdini over relaxed queries only ([`crate::relax::relax`]: products,
/// quotients and remainders as fresh symbols), one candidate at a time: a
/// candidate stays while every path into its cut point keeps it in the
/// relaxed query (unsatisfiable), and is dropped on any other answer.
/// Exact for what it keeps: an unsatisfiable relaxation is an
/// unsatisfiable query, so the result is inductive; it may drop candidates
/// that only the exact (bit-blasted) queries prove, which costs a proof,
/// never a wrong one. For the data's polynomial equalities, whose
/// consecution is linear over their monomials.
pub fn houdini_relaxed(
    sys: &System,
    mut cands: Vec<Vec<Expr>>,
    deadline: Option<Instant>,
) -> Result<Vec<Vec<Expr>>, String> {
    let mut solver = crate::check::fresh_solver(std::time::Duration::from_millis(500), deadline);
    let mut norm = crate::poly::Normalizer::default();
    loop {
        let mut changed = false;
        for p in &sys.paths {
            let End::Cut(to) = p.to else { continue };
            if cands[to].is_empty() {
                continue;
            }
            let pre = norm.normalize(b::and(b::and_all(cands[p.from].iter().copied()), p.pc));
            let mut keep = vec![];
            for c in &cands[to] {
                if past(deadline) {
                    return Err("deadline".into());
                }
                let q = b::and(pre, b::not(norm.normalize(sys.after(p, *c))));
                let q = crate::relax::relax(q).unwrap_or(q);
                if let SatResult::Unsat = solver.check(&[], q) {
                    keep.push(*c);
                }
            }
            if keep.len() < cands[to].len() {
                cands[to] = keep;
                changed = true;
            }
        }
        if !changed {
            return Ok(cands);
        }
    }
}

/// Whether `e` multiplies two non-constant terms (its queries are hard).
pub fn nonlinear(e: Expr) -> bool {
    let mut stack = vec![e];
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        let k = x.kind();
        if let kappa_expr::Kind::Bin(
            kappa_expr::BvOp::Mul | kappa_expr::BvOp::UDiv | kappa_expr::BvOp::URem,
            a,
            y,
        ) = k
        {
            if !a.is_const() && !y.is_const() {
                return true;
            }
        }
        stack.extend(k.children());
    }
    false
}
