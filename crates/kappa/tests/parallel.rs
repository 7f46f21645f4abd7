//! `--mode auto` with `--jobs`: the option's parsing and default, the
//! stages in processes of their own (the answer, the witness, the HTML
//! page and the invariants of the stage that answered), every stage's
//! wall and CPU time, a stage that overruns its share stopped and the
//! run going on, the run's deadline with stage processes, and kappa killed
//! by SIGKILL leaving no process and no stage directory behind. (A SIGTERM
//! with `--jobs 2` leaving no process behind: faults.rs.)

mod common;

use common::{kappa, repo_root, test_file};
use std::process::Command;
use std::time::{Duration, Instant};

/// `kappa ARGS` without the test helpers' `--jobs 1`.
fn kappa_jobs(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(args)
        .output()
        .expect("run kappa")
}

fn json(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| {
        panic!(
            "no JSON report: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The stage named `name` in a JSON report.
fn stage<'a>(v: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    v["stats"]["stages"]
        .as_array()
        .and_then(|a| a.iter().find(|s| s["name"] == name))
        .unwrap_or_else(|| panic!("no stage {name}: {v}"))
}

#[test]
fn jobs_must_be_a_positive_number() {
    let f = test_file("tests/auto", "loop_bound_false.c");
    for bad in ["0", "two", "-1"] {
        let out = kappa_jobs(&["verify", &format!("--jobs={bad}"), &f]);
        assert!(!out.status.success(), "--jobs {bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--jobs"), "--jobs {bad}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn the_default_is_the_cores_of_the_affinity_mask() {
    let f = test_file("tests/auto", "loop_bound_false.c");
    // one core: the stages one after another
    let out = Command::new("taskset")
        .args(["-c", "0"])
        .arg(env!("CARGO_BIN_EXE_kappa"))
        .args(["verify", "--json", "--timeout", "30", &f])
        .output();
    let Ok(out) = out else {
        eprintln!("skipped: no taskset");
        return;
    };
    let v = json(&out);
    assert_eq!(v["verdict"], "false", "{v}");
    assert_eq!(v["stats"]["jobs"], 1, "{v}");
    // two cores: two at once
    let two = Command::new("taskset")
        .args(["-c", "0,1"])
        .arg(env!("CARGO_BIN_EXE_kappa"))
        .args(["verify", "--json", "--timeout", "30", &f])
        .output()
        .expect("taskset");
    if two.status.success() && std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2) {
        let v = json(&two);
        assert_eq!(v["verdict"], "false", "{v}");
        assert_eq!(v["stats"]["jobs"], 2, "{v}");
    }
}

#[test]
fn a_short_run_runs_its_stages_in_order() {
    // (below PARALLEL_MIN the stage processes' start-up would eat the run)
    let f = test_file("tests/auto", "loop_bound_false.c");
    let out = kappa_jobs(&["verify", "--jobs", "2", "--json", "--timeout", "1.5", &f]);
    let v = json(&out);
    assert_ne!(v["verdict"], "true", "{v}");
    assert_eq!(v["stats"]["jobs"], 1, "{v}");
}

#[test]
fn jobs_2_answers_with_witness_invariants_and_page() {
    let dir = tempfile::tempdir().unwrap();
    for (name, verdict, entry) in [
        ("loop_bound_false.c", "false", "violation_sequence"),
        ("loop_bound_true.c", "true", "invariant_set"),
    ] {
        let f = test_file("tests/auto", name);
        let w = dir.path().join(format!("{name}.yml"));
        let h = dir.path().join(format!("{name}.html"));
        let out = kappa_jobs(&[
            "verify",
            "--jobs",
            "2",
            "--json",
            "--timeout",
            "30",
            "--witness",
            w.to_str().unwrap(),
            "--html",
            h.to_str().unwrap(),
            &f,
        ]);
        let v = json(&out);
        assert_eq!(v["verdict"], verdict, "{v}");
        assert_eq!(v["mode"], "auto", "{v}");
        // one stage answered, and every stage that ran has its times
        let stages = v["stats"]["stages"].as_array().expect("stages");
        assert_eq!(stages.len(), 7, "{v}");
        let answered: Vec<_> = stages.iter().filter(|s| s["answered"] == true).collect();
        assert_eq!(answered.len(), 1, "{v}");
        assert_eq!(v["stage"], answered[0]["name"], "{v}");
        for s in stages.iter().filter(|s| s["skipped"] == false) {
            assert!(s["wall_s"].as_f64().is_some_and(|t| t > 0.0), "{s}");
            assert!(s["cpu_s"].as_f64().is_some_and(|t| t >= 0.0), "{s}");
        }
        // the answering stage's outputs, where they were asked for
        let yml = std::fs::read_to_string(&w).expect("witness written");
        assert!(yml.contains(entry), "{yml}");
        let page = std::fs::read_to_string(&h).expect("page written");
        assert!(page.contains("id=\"verdict\""), "{page}");
        if verdict == "true" {
            assert!(
                v["invariants"].as_array().is_some_and(|a| !a.is_empty()),
                "{v}"
            );
        } else {
            assert!(v["test"]["inputs"].is_array(), "{v}");
            assert_eq!(v["replay"], "reach_error reached", "{v}");
        }
        // no file of the stage processes named in the report
        assert!(!v.to_string().contains("kappa-stages-"), "{v}");
    }
    // the human report lists the stages with wall and CPU time
    let f = test_file("tests/auto", "loop_bound_false.c");
    let out = kappa_jobs(&["verify", "--jobs", "2", "--timeout", "30", &f]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("verdict: false"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.contains("s CPU, false (") && l.ends_with("<- answered")),
        "{text}"
    );
}

/// The constraint-style program whose condition takes longest to build and
/// decide (seconds; more than its share at `--timeout 6`).
fn slow_condition() -> String {
    repo_root()
        .join("crates/bench/programs/constraints/clauses200_unsat.c")
        .display()
        .to_string()
}

#[test]
fn a_stage_that_overruns_its_share_is_stopped_and_the_next_runs() {
    let f = slow_condition();
    for jobs in ["1", "2"] {
        let t0 = Instant::now();
        let out = kappa(&[
            "verify",
            "--mode",
            "auto",
            "--jobs",
            jobs,
            "--json",
            "--timeout",
            "6",
            &f,
        ]);
        let wall = t0.elapsed();
        let v = json(&out);
        // never wrong; the condition stage stopped near the end of its
        // share (a sixth of 6 s, and the grace), generous margin
        assert_ne!(v["verdict"], "false", "{v}");
        let c = stage(&v, "condition");
        if c["answered"] == false {
            let t = c["wall_s"].as_f64().unwrap();
            assert!(t < 3.0, "--jobs {jobs}: condition ran {t}s: {v}");
            // the proof stage ran after it
            assert_eq!(stage(&v, "prove")["skipped"], false, "{v}");
        }
        assert!(
            !v["reason"].as_str().unwrap_or("").contains("hard deadline"),
            "--jobs {jobs}: {v}"
        );
        assert!(
            wall < Duration::from_secs(9),
            "--jobs {jobs}: {wall:?}: {v}"
        );
    }
}

#[test]
fn the_run_ends_by_its_deadline_with_stage_processes() {
    // programs no stage answers in 3 s on a loaded machine: each ends by
    // the deadline (generous margin for a loaded machine: the contract is
    // 0.5 s, measured by the benchmark)
    let dir = repo_root().join("crates/bench/programs/constraints");
    for name in ["guarded2_unsat.c", "interval9_unsat.c"] {
        let f = dir.join(name).display().to_string();
        let t0 = Instant::now();
        let out = kappa_jobs(&["verify", "--jobs", "2", "--json", "--timeout", "3", &f]);
        let wall = t0.elapsed();
        let v = json(&out);
        assert_ne!(v["verdict"], "false", "{v}");
        assert!(
            !v["reason"].as_str().unwrap_or("").contains("hard deadline"),
            "{name}: {v}"
        );
        assert!(wall < Duration::from_millis(4500), "{name}: {wall:?}: {v}");
    }
}

#[test]
fn the_cpu_limit_holds_across_the_stage_processes() {
    // two stage processes at once use CPU time twice as fast as the wall
    // clock: the CPU limit, not the (longer) timeout, ends the run
    let f = repo_root()
        .join("crates/bench/programs/constraints/interval9_unsat.c")
        .display()
        .to_string();
    let dir = tempfile::tempdir().unwrap();
    let times = dir.path().join("times");
    let t0 = Instant::now();
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%U %S", "-o", times.to_str().unwrap()])
        .arg(env!("CARGO_BIN_EXE_kappa"))
        .args(["verify", "--jobs", "2", "--json", "--timeout", "30"])
        .args(["--cpu-limit", "3", &f])
        .output();
    let Ok(out) = out else {
        eprintln!("skipped: no /usr/bin/time");
        return;
    };
    let wall = t0.elapsed();
    let v = json(&out);
    assert_ne!(v["verdict"], "false", "{v}");
    let cpu: f64 = std::fs::read_to_string(&times)
        .unwrap()
        .split_whitespace()
        .filter_map(|t| t.parse::<f64>().ok())
        .sum();
    // (generous margins: the contract is the limit plus 0.25 s per stage
    // process; a loaded machine delays the parent's look)
    assert!(cpu < 4.5, "{cpu}s CPU: {v}");
    // the wall-clock deadline is at most the CPU limit
    assert!(wall < Duration::from_secs(6), "{wall:?}: {v}");
}

/// The descendants of `pid`, from the kernel's lists of children.
fn descendants(pid: u32) -> Vec<u32> {
    let mut family = vec![pid];
    let mut i = 0;
    while i < family.len() {
        let tasks = std::fs::read_dir(format!("/proc/{}/task", family[i]));
        for t in tasks.into_iter().flatten().flatten() {
            let kids = std::fs::read_to_string(t.path().join("children")).unwrap_or_default();
            family.extend(
                kids.split_whitespace()
                    .filter_map(|k| k.parse::<u32>().ok()),
            );
        }
        i += 1;
    }
    family.remove(0);
    family
}

/// Whether process `pid` runs (exists and is not a zombie).
fn runs(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rfind(')')
            .and_then(|i| s[i + 1..].split_whitespace().next())
            .is_some_and(|state| state != "Z")
    })
}

