//! `kappa verify --mode auto`: a portfolio of stages sharing one deadline.
//!
//! Each stage is one configuration of the interpreter (or a proof) with a
//! share of the time left; it answers (`true` with its proof, `false` with
//! natively replayed inputs) or hands over to the next. The order and the
//! shares were chosen by measurement (README, "auto mode"):
//!
//! 1. `condition`: the necessary condition of "Abstracting Path Conditions"
//!    (at most an eighth of the time, 2 s): unsatisfiable proves `true` at
//!    once; otherwise it prunes the forks of the later stages and seeds
//!    their inputs.
//! 2. `prove`: inductive invariants checked as a certificate
//!    ([`PROVE_SHARE`] of the time left): `true` with the invariants, or
//!    hands over; its bounded model checking answers `false` (replayed
//!    natively) or `true` when exhaustive.
//! 3. `navigate`: loop navigation ([`NAVIGATE_SHARE`] of the time left): its
//!    constraint systems may prove every root chain infeasible before
//!    execution, and they steer execution through loops towards a target.
//! 4. `compact`: compact symbolic execution ([`COMPACT_SHARE`] of the time
//!    left): templates stand for any number of iterations of a cycle.
//! 5. `native`: the symbolized program run natively ([`NATIVE_SHARE`] of
//!    the time left): long concrete loops (arrays filled and scanned) run
//!    at native speed. Only its `false` is taken (see [`native_stage`]).
//! 6. `classic+matching`: classic execution with state matching for the
//!    rest of the time, so loops over a finite state space end (matching
//!    costs a query per stored state at every loop header: measured 3x
//!    slower where it does not help, hence not in the compact stage), and
//!    paths on which a template's quantified queries failed get the
//!    quantifier-free classic steps.
//!
//! A stage's share includes freeing its states: an interpreter stage
//! stops exploring when the time left is less than what freeing its
//! pending states costs (`verify::RELEASE_COST_PER_STATE`).
//!
//! Verdict rules are those of every mode: each stage is an ordinary run of
//! the engine, so a `true` is a complete exploration or a sound proof and a
//! `false` has been replayed natively. A stage that ends `unknown` for a
//! reason no later stage can remove (a possible undefined behaviour or an
//! unsupported construct met by an exploration that was otherwise
//! complete) ends the portfolio: the later stages run the same semantics
//! and would meet it again.

use crate::cli::{Mode, VerifyArgs};
use crate::report::StageReport;
use crate::verify::{condition_setup, emit, run_interpreter, RunOutcome, RunSpec, Seen};
use anyhow::Result;
use kappa_engine::Verdict;
use kappa_frontend::Program;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Share of the time left after the condition that the proof stage gets
/// (a quarter: with bounded model checking in the stage, a tenth left 6
/// of the 39 `true` programs of tests/prove unproved at 10 s that the
/// stage alone proves in 0.5-4 s; measured at 10 s, a quarter answers 76
/// of those 78 programs instead of 71 and 102 of kappa's own 130 tasks
/// instead of 101).
pub const PROVE_SHARE: f64 = 0.25;

/// Share of the time left (after the proof stage) that the first navigate
/// stage gets: enough for its proof before execution on every program
/// measured, and for steering towards shallow targets.
pub const NAVIGATE_SHARE: f64 = 0.15;

/// Share of the time left after the navigate stage that the compact stage
/// gets.
pub const COMPACT_SHARE: f64 = 0.55;

/// Share of the time left after the compact stage that the native stage
/// gets; classic execution with state matching gets the rest.
pub const NATIVE_SHARE: f64 = 0.5;

/// The native stage is skipped (its time passes to the next stage) when its
/// share is less than this: compiling, linking and starting the fork
/// explorer cost 0.1-0.3 s before the first run (measured on the bundled
/// examples), so a shorter stage cannot answer.
pub const NATIVE_MIN: Duration = Duration::from_millis(500);

/// The proof stage is skipped when its share is less than this (building
/// the transition system and the candidates, then Houdini's queries: its
/// proofs on the bundled examples took 0.15-0.5 s).
pub const PROVE_MIN: Duration = Duration::from_millis(200);

/// The condition stage is skipped when its budget (an eighth of the time)
/// is less than this: computing φ̂ and starting the race's solver
/// processes take about 0.1 s, and no condition proof on the bundled
/// examples took less than this.
pub const CONDITION_MIN: Duration = Duration::from_millis(250);

/// How a stage executes the program.
#[derive(Clone, Copy)]
enum Kind {
    /// The interpreter in this mode, with or without state matching.
    Interpreter(Mode, bool),
    /// Native execution of the symbolized program (`--mode native`); only
    /// its `false` is taken (see [`native_stage`]).
    Native,
    /// The proof with inductive invariants (`--mode prove`).
    Prove,
}

