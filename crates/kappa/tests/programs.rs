//! The one runner of the end-to-end C programs: every `tests/<dir>/manifest`
//! (see `common/manifest.rs` for the format) gives each program its
//! expected verdict per configuration, and this test runs them all through
//! the `kappa` binary the test was built with (the README's test command
//! builds it optimised) in one job pool of as many workers as the machine
//! has cores, so it never starts more `kappa` processes than cores.
//!
//! A run fails on a verdict the manifest does not accept, a `true` or
//! `false` against the program's ground truth (`// expect:`), a `false`
//! whose inputs did not replay natively to `reach_error`, a reason without
//! the manifest's text, a `true` of the proof stage without one invariant
//! per loop (unless exhaustive bounded model checking proved it), a run
//! without a JSON report, or a process that outlives its `--timeout` by
//! [`HANG_GRACE`]. There is no retry: a timeout is a failure that names the
//! program, the configuration and the time it took.
//!
//! Environment:
//! - `KAPPA_TIER=full`: also the benchmark tier's entries (`+CONFIG=...`).
//! - `KAPPA_ONLY=TEXT`: only the entries whose `dir/program config` contains TEXT.
//! - `KAPPA_TEST_JOBS=N`: N workers instead of the available cores.
//! - `KAPPA_MANIFEST_RECORD=FILE`: writes every run's program,
//!   configuration, verdict, seconds and reason to FILE (tab-separated), to
//!   set a manifest's verdicts and timeouts from measurements.

mod common;
#[path = "common/manifest.rs"]
mod manifest;

use common::{full_tier, header, repo_root, test_jobs};
use manifest::Entry;
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a `kappa` process may outlive its `--timeout` before the runner
/// kills it and fails the entry (the deadline contract is `--timeout` plus
/// well under a second; this margin is for a loaded machine).
const HANG_GRACE: Duration = Duration::from_secs(15);

/// One finished run.
struct Run {
    secs: f64,
    verdict: String,
    reason: String,
    failure: Option<String>,
}

/// The entries of every manifest, checked against the programs' ground
/// truth, filtered by tier and `KAPPA_ONLY`.
fn entries() -> Vec<Entry> {
    let root = repo_root();
    let full = full_tier();
    let only = std::env::var("KAPPA_ONLY").ok();
    let mut all = vec![];
    let mut errors = vec![];
    for dir in manifest::dirs(&root) {
        match manifest::read(&dir) {
            Ok(es) => all.extend(es),
            Err(e) => errors.push(e),
        }
    }
    for e in &all {
        let src = std::fs::read_to_string(&e.program).unwrap();
        let truth = header(&src, "expect");
        for v in e.verdicts.iter().filter(|v| *v != "unknown") {
            if truth.as_deref() != Some(v.as_str()) {
                errors.push(format!(
                    "{}: {} expects {v} in {}, but its ground truth is {truth:?}",
                    e.origin,
                    e.program.display(),
                    e.config
                ));
            }
        }
    }
    assert!(errors.is_empty(), "bad manifests:\n{}", errors.join("\n"));
    all.retain(|e| full || !e.full);
    if let Some(only) = only {
        all.retain(|e| label(e).contains(&only));
    }
    // the longest timeouts first, so a slow entry does not start last
    all.sort_by_key(|e| std::cmp::Reverse(e.timeout));
    all
}

/// `dir/program config`.
fn label(e: &Entry) -> String {
    let p = &e.program;
    let dir = p.parent().and_then(|d| d.file_name()).unwrap_or_default();
    let name = p.file_name().unwrap_or_default();
    format!(
        "{}/{} {}",
        dir.to_string_lossy(),
        name.to_string_lossy(),
        e.config
    )
}

