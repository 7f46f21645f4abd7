//! Loop navigation end to end (the verdicts of tests/navigate under both
//! solving modes and, for the programs small enough, classic execution are
//! in its manifest, run by `programs.rs`): the Figure 1 shapes behave as in
//! the paper (proof before execution; a path found without search), loops
//! in callees are navigated (inlined before execution, followed through
//! their returns during it), and `kappa chains` is snapshot-tested and
//! rejects bad input.

mod common;
use common::*;
use expect_test::expect_file;

#[test]
fn figure_one_unreachable_is_proved_before_execution() {
    let p = repo_root().join("tests/navigate/fig1_unreach.c");
    let v = verify_json(&p, 60, &["--mode", "navigate"]);
    assert_eq!(v["verdict"], "true", "{v}");
    assert_eq!(v["stats"]["instructions"], 0, "{v}");
    let n = &v["stats"]["navigate"];
    assert_eq!(n["eliminated"], n["root_chains"], "{v}");
}

#[test]
fn figure_one_reachable_is_found_without_search() {
    let p = repo_root().join("tests/navigate/fig1_reach.c");
    let v = verify_json(&p, 60, &["--mode", "navigate"]);
    assert_eq!(v["verdict"], "false", "{v}");
    assert_eq!(v["replay"], "reach_error reached", "{v}");
    // one path: every loop decision was steered by the constraint systems
    assert_eq!(v["stats"]["paths"], 1, "{v}");
    // and classic depth-first search does not find it in the same time
    let c = verify_json(&p, 3, &["--searcher", "dfs"]);
    assert_eq!(c["verdict"], "unknown", "{c}");
}

#[test]
fn a_state_without_a_solution_is_dropped_and_the_proof_completes() {
    let p = repo_root().join("tests/navigate/pruned_at_header.c");
    let v = verify_json(&p, 60, &["--mode", "navigate"]);
    assert_eq!(v["verdict"], "true", "{v}");
    let n = &v["stats"]["navigate"];
    // not eliminated before execution (the bound is loaded from memory) ...
    assert!(n["eliminated"].as_u64() < n["root_chains"].as_u64(), "{v}");
    // ... but at the loop header, with the state's registers
    assert!(n["pruned"].as_u64().unwrap() >= 1, "{v}");
    assert!(v["stats"]["instructions"].as_u64().unwrap() > 0, "{v}");
}

#[test]
fn loops_in_callees_are_navigated() {
    // before execution, main with its callees inlined: Figure 1 and the
    // EQCNTex shape one call deep, a loop two calls deep
    for name in [
        "callee_fig1_unreach.c",
        "callee_nested_linked.c",
        "callee_two_levels.c",
    ] {
        let p = repo_root().join("tests/navigate").join(name);
        let v = verify_json(&p, 60, &["--mode", "navigate"]);
        assert_eq!(v["verdict"], "true", "{name}: {v}");
        assert_eq!(v["stats"]["instructions"], 0, "{name}: {v}");
        let c = verify_json(&p, 3, &["--mode", "classic"]);
        assert_eq!(c["verdict"], "unknown", "{name}: {c}");
    }
    // during execution, at the callee's loop header: the chain to its
    // return continues in main, where the test has no solution
    let p = repo_root().join("tests/navigate/callee_pruned.c");
    let v = verify_json(&p, 60, &["--mode", "navigate"]);
    assert_eq!(v["verdict"], "true", "{v}");
    let n = &v["stats"]["navigate"];
    assert!(n["eliminated"].as_u64() < n["root_chains"].as_u64(), "{v}");
    assert!(n["pruned"].as_u64().unwrap() >= 1, "{v}");
    let c = verify_json(&p, 3, &["--mode", "classic"]);
    assert_eq!(c["verdict"], "unknown", "{c}");
}

#[test]
fn chains_snapshot() {
    let p = repo_root().join("tests/snap/chains_fig1.c");
    let out = kappa(&["chains", p.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    expect_file![repo_root().join("tests/snap/chains_fig1.expected")].assert_eq(&text);
}

#[test]
fn chains_reports_the_unfolding_bound() {
    let p = repo_root().join("tests/snap/chains_fig1.c");
    let out = kappa(&["chains", "--max-chain-pieces", "3", p.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("unfolding bound hit (--max-chain-pieces 3)"),
        "{text}"
    );
    assert!(!text.contains("no target is reachable"), "{text}");
}

#[test]
fn chains_rejects_bad_input() {
    for name in [
        "no_main.c",
        "syntax_error.c",
        "not_c.txt",
        "does_not_exist.c",
    ] {
        let p = repo_root().join("tests/bad").join(name);
        let out = kappa(&["chains", p.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        assert!(stderr.contains("kappa: error: "), "{name}: {stderr}");
    }
}
