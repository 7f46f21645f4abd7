//! Stress test of in-process engines: two `kappa_engine::Engine`s (each
//! with its own Z3 context and Z3 watchdog thread) run on two threads at
//! once, in a loop over small programs, with deadlines and per-query
//! timeouts so short that Z3 calls are cut mid-query, by Z3's own timer
//! and by the watchdog's `Z3_interrupt`. It must end with no crash and no
//! wrong verdict. `scripts/stress-engines.sh` runs this binary under
//! valgrind (memcheck, helgrind) with more rounds (`KAPPA_STRESS_ROUNDS`) and longer limits
//! (`KAPPA_STRESS_SCALE`).

mod common;

use common::*;
use kappa_engine::{
    compact::CompactOptions, matching::MatchingOptions, navigate::NavigateOptions, Config, Engine,
    Validation, Verdict,
};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Rounds over the programs per thread (`KAPPA_STRESS_ROUNDS`, default 2).
fn rounds() -> usize {
    std::env::var("KAPPA_STRESS_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
}

/// Factor on every budget and query limit (`KAPPA_STRESS_SCALE`, default
/// 1): under valgrind, code runs some 50 times slower.
fn scale() -> u32 {
    std::env::var("KAPPA_STRESS_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// The programs: the loop navigation ones and a few of the C programs with
/// loops, arrays and arithmetic (queries that take Z3 some milliseconds).
fn programs() -> Vec<PathBuf> {
    let mut v = c_files("tests/navigate");
    for name in [
        "array_symbolic_index.c",
        "bubble_sort4.c",
        "bitops_popcount.c",
        "div_vs_shift.c",
    ] {
        v.push(repo_root().join("tests/programs").join(name));
    }
    // `KAPPA_STRESS_PROGRAMS=N`: the first N only (for valgrind)
    let n = std::env::var("KAPPA_STRESS_PROGRAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(v.len());
    v.truncate(n);
    v
}

/// What one thread saw: runs, Z3 answers `unknown` (cut queries), wrong verdicts.
#[derive(Default)]
struct Tally {
    runs: usize,
    unknown_answers: u64,
    wrong: Vec<String>,
}

/// One engine run of `module` with a deadline of `budget` and Z3 calls of
/// at most `query` each; every technique is on when `techniques`, and
/// pruning with the necessary condition too when `prune` (its race runs
/// its two sides on two more threads with their own Z3 contexts, the
/// loser interrupted: the library's default).
fn run_once(
    module: &kappa_ir::Module,
    budget: Duration,
    query: Duration,
    techniques: bool,
    prune: bool,
) -> kappa_engine::RunResult {
    let deadline = Instant::now() + budget;
    let prune = if prune {
        let (setup, _) = kappa_condition::pruning::setup_within(module, Some(deadline));
        setup.map(|s| kappa_engine::prune::Prune {
            cond: s.cond,
            inputs: s.inputs,
            hints: s.hints,
        })
    } else {
        None
    };
    let solver = kappa_solver::build_solver(&kappa_solver::SolverConfig {
        timeout: query,
        deadline: Some(deadline),
        ..Default::default()
    });
    let mut cfg = Config {
        deadline: Some(deadline),
        ..Config::default()
    };
    if techniques {
        cfg.techniques.set(CompactOptions::default());
        cfg.techniques.set(NavigateOptions::default());
        cfg.techniques.set(MatchingOptions);
    }
    if let Some(p) = prune {
        cfg.techniques.set(p);
    }
    let mut engine = Engine::new(module, cfg, solver).expect("engine");
    // no native replay here (a witness is not confirmed, so no `false`):
    // the test is about the solver, and replays would only slow it down
    engine.run(
        &mut |_| Validation::Rejected("not replayed (stress test)".into()),
        &mut |_| {},
    )
}

/// One thread's work: every program, `rounds` times, with budgets and
/// query limits that vary between runs (`salt` shifts them per thread).
fn worker(files: &[PathBuf], rounds: usize, salt: usize) -> Tally {
    let opts = kappa_frontend::FrontendOptions::default();
    let progs: Vec<_> = files
        .iter()
        .map(|p| {
            let src = std::fs::read_to_string(p).expect("source");
            let prog = kappa_frontend::load(p, &opts).expect("frontend");
            (p, header(&src, "expect"), prog)
        })
        .collect();
    const BUDGETS_MS: [u64; 5] = [20, 60, 120, 250, 40];
    const QUERIES_MS: [u64; 4] = [1, 3, 10, 30];
    let mut t = Tally::default();
    for r in 0..rounds {
        for (i, (path, expect, prog)) in progs.iter().enumerate() {
            let k = r * progs.len() + i + salt;
            let budget = Duration::from_millis(BUDGETS_MS[k % BUDGETS_MS.len()]) * scale();
            let query = Duration::from_millis(QUERIES_MS[(k / 2) % QUERIES_MS.len()]) * scale();
            let res = run_once(
                &prog.module,
                budget,
                query,
                !k.is_multiple_of(3),
                k % 3 == 2,
            );
            t.runs += 1;
            t.unknown_answers += res.stats.solver_routes.iter().map(|r| r.2).sum::<u64>();
            let got = match res.verdict {
                Verdict::True => "true",
                Verdict::False => "false",
                Verdict::Unknown => continue,
            };
            if expect.as_deref().is_some_and(|e| e != got) {
                t.wrong.push(format!(
                    "{}: expected {expect:?}, got {got}",
                    path.display()
                ));
            }
        }
    }
    t
}

/// How long the two threads may take, a deadline contract with a wide
/// margin (the default rounds take well under a minute on a 2-core
/// machine), times [`scale`]: a deadlock inside Z3 fails the test instead
/// of hanging it.
const HANG: Duration = Duration::from_secs(600);

#[test]
fn two_engines_with_interrupted_queries_at_once() {
    let files = programs();
    let rounds = rounds();
    let (tx, rx) = std::sync::mpsc::channel();
    for salt in 0..2 {
        let (tx, files) = (tx.clone(), files.clone());
        // detached: a deadlocked worker is left behind when the test fails
        std::thread::spawn(move || {
            let _ = tx.send(worker(&files, rounds, salt));
        });
    }
    drop(tx);
    let start = Instant::now();
    let hang = HANG * scale();
    let tallies: Vec<Tally> = (0..2)
        .map(|_| {
            let left = hang.saturating_sub(start.elapsed());
            rx.recv_timeout(left).unwrap_or_else(|e| {
                panic!("a worker did not finish within {hang:?} (deadlock?) or panicked: {e}")
            })
        })
        .collect();
    let runs: usize = tallies.iter().map(|t| t.runs).sum();
    let unknown: u64 = tallies.iter().map(|t| t.unknown_answers).sum();
    let wrong: Vec<&String> = tallies.iter().flat_map(|t| &t.wrong).collect();
    eprintln!("{runs} engine runs, {unknown} solver answers unknown (cut queries)");
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert_eq!(runs, 2 * rounds * files.len());
    // the point of the test: queries were cut mid-call
    assert!(
        unknown > 0,
        "no query was cut: the stress test stressed nothing"
    );
}
