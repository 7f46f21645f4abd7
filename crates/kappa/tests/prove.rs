//! End-to-end: `kappa verify --mode prove` on the invariant-needing
//! programs of tests/prove. Each states its ground truth (`// expect:`)
//! and what the proof stage is expected to answer (`// prove: true`,
//! `false` or `unknown`). The stage must never answer against the ground
//! truth, must answer every program as its header says, and shows one
//! invariant per loop in the JSON report of a `true`, unless the `true`
//! comes from an exhaustive bounded model checking search (its loops are
//! bounded; the reason says so). Its `false`s come from bounded model
//! checking, confirmed by a native run (the `tests/prove/bmc_*` programs
//! have 2^24 to 2^100 paths).

mod common;
use common::*;

#[test]
fn the_proof_stage_answers_every_program_as_expected_and_never_wrong() {
    let files = c_files("tests/prove");
    assert!(
        files.len() >= 40,
        "expected at least 40 programs, found {}",
        files.len()
    );
    let fails = parallel(&files, |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let expect = header(&src, "expect").expect("// expect: header");
        let want = header(&src, "prove").expect("// prove: header");
        let v = verify_json(path, 30, &["--mode", "prove"]);
        let got = v["verdict"].as_str().unwrap_or("?");
        if (got == "true" || got == "false") && expect != got {
            return Some(format!("{name}: WRONG {got} on a {expect} program"));
        }
        if want != got {
            return Some(format!(
                "{name}: {got} where {want} was expected: {}",
                v["reason"]
            ));
        }
        let exhaustive = v["reason"]
            .as_str()
            .is_some_and(|r| r.contains("exhaustive bounded model checking"));
        if got == "true" && !exhaustive {
            let inv = v["invariants"].as_array().map_or(0, Vec::len);
            let loops = src.matches("while (").count() + src.matches("for (").count();
            if inv != loops {
                return Some(format!("{name}: {inv} invariants for {loops} loops"));
            }
        }
        None
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
fn invariants_are_printed_as_c_at_the_loop_line() {
    let f = test_file("tests/prove", "lockstep_double_true.c");
    let out = kappa_stdout(&["verify", "--mode", "prove", "--invariants", &f]);
    assert!(out.contains("verdict: true"), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("invariant at lockstep_double_true.c:16: "))
        .unwrap_or_else(|| panic!("no invariant line: {out}"));
    assert!(
        line.contains("(unsigned)y") && line.contains("(unsigned)x"),
        "{line}"
    );
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
        "extern void reach_error(void);\nextern unsigned __VERIFIER_nondet_uint(void);\nint main(void) { unsigned n = __VERIFIER_nondet_uint(); if (n == 0 || n > 8) return 0; int a[n]; for (unsigned i = 0; i < n; i++) a[i] = i; if (a[0] != 0) reach_error(); return 0; }\n",
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
