//! End to end: `kappa condition` (necessary conditions from loop summaries)
//! and `kappa verify --prune-with-condition`, on the programs of
//! tests/condition/. Update the snapshots with `UPDATE_EXPECT=1 cargo test`.

mod common;
use common::*;
use expect_test::expect;

fn prog(name: &str) -> String {
    test_file("tests/condition", name)
}

fn stdout(args: &[&str]) -> String {
    kappa_stdout(args)
}

/// The line that is exactly `sat`, `unsat` or `unknown`.
fn answer(out: &str) -> &str {
    out.lines()
        .find(|l| matches!(*l, "sat" | "unsat" | "unknown"))
        .unwrap_or_else(|| panic!("no answer line in:\n{out}"))
}

#[test]
fn one_loop_adding_six_never_sums_to_nine() {
    let out = stdout(&["condition", &prog("oneloop_odd.c")]);
    expect![[r#"
        target: calls of reach_error (1 location)
        backbones: 1
        loop at oneloop_odd.c:8: 1 backbone, counters kappa#8
          θ^κ %s.0 = s.0#3 + (6 * (kappa#8[31:0]))
          θ^κ %k.0 = k.0#4 + (kappa#8[31:0])
          θ^κ %cmp = (0 == kappa#8) ? cmp#5 : ((k.0#4 + (-1 + (kappa#8[31:0]))) <u call#1)
          θ^κ %add = (0 == kappa#8) ? add#6 : (6 + (s.0#3 + (6 * (-1 + (kappa#8[31:0])))))
          θ^κ %inc = (0 == kappa#8) ? inc#7 : (1 + (k.0#4 + (-1 + (kappa#8[31:0]))))
          φ^κ = forall tau#14. (((k.0#4 + (tau#14[31:0])) <u call#1) || (!(tau#14 <u kappa#8)))
        input in_6_16#2: __VERIFIER_nondet_uint at oneloop_odd.c:6
        φ̂ = (9 == (6 * (kappa#8[31:0]))) && ((forall tau#14. ((!(tau#14 <u kappa#8)) || ((tau#14[31:0]) <u in_6_16#2))) && (!((kappa#8[31:0]) <u in_6_16#2)))
        unsat
    "#]]
    .assert_eq(&out);
}

#[test]
fn two_loops_and_a_wrapping_counter_give_unsat() {
    for p in ["twoloops_parity.c", "wrap_uchar.c"] {
        let out = stdout(&["condition", &prog(p)]);
        assert_eq!(answer(&out), "unsat", "{p}:\n{out}");
    }
}

#[test]
fn wrap_around_keeps_a_reachable_target_satisfiable() {
    // c += 3 on 8 bits reaches 1 only by wrapping: the closed form is
    // computed modulo 2^8, so φ̂ must stay satisfiable
    let out = stdout(&["condition", &prog("wrap_reach.c")]);
    assert_eq!(answer(&out), "sat", "{out}");
    assert!(out.contains("3 * (kappa#10[7:0])"), "{out}");
    assert!(out.contains("model:"), "{out}");
}

#[test]
fn running_example_has_the_papers_shape() {
    let out = stdout(&["condition", "--k", "25", &prog("running.c")]);
    // the counting loop: two iterations (A[i] == 1 or not), k grows with
    // the first counter, i with both
    let summary = out
        .lines()
        .skip_while(|l| !l.starts_with("loop at running.c:14"))
        .take(3)
        .collect::<Vec<_>>()
        .join("\n");
    expect![[r#"
        loop at running.c:14: 2 backbones, counters kappa#30, kappa#31
          θ^κ %k.0 = k.0#21 + (kappa#30[31:0])
          θ^κ %i.0 = (i.0#22 + (kappa#30[31:0])) + (kappa#31[31:0])"#]]
    .assert_eq(&summary);
    // φ̂ (Section 2.2): k > 12 as 12 < κ1, the exit κ1 + κ2 + 3 >= n, and
    // per-iteration conditions on A[τ1 + τ2 + 3]
    let phi = stdout(&["condition", "--timeout", "1", &prog("running.c")]);
    let line = phi.lines().find(|l| l.starts_with("φ̂ = ")).expect("φ̂ line");
    assert!(line.starts_with("φ̂ = ((12 < (kappa#30[31:0]))"), "{line}");
    // and the layout of the global array A
    assert!(line.ends_with("&& (&A#5 <=u -129)"), "{line}");
    assert!(
        line.contains("(!(((kappa#31[31:0]) + (3 + (kappa#30[31:0]))) < in_11_11#18))"),
        "{line}"
    );
    assert!(line.contains("forall tau#"), "{line}");
    assert_eq!(answer(&out), "sat", "φ̂^25 of the running example:\n{out}");
}

#[test]
fn nested_loop_shows_the_inner_variable_as_unknown() {
    let out = stdout(&["condition", "--k", "5", &prog("nested.c")]);
    let outer = out
        .split("loop at nested.c:11")
        .nth(1)
        .expect("outer loop summary");
    assert!(outer.contains("θ^κ %j.0 = ⋆"), "{out}");
    assert!(outer.contains("θ^κ %i.0 = i.0#"), "{out}");
}

#[test]
fn target_line_smt2_and_json_outputs() {
    // the increment of k is reachable
    let out = stdout(&[
        "condition",
        "--k",
        "3",
        "--target",
        "running.c:16",
        &prog("running.c"),
    ]);
    assert!(out.starts_with("target: running.c:16 ("), "{out}");
    assert_eq!(answer(&out), "sat");
    let smt = stdout(&["condition", "--smt2", &prog("oneloop_odd.c")]);
    assert!(
        smt.contains("(declare-fun |kappa#8| () (_ BitVec 64))"),
        "{smt}"
    );
    assert!(smt.contains("(check-sat)"), "{smt}");
    assert_eq!(answer(&smt), "unsat");
    let json = stdout(&["condition", "--json", &prog("oneloop_odd.c")]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(v["answer"], "unsat");
    assert_eq!(v["backbones"], 1);
    assert_eq!(v["summaries"][0]["counters"][0], "kappa#8");
}

#[test]
fn bad_inputs_are_reported() {
    let out = kappa(&["condition", "/nonexistent/x.c"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such file"));
    for bad in ["running.c", "running.c:0", "running.c:x", ":3"] {
        let out = kappa(&["condition", "--target", bad, &prog("running.c")]);
        assert_eq!(out.status.code(), Some(2), "--target {bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("bad --target"),
            "--target {bad}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = kappa(&["condition", "--target", "running.c:999", &prog("running.c")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no instruction at running.c:999"));
}

#[test]
fn pruning_answers_true_for_unsat_conditions_in_every_mode() {
    for p in ["oneloop_odd.c", "twoloops_parity.c", "wrap_uchar.c"] {
        for mode in ["classic", "compact"] {
            let out = stdout(&[
                "verify",
                "--prune-with-condition",
                "--mode",
                mode,
                "--json",
                "--timeout",
                "30",
                &prog(p),
            ]);
            let v: serde_json::Value = serde_json::from_str(&out).expect("json");
            assert_eq!(v["verdict"], "true", "{p} {mode}: {out}");
            assert!(v["reason"]
                .as_str()
                .unwrap()
                .contains("necessary condition"));
            // generous: the point is that no loop is explored
            assert!(v["stats"]["wall_time_s"].as_f64().unwrap() < 10.0, "{out}");
            assert_eq!(v["stats"]["instructions"], 0, "{out}");
        }
    }
}

#[test]
fn arrays_written_at_a_progression_keep_their_contents_in_the_condition() {
    // the fill loops' memory is an array term (printed as a `where` line),
    // not ⋆: the reads after the loops are decided
    for (p, want) in [
        ("array_fill_true.c", "unsat"),
        ("array_down_true.c", "unsat"),
        ("array_fill_false.c", "sat"),
        // past the prefix the globals' initial contents (zero, and the
        // initializer of `lim`) are known
        ("array_init_true.c", "unsat"),
        ("array_init_false.c", "sat"),
    ] {
        let out = stdout(&["condition", &prog(p)]);
        assert_eq!(answer(&out), want, "{p}:\n{out}");
        assert!(out.contains("  θ^κ memory = mem_after_"), "{p}:\n{out}");
        assert!(out.contains("  where mem_after_"), "{p}:\n{out}");
    }
    // classic execution alone cannot follow 100000 iterations; the proof
    // comes before any step
    let v = verify_json(
        std::path::Path::new(&prog("array_fill_true.c")),
        30,
        &["--prune-with-condition", "--mode", "classic"],
    );
    assert_eq!(v["verdict"], "true", "{v}");
    assert_eq!(v["stats"]["instructions"], 0, "{v}");
}

#[test]
fn pruning_keeps_reachable_targets_false() {
    for p in ["wrap_reach.c", "nested.c", "running.c"] {
        let out = stdout(&[
            "verify",
            "--prune-with-condition",
            "--json",
            "--timeout",
            "60",
            &prog(p),
        ]);
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert_eq!(v["verdict"], "false", "{p}: {out}");
        assert!(v["stats"]["prune"]["checks"].is_u64(), "{out}");
    }
}

#[test]
fn pruning_drops_states_that_contradict_the_condition() {
    // the state taking a > 10 can only reach an unreachable call: it is
    // dropped at the fork, whatever the search order; the model's a = 3 is
    // the first input tried
    let out = stdout(&[
        "verify",
        "--prune-with-condition",
        "--json",
        "--timeout",
        "60",
        &prog("prune_branch.c"),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["verdict"], "false", "{out}");
    assert!(
        v["stats"]["prune"]["pruned_states"].as_u64().unwrap() >= 1,
        "{out}"
    );
    assert_eq!(v["test"]["inputs"][0]["value"], "3", "{out}");
}
