//! The soundness net (issue 15): random small C programs ([`gen`]) whose
//! ground truth is known by running them natively on every input
//! ([`truth`]), and the check that every kappa configuration agrees with it
//! or answers `unknown`. Shared by `kappa-bench --soundness` and the
//! property test crates/kappa/tests/soundness_gen.rs (which includes this
//! directory by path).

#![allow(dead_code)]

pub mod gen;
pub mod partial;
pub mod truth;

use gen::Program;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use truth::Truth;

/// One kappa configuration: a name and the `kappa verify` options.
pub struct Setup {
    /// Short name for tables and failure messages.
    pub name: &'static str,
    /// Options passed to `kappa verify` before the file.
    pub args: &'static [&'static str],
}

/// Every configuration the net checks.
pub const SETUPS: [Setup; 10] = [
    Setup {
        name: "auto",
        args: &["--mode", "auto", "--jobs", "1"],
    },
    Setup {
        name: "classic",
        args: &["--mode", "classic"],
    },
    Setup {
        name: "compact",
        args: &["--mode", "compact"],
    },
    Setup {
        name: "navigate",
        args: &["--mode", "navigate"],
    },
    Setup {
        name: "native",
        args: &["--mode", "native"],
    },
    Setup {
        name: "classic+prune",
        args: &["--mode", "classic", "--prune-with-condition"],
    },
    Setup {
        name: "compact+prune",
        args: &["--mode", "compact", "--prune-with-condition"],
    },
    Setup {
        name: "classic+match",
        args: &["--mode", "classic", "--state-matching"],
    },
    Setup {
        name: "compact+match",
        args: &["--mode", "compact", "--state-matching"],
    },
    Setup {
        name: "prove",
        args: &["--mode", "prove"],
    },
];

/// A generated program written to disk with its ground truth.
pub struct Case {
    /// The program.
    pub prog: Program,
    /// Its file (in a scratch directory owned by the case).
    pub file: PathBuf,
    /// What running it on every input showed.
    pub truth: Truth,
    /// Seconds spent on the ground truth (compile and run).
    pub truth_secs: f64,
}

/// How one configuration did on one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Agrees with the ground truth.
    Correct,
    /// `unknown` (allowed).
    Unknown,
    /// Disagrees: `true` with a reachable error or `false` without one.
    Wrong,
    /// kappa ended without a JSON report (a crash or bad-input error).
    Error,
}

/// The scratch directory of `seed` under `root` (created).
pub fn scratch(root: &Path, seed: u64) -> PathBuf {
    let d = root.join(format!("seed-{seed}"));
    let _ = std::fs::create_dir_all(&d);
    d
}

/// Generates the program of `seed`, writes it under `root` and computes
/// its ground truth (the native run limited to `limit`).
pub fn prepare(root: &Path, seed: u64, limit: Duration) -> Case {
    prepare_program(root, gen::generate(seed), limit)
}

/// [`prepare`] for a program already generated (e.g. by
/// [`gen::generate_scalar`]).
pub fn prepare_program(root: &Path, prog: Program, limit: Duration) -> Case {
    let seed = prog.seed;
    let dir = scratch(root, seed);
    let file = dir.join(format!("soundgen_{seed}.c"));
    let start = Instant::now();
    let truth = match std::fs::write(&file, &prog.source) {
        Ok(()) => truth::ground_truth(&prog, &file, &dir, limit),
        Err(e) => Truth::Discarded(e.to_string()),
    };
    Case {
        prog,
        file,
        truth,
        truth_secs: start.elapsed().as_secs_f64(),
    }
}

/// Runs `kappa verify --json --timeout SECS SETUP... FILE`; returns the
/// outcome against the case's truth, kappa's output and the wall time.
pub fn check(kappa: &Path, case: &Case, setup: &Setup, secs: u32) -> (Outcome, String, f64) {
    let start = Instant::now();
    let out = truth::run_limited(
        Command::new(kappa)
            .args(["verify", "--json", "--timeout", &secs.to_string()])
            .args(setup.args)
            .arg(&case.file),
        Duration::from_secs(secs as u64 * 2 + 30),
    );
    let secs = start.elapsed().as_secs_f64();
    let Some(out) = out else {
        // a hang past kappa's own timeout is not a verdict (it counts as unknown)
        return (Outcome::Unknown, "killed past the hard limit".into(), secs);
    };
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let verdict = serde_json::from_slice::<serde_json::Value>(&out.stdout)
        .ok()
        .and_then(|v| v["verdict"].as_str().map(str::to_string));
    let outcome = match (verdict.as_deref(), &case.truth) {
        (None, _) => Outcome::Error,
        (Some("unknown"), _) => Outcome::Unknown,
        (Some("true"), Truth::Unreachable) | (Some("false"), Truth::Reachable { .. }) => {
            Outcome::Correct
        }
        (Some("true") | Some("false"), _) => Outcome::Wrong,
        (Some(_), _) => Outcome::Error,
    };
    (outcome, text, secs)
}

/// The reason of an `unknown` JSON report, cut to its kind (the text
/// before the first location or detail), for tallies.
pub fn unknown_kind(output: &str) -> String {
    let reason = serde_json::from_str::<serde_json::Value>(output.lines().next().unwrap_or(""))
        .ok()
        .and_then(|v| v["reason"].as_str().map(str::to_string))
        .unwrap_or_else(|| output.lines().next().unwrap_or("").to_string());
    let cut = reason
        .find(|c: char| c == '`' || c == '(' || c.is_ascii_digit())
        .unwrap_or(reason.len());
    reason[..cut].trim_end_matches([' ', ':', ',']).to_string()
}

/// The failure message of a wrong verdict or an error: seed, configuration,
/// ground truth, kappa's output and the program.
pub fn failure(case: &Case, setup: &Setup, outcome: &Outcome, output: &str) -> String {
    let truth = match &case.truth {
        Truth::Reachable { input, count } => {
            format!("reach_error is reached by {count} inputs, e.g. {input:?}")
        }
        Truth::Unreachable => "no input reaches reach_error".into(),
        Truth::Discarded(why) => format!("no ground truth ({why})"),
    };
    format!(
        "seed {} [{}] {:?}: kappa verify {} says:\n{}\nground truth: {truth} (inputs {:?})\n--- program ---\n{}",
        case.prog.seed,
        setup.name,
        outcome,
        setup.args.join(" "),
        output.trim(),
        case.prog.inputs,
        case.prog.source
    )
}
