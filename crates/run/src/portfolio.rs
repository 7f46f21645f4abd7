//! `kappa verify --mode auto`: a portfolio of stages sharing one deadline.
//!
//! Each stage is one configuration of the interpreter (or a proof) with a
//! share of the time left; it answers (`true` with its proof, `false` with
//! natively replayed inputs) or hands over to the next. The order and the
//! shares were chosen by measurement (README, "auto mode"):
//!
//! 0. `probe`: classic execution for a tenth of the time (at most
//!    [`PROBE_MAX`]): easy `false`s and small `true`s answer before the
//!    expensive stages (with `--jobs` 2 or more it runs for the whole
//!    time in a process of its own: measured on the constraint set at
//!    10 s, classic execution with state matching there instead answered
//!    8 of 24 programs where classic execution answers them in 1-2 s).
//! 1. `condition`: the necessary condition of "Abstracting Path Conditions"
//!    (a sixth of the time, at most [`CONDITION_MAX`], construction and
//!    solving together; run in a child process that is stopped at the end
//!    of its share): unsatisfiable proves `true` at once.
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
//! With `--jobs` N of 2 or more (see [`crate::stages`]) and at least
//! [`PARALLEL_MIN`] left, every stage runs in its own process: the probe
//! for the whole time in one, the others in order in the other N-1, each with its share of the time left when it
//! starts (the last of them with all of it); the first definitive answer
//! wins and the other processes are killed. With `--jobs 1` they run one
//! after another: the interpreter stages in this process, the others in a
//! child process each ([`Stage::in_child_alone`]).
//!
//! Verdict rules are those of every mode: each stage is an ordinary run of
//! the engine, so a `true` is a complete exploration or a sound proof and a
//! `false` has been replayed natively. A stage that ends `unknown` for a
//! reason no later stage can remove (a possible undefined behaviour or an
//! unsupported construct met by an exploration that was otherwise
//! complete) ends the portfolio: the later stages run the same semantics
//! and would meet it again.

use crate::options::{Mode, VerifyOptions};
use crate::report::{cpu_seconds, StageReport};
use crate::verify::{emit, run_interpreter, RunOutcome, RunSpec, Seen};
use anyhow::Result;
use kappa_engine::{Reason, Verdict};
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

/// The condition stage is skipped when its share is less than this:
/// computing φ̂ and starting the race's solver processes take about 0.1 s,
/// and no condition proof on the bundled examples took less than this.
pub const CONDITION_MIN: Duration = Duration::from_millis(250);

/// Share of the time left that the condition stage gets (construction and
/// solving; at most [`CONDITION_MAX`]).
pub const CONDITION_SHARE: f64 = 1.0 / 6.0;

/// Most time of the condition stage: on the constraint-style programs
/// (crates/bench/programs/constraints) building and deciding φ̂ took
/// 1-15 s where classic execution answers in seconds.
pub const CONDITION_MAX: Duration = Duration::from_millis(2500);

/// Share of the time that the classic probe gets (at most [`PROBE_MAX`]).
pub const PROBE_SHARE: f64 = 0.1;

/// Most time of the classic probe.
pub const PROBE_MAX: Duration = Duration::from_secs(1);

/// With less time left than this when the portfolio starts, its stages
/// run one after another even with `--jobs` 2 or more: a stage process
/// starts by loading kappa and compiling the program again (0.2-0.5 s on
/// a loaded two-core machine), a quarter or more of such a run. Measured
/// on every other task of crates/bench/programs/svcomp at `--timeout 1`
/// (load average 11-14 on two cores): `--jobs 1` answered 26 of 65,
/// `--jobs 2` in parallel 10, classic execution alone 17.
pub const PARALLEL_MIN: Duration = Duration::from_secs(2);

