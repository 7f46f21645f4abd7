//! End-to-end: the programs of tests/audit32 (issue 32's audit of writes
//! an analysis might drop: partial writes to a scalar global in helpers,
//! `memset`/`memcpy` on it, writes through pointers passed down or
//! returned, writes in callees the condition keeps as calls, stores that
//! decide an index). Each states its ground truth (`// expect:
//! true|false|unknown`, checked natively on every input of a domain by
//! `tests/audit32/truth/truth.sh`); their verdicts per mode are in
//! tests/audit32/manifest (run by `programs.rs`). Here: the necessary
//! condition must not be unsatisfiable for a program that reaches its
//! target.

mod common;
use common::*;
use std::path::Path;

/// Whether `kappa condition [--failures] FILE` says `unsat`.
fn condition_unsat(path: &Path, failures: bool) -> bool {
    let p = path.to_str().unwrap();
    let mut args = vec!["condition", "--timeout", "10"];
    if failures {
        args.push("--failures");
    }
    args.push(p);
    kappa_stdout(&args).lines().any(|l| l == "unsat")
}

fn programs() -> Vec<std::path::PathBuf> {
    let files = c_files("tests/audit32");
    assert!(
        files.len() >= 50,
        "expected at least 50 programs, found {}",
        files.len()
    );
    files
}

#[test]
fn the_condition_is_satisfiable_wherever_a_target_is_reachable() {
    let files = programs();
    let fails = parallel(&files, |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let expect = header(&src, "expect").expect("// expect: header");
        let mut msgs = vec![];
        // reach_error is reachable: φ̂ for it must be satisfiable
        if expect == "false" && condition_unsat(path, false) {
            msgs.push(format!(
                "{name}: condition unsat, but reach_error is reachable"
            ));
        }
        // reach_error or a failure is reachable: φ̂ for both must be
        // satisfiable
        if expect != "true" && condition_unsat(path, true) {
            msgs.push(format!(
                "{name}: condition --failures unsat on a {expect} program"
            ));
        }
        (!msgs.is_empty()).then(|| msgs.join("\n"))
    });
    assert!(
        fails.is_empty(),
        "{} of {} programs failed:\n{}",
        fails.len(),
        files.len(),
        fails.join("\n")
    );
}
