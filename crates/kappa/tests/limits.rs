//! Bounds end a run with `unknown` and say which bound: time, states, memory.
//! A loop whose exploration never finishes must never be answered `true`.

mod common;
use common::*;

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