/// Runs `kappa` with `args`, killing it when it outlives `limit`: its
/// standard output, standard error and whether it was killed.
fn run_kappa(args: &[String], limit: Duration) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kappa");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let t0 = Instant::now();
    let mut killed = false;
    while child.try_wait().expect("wait kappa").is_none() {
        if t0.elapsed() > limit {
            let _ = child.kill();
            killed = true;
            let _ = child.wait();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    (
        reader.join().unwrap_or_default(),
        err_reader.join().unwrap_or_default(),
        killed,
    )
}

/// Runs one entry and checks its report.
fn run(e: &Entry) -> Run {
    let src = std::fs::read_to_string(&e.program).unwrap();
    // (auto's stages one after another: test_jobs() runs run at once)
    let mut args: Vec<String> = vec![
        "verify".into(),
        "--json".into(),
        "--jobs".into(),
        "1".into(),
    ];
    args.extend(["--timeout".into(), e.timeout.to_string()]);
    args.extend(
        manifest::config_flags(&e.config)
            .unwrap()
            .iter()
            .map(|s| s.to_string()),
    );
    if let Some(dm) = header(&src, "data-model") {
        args.extend(["--data-model".into(), dm]);
    }
    args.push(e.program.to_string_lossy().into_owned());
    let t0 = Instant::now();
    let (stdout, stderr, killed) =
        run_kappa(&args, Duration::from_secs(e.timeout.into()) + HANG_GRACE);
    let secs = t0.elapsed().as_secs_f64();
    let fail = |verdict: &str, reason: &str, why: String| Run {
        secs,
        verdict: verdict.into(),
        reason: reason.into(),
        failure: Some(format!("{}: {why}", label(e))),
    };
    if killed {
        let why = format!(
            "HANG: still running {secs:.1} s after its start (--timeout {})",
            e.timeout
        );
        return fail("hang", "", why);
    }
    let Ok(v) = serde_json::from_str::<serde_json::Value>(stdout.trim()) else {
        let first = stderr.lines().next().unwrap_or("").to_string();
        return fail("?", "", format!("no JSON report ({secs:.1} s): {first}"));
    };
    let got = v["verdict"].as_str().unwrap_or("?").to_string();
    let reason = v["reason"].as_str().unwrap_or("").to_string();
    if !e.verdicts.contains(&got) {
        let want = e.verdicts.join("|");
        let why = if got == "unknown" && reason.starts_with("timeout") {
            format!(
                "TIMEOUT after {secs:.1} s (--timeout {}), expected {want}: {reason}",
                e.timeout
            )
        } else {
            format!("expected {want}, got {got} in {secs:.1} s: {reason}")
        };
        return fail(&got, &reason, why);
    }
    if got == "false" && v["replay"].as_str() != Some("reach_error reached") {
        return fail(
            &got,
            &reason,
            format!("false without a confirmed replay: {}", v["replay"]),
        );
    }
    if let Some(text) = &e.reason {
        if !reason.contains(text.as_str()) {
            return fail(
                &got,
                &reason,
                format!("the reason lacks \"{text}\": {reason}"),
            );
        }
    }
    if e.config == "prove" && got == "true" && !reason.contains("exhaustive bounded model checking")
    {
        let inv = v["invariants"].as_array().map_or(0, Vec::len);
        let loops = src.matches("while (").count() + src.matches("for (").count();
        if inv != loops {
            return fail(&got, &reason, format!("{inv} invariants for {loops} loops"));
        }
    }
    Run {
        secs,
        verdict: got,
        reason,
        failure: None,
    }
}

#[test]
fn every_program_gets_its_manifest_verdicts() {
    let entries = entries();
    assert!(!entries.is_empty(), "no manifest entry selected");
    let jobs = test_jobs();
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, Run)>> = Mutex::new(vec![]);
    let t0 = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(e) = entries.get(i) else { break };
                let r = run(e);
                done.lock().unwrap().push((i, r));
            });
        }
    });
    let mut done = done.into_inner().unwrap();
    done.sort_by_key(|(i, _)| *i);
    if let Ok(path) = std::env::var("KAPPA_MANIFEST_RECORD") {
        let lines: Vec<String> = done
            .iter()
            .map(|(i, r)| {
                let e = &entries[*i];
                let reason = r.reason.replace(['\t', '\n'], " ");
                format!(
                    "{}\t{:.2}\t{}\t{}\t{reason}",
                    label(e).replace(' ', "\t"),
                    r.secs,
                    r.verdict,
                    e.timeout
                )
            })
            .collect();
        std::fs::write(&path, lines.join("\n") + "\n").expect("write the record");
    }
    let mut slowest: Vec<&(usize, Run)> = done.iter().collect();
    slowest.sort_by(|a, b| b.1.secs.total_cmp(&a.1.secs));
    eprintln!(
        "{} runs on {jobs} workers in {:.1} s; slowest:",
        done.len(),
        t0.elapsed().as_secs_f64()
    );
    for (i, r) in slowest.iter().take(10) {
        let e = &entries[*i];
        eprintln!(
            "  {:6.2} s (--timeout {:3}) {}",
            r.secs,
            e.timeout,
            label(e)
        );
    }
    let fails: Vec<&str> = done
        .iter()
        .filter_map(|(_, r)| r.failure.as_deref())
        .collect();
    assert!(
        fails.is_empty(),
        "{} of {} runs failed:\n{}",
        fails.len(),
        done.len(),
        fails.join("\n")
    );
}
