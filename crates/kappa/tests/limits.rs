//! Bounds end a run with `unknown` and say which bound: time, states, memory.
//! A loop whose exploration never finishes must never be answered `true`.

mod common;
use common::*;
use std::time::{Duration, Instant};

const ENDLESS: &str = "extern _Bool __VERIFIER_nondet_bool(void); extern void reach_error(void);\n\
int main(void) { unsigned x = 0; while (__VERIFIER_nondet_bool()) { x += 2; } if (x == 7) reach_error(); return 0; }\n";

fn run(extra: &[&str]) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("endless.c");
    std::fs::write(&p, ENDLESS).unwrap();
    let mut args = vec!["verify", "--json"];
    args.extend_from_slice(extra);
    let ps = p.to_string_lossy().into_owned();
    args.push(&ps);
    let out = kappa(&args);
    serde_json::from_str(&String::from_utf8_lossy(&out.stdout)).expect("JSON report")
}

#[test]
fn timeout_gives_unknown() {
    let v = run(&["--timeout", "1"]);
    assert_eq!(v["verdict"], "unknown");
    assert!(
        v["reason"].as_str().unwrap().starts_with("timeout after"),
        "{v}"
    );
}

#[test]
fn state_bound_gives_unknown() {
    let v = run(&["--max-states", "50"]);
    assert_eq!(v["verdict"], "unknown");
    assert!(
        v["reason"].as_str().unwrap().contains("--max-states 50"),
        "{v}"
    );
    assert!(v["stats"]["states"].as_u64().unwrap() <= 52, "{v}");
}

#[test]
fn memory_bound_gives_unknown() {
    let v = run(&["--max-memory", "1", "--timeout", "30"]);
    assert_eq!(v["verdict"], "unknown");
    assert!(
        v["reason"].as_str().unwrap().contains("memory bound hit"),
        "{v}"
    );
}

#[test]
fn every_searcher_finds_a_shallow_bug() {
    for s in ["dfs", "bfs", "random", "coverage", "interleaved"] {
        let out = kappa(&[
            "verify",
            "--json",
            "--searcher",
            s,
            &repo_root().join("tests/snap/sign.c").to_string_lossy(),
        ]);
        let v: serde_json::Value =
            serde_json::from_str(&String::from_utf8_lossy(&out.stdout)).unwrap();
        assert_eq!(v["verdict"], "false", "searcher {s}");
    }
}

/// Runs `kappa verify --json ARGS FILE`; returns the report, the exit
/// status and the wall time.
fn timed(args: &[&str], file: &std::path::Path) -> (serde_json::Value, i32, Duration) {
    let mut all = vec!["verify", "--json"];
    all.extend_from_slice(args);
    let f = file.to_string_lossy().into_owned();
    all.push(&f);
    let start = Instant::now();
    let out = kappa(&all);
    let took = start.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let v = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "{f}: no single JSON verdict ({e}): {stdout}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (v, out.status.code().unwrap_or(-1), took)
}

/// The deadline contract, with a generous margin: `--timeout 2` on hard
/// programs (a symbolic recursion with remainders whose Z3 queries overrun,
/// symbolic-index writes into a grid) prints one verdict, exit status 0,
/// within 2 + 3 s; the verdict never contradicts the program's.
#[test]
fn timeout_bounds_the_whole_run_on_hard_programs() {
    for name in ["gcd_rec.c", "grid_packets_safe.c"] {
        let path = repo_root().join("tests/hard").join(name);
        let src = std::fs::read_to_string(&path).unwrap();
        let expect = header(&src, "expect").expect("// expect: header");
        let (v, code, took) = timed(&["--timeout", "2"], &path);
        assert_eq!(code, 0, "{name}: {v}");
        assert!(took < Duration::from_secs(5), "{name} took {took:?}: {v}");
        let verdict = v["verdict"].as_str().unwrap();
        assert!(verdict == "unknown" || verdict == expect, "{name}: {v}");
        if verdict == "unknown" {
            assert!(
                v["reason"].as_str().unwrap().contains("timeout"),
                "{name}: {v}"
            );
        }
    }
}

/// Compiling is inside the deadline too: a program clang needs seconds for.
#[test]
fn timeout_bounds_compilation() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("huge.c");
    let mut src = String::from(
        "extern void reach_error(void); extern int __VERIFIER_nondet_int(void);\n\
         int main(void) { int x = __VERIFIER_nondet_int();\n",
    );
    for i in 0..60_000 {
        src.push_str(&format!("  if (x == {i}) x = x * 3 + {i};\n"));
    }
    src.push_str("  if (x == -1) reach_error(); return 0; }\n");
    std::fs::write(&p, src).unwrap();
    let (v, code, took) = timed(&["--timeout", "1"], &p);
    assert_eq!(code, 0, "{v}");
    assert!(took < Duration::from_secs(4), "took {took:?}: {v}");
    assert_eq!(v["verdict"], "unknown", "{v}");
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .starts_with("timeout after 1s"),
        "{v}"
    );
}

/// `--max-memory` exceeded during a hard run: `unknown` with the reason,
/// exit status 0, no crash.
#[test]
fn memory_limit_on_a_hard_program_gives_unknown() {
    let path = repo_root().join("tests/hard/nondet_steps.c");
    let (v, code, took) = timed(&["--max-memory", "1", "--timeout", "30"], &path);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["verdict"], "unknown", "{v}");
    assert!(
        v["reason"].as_str().unwrap().contains("memory bound hit"),
        "{v}"
    );
    assert!(took < Duration::from_secs(10), "took {took:?}: {v}");
}

/// A stack overflow of the worker thread (forced through a test hook)
/// ends in an `unknown` verdict with the reason and exit status 0, not in
/// an abort.
#[test]
fn stack_overflow_gives_unknown() {
    let path = repo_root().join("tests/hard/loop_1e8.c");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(["verify", "--mode", "classic", "--json", "--timeout", "20"])
        .arg(&path)
        .env("KAPPA_TEST_STACK_OVERFLOW", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["verdict"], "unknown", "{v}");
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .contains("overflowed its stack"),
        "{v}"
    );
}

/// A run stuck past `--timeout` (forced through a test hook: waiting for a
/// child process that sleeps) gets its verdict from the watchdog within
/// `--timeout` + 0.5 s (here with a margin), and the child is killed.
#[test]
fn watchdog_answers_for_a_stuck_run_and_kills_children() {
    // a distinctive duration, to find the child among all processes
    let secs = "977.123";
    let path = repo_root().join("tests/hard/loop_1e8.c");
    let start = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(["verify", "--mode", "classic", "--json", "--timeout", "1"])
        .arg(&path)
        .env("KAPPA_TEST_HANG_IN_CHILD", secs)
        .output()
        .unwrap();
    let took = start.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(took < Duration::from_secs(4), "took {took:?}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["verdict"], "unknown", "{v}");
    let reason = v["reason"].as_str().unwrap();
    assert!(reason.starts_with("timeout after 1s: hard deadline"), "{v}");
    std::thread::sleep(Duration::from_millis(200));
    let sleeping = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .any(|c| c.split(|b| *b == 0).any(|a| a == secs.as_bytes()));
    assert!(!sleeping, "the child `sleep {secs}` survived");
}