/// The stages after the condition: name, kind, share of the time left
/// when the stage starts, and the least share worth running it with (a
/// stage below it is skipped and its time passes on).
const PLAN: &[(&str, Kind, f64, Duration)] = &[
    ("prove", Kind::Prove, PROVE_SHARE, PROVE_MIN),
    (
        "navigate",
        Kind::Interpreter(Mode::Navigate, false),
        NAVIGATE_SHARE,
        Duration::ZERO,
    ),
    (
        "compact",
        Kind::Interpreter(Mode::Compact, false),
        COMPACT_SHARE,
        Duration::ZERO,
    ),
    ("native", Kind::Native, NATIVE_SHARE, NATIVE_MIN),
    (
        "classic+matching",
        Kind::Interpreter(Mode::Classic, true),
        1.0,
        Duration::ZERO,
    ),
];

/// A stage's outcome that is not an interpreter run (no tree, no recorded
/// paths or leaves).
fn outcome(
    verdict: Verdict,
    reason: Option<String>,
    witness: Option<kappa_engine::ErrorWitness>,
    stats: kappa_engine::Stats,
    replays: Vec<String>,
) -> RunOutcome {
    RunOutcome {
        result: kappa_engine::RunResult {
            verdict,
            reason,
            witness,
            stats,
            tree: None,
            paths: vec![],
            leaves: vec![],
        },
        replays,
        earlier_trees: vec![],
        invariants: vec![],
    }
}

/// Runs the native back end as a stage. A `false` is taken (its inputs
/// were replayed natively like every `false`); a `true` is not, and
/// becomes `unknown`: native execution does not detect undefined
/// behaviour in code that computes on concrete values (an out-of-bounds
/// write runs as compiled), which the interpreter stages would report.
fn native_stage(
    args: &VerifyArgs,
    prog: &Program,
    deadline: Option<Instant>,
    start: Instant,
) -> Result<RunOutcome> {
    let run = crate::native::explore(args, &prog.sources, prog.module.data_model, deadline, start)?;
    let (verdict, reason) = match run.verdict {
        Verdict::True => (
            Verdict::Unknown,
            Some("native exploration found no error; its `true` is not taken (undefined behaviour in concrete code is not detected natively)".to_string()),
        ),
        v => (v, run.reason),
    };
    Ok(outcome(
        verdict,
        reason,
        run.witness,
        run.stats,
        run.replay.into_iter().collect(),
    ))
}

