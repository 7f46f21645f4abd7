//! The certificate checker: given one invariant per cut point, decides in
//! a fresh Z3 solver, independently of how the invariants were found,
//! whether they prove the program safe.
//!
//! Obligations, one query each (all must be unsatisfiable):
//! - the entry's invariant is `true` (the entry state is arbitrary);
//! - *initiation and consecution*: for every path `A → B`,
//!   `inv_A ∧ pc ∧ ¬inv_B[θ]` (initiation is the case `A` = entry);
//! - *safety*: for every path `A → error`, `inv_A ∧ pc`.
//!
//! Invariants may speak only of the state symbols of the system; any
//! other symbol rejects the certificate. A `sat` or `unknown` answer
//! rejects it too (the stage then answers `unknown`).

use crate::system::{End, System};
use kappa_expr::build as b;
use kappa_expr::Expr;
use kappa_solver::{SatResult, Solver, SolverConfig, Z3Solver};
use std::time::{Duration, Instant};

/// Why a certificate was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The certificate has the wrong shape (count, entry not `true`,
    /// foreign symbols).
    Malformed(String),
    /// Path `path` (an index into [`System::paths`]) from the entry does
    /// not establish the invariant at its end.
    NotInitial(usize),
    /// Path `path` between two loop headers does not preserve it.
    NotInductive(usize),
    /// Error path `path` is not excluded by the invariant at its start.
    Unsafe(usize),
    /// The solver could not decide an obligation.
    Unknown(String),
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rejection::Malformed(s) => write!(f, "malformed certificate: {s}"),
            Rejection::NotInitial(p) => write!(f, "not initial (path {p})"),
            Rejection::NotInductive(p) => write!(f, "not inductive (path {p})"),
            Rejection::Unsafe(p) => write!(f, "does not exclude an error (path {p})"),
            Rejection::Unknown(s) => write!(f, "solver unknown: {s}"),
        }
    }
}

/// A fresh Z3 solver with no caches: each query at most `per_query`, none
/// past `deadline`.
pub fn fresh_solver(per_query: Duration, deadline: Option<Instant>) -> Z3Solver {
    Z3Solver::new(&SolverConfig {
        timeout: per_query,
        cache: false,
        independence: false,
        deadline,
        ..SolverConfig::default()
    })
}

/// Checks certificate `inv` (one invariant per cut point of `sys`, over its
/// state symbols) in a fresh solver. `Ok(())` only when every obligation
/// was proved unsatisfiable.
pub fn check(sys: &System, inv: &[Expr], deadline: Option<Instant>) -> Result<(), Rejection> {
    if inv.len() != sys.cuts.len() {
        return Err(Rejection::Malformed(format!(
            "{} invariants for {} cut points",
            inv.len(),
            sys.cuts.len()
        )));
    }
    if inv[0].as_bool_const() != Some(true) {
        return Err(Rejection::Malformed(
            "the entry's invariant is not `true`".into(),
        ));
    }
    let (syms, funcs) = kappa_expr::print::free_symbols(inv);
    if !funcs.is_empty() || syms.iter().any(|s| sys.var_of(*s).is_none()) {
        return Err(Rejection::Malformed(
            "an invariant speaks of something other than the registers".into(),
        ));
    }
    let mut solver = fresh_solver(Duration::from_secs(10), deadline);
    let mut norm = crate::poly::Normalizer::default();
    for (i, p) in sys.paths.iter().enumerate() {
        let (goal, fail) = match &p.to {
            End::Cut(j) => {
                let rej = if p.from == 0 {
                    Rejection::NotInitial(i)
                } else {
                    Rejection::NotInductive(i)
                };
                (b::not(sys.after(p, inv[*j])), rej)
            }
            End::Error(_) => (b::tru(), Rejection::Unsafe(i)),
        };
        let q = norm.normalize(b::and_all([inv[p.from], p.pc, goal]));
        match solver.check(&[], q) {
            SatResult::Unsat => {}
            SatResult::Sat(_) => return Err(fail),
            SatResult::Unknown(why) => return Err(Rejection::Unknown(why)),
        }
    }
    Ok(())
}
