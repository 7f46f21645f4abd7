//! The proof stage as a run (`--mode prove` and the `prove` stage of
//! `--mode auto`): kappa-prove's outcome as a verdict. It answers `true`
//! only with invariants its certificate checker accepted. When no proof is
//! found it searches error traces by bounded model checking for the rest
//! of its time, and answers `false` only when the trace's inputs, run by
//! the interpreter and then natively, reach `reach_error`.

use crate::verify::{replay_natively, RunOutcome};
use kappa_engine::{Validation, Verdict};
use kappa_frontend::Program;
use kappa_prove::bmc::Bmc;
use kappa_prove::{bounded, inductive_invariants, prove, Options, Outcome};
use std::time::{Duration, Instant};

/// Share of the stage's time the first, short bounded model checking
/// search gets before the proof (at most [`BMC_FIRST_MAX`]): bounded loops
/// and shallow errors end there in milliseconds (measured on the
/// tests/prove/bmc programs).
pub(crate) const BMC_FIRST_SHARE: u32 = 4;

/// Most time of the first bounded model checking search: on unbounded
/// loops it cannot end, and the proof by invariants (0.2-3 s on
/// tests/prove) should not wait for it.
pub(crate) const BMC_FIRST_MAX: Duration = Duration::from_secs(1);

/// Runs the proof stage on `prog`, stopping at `deadline`: a short bounded
/// model checking search (a [`BMC_FIRST_SHARE`]th of the time, at most
/// [`BMC_FIRST_MAX`]), then the
/// proof by invariants, then bounded model checking again, deeper, for the
/// time left ([`find_error`]). A first search that found the program not
/// applicable is run again from depth 1 with the time left: the summaries
/// of recursive functions are searched until the search's deadline, and a
/// recursive call without one is not applicable (measured: the summary of
/// `tests/prove/rec_id_false.c` took more than the first search's 1 s on
/// a loaded machine, and its `false` was lost).
///
/// `--max-memory` (`max_memory_mb`) is checked when the stage starts and
/// between its phases: over it, the stage answers `unknown` with the
/// engine's reason text. (Within a phase the watchdog's hard limit
/// applies.)
pub(crate) fn run(prog: &Program, deadline: Option<Instant>, max_memory_mb: u64) -> RunOutcome {
    let mut did = ProveStats::default();
    let mut out = run_counted(prog, deadline, max_memory_mb, &mut did);
    *out.result.stats.techniques.get_mut::<ProveStats>() = did;
    out
}

/// What the proof stage did (its runs execute no state of the program):
/// the report's `prove` line and `stats.prove` object.
#[derive(Clone, Debug, Default)]
pub struct ProveStats {
    /// Loop invariants of a proof, checked as a certificate.
    pub invariants: Option<u64>,
    /// k of a proof by k-induction.
    pub k: Option<u64>,
    /// Deepest bounded model checking search: the most steps between loop
    /// headers it covered (`None`: none ran).
    pub bmc_depth: Option<u64>,
}

impl kappa_engine::technique_stats::TechniqueStats for ProveStats {
    fn key(&self) -> &'static str {
        "prove"
    }
    fn json(&self, _run: &kappa_engine::Stats) -> serde_json::Value {
        serde_json::json!({ "invariants": self.invariants, "k": self.k, "bmc_depth": self.bmc_depth })
    }
    fn text(&self, _run: &kappa_engine::Stats) -> Option<String> {
        let mut parts = vec![];
        if let Some(n) = self.invariants {
            let s = if n == 1 { "" } else { "s" };
            parts.push(match self.k {
                Some(k) => format!("a {k}-induction proof with {n} loop invariant{s}, checked"),
                None => format!("a proof with {n} loop invariant{s}, checked"),
            });
        }
        if let Some(d) = self.bmc_depth {
            parts.push(format!(
                "bounded model checking of every run of up to {d} step{} between loop headers",
                if d == 1 { "" } else { "s" }
            ));
        }
        (!parts.is_empty()).then(|| format!("prove: {}", parts.join("; ")))
    }
}

