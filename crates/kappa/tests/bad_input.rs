//! Bad input: every kind gets one clear error line naming the file and the
//! problem with a non-zero exit, or `unknown` with the reason for a valid
//! program kappa cannot handle. Never a panic.

mod common;
use common::*;

/// Runs `kappa verify` on `path` and returns (exit code, stdout, last stderr line).
fn verify(path: &str) -> (i32, String, String) {
    verify_in(path, "classic")
}

fn verify_in(path: &str, mode: &str) -> (i32, String, String) {
    let out = kappa(&["verify", "--mode", mode, "--timeout", "20", path]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        !stderr.contains("panicked"),
        "kappa panicked on {path}: {stderr}"
    );
    let last = stderr.lines().last().unwrap_or("").to_string();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        last,
    )
}

fn bad(name: &str) -> String {
    repo_root()
        .join("tests/bad")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// The same one-line error in the interpreter and in native mode (whose
/// front end is separate: it compiles and symbolizes the program itself).
fn assert_error(name: &str, phrase: &str) {
    for mode in ["classic", "native"] {
        assert_error_in(name, phrase, mode);
    }
}

fn assert_error_in(name: &str, phrase: &str, mode: &str) {
    let path = bad(name);
    let (code, stdout, last) = verify_in(&path, mode);
    let label = format!("{name} ({mode})");
    assert_eq!(code, 2, "{label}: exit code (stdout: {stdout})");
    assert!(last.starts_with("kappa: error: "), "{label}: {last}");
    assert!(
        last.contains(name),
        "{label}: error line does not name the file: {last}"
    );
    assert!(
        last.contains(phrase),
        "{label}: expected '{phrase}' in: {last}"
    );
    assert!(stdout.is_empty(), "{label}: printed a verdict: {stdout}");
}

fn assert_unknown(name: &str, phrase: &str) {
    let (code, stdout, _) = verify(&bad(name));
    assert_eq!(code, 0, "{name}");
    assert!(stdout.contains("verdict: unknown"), "{name}: {stdout}");
    assert!(
        stdout.contains(phrase),
        "{name}: expected '{phrase}' in: {stdout}"
    );
}

#[test]
fn missing_file() {
    assert_error("does_not_exist.c", "cannot read file");
}

#[test]
fn directory() {
    let (code, _, last) = verify(&repo_root().join("tests/bad").to_string_lossy());
    assert_eq!(code, 2);
    assert!(last.contains("is a directory"), "{last}");
}

#[test]
fn syntax_error_shows_diagnostics() {
    assert_error("syntax_error.c", "does not compile");
    let out = kappa(&["verify", &bad("syntax_error.c")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error:") && stderr.lines().count() > 1,
        "clang diagnostics shown: {stderr}"
    );
}

#[test]
fn undeclared_identifier() {
    assert_error("undeclared.c", "undeclared identifier");
}

#[test]
fn binary_blob() {
    assert_error("binary_blob.c", "binary data");
}

#[test]
fn empty_file_has_no_main() {
    assert_error("empty.c", "no `main`");
}

#[test]
fn no_main() {
    assert_error("no_main.c", "no `main`");
}

#[test]
fn unknown_extension() {
    assert_error("not_c.txt", "unsupported input kind");
}

#[test]
fn task_with_missing_input() {
    assert_error("missing_input.yml", "does not exist");
}

#[test]
fn malformed_task() {
    assert_error("malformed.yml", "invalid task file");
}

#[test]
fn unsupported_property() {
    assert_error("wrong_property.yml", "no unreach-call property");
}

#[test]
fn inline_assembly_is_unknown() {
    assert_unknown("inline_asm.c", "inline assembly");
}

#[test]
fn long_double_is_unknown() {
    assert_unknown("long_double_prog.c", "long double");
}

#[test]
fn bad_bitcode() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("fake.bc");
    std::fs::write(&p, b"not bitcode at all").unwrap();
    let (code, _, last) = verify(p.to_str().unwrap());
    assert_eq!(code, 2);
    assert!(
        last.contains("fake.bc") && last.contains("bitcode"),
        "{last}"
    );
}

#[test]
fn replay_with_missing_test_file() {
    let out = kappa(&["replay", &bad("ok_prog.c"), &bad("no_such_test.xml")]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no_such_test.xml"), "{stderr}");
}

#[test]
fn bad_option_value() {
    let out = kappa(&["verify", "--searcher", "sideways", &bad("ok_prog.c")]);
    assert_eq!(out.status.code(), Some(2));
}

/// `kappa verify ARGS FILE` must fail with exit 2 and one stderr line
/// starting with `prefix`, and print nothing on stdout.
fn refused(args: &[&str], prefix: &str) {
    let p = repo_root().join("tests/matching/event_loop_true.c");
    let mut all = vec!["verify"];
    all.extend_from_slice(args);
    all.push(p.to_str().unwrap());
    let out = kappa(&all);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(
        stderr.trim_end().starts_with(prefix) && stderr.lines().count() == 1,
        "{stderr}"
    );
}

#[test]
fn state_matching_with_the_native_back_end_is_refused() {
    // the native back end does not own its states: one clear line, exit 2
    refused(
        &["--mode", "native", "--state-matching"],
        "kappa: error: --state-matching",
    );
}

#[test]
fn explore_all_outside_native_mode_is_refused() {
    refused(&["--explore-all"], "kappa: error: --explore-all");
    refused(
        &["--mode", "compact", "--explore-all"],
        "kappa: error: --explore-all",
    );
}

#[test]
fn a_technique_that_is_not_registered_is_refused() {
    // clap's error names the value and the registered techniques
    let out = kappa(&["verify", "--technique", "nope", &bad("ok_prog.c")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "unknown technique `nope` (known: state-matching, navigate, compact, loop-visits)"
        ),
        "{stderr}"
    );
    let out = kappa(&[
        "verify",
        "--technique",
        "compact:max-cycles=x",
        &bad("ok_prog.c"),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("flag `max-cycles` takes a non-negative integer"),
        "{stderr}"
    );
}

#[test]
fn a_technique_outside_the_interpreter_modes_is_refused() {
    for mode in ["auto", "native", "prove"] {
        refused(
            &["--mode", mode, "--technique", "loop-visits"],
            "kappa: error: --technique works in the interpreter modes",
        );
    }
}
