//! Compact symbolic execution end to end: classic execution cannot finish
//! an input-bounded loop that compact execution does, the shapes of the
//! paper's figures, and `kappa templates` output is snapshot-tested. (The
//! verdicts of tests/compact under `--mode compact` are in its manifest,
//! run by `programs.rs`.)

mod common;
use common::*;
use expect_test::expect_file;

#[test]
fn classic_execution_does_not_finish_an_input_bounded_loop() {
    // the contrast of the paper's Figure 1: the same program never ends classically
    let p = repo_root().join("tests/compact/count_by_six.c");
    let v = verify_json(&p, 2, &[]);
    assert_eq!(v["verdict"], "unknown", "{v}");
    let v = verify_json(&p, 30, &["--mode", "compact"]);
    assert_eq!(v["verdict"], "true", "{v}");
    assert_eq!(v["mode"], "compact");
    assert!(
        v["stats"]["compact"]["templates"].as_u64().unwrap() >= 1,
        "{v}"
    );
}

#[test]
fn short_loops_to_assertion_failures_run_by_classic_steps() {
    // a loop of five iterations whose other exit is the failure branch of
    // __VERIFIER_assert: its template is computed but not used (classic
    // steps decide each iteration by a quantifier-free query)
    let p = repo_root().join("tests/compact/short_assert_loop_true.c");
    let v = verify_json(&p, 60, &["--mode", "compact"]);
    assert_eq!(v["verdict"], "true", "{v}");
    let c = &v["stats"]["compact"];
    assert!(c["templates"].as_u64().unwrap() >= 1, "{v}");
    assert_eq!(c["template_uses"], 0, "{v}");
    // an input-bounded loop keeps its template
    let p = repo_root().join("tests/compact/store_in_bounds_true.c");
    let v = verify_json(&p, 60, &["--mode", "compact"]);
    assert_eq!(v["verdict"], "true", "{v}");
    assert!(
        v["stats"]["compact"]["template_uses"].as_u64().unwrap() >= 1,
        "{v}"
    );
}

#[test]
fn linear_search_has_the_shape_of_figure_1() {
    // after i := 0, one template node whose successors are the two exits
    let p = repo_root().join("tests/compact/linear_search.c");
    let dot = std::env::temp_dir().join(format!("kappa-fig1-{}.dot", std::process::id()));
    let out = kappa(&[
        "verify",
        "--mode",
        "compact",
        "--timeout",
        "60",
        "--tree",
        dot.to_str().unwrap(),
        p.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&dot).expect("tree written");
    let templates: Vec<&str> = text.lines().filter(|l| l.contains("hexagon")).collect();
    assert_eq!(templates.len(), 1, "{text}");
    let id = templates[0].split_whitespace().next().unwrap();
    let children = text
        .lines()
        .filter(|l| l.trim_start().starts_with(&format!("{id} -> ")))
        .count();
    assert_eq!(children, 2, "{text}");
}

#[test]
fn templates_snapshot() {
    for name in ["templates_sum", "templates_rec", "templates_store"] {
        let p = repo_root().join(format!("tests/snap/{name}.c"));
        let out = kappa(&["templates", p.to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text: String = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| !l.starts_with("template time:"))
            .collect::<Vec<_>>()
            .join("\n");
        expect_file![repo_root().join(format!("tests/snap/{name}.expected"))].assert_eq(&text);
    }
}