fn run_counted(
    prog: &Program,
    deadline: Option<Instant>,
    max_memory_mb: u64,
    did: &mut ProveStats,
) -> RunOutcome {
    let over_memory = || {
        kappa_solver::resident_mb()
            .filter(|rss| *rss > max_memory_mb)
            .map(|rss| {
                let reason =
                    format!("memory bound hit ({rss} MiB resident, --max-memory {max_memory_mb})");
                outcome(Verdict::Unknown, reason, None, vec![], vec![])
            })
    };
    if let Some(out) = over_memory() {
        return out;
    }
    let now = Instant::now();
    let first = deadline.map_or(BMC_FIRST_MAX, |d| {
        (d.saturating_duration_since(now) / BMC_FIRST_SHARE).min(BMC_FIRST_MAX)
    });
    let first_until = Some(now + first);
    // (not applicable within the short search may mean a recursive call
    // whose summary was not found in time: searched again after the proof
    // when the stage has more time)
    let cut_short = deadline.is_none_or(|d| now + first < d);
    let (from, first_why) = match find_error(prog, 1, first_until, did) {
        Searched::Answer(out) => return *out,
        Searched::NotFound { depth, why } => ((depth * 2).max(1), why),
        Searched::NotApplicable(why) if cut_short => (1, why),
        Searched::NotApplicable(why) => (0, why),
    };
    if let Some(out) = over_memory() {
        return out;
    }
    let (verdict, reason, invariants) = match prove(&prog.module, &Options { deadline }) {
        Outcome::Proved {
            invariants: inv,
            summaries,
            k,
            method,
        } => {
            let mut reason = match (inv.len(), k) {
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
            if let kappa_prove::Method::Spacer(enc) = method {
                reason = format!("{reason}; candidates from Spacer over {}", enc.name());
            }
            let quantified: Vec<String> = inv
                .iter()
                .flat_map(|i| {
                    i.quantified
                        .iter()
                        .map(move |q| format!("at {}: {q}", i.at))
                })
                .collect();
            if !quantified.is_empty() {
                reason = format!(
                    "{reason}; with quantified array invariants, checked (not in a witness, which cannot state them): {}",
                    quantified.join("; ")
                );
            }
            did.invariants = Some(inv.len() as u64);
            did.k = k.map(|k| k as u64);
            let inv = inv.into_iter().map(|i| (i.at, i.c)).collect();
            (Verdict::True, with_summaries(reason, &summaries), inv)
        }
        Outcome::Unknown(why) => {
            if let Some(out) = over_memory() {
                return out;
            }
            let out_of_time = deadline.is_some_and(|d| Instant::now() >= d);
            let bmc = match from {
                0 => first_why,
                _ if out_of_time => first_why,
                _ => match find_error(prog, from, deadline, did) {
                    Searched::Answer(out) => return *out,
                    Searched::NotFound { why, .. } | Searched::NotApplicable(why) => why,
                },
            };
            (
                Verdict::Unknown,
                format!("prove: {why}; bounded model checking: {bmc}"),
                vec![],
            )
        }
        Outcome::NotApplicable(why) => (
            Verdict::Unknown,
            format!("prove: not applicable: {why}"),
            vec![],
        ),
    };
    outcome(verdict, reason, None, vec![], invariants)
}

/// `reason`, and the checked summaries of recursive functions it used.
fn with_summaries(reason: String, summaries: &[String]) -> String {
    if summaries.is_empty() {
        return reason;
    }
    format!(
        "{reason}; with the summar{} of recursive functions, checked (every return satisfies it, no error inside): {}",
        if summaries.len() == 1 { "y" } else { "ies" },
        summaries.join("; ")
    )
}

/// What a bounded model checking search ended with.
pub(crate) enum Searched {
    /// A verdict: `true` (exhaustive) or `false` (confirmed natively).
    Answer(Box<RunOutcome>),
    /// No error trace up to `depth` transitions, or one that was not
    /// confirmed; why.
    NotFound { depth: usize, why: String },
    /// The program cannot be encoded; why.
    NotApplicable(String),
}

fn outcome(
    verdict: Verdict,
    reason: impl Into<kappa_engine::Reason>,
    witness: Option<kappa_engine::ErrorWitness>,
    replays: Vec<String>,
    invariants: Vec<(String, String)>,
) -> RunOutcome {
    RunOutcome {
        result: kappa_engine::RunResult {
            verdict,
            reason: Some(reason.into()),
            witness,
            stats: Default::default(),
            tree: None,
            paths: vec![],
            leaves: vec![],
        },
        replays,
        earlier_trees: vec![],
        invariants,
    }
}

/// Bounded model checking ([`kappa_prove::bounded`]) from depth `from`
/// until `deadline`: `true` when it is exhaustive (no longer trace); a
/// trace found is run by the interpreter on its inputs (recording the
/// witness) and replayed natively: `false` only when both reach
/// `reach_error`.
pub(crate) fn find_error(
    prog: &Program,
    from: usize,
    deadline: Option<Instant>,
    did: &mut ProveStats,
) -> Searched {
    let result = bounded(&prog.module, from, deadline);
    let depth = match &result {
        Ok((Bmc::Found(f), _)) => Some(f.depth),
        Ok((Bmc::Safe { depth } | Bmc::NotFound { depth, .. }, _)) => Some(*depth),
        Err(_) => None,
    };
    if let Some(d) = depth {
        did.bmc_depth = Some(did.bmc_depth.unwrap_or(0).max(d as u64));
    }
    let found = match result {
        Ok((Bmc::Found(f), _)) => f,
        Ok((Bmc::Safe { depth }, summaries)) => {
            return Searched::Answer(Box::new(outcome(
                Verdict::True,
                with_summaries(format!(
                    "proved by exhaustive bounded model checking: no run takes more than {depth} step{} between loop headers, and none of those reaches an error (both checked unsatisfiable)",
                    if depth == 1 { "" } else { "s" }
                ), &summaries),
                None,
                vec![],
                vec![],
            )))
        }
        Ok((Bmc::NotFound { depth, why }, _)) => {
            return Searched::NotFound {
                depth,
                why: format!("no error within {depth} steps between loop headers ({why})"),
            }
        }
        Err(why) => return Searched::NotApplicable(format!("not applicable: {why}")),
    };
    let not_confirmed = |why: String| Searched::NotFound {
        depth: found.depth,
        why: format!(
            "a trace of {} steps between loop headers to {} {why}",
            found.depth, found.error
        ),
    };
    let left = deadline.map_or(Duration::from_secs(20), |d| {
        d.saturating_duration_since(Instant::now())
    });
    let run = crate::witness::concrete_run(
        &prog.module,
        found.inputs.clone(),
        left.min(crate::witness::emit::CONCRETE_RUN_TIME),
        deadline,
    );
    let w = match run {
        Ok(crate::witness::ConcreteEnd::Error(w)) => *w,
        Ok(
            crate::witness::ConcreteEnd::Other(why)
            | crate::witness::ConcreteEnd::Inconclusive(why),
        ) => return not_confirmed(format!("does not run to an error on its inputs ({why})")),
        Err(e) => return not_confirmed(format!("could not be run: {e}")),
    };
    let mut replays = vec![];
    match replay_natively(
        &prog.sources,
        prog.module.data_model,
        &w,
        deadline,
        &mut replays,
    ) {
        Validation::Confirmed => Searched::Answer(Box::new(outcome(
            Verdict::False,
            format!(
                "bounded model checking: a trace of {} step{} between loop headers to {}, run on its inputs and replayed natively",
                found.depth,
                if found.depth == 1 { "" } else { "s" },
                found.error
            ),
            Some(w),
            replays,
            vec![],
        ))),
        Validation::Rejected(why) => not_confirmed(format!("was not confirmed: {why}")),
    }
}

/// Most time [`loop_invariants`] takes.
pub(crate) const LOOP_INVARIANTS_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);

/// Checked inductive loop invariants of `prog` for a `true` that another
/// technique found ([`kappa_prove::inductive_invariants`]), as
/// (`file:line` of the loop, C expression); at most
/// [`LOOP_INVARIANTS_BUDGET`] and never past `deadline`. `Err` says why
/// there are none.
pub(crate) fn loop_invariants(
    prog: &Program,
    deadline: Option<Instant>,
) -> Result<Vec<(String, String)>, String> {
    let until = Instant::now() + LOOP_INVARIANTS_BUDGET;
    let deadline = Some(deadline.map_or(until, |d| d.min(until)));
    let inv = inductive_invariants(&prog.module, &Options { deadline })?;
    Ok(inv.into_iter().map(|i| (i.at, i.c)).collect())
}
