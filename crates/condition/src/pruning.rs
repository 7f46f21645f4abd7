//! The policy that turns a necessary condition into a decision and into the
//! pruning setup of `kappa verify --prune-with-condition` (and of auto's
//! condition stage): which weakening is raced, which φ̂^K the engine prunes
//! with, how large a condition may be, which inputs it may identify.

use crate::race::{check_one, Answer};
use crate::{compute, NecessaryCondition, Options, Target};
use kappa_expr::{Assignment, Expr, Symbol};
use kappa_ir::{Module, SrcLoc};
use std::time::{Duration, Instant};

/// K of the φ̂^K the engine prunes with: one check per fork successor must
/// stay cheap (measured on apc_running.c: K = 4 made the checks 7 s of
/// solver time, K = 0 0.3 s); the race on φ̂ and φ̂^25 does the proving.
pub const PRUNE_K: u64 = 1;

/// Largest φ̂^[`PRUNE_K`] (in expression nodes) `--prune-with-condition`
/// uses (measured: 2 000 to 6 000 for the string searches of Table 2, which
/// run fine; 56 000 for HWM, whose solver calls then stall the run).
pub const MAX_PRUNE_NODES: usize = 10_000;

/// What [`decide`] decided.
pub struct Decided {
    /// sat / unsat / unknown.
    pub answer: Answer,
    /// A model when known.
    pub model: Option<Assignment>,
    /// Which side decided.
    pub decided_by: &'static str,
    /// Seconds spent solving.
    pub seconds: f64,
    /// Whether the weakening φ̂^K was found satisfiable (then so is every
    /// weaker φ̂^k, k < K).
    pub weak_sat: bool,
}

/// Decides φ̂ (race against φ̂^25, and with `bounded` the counter-bounded
/// φ̂^64 whose models are models of φ̂) or, with `k`, φ̂^K alone.
pub fn decide(c: &NecessaryCondition, k: Option<u64>, bounded: bool, timeout: Duration) -> Decided {
    match k {
        Some(k) => {
            let r = check_one(c.instantiate(k), timeout);
            let weak_sat = r.answer == Answer::Sat;
            Decided {
                answer: r.answer,
                model: r.model,
                decided_by: "phi^K",
                weak_sat,
                seconds: r.seconds,
            }
        }
        None => {
            let t = std::time::Instant::now();
            let k = crate::DEFAULT_K;
            let phik = c.instantiate(k);
            let strong = if bounded {
                let (e, exact) = crate::kform::instantiate_bounded(c.phi, crate::kform::BOUNDED_K);
                exact.then_some(e)
            } else {
                None
            };
            let r = crate::race::race(c.phi, phik, strong, timeout);
            Decided {
                answer: r.answer,
                model: r.model,
                decided_by: r.decided_by,
                weak_sat: r.phik.is_some_and(|s| s.answer == Answer::Sat),
                seconds: t.elapsed().as_secs_f64(),
            }
        }
    }
}

/// The time the condition's race gets when `left` remains before the
/// deadline: an eighth, at most 2 s.
pub fn budget(left: Duration) -> Duration {
    (left / 8).min(Duration::from_secs(2))
}

/// [`prune_setup`] with the race's [`budget`] taken from the time left
/// before `deadline` (40 s assumed without one).
pub fn setup_within(m: &Module, deadline: Option<Instant>) -> (Option<PruneSetup>, String) {
    let left = deadline
        .map(|d| d.saturating_duration_since(Instant::now()))
        .unwrap_or(Duration::from_secs(40));
    prune_setup(m, budget(left))
}

/// The pruning setup of `kappa verify --prune-with-condition`: φ̂ for the
/// calls of `reach_error` and every edge that may fail
/// ([`Target::ErrorsAndFailures`]: what a run must reach to end in `false`
/// or `unknown`, so an unsatisfiable φ̂ proves `true` under the verdict
/// rules of every mode, and a dropped state reaches neither an error nor a
/// failure), decided by the race within `budget`; the engine
/// gets `false` when φ̂ is unsatisfiable (a proof), otherwise the
/// quantifier-free φ̂^K (implied by φ̂, so pruning with it is sound), the
/// inputs it may identify by source position (only
/// [`crate::InputSite::engine_mappable`] ones: read once per run,
/// outside loops, in `main`) and the model's values for them as hints.
/// Pruning uses φ̂^[`PRUNE_K`] (also implied by φ̂).
/// Returns the setup and a note for the report.
pub fn prune_setup(m: &Module, budget: Duration) -> (Option<PruneSetup>, String) {
    setup_with(m, &|| budget)
}

