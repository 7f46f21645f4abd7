//! End-to-end tests of `kappa symbolize` and `kappa verify --mode native`
//! (SymCC-style): programs in tests/native are transformed, compiled with
//! the runtime and run, both explored by kappa (verdict, number of explored
//! paths, the test produced and its native replay) and alone on given inputs
//! (`KAPPA_NATIVE_INPUTS`: the decisions taken and whether reach_error is
//! reached). Both explorers (fork, replay) must agree. Every produced module must pass the LLVM verifier. (The
//! native verdicts on tests/programs are in its manifest, run by
//! `programs.rs`.)
//!
//! The runtime library must be built first (`scripts/build-runtime.sh`,
//! which `scripts/test.sh` runs).

mod common;
use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `--data-model` arguments from a program's header.
fn dm_args(src: &str) -> Vec<String> {
    header(src, "data-model")
        .map(|d| vec!["--data-model".to_string(), d])
        .unwrap_or_default()
}

/// The runtime library next to the kappa binary under test (LP64 or ILP32).
fn runtime_lib(ilp32: bool) -> PathBuf {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_kappa"));
    let profile_dir = exe.parent().expect("target/PROFILE");
    let lib = if ilp32 {
        let profile = profile_dir.file_name().expect("profile");
        profile_dir
            .parent()
            .expect("target")
            .join("i686-unknown-linux-gnu")
            .join(profile)
            .join("libkappa_runtime.a")
    } else {
        profile_dir.join("libkappa_runtime.a")
    };
    assert!(
        lib.is_file(),
        "{} missing: run scripts/build-runtime.sh first",
        lib.display()
    );
    lib
}

