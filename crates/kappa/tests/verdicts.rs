//! End-to-end verdicts: every program in tests/programs states its expected
//! verdict in a `// expect:` header; kappa must give exactly that verdict,
//! and every `false` must come with a test that replayed natively.

mod common;
use common::*;

#[test]
fn programs_get_their_expected_verdicts() {
    let files = c_files("tests/programs");
    assert!(
        files.len() >= 40,
        "expected at least 40 programs, found {}",
        files.len()
    );
    let fails = verdict_failures(&files, &[]);
    assert!(
        fails.is_empty(),
        "{} of {} programs failed:\n{}",
        fails.len(),
        files.len(),
        fails.join("\n")
    );
}