/// How a stage executes the program.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    /// The necessary condition: `true` when unsatisfiable, else `unknown`.
    Condition,
    /// The interpreter in this mode, with or without state matching.
    Interpreter(Mode, bool),
    /// Native execution of the symbolized program (`--mode native`); only
    /// its `false` is taken (see [`native_stage`]).
    Native,
    /// The proof with inductive invariants (`--mode prove`).
    Prove,
}

/// One stage of the portfolio.
pub(crate) struct Stage {
    /// Its name in reports (and on a stage process's command line).
    pub(crate) name: &'static str,
    /// What it runs.
    pub(crate) kind: Kind,
    /// Share of the time left when it starts (1: all of it).
    share: f64,
    /// Most time it gets.
    max: Duration,
    /// The least share worth running it with (a stage below it is skipped
    /// and its time passes on).
    pub(crate) min: Duration,
}

impl Stage {
    /// The mode whose statistics the stage produces.
    pub(crate) fn technique(&self) -> &'static str {
        match self.kind {
            Kind::Condition => "condition",
            Kind::Interpreter(mode, _) => mode.name(),
            Kind::Native => "native",
            Kind::Prove => "prove",
        }
    }

    /// Whether `--jobs 1` runs the stage in a child process, stopped at the
    /// end of its share: the condition's construction, the proof stage's
    /// path enumeration and Houdini loop, and the native back end's
    /// compiling are not interrupted within (measured: the proof stage
    /// took 6.7 s of a 1.8 s share on guarded_sat.c of the constraint set).
    pub(crate) fn in_child_alone(&self) -> bool {
        matches!(self.kind, Kind::Condition | Kind::Prove | Kind::Native)
    }

    /// Whether this is the probe (with `--jobs` 2 or more it runs for the
    /// whole time, in a process of its own).
    pub(crate) fn is_probe(&self) -> bool {
        self.name == "probe"
    }

    /// Whether this is the last stage (all the time left, never skipped).
    pub(crate) fn is_last(&self) -> bool {
        self.share >= 1.0
    }

    /// The stage's deadline when it starts at `now` (`None`: no limit).
    pub(crate) fn deadline(&self, now: Instant, deadline: Option<Instant>) -> Option<Instant> {
        deadline.map(|d| {
            let left = d.saturating_duration_since(now);
            now + left.mul_f64(self.share.min(1.0)).min(self.max)
        })
    }

    /// The report of the stage skipped for `why`.
    pub(crate) fn skipped(&self, why: String) -> StageReport {
        StageReport {
            name: self.name,
            technique: self.technique(),
            seconds: 0.0,
            cpu_seconds: 0.0,
            verdict: Verdict::Unknown,
            reason: Some(why),
            answered: false,
            skipped: true,
        }
    }

    /// The reason for skipping the stage when its share is below its least.
    pub(crate) fn too_short(&self) -> String {
        format!(
            "its share is less than {:.2} s, the least it needs to answer",
            self.min.as_secs_f64()
        )
    }
}

const NO_MAX: Duration = Duration::MAX;

/// The stages in order.
pub(crate) const STAGES: &[Stage] = &[
    Stage {
        name: "probe",
        kind: Kind::Interpreter(Mode::Classic, false),
        share: PROBE_SHARE,
        max: PROBE_MAX,
        min: Duration::ZERO,
    },
    Stage {
        name: "condition",
        kind: Kind::Condition,
        share: CONDITION_SHARE,
        max: CONDITION_MAX,
        min: CONDITION_MIN,
    },
    Stage {
        name: "prove",
        kind: Kind::Prove,
        share: PROVE_SHARE,
        max: NO_MAX,
        min: PROVE_MIN,
    },
    Stage {
        name: "navigate",
        kind: Kind::Interpreter(Mode::Navigate, false),
        share: NAVIGATE_SHARE,
        max: NO_MAX,
        min: Duration::ZERO,
    },
    Stage {
        name: "compact",
        kind: Kind::Interpreter(Mode::Compact, false),
        share: COMPACT_SHARE,
        max: NO_MAX,
        min: Duration::ZERO,
    },
    Stage {
        name: "native",
        kind: Kind::Native,
        share: NATIVE_SHARE,
        max: NO_MAX,
        min: NATIVE_MIN,
    },
    Stage {
        name: "classic+matching",
        kind: Kind::Interpreter(Mode::Classic, true),
        share: 1.0,
        max: NO_MAX,
        min: Duration::ZERO,
    },
];

