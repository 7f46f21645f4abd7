//! Program start and end (constructors, exit handlers, destructors), the
//! `printf` family and `realloc(p, 0)` in every interpreter configuration: `--mode classic`,
//! `compact` and `navigate`, each with and without `--state-matching`.
//! Every program must get exactly its `// expect:` verdict (`unknown` only
//! where the header says so) and every `false` must replay natively.

mod common;
use common::*;
use std::path::PathBuf;

/// The interpreter configurations.
const CONFIGS: [&[&str]; 6] = [
    &["--mode", "classic"],
    &["--mode", "classic", "--state-matching"],
    &["--mode", "compact"],
    &["--mode", "compact", "--state-matching"],
    &["--mode", "navigate"],
    &["--mode", "navigate", "--state-matching"],
];

/// The programs of `dir` whose names start with one of `prefixes`.
fn programs(dir: &str, prefixes: &[&str]) -> Vec<PathBuf> {
    c_files(dir)
        .into_iter()
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            prefixes.iter().any(|x| name.starts_with(x))
        })
        .collect()
}

fn check(files: &[PathBuf], configs: &[&[&str]]) {
    let mut fails = vec![];
    for extra in configs {
        for f in verdict_failures(files, extra) {
            fails.push(format!("{}: {f}", extra.join(" ")));
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
fn constructors_handlers_and_destructors_in_every_configuration() {
    let files = programs(
        "tests/programs",
        &[
            "ctor_",
            "dtor_",
            "atexit_",
            "exit_runs_",
            "abort_skips_",
            "on_exit_",
        ],
    );
    assert!(files.len() >= 14, "found {}", files.len());
    check(&files, &CONFIGS);
}

#[test]
fn printf_family_and_realloc_in_every_configuration() {
    let files = programs("tests/programs", &["printf_", "sprintf_", "realloc_zero_"]);
    assert!(files.len() >= 10, "found {}", files.len());
    check(&files, &CONFIGS);
}

#[test]
fn what_is_not_modelled_is_unknown_in_every_configuration() {
    let files = c_files("tests/unsupported");
    assert!(files.len() >= 3, "found {}", files.len());
    check(&files, &CONFIGS);
}

#[test]
fn states_with_other_exit_handlers_are_not_matched() {
    // (these loop forever: only state matching ends them)
    let files = programs("tests/matching", &["atexit_"]);
    assert!(files.len() >= 3, "found {}", files.len());
    let with: Vec<&[&str]> = CONFIGS
        .iter()
        .copied()
        .filter(|c| c.contains(&"--state-matching"))
        .collect();
    check(&files, &with);
}