/// [`prune_setup`] that ends by `until`: the race gets the time left
/// after building the condition (auto's condition stage, whose share
/// includes the construction).
pub fn setup_until(m: &Module, until: Instant) -> (Option<PruneSetup>, String) {
    setup_with(m, &|| until.saturating_duration_since(Instant::now()))
}

/// [`prune_setup`] with the race's budget asked for once the condition is
/// built.
fn setup_with(m: &Module, budget: &dyn Fn() -> Duration) -> (Option<PruneSetup>, String) {
    let opts = Options {
        target: Target::ErrorsAndFailures,
        ..Default::default()
    };
    let c = match compute(m, &opts) {
        Ok(c) => c,
        Err(e) => {
            return (
                None,
                format!("necessary condition for reaching an error: not computed ({e})"),
            )
        }
    };
    let pruning = c.instantiate(PRUNE_K);
    let size = crate::kform::dag_size(pruning);
    if size > MAX_PRUNE_NODES {
        // solver threads on huge quantified terms do not stop when told and
        // hold Z3's shared locks: such a condition would only slow the run
        return (
            None,
            format!(
                "necessary condition for reaching an error: not used (too large: {size} expression nodes, more than {MAX_PRUNE_NODES}); {} loop-free path{} to an error; built in {:.3}s",
                c.backbones, plural(c.backbones), c.build_seconds
            ),
        );
    }
    let d = decide(&c, None, false, budget());
    let inputs: Vec<_> = c
        .inputs
        .iter()
        .filter(|i| i.engine_mappable)
        .filter_map(|i| i.src.map(|s| (s, i.sym)))
        .collect();
    let hints = match &d.model {
        Some(model) => c
            .inputs
            .iter()
            .filter(|i| i.engine_mappable)
            .filter_map(|i| Some((i.src?, *model.scalars.get(&i.sym)?)))
            .collect(),
        None => vec![],
    };
    let note = format!(
        "necessary condition for reaching an error: {}{}; {} loop-free path{} to an error with {} loop{} summarised; built in {:.3}s, solved in {:.3}s; {} input{} that pruning can follow (read once, outside loops, in main)",
        answer_words(&d.answer),
        decided_by_words(d.decided_by),
        c.backbones,
        plural(c.backbones),
        c.summaries.len(),
        plural(c.summaries.len()),
        c.build_seconds,
        d.seconds,
        inputs.len(),
        plural(inputs.len()),
    );
    if inputs.is_empty() && (d.answer == Answer::Sat || d.weak_sat) {
        // nothing to prune on and nothing to prove: spare the engine the
        // proof attempt
        return (
            None,
            format!("{note}; not used (satisfiable, and no input to prune on)"),
        );
    }
    let cond = if d.answer == Answer::Unsat {
        kappa_expr::build::fls()
    } else {
        pruning
    };
    (
        Some(PruneSetup {
            cond,
            inputs,
            hints,
        }),
        note,
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The answer in the report's words.
fn answer_words(a: &Answer) -> &'static str {
    match a {
        Answer::Sat => "satisfiable (an error may be reachable)",
        Answer::Unsat => "unsatisfiable (no error is reachable)",
        Answer::Unknown(_) => "undecided",
    }
}

/// Which side of the race decided, in the report's words (see
/// [`crate::race::race`]).
fn decided_by_words(side: &str) -> String {
    match side {
        "phi" => String::new(),
        "phi^K" => format!(
            ", decided on its weakening that checks each loop's condition on the first {} iterations only",
            crate::DEFAULT_K + 1
        ),
        "phi^K bounded" => format!(
            ", decided with every loop run at most {} times",
            crate::kform::BOUNDED_K + 1
        ),
        _ => ", no check finished".to_string(),
    }
}

/// What the engine prunes with (the fields of `kappa_engine::prune::Prune`,
/// whose contract they meet: `cond` is implied by the inputs of every run
/// that reaches `reach_error` or a failure).
#[derive(Clone, Debug)]
pub struct PruneSetup {
    /// `false` (a proof) or the quantifier-free φ̂^K.
    pub cond: Expr,
    /// The inputs of `cond` the engine may identify by source position.
    pub inputs: Vec<(SrcLoc, Symbol)>,
    /// Candidate values for those inputs (from a model).
    pub hints: Vec<(SrcLoc, u128)>,
}
