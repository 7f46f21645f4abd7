//! End-to-end: `kappa verify --mode prove` beyond the verdicts. The
//! invariant-needing programs of tests/prove state their ground truth
//! (`// expect:`); what the proof stage answers on each (and that a `true`
//! shows one invariant per loop unless exhaustive bounded model checking
//! proved it) is in tests/prove/manifest, run by `programs.rs`. Its
//! `false`s come from bounded model checking, confirmed by a native run
//! (the `tests/prove/bmc_*` programs have 2^24 to 2^100 paths). Here: the
//! invariants printed as C, the not-applicable reasons, k-induction.

mod common;
use common::*;

#[test]
fn invariants_are_printed_as_c_at_the_loop_line() {
    let f = test_file("tests/prove", "lockstep_double_true.c");
    let out = kappa_stdout(&["verify", "--mode", "prove", "--invariants", &f]);
    assert!(out.contains("verdict: true"), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("invariant at lockstep_double_true.c:16: "))
        .unwrap_or_else(|| panic!("no invariant line: {out}"));
    // (x and y are unsigned: read without a cast)
    assert!(line.contains("(y == (2u * x))"), "{line}");
    // without --invariants the text has none
    let out = kappa_stdout(&["verify", "--mode", "prove", &f]);
    assert!(!out.contains("invariant at"), "{out}");
}

#[test]
fn programs_the_encoding_cannot_model_are_not_applicable() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("arr.c");
    std::fs::write(
        &p,
        // (a stack object of variable size allocated in a loop: one object
        // per iteration, which the stage does not model)
        "extern void reach_error(void);\nextern unsigned __VERIFIER_nondet_uint(void);\nint main(void) { unsigned n = __VERIFIER_nondet_uint(); if (n == 0 || n > 8) return 0; for (unsigned k = 0; k < 3; k++) { int a[n]; for (unsigned i = 0; i < n; i++) a[i] = i; if (a[0] != 0) reach_error(); } return 0; }\n",
    )
    .unwrap();
    let v = verify_json(&p, 10, &["--mode", "prove"]);
    assert_eq!(v["verdict"], "unknown");
    let reason = v["reason"].as_str().unwrap_or("");
    assert!(
        reason.starts_with("prove: not applicable: stack object"),
        "{reason}"
    );
}

#[test]
fn k_induction_proofs_say_so_and_show_the_houdini_invariants() {
    let f = test_file("tests/prove", "rotate_three_true.c");
    let v = verify_json(std::path::Path::new(&f), 30, &["--mode", "prove"]);
    assert_eq!(v["verdict"], "true", "{v}");
    let reason = v["reason"].as_str().unwrap_or("");
    assert!(reason.contains("proved by 3-induction"), "{reason}");
    assert_eq!(v["invariants"].as_array().map_or(0, Vec::len), 1, "{v}");
}