/// Runs the portfolio on a loaded program and prints the report of the
/// stage that answered (or of the last one that ran).
pub(crate) fn verify_auto(
    args: &VerifyArgs,
    prog: &Program,
    start: Instant,
    deadline: Option<Instant>,
    seen: &Arc<Mutex<Seen>>,
) -> Result<()> {
    let mut notes = vec![];
    let mut stages: Vec<StageReport> = vec![];

    // 1. the necessary condition
    let t0 = Instant::now();
    let budget =
        deadline.map(|d| kappa_condition::pruning::budget(d.saturating_duration_since(t0)));
    let proved = if budget.is_some_and(|b| b < CONDITION_MIN) {
        stages.push(StageReport {
            name: "condition",
            technique: "condition",
            seconds: 0.0,
            verdict: Verdict::Unknown,
            reason: Some(format!(
                "its share is less than {:.2} s, the cost of computing and deciding the condition",
                CONDITION_MIN.as_secs_f64()
            )),
            answered: false,
            skipped: true,
        });
        false
    } else {
        let (prune, note) = condition_setup(prog, deadline);
        notes.push(note);
        let proved = prune
            .as_ref()
            .is_some_and(|p| p.cond.as_bool_const() == Some(false));
        stages.push(StageReport {
            name: "condition",
            technique: "condition",
            seconds: t0.elapsed().as_secs_f64(),
            verdict: if proved {
                Verdict::True
            } else {
                Verdict::Unknown
            },
            reason: Some(if proved {
                "the necessary condition for reaching reach_error is unsatisfiable".into()
            } else if prune.is_some() {
                "not proved unsatisfiable".into()
            } else {
                "not usable".into()
            }),
            answered: proved,
            skipped: false,
        });
        proved
    };

    // 2.-6. the proof and the execution stages
    let mut last: Option<RunOutcome> = None;
    // the trees of the stages before the last (for the HTML report)
    let mut trees = vec![];
    let mut prev_name = "";
    let mut stop: Option<String> = proved.then(|| "the condition stage answered".to_string());
    for &(name, kind, share, min) in PLAN {
        let technique = match kind {
            Kind::Interpreter(mode, _) => mode.name(),
            Kind::Native => "native",
            Kind::Prove => "prove",
        };
        if let Some(why) = &stop {
            stages.push(StageReport {
                name,
                technique,
                seconds: 0.0,
                verdict: Verdict::Unknown,
                reason: Some(why.clone()),
                answered: false,
                skipped: true,
            });
            continue;
        }
        let now = Instant::now();
        let stage_deadline = deadline.map(|d| {
            let left = d.saturating_duration_since(now);
            now + Duration::from_secs_f64(left.as_secs_f64() * share)
        });
        if stage_deadline.is_some_and(|d| d.saturating_duration_since(now) < min) {
            stages.push(StageReport {
                name,
                technique,
                seconds: 0.0,
                verdict: Verdict::Unknown,
                reason: Some(format!(
                    "its share is less than {:.2} s, the least it needs to answer",
                    min.as_secs_f64()
                )),
                answered: false,
                skipped: true,
            });
            continue;
        }
        let mut out = match kind {
            Kind::Interpreter(mode, matching) => {
                let spec = RunSpec {
                    mode,
                    state_matching: matching,
                    // pruning is not passed on: its checks cost a quantified
                    // query per fork (measured: countif went from 1.5 s to a
                    // timeout)
                    prune: None,
                    deadline: stage_deadline,
                    replay_deadline: deadline,
                    timeout: None,
                    // every stage but the last keeps half of the memory
                    // for the stages after it
                    max_memory_mb: if share < 1.0 {
                        args.max_memory / 2
                    } else {
                        args.max_memory
                    },
                    last: share >= 1.0,
                };
                run_interpreter(args, prog, spec, start, seen)?
            }
            Kind::Native => native_stage(args, prog, stage_deadline, start)?,
            Kind::Prove => crate::prove::run(prog, stage_deadline, args.max_memory),
        };
        let r = &mut out.result;
        let answered = r.verdict != Verdict::Unknown;
        stages.push(StageReport {
            name,
            technique,
            seconds: now.elapsed().as_secs_f64(),
            verdict: r.verdict,
            reason: r.reason.clone(),
            answered,
            skipped: false,
        });
        if answered {
            stop = Some(format!("the {name} stage answered"));
        } else if matches!(kind, Kind::Interpreter(..))
            && r.reason.as_deref().is_some_and(final_unknown)
        {
            stop = Some(format!(
                "the {name} stage met a possible undefined behaviour or an unsupported construct that every stage would meet"
            ));
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            stop = Some("no time left".into());
        }
        if let Some(prev) = last.as_mut().and_then(|l| l.result.tree.take()) {
            trees.push((prev_name.to_string(), prev));
        }
        prev_name = name;
        last = Some(out);
    }
    // (no execution stage ran only when the condition stage answered)
    let mut out = last.unwrap_or_else(|| {
        let verdict = if proved {
            Verdict::True
        } else {
            Verdict::Unknown
        };
        outcome(
            verdict,
            stages[0].reason.clone(),
            None,
            Default::default(),
            vec![],
        )
    });
    out.earlier_trees = trees;
    if out.result.verdict == Verdict::Unknown {
        if let Some(r) = &mut out.result.reason {
            if timed_out(r) {
                *r = format!(
                    "timeout after {}s (every stage ran out of time)",
                    kappa_engine::secs_text(args.timeout)
                );
            }
        }
    }
    emit(args, prog, out, notes, stages, start, deadline)
}

/// Whether an `unknown` reason is final for the portfolio: the exploration
/// was complete (the engine says `exploration incomplete`, not a timeout
/// or a bound) and every failed leaf is a possible undefined behaviour or
/// an unsupported construct, which every later stage would meet too.
/// Anything else (solver failures, stack depth, leaves the summary does not
/// list) lets the next stage try.
pub fn final_unknown(reason: &str) -> bool {
    let Some(rest) = reason.strip_prefix("exploration incomplete: ") else {
        return false;
    };
    if rest.contains(" more") {
        return false;
    }
    rest.split("; ").all(|leaf| {
        leaf.starts_with("possible undefined behaviour")
            || leaf.starts_with("undefined behaviour")
            || leaf.starts_with("unsupported")
    })
}

/// Whether a stage's `unknown` came from its time running out.
fn timed_out(reason: &str) -> bool {
    reason.starts_with("timeout after")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_complete_explorations_with_ub_or_unsupported_leaves_are_final() {
        assert!(final_unknown(
            "exploration incomplete: possible undefined behaviour: division by zero at a.c:3"
        ));
        assert!(final_unknown(
            "exploration incomplete: unsupported: floating point (x2); possible undefined behaviour: x"
        ));
        // a solver failure may be decided by another stage
        assert!(!final_unknown(
            "exploration incomplete: possible undefined behaviour: x; solver unknown at branch a.c:4"
        ));
        // leaves not listed: cannot tell
        assert!(!final_unknown(
            "exploration incomplete: unsupported: a; unsupported: b; unsupported: c and 2 more"
        ));
        assert!(!final_unknown("timeout after 3s; 12 states pending"));
        assert!(!final_unknown(
            "state bound hit (--max-states 10); 3 states pending"
        ));
    }
}
