//! The proof stage as a run (`--mode prove` and the `prove` stage of
//! `--mode auto`): kappa-prove's outcome as a verdict. It answers `true`
//! only with invariants its certificate checker accepted, and never `false`.

use crate::verify::RunOutcome;
use kappa_engine::Verdict;
use kappa_frontend::Program;
use kappa_prove::{inductive_invariants, prove, Options, Outcome};
use std::time::Instant;

/// Runs the proof stage on `prog`, stopping at `deadline`.
pub(crate) fn run(prog: &Program, deadline: Option<Instant>) -> RunOutcome {
    let (verdict, reason, invariants) = match prove(&prog.module, &Options { deadline }) {
        Outcome::Proved { invariants: inv, k } => {
            let reason = match (inv.len(), k) {
                (0, _) => "proved: no loop; every error path is infeasible (checked)".to_string(),
                (n, None) => format!(
                    "proved with {n} loop invariant{} checked as a certificate (initiation, consecution, safety)",
                    if n == 1 { "" } else { "s" }
                ),
                (n, Some(k)) => format!(
                    "proved by {k}-induction strengthened with {n} loop invariant{}, checked as a certificate (initiation, consecution, base case and step case of depth {k})",
                    if n == 1 { "" } else { "s" }
                ),
            };
            let inv = inv.into_iter().map(|i| (i.at, i.c)).collect();
            (Verdict::True, reason, inv)
        }
        Outcome::Unknown(why) => (Verdict::Unknown, format!("prove: {why}"), vec![]),
        Outcome::NotApplicable(why) => (
            Verdict::Unknown,
            format!("prove: not applicable: {why}"),
            vec![],
        ),
    };
    RunOutcome {
        result: kappa_engine::RunResult {
            verdict,
            reason: Some(reason),
            witness: None,
            stats: Default::default(),
            tree: None,
            paths: vec![],
            leaves: vec![],
        },
        replays: vec![],
        earlier_trees: vec![],
        invariants,
    }
}

/// Most time [`loop_invariants`] takes.
pub(crate) const LOOP_INVARIANTS_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);

/// Checked inductive loop invariants of `prog` for a `true` that another
/// technique found ([`kappa_prove::inductive_invariants`]), as
/// (`file:line` of the loop, C expression); at most
/// [`LOOP_INVARIANTS_BUDGET`] and never past `deadline`. `None` when there
/// are none.
pub(crate) fn loop_invariants(
    prog: &Program,
    deadline: Option<Instant>,
) -> Option<Vec<(String, String)>> {
    let until = Instant::now() + LOOP_INVARIANTS_BUDGET;
    let deadline = Some(deadline.map_or(until, |d| d.min(until)));
    let inv = inductive_invariants(&prog.module, &Options { deadline })?;
    Some(inv.into_iter().map(|i| (i.at, i.c)).collect())
}
