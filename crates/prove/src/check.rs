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
//! [`check_k`] checks a k-induction certificate (see [`crate::kind`]).
//!
//! Invariants may speak only of the state symbols of the system; any
//! other symbol rejects the certificate. A `sat` or `unknown` answer
//! rejects it too (the stage then answers `unknown`).

use crate::system::{End, System};
use kappa_expr::build as b;
use kappa_expr::Expr;
use kappa_solver::{SatResult, SolverConfig, Z3Solver};
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
    /// k-induction: an error path or a false atom is feasible after this
    /// many transitions from the entry (in the system, which may
    /// over-approximate the program).
    BaseCase(usize),
    /// k-induction: the step case of this `k` has a counterexample.
    NotKInductive(usize),
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
            Rejection::BaseCase(d) => {
                write!(f, "base case fails after {d} transitions from the entry")
            }
            Rejection::NotKInductive(k) => write!(f, "not {k}-inductive"),
            Rejection::Unknown(s) => write!(f, "solver unknown: {s}"),
        }
    }
}

/// The solver of the checker and the searches.
pub type Z3 = Z3Solver;

/// A fresh Z3 solver with no caches: each query at most `per_query`, none
/// past `deadline`.
pub fn fresh_solver(per_query: Duration, deadline: Option<Instant>) -> Z3Solver {
    Z3Solver::new(&SolverConfig {
        timeout: per_query,
        cache: false,
        independence: false,
        deadline,
        dump_dir: std::env::var_os("KAPPA_PROVE_DUMP").map(Into::into),
        ..SolverConfig::default()
    })
}

/// Checks certificate `inv` (one invariant per cut point of `sys`, over its
/// state symbols) in a fresh solver. `Ok(())` only when every obligation
/// was proved unsatisfiable.
pub fn check(sys: &System, inv: &[Expr], deadline: Option<Instant>) -> Result<(), Rejection> {
    well_formed(sys, inv)?;
    let mut solver = fresh_solver(Duration::from_secs(10), deadline);
    obligations(sys, inv, true, &mut solver)
}

/// Checks that `inv` is an inductive invariant (initiation and
/// consecution, not safety) in a fresh solver: every formula of it holds
/// at its header on every run, whatever the verdict. `Ok(())` only when
/// every obligation was proved unsatisfiable.
pub fn check_inductive(
    sys: &System,
    inv: &[Expr],
    deadline: Option<Instant>,
) -> Result<(), Rejection> {
    well_formed(sys, inv)?;
    let mut solver = fresh_solver(Duration::from_secs(10), deadline);
    obligations(sys, inv, false, &mut solver)
}

/// Checks the k-induction certificate `(inv, atoms, k)` in a fresh
/// solver: `inv` must be initial and inductive (as for [`check`], without
/// safety), and the base cases of depth `0..k` and the step case of `k`
/// of [`crate::kind`], for the property "`atoms` hold and no error path
/// is enabled", unsatisfiable.
///
/// The rule that keeps this an honest recheck: the certificate is only
/// the invariants, the property's atoms and `k`. Every obligation is
/// rebuilt here from the system and the certificate (no query, model,
/// relaxation or hypothesis is taken from the search), in a solver that
/// shares no state with the search; the invariants' own initiation and
/// consecution, which the unrolling assumes, are proved here first, and
/// all `k` base cases are asked (a step case alone may hold vacuously
/// while the program is unsafe). What the recheck shares with the search
/// is the unrolling code of [`crate::kind`]; the tests check it against
/// planted wrong certificates (a `k` too small, a false atom, an unsafe
/// program whose step case holds but whose base case does not).
pub fn check_k(
    sys: &System,
    inv: &[Expr],
    atoms: &[Vec<Expr>],
    k: usize,
    deadline: Option<Instant>,
) -> Result<(), Rejection> {
    well_formed(sys, inv)?;
    if k == 0 || atoms.len() != inv.len() {
        return Err(Rejection::Malformed(format!(
            "k-induction with k = {k} and {} lists of atoms",
            atoms.len()
        )));
    }
    let flat: Vec<Expr> = atoms.iter().flatten().copied().collect();
    if !over_registers(sys, &flat) {
        return Err(Rejection::Malformed(
            "an atom speaks of something other than the registers".into(),
        ));
    }
    let mut solver = fresh_solver(Duration::from_secs(10), deadline);
    obligations(sys, inv, false, &mut solver)?;
    let mut un = crate::kind::Unroller::new(sys, inv, &mut solver);
    un.set_atoms(atoms.to_vec());
    let mut norm = crate::poly::Normalizer::default();
    for d in (0..k).map(Some).chain([None]) {
        let q = norm.normalize(un.query(d.unwrap_or(k), d.is_some()).query);
        match crate::relax::solve(&mut solver, q) {
            SatResult::Unsat => {}
            SatResult::Sat(_) => {
                return Err(match d {
                    Some(d) => Rejection::BaseCase(d),
                    None => Rejection::NotKInductive(k),
                })
            }
            SatResult::Unknown(why) => return Err(Rejection::Unknown(why)),
        }
    }
    Ok(())
}

/// The certificate's shape: one invariant per cut point, `true` at the
/// entry, over the registers only.
fn well_formed(sys: &System, inv: &[Expr]) -> Result<(), Rejection> {
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
    if !over_registers(sys, inv) {
        return Err(Rejection::Malformed(
            "an invariant speaks of something other than the registers".into(),
        ));
    }
    Ok(())
}

/// Whether `es` speak of the registers' (and scalar globals') state
/// symbols only, not of objects' contents.
fn over_registers(sys: &System, es: &[Expr]) -> bool {
    let (syms, funcs) = kappa_expr::print::free_symbols(es);
    funcs.is_empty() && syms.iter().all(|s| sys.int_var_of(*s).is_some())
}

/// Initiation and consecution of `inv` on every path between cut points,
/// and (with `safety`) its safety on every error path.
fn obligations(
    sys: &System,
    inv: &[Expr],
    safety: bool,
    solver: &mut Z3Solver,
) -> Result<(), Rejection> {
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
            End::Error(_) if safety => (b::tru(), Rejection::Unsafe(i)),
            End::Error(_) => continue,
        };
        let q = norm.normalize(b::and_all([inv[p.from], p.pc, goal]));
        match crate::relax::solve(solver, q) {
            SatResult::Unsat => {}
            SatResult::Sat(_) => return Err(fail),
            SatResult::Unknown(why) => return Err(Rejection::Unknown(why)),
        }
    }
    Ok(())
}