/// The stage named `name`.
pub(crate) fn stage_named(name: &str) -> Option<&'static Stage> {
    STAGES.iter().find(|s| s.name == name)
}

/// A stage's outcome that is not an interpreter run (no tree, no recorded
/// paths or leaves).
fn outcome(
    verdict: Verdict,
    reason: Option<Reason>,
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

/// Runs the native back end as a stage. Its `false` is taken (its inputs
/// were replayed natively like every `false`); it never answers `true`
/// (see `kappa_native::NOT_A_PROOF`).
fn native_stage(
    args: &VerifyOptions,
    prog: &Program,
    deadline: Option<Instant>,
    start: Instant,
) -> Result<RunOutcome> {
    let run = crate::native::explore(args, &prog.sources, prog.module.data_model, deadline, start)?;
    Ok(outcome(
        run.verdict,
        run.reason,
        run.witness,
        run.stats,
        run.replay.into_iter().collect(),
    ))
}

/// Runs one stage in this process until `stage_deadline` (a `false`'s
/// native replay may run until the run's `deadline`); returns its outcome
/// and notes for the report.
pub(crate) fn run_stage(
    args: &VerifyOptions,
    prog: &Program,
    st: &Stage,
    stage_deadline: Option<Instant>,
    deadline: Option<Instant>,
    start: Instant,
    seen: &Arc<Mutex<Seen>>,
) -> Result<(RunOutcome, Vec<String>)> {
    let out = match st.kind {
        Kind::Condition => {
            let (setup, note) = match stage_deadline {
                Some(until) => kappa_condition::pruning::setup_until(&prog.module, until),
                None => kappa_condition::pruning::setup_within(&prog.module, None),
            };
            let proved = setup
                .as_ref()
                .is_some_and(|p| p.cond.as_bool_const() == Some(false));
            let (verdict, reason) = if proved {
                (
                    Verdict::True,
                    "the necessary condition for reaching reach_error is unsatisfiable",
                )
            } else if setup.is_some() {
                (Verdict::Unknown, "not proved unsatisfiable")
            } else {
                (Verdict::Unknown, "not usable")
            };
            let o = outcome(
                verdict,
                Some(reason.into()),
                None,
                Default::default(),
                vec![],
            );
            return Ok((o, vec![note]));
        }
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
                max_memory_mb: if st.is_last() {
                    args.max_memory
                } else {
                    args.max_memory / 2
                },
                last: st.is_last() || args.stage.is_some(),
            };
            run_interpreter(args, prog, spec, start, seen)?
        }
        Kind::Native => native_stage(args, prog, stage_deadline, start)?,
        Kind::Prove => crate::prove::run(prog, stage_deadline, args.max_memory),
    };
    Ok((out, vec![]))
}

/// Runs the portfolio on a loaded program and prints the report of the
/// stage that answered (or of the last one that ran). In a stage process
/// (`--stage`) runs that stage alone and hands its report over.
pub(crate) fn verify_auto(
    args: &VerifyOptions,
    prog: &Program,
    start: Instant,
    deadline: Option<Instant>,
    seen: &Arc<Mutex<Seen>>,
) -> Result<()> {
    if let Some(name) = &args.stage {
        return run_as_stage_process(args, prog, name, start, deadline, seen);
    }
    let jobs = args
        .jobs
        .map_or_else(crate::stages::available_jobs, |j| j as usize);
    // (without a directory for the stage processes' hand-over, or with
    // less time than PARALLEL_MIN, in order)
    let short =
        deadline.is_some_and(|d| d.saturating_duration_since(Instant::now()) < PARALLEL_MIN);
    let parallel = jobs >= 2 && !short && crate::stages::stages_root().is_ok();
    crate::stages::set_jobs(if parallel { jobs } else { 1 });
    if parallel {
        return crate::stages::run_parallel(args, start, deadline, jobs);
    }
    verify_sequential(args, prog, start, deadline, seen)
}