fn verify_json(path: &Path, extra: &[&str]) -> serde_json::Value {
    let src = std::fs::read_to_string(path).unwrap();
    let mut args: Vec<String> = vec![
        "verify".into(),
        "--mode".into(),
        "native".into(),
        "--json".into(),
    ];
    args.extend(dm_args(&src));
    args.extend(extra.iter().map(|s| s.to_string()));
    args.push(path.display().to_string());
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kappa"));
    cmd.args(&args);
    if let Some(n) = header(&src, "max-forks") {
        // the runtime's bound on live processes (fork explorer)
        cmd.env("KAPPA_NATIVE_MAX_FORKS", n);
    }
    let out = cmd.output().expect("run kappa");
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.trim()).unwrap_or_else(|e| {
        panic!(
            "{}: bad JSON ({e}): {text}\nstderr: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[test]
fn native_programs_verdicts_paths_and_tests() {
    let _ = runtime_lib(true);
    let files = c_files("tests/native");
    assert!(files.len() >= 10, "expected native test programs");
    let fails = parallel(&files, |path| {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(path).unwrap();
        let expect = header(&src, "expect").expect("expect header");
        let dir = tempfile::tempdir().unwrap();
        let tests = dir.path().join("tests");
        let timeout = header(&src, "timeout").unwrap_or_else(|| "60".into());
        let t0 = std::time::Instant::now();
        let v = verify_json(
            path,
            &[
                "--timeout",
                &timeout,
                "--tests-dir",
                tests.to_str().unwrap(),
                // the whole tree, so the path count does not depend on
                // how soon the first error is confirmed
                "--explore-all",
            ],
        );
        let limit: f64 = timeout.parse().unwrap();
        if t0.elapsed().as_secs_f64() > limit + 0.7 + 1.0 {
            // (1 s of slack for starting kappa on a loaded machine)
            return Some(format!("{name}: verdict after {:?}", t0.elapsed()));
        }
        let verdict = v["verdict"].as_str().unwrap_or("?").to_string();
        // native mode never answers `true` (kappa_native::NOT_A_PROOF): a
        // program whose ground truth is `true` ends `unknown`, every path
        // explored and ended normally
        let complete = expect == "true";
        let want = if complete { "unknown" } else { expect.as_str() };
        if verdict != want {
            return Some(format!("{name}: verdict {verdict}, expected {want}: {v}"));
        }
        if complete && !v["reason"].as_str().unwrap_or("").contains("not a proof") {
            return Some(format!(
                "{name}: a complete exploration without its reason: {v}"
            ));
        }
        if verdict == "unknown" && v["reason"].as_str().unwrap_or("").is_empty() {
            return Some(format!("{name}: unknown without a reason"));
        }
        if let Some(p) = header(&src, "paths") {
            let got = v["stats"]["paths"].as_u64().unwrap_or(0);
            if got.to_string() != p {
                return Some(format!("{name}: {got} paths explored, expected {p}"));
            }
        }
        // the replay explorer (re-runs with decision prefixes) and the
        // concolic domain (runs on concrete inputs) agree, path for path:
        // on every third program in the standard tier, on all in the
        // benchmark tier (the three explorers on every program)
        let index = files.iter().position(|f| f == path).unwrap_or(0);
        let explorers: &[&str] = if full_tier() || index % 3 == 0 {
            &["replay", "concolic"]
        } else {
            &[]
        };
        for &explorer in explorers {
            let r = verify_json(
                path,
                &[
                    "--timeout",
                    &timeout,
                    "--native-explorer",
                    explorer,
                    "--explore-all",
                ],
            );
            if r["verdict"] != v["verdict"] {
                return Some(format!("{name}: {explorer} explorer says {}", r["verdict"]));
            }
            if (verdict != "unknown" || complete) && r["stats"]["paths"] != v["stats"]["paths"] {
                return Some(format!(
                    "{name}: {explorer} explorer explored {} paths, fork explorer {}",
                    r["stats"]["paths"], v["stats"]["paths"]
                ));
            }
            if let (Some(n), "concolic") = (header(&src, "restarts"), explorer) {
                let note = r["notes"].to_string();
                if !note.contains(&format!("({n} restarted on an assumption)")) {
                    return Some(format!("{name}: expected {n} concolic restarts: {note}"));
                }
            }
        }
        if verdict == "false" {
            // the produced test, in Test-Comp format, replays to reach_error
            let case = std::fs::read_dir(&tests).ok().and_then(|rd| {
                rd.flatten()
                    .map(|e| e.path())
                    .find(|p| p.file_name().is_some_and(|n| n != "metadata.xml"))
            });
            let Some(case) = case else {
                return Some(format!("{name}: no test written"));
            };
            let mut args = vec!["replay".to_string(), path.display().to_string()];
            args.push(case.display().to_string());
            args.extend(dm_args(&src));
            args.push("--json".into());
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = kappa(&refs);
            let r: serde_json::Value =
                serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
            if r["reached_error"] != serde_json::Value::Bool(true) {
                return Some(format!("{name}: the produced test does not replay: {r}"));
            }
        }
        None
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// Symbolizes `path`, links it with the runtime; returns the executable.
fn build_symbolized(path: &Path, dir: &Path, ilp32: bool) -> PathBuf {
    let bc = dir.join("out.bc");
    let dm = if ilp32 { "ILP32" } else { "LP64" };
    let out = kappa(&[
        "symbolize",
        path.to_str().unwrap(),
        "-o",
        bc.to_str().unwrap(),
        "--data-model",
        dm,
    ]);
    assert!(
        out.status.success(),
        "symbolize {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let exe = dir.join("prog");
    let st = Command::new("clang-16")
        .args(["-O0", "-w", if ilp32 { "-m32" } else { "-m64" }, "-o"])
        .arg(&exe)
        .arg(&bc)
        .arg(runtime_lib(ilp32))
        .args(["-lpthread", "-ldl", "-lm", "-lrt", "-lutil"])
        .status()
        .expect("clang-16");
    assert!(st.success(), "linking {}", path.display());
    exe
}

#[test]
fn single_runs_follow_the_given_inputs() {
    let mut checked = 0;
    for path in c_files("tests/native") {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(&path).unwrap();
        let runs: Vec<String> = src
            .lines()
            .take(10)
            .filter_map(|l| l.strip_prefix("// run:").map(|r| r.trim().to_string()))
            .collect();
        if runs.is_empty() {
            continue;
        }
        for ilp32 in [true, false] {
            let dir = tempfile::tempdir().unwrap();
            let exe = build_symbolized(&path, dir.path(), ilp32);
            for run in &runs {
                let (inputs, rest) = run.split_once("->").unwrap_or((run.as_str(), ""));
                let mut want: Vec<&str> = rest.split_whitespace().collect();
                let error = want.last() == Some(&"error");
                if error {
                    want.pop();
                }
                let out = Command::new(&exe)
                    .env("KAPPA_NATIVE_INPUTS", inputs.trim())
                    .env_remove("KAPPA_NATIVE_SOCKET")
                    .output()
                    .expect("run");
                let stderr = String::from_utf8_lossy(&out.stderr);
                let got: Vec<&str> = stderr
                    .lines()
                    .filter_map(|l| l.strip_prefix("kappa-decision "))
                    .collect();
                assert_eq!(got, want, "{name} ({run}, ilp32 {ilp32}): decisions");
                assert_eq!(
                    out.status.code() == Some(99),
                    error,
                    "{name} ({run}, ilp32 {ilp32}): reach_error reached? status {:?}",
                    out.status
                );
                assert_eq!(
                    stderr.contains("kappa-reach-error"),
                    error,
                    "{name} ({run})"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 8, "too few runs checked: {checked}");
}

#[test]
fn every_symbolized_module_passes_the_verifier() {
    let mut files = c_files("tests/native");
    files.extend(c_files("tests/programs"));
    let opt = kappa_frontend::find_tool("opt").expect("opt-16");
    let fails = parallel(&files, |path| {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(path).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let ll = dir.path().join("out.ll");
        let mut args = vec![
            "symbolize".to_string(),
            path.display().to_string(),
            "-o".into(),
            ll.display().to_string(),
        ];
        args.extend(dm_args(&src));
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = kappa(&refs);
        if !out.status.success() {
            return Some(format!(
                "{name}: symbolize failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let text = std::fs::read_to_string(&ll).unwrap_or_default();
        if text.contains("__kappa_abstract.") {
            return Some(format!("{name}: phase-1 intrinsics left after realisation"));
        }
        let st = Command::new(&opt)
            .args(["-passes=verify", "-disable-output"])
            .arg(&ll)
            .output()
            .expect("opt");
        if !st.status.success() {
            return Some(format!(
                "{name}: opt -passes=verify: {}",
                String::from_utf8_lossy(&st.stderr)
            ));
        }
        None
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// Symbolizes `path` to text IR; returns the module and kappa's stderr.
fn symbolize_text(path: &Path) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let ll = dir.path().join("out.ll");
    let out = kappa(&[
        "symbolize",
        path.to_str().unwrap(),
        "-o",
        ll.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "symbolize {}", path.display());
    (
        std::fs::read_to_string(&ll).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn library_models_are_linked_only_when_needed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/native");
    // no modelled function called: no model in the module
    let (text, err) = symbolize_text(&root.join("branches_two_inputs.c"));
    assert!(!text.contains("__kappa_model_"), "{text}");
    assert!(!err.contains("library models"), "{err}");
    // strlen over terms: its model only, every call redirected, and the
    // model symbolized (its loads thaw)
    let (text, err) = symbolize_text(&root.join("strlen_input_buffer.c"));
    assert!(err.contains("library models linked for: strlen"), "{err}");
    assert!(
        text.contains("define internal i32 @__kappa_model_strlen("),
        "{text}"
    );
    assert!(!text.contains("@__kappa_model_strcmp"), "{text}");
    assert!(!text.contains("call i32 @strlen("), "{text}");
    let model = text
        .split("define internal i32 @__kappa_model_strlen(")
        .nth(1)
        .and_then(|body| body.split("\n}\n").next())
        .unwrap_or("");
    assert!(model.contains("@__kappa_thaw"), "{model}");
    assert!(model.contains("@__kappa_choose"), "{model}");
}
