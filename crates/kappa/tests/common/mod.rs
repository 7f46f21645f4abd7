//! Helpers shared by the end-to-end tests: locating test data, running the
//! `kappa` binary, reading a program's `// key: value` header.

#![allow(dead_code)]

pub mod invariant_compile;

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

/// `args` with `--mode classic` after a leading `verify` that names no
/// mode, and `--jobs 1` after one that names no `--jobs`: the tests run
/// [`test_jobs`] kappa processes at once, so auto's stages run one after
/// another (the parallel portfolio is tested with `--jobs 2` explicitly).
pub fn with_mode<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut v = args.to_vec();
    if v.first() == Some(&"verify") && !v.contains(&"--mode") {
        v.splice(1..1, ["--mode", "classic"]);
    }
    if v.first() == Some(&"verify") && !v.contains(&"--jobs") {
        v.splice(1..1, ["--jobs", "1"]);
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

/// Whether the benchmark tier runs too (`KAPPA_TIER=full`, set by
/// `scripts/test.sh --full`): the large matrices and sweeps.
pub fn full_tier() -> bool {
    std::env::var("KAPPA_TIER").is_ok_and(|t| t == "full")
}

/// How many `kappa` processes a test may run at once: `KAPPA_TEST_JOBS`,
/// else the available cores (the CPU affinity mask and a cgroup quota
/// count).
pub fn test_jobs() -> usize {
    std::env::var("KAPPA_TEST_JOBS")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
        .max(1)
}

/// Runs `f` over `items` on as many threads as the machine has cores
/// (`KAPPA_TEST_JOBS` overrides); returns the collected failures, sorted.
pub fn parallel<T: Sync, F: Fn(&T) -> Option<String> + Sync>(items: &[T], f: F) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let fails = std::sync::Mutex::new(vec![]);
    let jobs = test_jobs();
    std::thread::scope(|s| {
        for _ in 0..jobs {
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
