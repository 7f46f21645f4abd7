//! State matching end to end (`--state-matching`): every program in
//! tests/matching loops forever over inputs; with matching each gets its
//! `// expect:` verdict (every `false` replays natively), and without it a
//! finite-state event loop stays `unknown`.

mod common;
use common::*;

#[test]
fn matching_programs_get_their_expected_verdicts() {
    let files = c_files("tests/matching");
    assert!(files.len() >= 4, "found {} programs", files.len());
    let fails = verdict_failures(&files, &["--state-matching"]);
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
fn without_matching_an_event_loop_does_not_end() {
    let p = repo_root().join("tests/matching/event_loop_true.c");
    let v = verify_json(&p, 2, &[]);
    assert_eq!(v["verdict"], "unknown", "{v}");
    let v = verify_json(&p, 30, &["--state-matching"]);
    assert_eq!(v["verdict"], "true", "{v}");
    assert!(
        v["stats"]["state_matching"]["matched"].as_u64().unwrap() >= 1,
        "{v}"
    );
}