/// Starts kappa with `args` and temporary directory `tmp`, waits until at
/// least `least` of its descendants run `what` (a part of their command
/// line) with at least `threads` threads each (a kappa process with 3 has
/// started its work, so it takes signals: one killed while loading kappa's
/// libraries leaves its directory to the next run),
/// kills it with SIGKILL and checks that none of its descendants runs a
/// second later and that no stage directory is left in `tmp`.
fn sigkill_leaves_nothing(
    args: &[&str],
    tmp: &std::path::Path,
    (what, least, threads): (&str, usize, usize),
) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(args)
        .env("TMPDIR", tmp)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start kappa");
    let t0 = Instant::now();
    let all = loop {
        let all = descendants(child.id());
        let n = all
            .iter()
            .filter(|k| {
                std::fs::read(format!("/proc/{k}/cmdline"))
                    .is_ok_and(|c| String::from_utf8_lossy(&c).contains(what))
                    && std::fs::read_dir(format!("/proc/{k}/task"))
                        .is_ok_and(|t| t.count() >= threads)
            })
            .count();
        if n >= least {
            break all;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "{args:?} ended before {least} {what} processes ran"
        );
        assert!(t0.elapsed() < Duration::from_secs(60), "no {what} process");
        std::thread::sleep(Duration::from_millis(10));
    };
    // SAFETY: kill(2) on the child this test started.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGKILL) };
    let _ = child.wait();
    // (the stage processes' SIGTERM handlers kill their descendants and
    // remove the run's directory; a loaded machine may take a few seconds)
    // the run's directory, and any temporary file or directory outside it
    // (the frontend's, the native build's, a replay's: `.tmpXXXXXX`,
    // `kappa-replay-...`)
    let stage_dirs = || -> Vec<std::ffi::OsString> {
        std::fs::read_dir(tmp)
            .unwrap()
            .flatten()
            .filter(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.starts_with("kappa-") || name.starts_with(".tmp")
            })
            .map(|e| e.file_name())
            .collect()
    };
    let until = Instant::now() + Duration::from_secs(5);
    let (left, dirs) = loop {
        let left: Vec<u32> = all.iter().copied().filter(|&k| runs(k)).collect();
        let dirs = stage_dirs();
        // (without stage processes nobody removes the directory before
        // the next run: no need to wait for it)
        let staged = args.contains(&"--jobs");
        if (left.is_empty() && (dirs.is_empty() || !staged)) || Instant::now() > until {
            break (left, dirs);
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(
        left.is_empty(),
        "{args:?}: {} of {} descendants still run 5 s after SIGKILL: {left:?}",
        left.len(),
        all.len()
    );
    // the stage processes remove the run's directory when they see their
    // parent gone; one they could not (killed while it started, or a run
    // without stage processes) is removed by the next run in the same
    // TMPDIR
    if !dirs.is_empty() {
        let trivial = tmp.join("trivial.c");
        std::fs::write(&trivial, "int main(void) { return 0; }\n").unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_kappa"))
            .args(["verify", "--timeout", "5", trivial.to_str().unwrap()])
            .env("TMPDIR", tmp)
            .output()
            .expect("run kappa");
        assert!(out.status.success(), "{out:?}");
        let still = stage_dirs();
        assert!(
            still.is_empty(),
            "{args:?}: left behind after SIGKILL and after the next run: {still:?}"
        );
    }
}

/// A program whose condition stage starts solver processes (a sum that
/// no stage proves quickly).
const SUM_TRUE: &str = "// expect: true\n\
extern unsigned __VERIFIER_nondet_uint(void); extern void reach_error(void);\n\
int main(void) { unsigned n = __VERIFIER_nondet_uint(), i = 0, s = 0;\n\
  while (i < n) { i++; s += i; }\n\
  if (2u * s != i * (i + 1u)) reach_error(); return 0; }\n";

/// A program whose native run forks (two symbolic branches) and then runs
/// a concrete loop far longer than any test.
const FORK_THEN_LOOP: &str = "// expect: true\n\
extern void reach_error(void); extern unsigned __VERIFIER_nondet_uint(void);\n\
int main(void) { volatile unsigned long long x = 0;\n\
  unsigned k = __VERIFIER_nondet_uint(), j = __VERIFIER_nondet_uint();\n\
  if (k > 5) x = 1;\n  if (j > 5) x = 2;\n\
  while (x < 100000000000ull) x++;\n\
  if (k == 7 && x == 3) reach_error(); return 0; }\n";

#[test]
fn sigkill_leaves_no_process_and_no_stage_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let f = slow_condition();
    // the stage processes, and the condition stage's solver processes
    // under one of them
    sigkill_leaves_nothing(
        &["verify", "--jobs", "2", "--timeout", "60", &f],
        tmp.path(),
        ("--stage", 2, 3),
    );
    let hard = tmp.path().join("sum_true.c");
    std::fs::write(&hard, SUM_TRUE).unwrap();
    let f = hard.display().to_string();
    sigkill_leaves_nothing(
        &["verify", "--jobs", "2", "--timeout", "60", &f],
        tmp.path(),
        ("__solve-side", 1, 1),
    );
    // the native back end's forked processes in a long concrete loop
    let exe = std::path::PathBuf::from(env!("CARGO_BIN_EXE_kappa"));
    let runtime = exe
        .parent()
        .and_then(std::path::Path::parent)
        .map(|t| t.join("i686-unknown-linux-gnu/release/libkappa_runtime.a"));
    if !runtime.as_deref().is_some_and(std::path::Path::is_file) {
        eprintln!(
            "skipped --mode native: the ILP32 runtime is not built (scripts/build-runtime.sh)"
        );
        return;
    }
    let prog = tmp.path().join("fork_then_loop.c");
    std::fs::write(&prog, FORK_THEN_LOOP).unwrap();
    let prog = prog.display().to_string();
    sigkill_leaves_nothing(
        &["verify", "--mode", "native", "--timeout", "60", &prog],
        tmp.path(),
        ("symbolized", 3, 1),
    );
}
