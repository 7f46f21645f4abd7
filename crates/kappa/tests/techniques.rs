//! The technique seam composes: compact execution, state matching, loop
//! navigation and pruning with a necessary condition, all installed in one
//! engine run (the CLI's modes use one at a time), give the expected
//! verdict or `unknown` on the navigation and matching programs, never a
//! wrong one, and answer most of them.

mod common;

use common::*;
use kappa_engine::{
    compact::CompactOptions, matching::MatchingOptions, navigate::NavigateOptions, Config, Engine,
    Validation, Verdict,
};
use std::time::{Duration, Instant};

/// The verdict of one run with every technique on.
fn all_techniques(path: &std::path::Path) -> Result<(Verdict, Vec<&'static str>), String> {
    let opts = kappa_frontend::FrontendOptions::default();
    let prog = kappa_frontend::load(path, &opts).map_err(|e| e.to_string())?;
    let deadline = Instant::now() + Duration::from_secs(10);
    let (setup, _) = kappa_condition::pruning::setup_within(&prog.module, Some(deadline));
    let prune = setup.map(|s| kappa_engine::prune::Prune {
        cond: s.cond,
        inputs: s.inputs,
        hints: s.hints,
    });
    let mut cfg = Config {
        deadline: Some(deadline),
        ..Config::default()
    };
    cfg.techniques.set(CompactOptions::default());
    cfg.techniques.set(NavigateOptions::default());
    cfg.techniques.set(MatchingOptions);
    if let Some(p) = prune {
        cfg.techniques.set(p);
    }
    let solver = kappa_solver::build_solver(&Default::default());
    let mut engine = Engine::new(&prog.module, cfg, solver)?;
    let names = engine.technique_names();
    let dm = prog.module.data_model;
    let sources = prog.sources.clone();
    let res = engine.run(
        &mut |w| {
            let limits = kappa_replay::Limits {
                time: Duration::from_secs(10),
                memory_bytes: 1 << 30,
                deadline: None,
            };
            match kappa_replay::replay(&sources, dm, &w.test_vector(), &limits) {
                Ok(r) if r.outcome == kappa_replay::Outcome::ReachedError => Validation::Confirmed,
                Ok(r) => Validation::Rejected(format!("{:?}", r.outcome)),
                Err(e) => Validation::Rejected(e.to_string()),
            }
        },
        &mut |_| {},
    );
    Ok((res.verdict, names))
}

#[test]
fn every_technique_at_once_gives_no_wrong_verdict() {
    // the condition's race runs its solver sides as processes, as in the
    // CLI (interrupted Z3 threads of several tests at once are not safe)
    kappa_condition::race::use_solver_process(
        std::path::PathBuf::from(env!("CARGO_BIN_EXE_kappa")),
        vec!["__solve-side".to_string()],
    );
    let mut files = c_files("tests/navigate");
    files.extend(c_files("tests/matching"));
    // every other program in the standard tier, all in the benchmark tier
    if !full_tier() {
        files = files.into_iter().step_by(2).collect();
    }
    let answered = std::sync::atomic::AtomicUsize::new(0);
    // two programs at a time, two engines in this process (see
    // tests/engine_stress.rs: Z3's timer pool, which once ended this test
    // with glibc's "corrupted double-linked list", is no longer used)
    let fails = parallel(&files, |p| {
        let src = std::fs::read_to_string(p).unwrap();
        let expect = header(&src, "expect")?;
        let (v, names) = match all_techniques(p) {
            Ok(x) => x,
            Err(e) => return Some(format!("{}: {e}", p.display())),
        };
        if names.len() < 3 {
            return Some(format!("{}: installed only {names:?}", p.display()));
        }
        let got = match v {
            Verdict::True => "true",
            Verdict::False => "false",
            Verdict::Unknown => return None,
        };
        answered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        (got != expect).then(|| format!("{}: expected {expect}, got {got}", p.display()))
    });
    assert!(fails.is_empty(), "{fails:#?}");
    let n = answered.into_inner();
    assert!(
        2 * n >= files.len(),
        "only {n} of {} programs answered with every technique on",
        files.len()
    );
}

/// The example technique (`loop_visits.rs`), registered by its name in the
/// engine's `techniques!` line only, is offered by the command line with
/// its flag and reports its counters: a loop of 5 iterations reaches its
/// header 6 times.
#[test]
fn a_registered_technique_is_offered_by_the_command_line() {
    let dir = std::env::temp_dir().join(format!("kappa-loop-visits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("five.c");
    std::fs::write(
        &file,
        "extern void reach_error(void);\n\
         int main(void) {\n  int s = 0;\n  for (int i = 0; i < 5; i++) s += i;\n\
         \x20 if (s != 10) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let visits = |extra: &[&str]| {
        let v = verify_json(&file, 20, extra);
        assert_eq!(v["verdict"], "true", "{v}");
        v["stats"]["loop_visits"]["visits"].as_u64()
    };
    assert_eq!(visits(&["--technique", "loop-visits"]), Some(6));
    assert_eq!(
        visits(&[
            "--mode",
            "compact",
            "--technique",
            "loop-visits:from-function=0"
        ]),
        Some(6)
    );
    assert_eq!(
        visits(&["--technique", "loop-visits:from-function=99"]),
        Some(0)
    );
    assert_eq!(visits(&[]), None);
    let _ = std::fs::remove_dir_all(&dir);
}
