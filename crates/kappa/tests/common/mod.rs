//! Helpers shared by the end-to-end tests: locating test data, running the
//! `kappa` binary, reading a program's `// key: value` header.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root (two levels above this crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repo root")
}

/// Runs the kappa binary with `args`. A `verify` without `--mode` runs
/// `--mode classic`: the tests were written for one mode each, and the
/// default (`auto`) is tested by `auto.rs` explicitly (and by
/// `the_default_mode_is_auto` there).
pub fn kappa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(with_mode(args))
        .output()
        .expect("run kappa")
}

/// `args` with `--mode classic` after a leading `verify` that names no mode.
pub fn with_mode<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut v = args.to_vec();
    if v.first() == Some(&"verify") && !v.contains(&"--mode") {
        v.splice(1..1, ["--mode", "classic"]);
    }
    v
}

/// The JSON report of `kappa verify --json --timeout SECS EXTRA... FILE`
/// (a test failure when there is none).
pub fn verify_json(file: &Path, secs: u32, extra: &[&str]) -> serde_json::Value {
    let secs = secs.to_string();
    let mut args = vec!["verify", "--json", "--timeout", &secs];
    args.extend_from_slice(extra);
    args.push(file.to_str().expect("utf-8 path"));
    let out = kappa(&args);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| {
        panic!(
            "{}: no JSON report: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The standard output of `kappa ARGS...`, which must succeed.
pub fn kappa_stdout(args: &[&str]) -> String {
    let out = kappa(args);
    assert!(
        out.status.success(),
        "kappa {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The path of test file `name` in directory `dir` of the repository, as
/// a string for the command line.
pub fn test_file(dir: &str, name: &str) -> String {
    repo_root()
        .join(dir)
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// The value of a `// key: value` header line of a C file.
pub fn header(src: &str, key: &str) -> Option<String> {
    let prefix = format!("// {key}:");
    src.lines()
        .take(8)
        .find_map(|l| l.strip_prefix(&prefix).map(|v| v.trim().to_string()))
}

/// The `.c` files of a test directory, sorted.
pub fn c_files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo_root().join(dir))
        .expect("test dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().map(|e| e == "c").unwrap_or(false))
        .collect();
    v.sort();
    v
}

/// Runs `f` over `items` on two threads; returns the collected failures.
pub fn parallel<T: Sync, F: Fn(&T) -> Option<String> + Sync>(items: &[T], f: F) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let fails = std::sync::Mutex::new(vec![]);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if i >= items.len() {
                    break;
                }
                if let Some(msg) = f(&items[i]) {
                    fails.lock().unwrap().push(msg);
                }
            });
        }
    });
    let mut v = fails.into_inner().unwrap();
    v.sort();
    v
}

/// Runs `kappa verify --json --timeout 60 EXTRA... FILE` on every file and
/// returns the failures: a verdict other than the file's `// expect:`
/// header, or a `false` without a confirmed native replay. A file's
/// `// data-model:` header is passed on.
///
/// A file that answered `unknown` for lack of time where a verdict is
/// expected is run once more, alone, after the others: these tests check
/// verdicts, not speed (figures live in the benchmarks), and the suite runs
/// two of them at a time next to other test binaries on two cores, so a
/// program that needs a third of its timeout alone can meet it under load
/// (CI failed so on `tests/navigate/nested_deeper_reach.c` under auto:
/// 17 s alone). A wrong verdict is never retried; a second timeout fails.
pub fn verdict_failures(files: &[PathBuf], extra: &[&str]) -> Vec<String> {
    let timed_out = std::sync::Mutex::new(vec![]);
    let mut fails = parallel(files, |path| match check_verdict(path, extra) {
        Check::Timeout(msg) => {
            timed_out.lock().unwrap().push((path.clone(), msg));
            None
        }
        Check::Fail(msg) => Some(msg),
        Check::Ok => None,
    });
    let mut timed_out = timed_out.into_inner().unwrap();
    timed_out.sort();
    for (path, first) in timed_out {
        eprintln!("retrying alone after a timeout under load: {first}");
        match check_verdict(&path, extra) {
            Check::Ok => {}
            Check::Timeout(msg) | Check::Fail(msg) => {
                fails.push(format!("{msg} (and before, under load: {first})"))
            }
        }
    }
    fails.sort();
    fails
}

/// The outcome of one run of [`check_verdict`].
enum Check {
    Ok,
    /// `unknown` for lack of time where a verdict was expected.
    Timeout(String),
    Fail(String),
}

/// Runs one file as [`verdict_failures`] describes.
fn check_verdict(path: &Path, extra: &[&str]) -> Check {
    let src = std::fs::read_to_string(path).unwrap();
    let expect = header(&src, "expect").expect("// expect: header");
    let mut args = vec!["verify", "--json", "--timeout", "60"];
    args.extend_from_slice(extra);
    let dm = header(&src, "data-model");
    if let Some(dm) = &dm {
        args.push("--data-model");
        args.push(dm);
    }
    let p = path.to_str().unwrap();
    args.push(p);
    let out = kappa(&args);
    let name = path.file_name().unwrap().to_string_lossy();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let v: serde_json::Value = match serde_json::from_str(&stdout) {
        Ok(v) => v,
        Err(_) => {
            return Check::Fail(format!(
                "{name}: no JSON (stderr: {})",
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    };
    let got = v["verdict"].as_str().unwrap_or("?");
    if got != expect {
        let msg = format!("{name}: expected {expect}, got {got} ({})", v["reason"]);
        let timeout = got == "unknown"
            && v["reason"]
                .as_str()
                .is_some_and(|r| r.starts_with("timeout"));
        return if timeout {
            Check::Timeout(msg)
        } else {
            Check::Fail(msg)
        };
    }
    if got == "false" && v["replay"].as_str() != Some("reach_error reached") {
        return Check::Fail(format!(
            "{name}: false without a confirmed replay: {}",
            v["replay"]
        ));
    }
    Check::Ok
}