/// The stage process's part: runs stage `name` and hands its report over
/// (see [`crate::stages`]).
fn run_as_stage_process(
    args: &VerifyOptions,
    prog: &Program,
    name: &str,
    start: Instant,
    deadline: Option<Instant>,
    seen: &Arc<Mutex<Seen>>,
) -> Result<()> {
    let st = stage_named(name).ok_or_else(|| anyhow::anyhow!("no stage named {name}"))?;
    let stage_deadline = args
        .stage_ms
        .map(|ms| start + Duration::from_millis(ms))
        .or(deadline);
    let cpu0 = cpu_seconds();
    let t0 = Instant::now();
    let (out, notes) = run_stage(args, prog, st, stage_deadline, deadline, start, seen)?;
    let r = &out.result;
    let report = StageReport {
        name: st.name,
        technique: st.technique(),
        seconds: t0.elapsed().as_secs_f64(),
        cpu_seconds: cpu_seconds() - cpu0,
        verdict: r.verdict,
        reason: r.reason.as_ref().map(ToString::to_string),
        answered: r.verdict != Verdict::Unknown,
        skipped: false,
    };
    emit(args, prog, out, notes, vec![report], start, deadline)
}

/// The stages one after another (`--jobs 1`): the interpreter stages in
/// this process, the others in a child process stopped at the end of its
/// share ([`Stage::in_child_alone`]).
fn verify_sequential(
    args: &VerifyOptions,
    prog: &Program,
    start: Instant,
    deadline: Option<Instant>,
    seen: &Arc<Mutex<Seen>>,
) -> Result<()> {
    let mut notes = vec![];
    let mut stages: Vec<StageReport> = vec![];
    let mut last: Option<RunOutcome> = None;
    // the trees of the stages before the last (for the HTML report)
    let mut trees = vec![];
    let mut prev_name = "";
    let mut stop: Option<String> = None;
    let mut deadline = deadline;
    for st in STAGES {
        if let Some(why) = &stop {
            stages.push(st.skipped(why.clone()));
            continue;
        }
        let now = Instant::now();
        deadline = cpu_deadline(args, now, deadline);
        let stage_deadline = st.deadline(now, deadline);
        if stage_deadline.is_some_and(|d| d.saturating_duration_since(now) < st.min) {
            stages.push(st.skipped(st.too_short()));
            continue;
        }
        // (in this process when no child process can be started)
        let alone = (st.in_child_alone() && deadline.is_some())
            .then(|| crate::stages::run_alone(args, st, stage_deadline, deadline).ok())
            .flatten();
        if let Some(ended) = alone {
            if ended.report.answered {
                stages.push(ended.report.clone());
                for rest in STAGES.iter().skip(stages.len()) {
                    stages.push(rest.skipped(format!("the {} stage answered", st.name)));
                }
                return crate::stages::finish(args, Some(ended), stages, start);
            }
            notes.extend(ended.notes());
            stages.push(ended.report);
            continue;
        }
        let cpu0 = cpu_seconds();
        let (mut out, more) = run_stage(args, prog, st, stage_deadline, deadline, start, seen)?;
        notes.extend(more);
        let r = &mut out.result;
        let answered = r.verdict != Verdict::Unknown;
        stages.push(StageReport {
            name: st.name,
            technique: st.technique(),
            seconds: now.elapsed().as_secs_f64(),
            cpu_seconds: cpu_seconds() - cpu0,
            verdict: r.verdict,
            reason: r.reason.as_ref().map(ToString::to_string),
            answered,
            skipped: false,
        });
        if answered {
            stop = Some(format!("the {} stage answered", st.name));
        } else if matches!(st.kind, Kind::Interpreter(..))
            && r.reason
                .as_ref()
                .is_some_and(Reason::every_stage_would_meet)
        {
            stop = Some(format!(
                "the {} stage met a possible undefined behaviour or an unsupported construct that every stage would meet",
                st.name
            ));
        } else if deadline.is_some_and(|d| Instant::now() >= d) {
            stop = Some("no time left".into());
        }
        if st.kind == Kind::Condition {
            // (no tree; the run before it keeps its place)
            if answered {
                last = Some(out);
            }
            continue;
        }
        if let Some(prev) = last.as_mut().and_then(|l| l.result.tree.take()) {
            trees.push((prev_name.to_string(), prev));
        }
        prev_name = st.name;
        last = Some(out);
    }
    // (the last stage always runs unless an earlier one answered)
    let mut out = last.unwrap_or_else(|| {
        outcome(
            Verdict::Unknown,
            stages
                .last()
                .and_then(|s| s.reason.clone())
                .map(Reason::Other),
            None,
            Default::default(),
            vec![],
        )
    });
    out.earlier_trees = trees;
    if out.result.verdict == Verdict::Unknown {
        if let Some(r) = &mut out.result.reason {
            if r.timed_out() {
                *r = Reason::Timeout(format!(
                    "timeout after {}s (every stage ran out of time)",
                    kappa_engine::secs_text(crate::verify::wall_limit(args))
                ));
            }
        }
    }
    emit(args, prog, out, notes, stages, start, deadline)
}

