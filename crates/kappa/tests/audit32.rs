//! End-to-end: the programs of tests/audit32 (issue 32's audit of writes
//! an analysis might drop: partial writes to a scalar global in helpers,
//! `memset`/`memcpy` on it, writes through pointers passed down or
//! returned, writes in callees the condition keeps as calls, stores that
//! decide an index) must never get a wrong verdict. Each states its ground
//! truth (`// expect: true|false|unknown`, checked natively on every input
//! of a domain); `unknown` is always allowed, a `false` must be confirmed by
//! its native replay, and the necessary condition must not be
//! unsatisfiable for a program that reaches its target.

mod common;
use common::*;
use std::path::Path;

/// The verdict of `kappa verify --json --timeout 10 EXTRA FILE` against the
/// file's ground truth: `Some(message)` when it is wrong.
fn wrong_verdict(path: &Path, expect: &str, extra: &[&str]) -> Option<String> {
    let name = path.file_name().unwrap().to_string_lossy();
    let v = verify_json(path, 10, extra);
    let got = v["verdict"].as_str().unwrap_or("?");
    let mode = extra.join(" ");
    if (got == "true" || got == "false") && got != expect {
        return Some(format!(
            "{name} [{mode}]: WRONG {got} on a {expect} program ({})",
            v["reason"]
        ));
    }
    if got == "false" && v["replay"].as_str() != Some("reach_error reached") {
        return Some(format!("{name} [{mode}]: false without a confirmed replay"));
    }
    None
}

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
fn the_execution_modes_and_the_condition_are_never_wrong_on_the_audit_programs() {
    let files = programs();
    let modes: [&[&str]; 3] = [
        &["--mode", "classic"],
        &["--mode", "navigate"],
        &["--mode", "classic", "--prune-with-condition"],
    ];
    let fails = parallel(&files, |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let expect = header(&src, "expect").expect("// expect: header");
        let mut msgs = vec![];
        for m in modes {
            msgs.extend(wrong_verdict(path, &expect, m));
        }
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

#[test]
#[ignore = "issue 32: the proof stage drops memset/memcpy writes to a global it models as a scalar (p_/d_memset_helper_false, p_/d_memcpy_helper_false, f_index_memset_unknown); run with --ignored once the proof stage is fixed"]
fn the_proof_stage_and_auto_are_never_wrong_on_the_audit_programs() {
    let files = programs();
    let fails = parallel(&files, |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let expect = header(&src, "expect").expect("// expect: header");
        let msgs: Vec<String> = [["--mode", "prove"], ["--mode", "auto"]]
            .iter()
            .filter_map(|m| wrong_verdict(path, &expect, m))
            .collect();
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