/// With `--cpu-limit C` and the stages one after another: the run's
/// deadline at `now`, brought forward so that kappa's processes together
/// use at most C seconds of CPU time if from now on they use one CPU
/// second per second (a stage process's solver processes may have used
/// more: the condition stage races several).
fn cpu_deadline(args: &VerifyOptions, now: Instant, deadline: Option<Instant>) -> Option<Instant> {
    let Some(limit) = args.cpu_limit else {
        return deadline;
    };
    let left = crate::verify::seconds(limit - cpu_seconds()).unwrap_or(Duration::ZERO);
    let by_cpu = now.checked_add(left);
    match (deadline, by_cpu) {
        (Some(d), Some(c)) => Some(d.min(c)),
        (d, c) => d.or(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_fractions_of_the_time_left_capped_and_the_last_gets_all() {
        let now = Instant::now();
        let deadline = Some(now + Duration::from_secs(60));
        let secs = |name: &str| {
            let st = stage_named(name).unwrap();
            st.deadline(now, deadline)
                .unwrap()
                .duration_since(now)
                .as_secs_f64()
        };
        assert!((secs("probe") - PROBE_MAX.as_secs_f64()).abs() < 1e-6);
        assert!((secs("condition") - CONDITION_MAX.as_secs_f64()).abs() < 1e-6);
        assert!((secs("prove") - 60.0 * PROVE_SHARE).abs() < 1e-6);
        assert!((secs("classic+matching") - 60.0).abs() < 1e-6);
        // a short run: the fractions
        let short = Some(now + Duration::from_secs(3));
        let c = stage_named("condition")
            .unwrap()
            .deadline(now, short)
            .unwrap();
        assert!((c.duration_since(now).as_secs_f64() - 0.5).abs() < 1e-6);
        // no deadline: no stage deadline
        assert!(STAGES.iter().all(|s| s.deadline(now, None).is_none()));
        // the stage processes' names are the table's
        assert!(STAGES.iter().all(|s| stage_named(s.name).is_some()));
        assert_eq!(STAGES.iter().filter(|s| s.is_last()).count(), 1);
        assert!(STAGES.last().unwrap().is_last());
    }
}
