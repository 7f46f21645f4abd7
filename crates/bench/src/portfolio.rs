//! `kappa-bench --portfolio`: every analysis mode scored on kappa's own
//! SV-COMP-style task set (crates/bench/programs/svcomp, or the given files
//! and directories). Runs the `kappa` binary built beside this one as a
//! subprocess (`kappa verify --json --mode M --timeout T TASK`), two runs at a
//! time by default, and prints per task the verdict and wall time of every
//! mode, then per mode the SV-COMP figures: correct true, correct false,
//! wrong, unknown, score (correct true +2, correct false +1, wrong true −32,
//! wrong false −16, unknown 0) and total time, and per mode the
//! distribution of the wall time of its correct answers (count, median,
//! p90, max: auto's shares are set from it). A mode may be one of auto's
//! stages alone (`stage:NAME`). Modes the binary rejects
//! (clap's "invalid value", exit 2) are skipped with a note. It measures; it
//! asserts nothing.

use crate::programs::{kappa_binary, programs};
use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The modes scored when `--modes` is not given.
pub const DEFAULT_MODES: &str = "classic,compact,navigate,native,auto";

/// Extra wall time granted to a run beyond its `--timeout` (compilation,
/// start-up, replay) before the benchmark kills it and counts it unknown.
const GRACE: Duration = Duration::from_secs(30);

/// The options of a mode: `--mode M`; for `M:jN` (e.g. `auto:j2`)
/// `--mode M --jobs N` (auto's stages N at a time); for `M+matching`
/// `--mode M --state-matching`; for `stage:NAME` auto's stage NAME alone,
/// as a stage process (`--stage NAME`; the report is read from its
/// directory, see [`run_one`]).
fn mode_args(mode: &str) -> Vec<String> {
    if let Some(stage) = mode.strip_prefix("stage:") {
        return ["--mode", "auto", "--jobs", "1", "--stage", stage]
            .map(String::from)
            .to_vec();
    }
    if let Some(m) = mode.strip_suffix("+matching") {
        return vec!["--mode".into(), m.into(), "--state-matching".into()];
    }
    match mode.split_once(":j") {
        Some((m, n)) => vec!["--mode".into(), m.into(), "--jobs".into(), n.into()],
        None => vec!["--mode".into(), mode.into()],
    }
}

/// The (count, median, 90th percentile, maximum) of `secs` (zeros when
/// empty); the percentiles are the nearest-rank values of the sorted list.
fn distribution(secs: &[f64]) -> (usize, f64, f64, f64) {
    let mut v = secs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        return (0, 0.0, 0.0, 0.0);
    }
    let rank = |q: f64| v[((q * n as f64).ceil() as usize).clamp(1, n) - 1];
    (n, rank(0.5), rank(0.9), v[n - 1])
}

/// The outcome of one run of one mode on one task.
#[derive(Clone, Debug)]
struct Outcome {
    /// `true`, `false`, `unknown` or `error` (no JSON report).
    verdict: String,
    /// Wall time of the subprocess, seconds.
    secs: f64,
    /// The report's `reason` (why the verdict is unknown), if any.
    reason: Option<String>,
}

/// Per-mode totals in SV-COMP terms.
#[derive(Default, Debug, PartialEq)]
struct Tally {
    correct_true: u32,
    correct_false: u32,
    wrong_true: u32,
    wrong_false: u32,
    unknown: u32,
    secs: f64,
}

impl Tally {
    /// Counts one outcome against the expected verdict (`None`: not scored,
    /// only timed).
    fn add(&mut self, expected: Option<bool>, o: &Outcome) {
        self.secs += o.secs;
        match (expected, o.verdict.as_str()) {
            (Some(true), "true") => self.correct_true += 1,
            (Some(false), "false") => self.correct_false += 1,
            (Some(false), "true") => self.wrong_true += 1,
            (Some(true), "false") => self.wrong_false += 1,
            (Some(_), _) => self.unknown += 1,
            (None, _) => {}
        }
    }

    /// The SV-COMP score: +2 per correct true, +1 per correct false, −32 per
    /// wrong true, −16 per wrong false.
    fn score(&self) -> i64 {
        2 * self.correct_true as i64 + self.correct_false as i64
            - 32 * self.wrong_true as i64
            - 16 * self.wrong_false as i64
    }
}

/// The tasks among `paths`: a `.c` whose `.yml` task is also listed is
/// dropped (the task carries the expected verdict and the data model).
fn tasks(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    let ymls: BTreeSet<PathBuf> = paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "yml"))
        .map(|p| p.with_extension(""))
        .collect();
    paths
        .into_iter()
        .filter(|p| {
            p.extension().is_some_and(|e| e == "yml") || !ymls.contains(&p.with_extension(""))
        })
        .collect()
}

/// The expected verdict of a task: the JSON report's `expected_verdict`
/// (from the `.yml`), else a `// expect: true|false` line among the first
/// lines of a `.c` file.
fn expected_of(path: &Path, report: Option<&serde_json::Value>) -> Option<bool> {
    if let Some(b) = report.and_then(|j| j["expected_verdict"].as_bool()) {
        return Some(b);
    }
    let src = std::fs::read_to_string(path).ok()?;
    src.lines()
        .take(8)
        .find_map(|l| match l.strip_prefix("// expect:").map(str::trim) {
            Some("true") => Some(true),
            Some("false") => Some(false),
            _ => None,
        })
}

/// Whether the binary accepts `--mode mode`: clap rejects an unknown value
/// with exit status 2 and "invalid value" before it looks at the file.
fn mode_supported(kappa: &Path, mode: &str) -> bool {
    let out = Command::new(kappa)
        .arg("verify")
        .args(mode_args(mode))
        .args(if mode.starts_with("stage:") {
            &["--stage-dir", "/nonexistent"][..]
        } else {
            &[]
        })
        .args(["--timeout", "1", "/nonexistent/kappa-bench-probe.c"])
        .output();
    match out {
        Ok(o) => {
            !(o.status.code() == Some(2)
                && String::from_utf8_lossy(&o.stderr).contains("invalid value"))
        }
        Err(_) => false,
    }
}

/// Runs `kappa verify --json --mode mode --timeout timeout task`, killing it
/// after `timeout` + [`GRACE`]; returns the outcome and the parsed report.
fn run_one(
    kappa: &Path,
    mode: &str,
    timeout: f64,
    task: &Path,
) -> (Outcome, Option<serde_json::Value>) {
    let start = Instant::now();
    // a stage alone writes its report into a directory of its own
    let stage_dir = mode
        .starts_with("stage:")
        .then(|| tempfile::tempdir().ok())
        .flatten();
    let mut cmd = Command::new(kappa);
    cmd.args(["verify", "--json"])
        .args(mode_args(mode))
        .arg("--timeout")
        .arg(timeout.to_string());
    if let Some(d) = &stage_dir {
        let ms = (timeout * 1000.0) as u64;
        cmd.arg("--stage-dir")
            .arg(d.path())
            .args(["--stage-total-ms", &ms.to_string()]);
    }
    let child = cmd
        .arg(task)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        let o = Outcome {
            verdict: "error".into(),
            secs: 0.0,
            reason: Some("could not start kappa".into()),
        };
        return (o, None);
    };
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut buf = vec![];
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let limit = Duration::from_secs_f64(timeout) + GRACE;
    let mut killed = false;
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                killed = true;
                break;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(_) => break,
        }
    }
    let buf = reader.join().unwrap_or_default();
    let secs = start.elapsed().as_secs_f64();
    let json: Option<serde_json::Value> = match &stage_dir {
        Some(d) => std::fs::read(d.path().join("report.json"))
            .ok()
            .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
            .map(|h| h["report"].clone()),
        None => serde_json::from_slice(&buf).ok(),
    };
    let verdict = match (&json, killed) {
        (_, true) => "unknown".to_string(),
        (Some(j), _) => j["verdict"].as_str().unwrap_or("error").to_string(),
        (None, _) => "error".to_string(),
    };
    let reason = match (&json, killed) {
        (_, true) => Some(format!("killed after {:.0} s", secs)),
        (Some(j), _) => j["reason"].as_str().map(str::to_string),
        (None, _) => Some("no JSON report".into()),
    };
    (
        Outcome {
            verdict,
            secs,
            reason,
        },
        json,
    )
}

/// Runs every mode of `modes` (comma-separated) on every task with a
/// per-run `timeout` (seconds), `jobs` runs at a time, and prints the table
/// and the per-mode scores.
pub fn run(timeout: f64, modes: &str, jobs: usize, args: &[PathBuf]) {
    let Some(kappa) = kappa_binary() else {
        println!("no kappa binary beside kappa-bench: run `cargo build --release` first");
        return;
    };
    let mut active = vec![];
    for m in modes.split(',').map(str::trim).filter(|m| !m.is_empty()) {
        if mode_supported(&kappa, m) {
            active.push(m.to_string());
        } else {
            println!("skipping mode {m}: the kappa binary rejects it");
        }
    }
    let list = tasks(programs(args, "svcomp"));
    let jobs_list: Vec<(usize, usize)> = (0..list.len())
        .flat_map(|t| (0..active.len()).map(move |m| (t, m)))
        .collect();
    let results: Mutex<Vec<Vec<Option<Outcome>>>> =
        Mutex::new(vec![vec![None; active.len()]; list.len()]);
    let expected: Mutex<Vec<Option<bool>>> =
        Mutex::new(list.iter().map(|p| expected_of(p, None)).collect());
    let next = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap();
                    let i = *n;
                    *n += 1;
                    i
                };
                let Some(&(t, m)) = jobs_list.get(i) else {
                    break;
                };
                let (o, json) = run_one(&kappa, &active[m], timeout, &list[t]);
                if let Some(e) = expected_of(&list[t], json.as_ref()) {
                    expected.lock().unwrap()[t] = Some(e);
                }
                results.lock().unwrap()[t][m] = Some(o);
            });
        }
    });
    let results = results.into_inner().unwrap();
    let expected = expected.into_inner().unwrap();
    print_table(&list, &active, &expected, &results, timeout);
}

/// The short name of a task: its file stem.
fn stem(p: &Path) -> String {
    p.file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .to_string()
}

/// Prints the per-task rows (a wrong verdict is marked `!`) and the per-mode
/// totals.
fn print_table(
    list: &[PathBuf],
    modes: &[String],
    expected: &[Option<bool>],
    results: &[Vec<Option<Outcome>>],
    timeout: f64,
) {
    let w = list.iter().map(|p| stem(p).len()).max().unwrap_or(4).max(4);
    let mut head = format!("{:<w$} {:>8}", "task", "expected");
    for m in modes {
        head.push_str(&format!(" {m:>16}"));
    }
    println!("{head}");
    let mut tallies: Vec<Tally> = modes.iter().map(|_| Tally::default()).collect();
    for (t, p) in list.iter().enumerate() {
        let exp = match expected[t] {
            Some(true) => "true",
            Some(false) => "false",
            None => "-",
        };
        let mut row = format!("{:<w$} {exp:>8}", stem(p));
        for (m, o) in results[t].iter().enumerate() {
            let Some(o) = o else {
                row.push_str(&format!(" {:>16}", "-"));
                continue;
            };
            tallies[m].add(expected[t], o);
            let wrong = matches!(
                (expected[t], o.verdict.as_str()),
                (Some(true), "false") | (Some(false), "true")
            );
            let cell = format!(
                "{}{} {:.2}",
                o.verdict,
                if wrong { "!" } else { "" },
                o.secs
            );
            row.push_str(&format!(" {cell:>16}"));
        }
        println!("{row}");
    }
    println!("---");
    println!(
        "{} tasks, timeout {timeout} s per run; score: correct true +2, correct false +1, wrong true -32, wrong false -16",
        list.len()
    );
    println!(
        "{:<10} {:>8} {:>9} {:>6} {:>8} {:>6} {:>9}",
        "mode", "true ok", "false ok", "wrong", "unknown", "score", "time s"
    );
    for (m, t) in modes.iter().zip(&tallies) {
        println!(
            "{:<10} {:>8} {:>9} {:>6} {:>8} {:>6} {:>9.1}",
            m,
            t.correct_true,
            t.correct_false,
            t.wrong_true + t.wrong_false,
            t.unknown,
            t.score(),
            t.secs
        );
    }
    print_answer_times(modes, expected, results);
    print_unanswered(list, modes, expected, results);
}

/// Per mode, the distribution of the wall time of its correct answers
/// (what a stage needs when it answers: the data for auto's shares).
fn print_answer_times(
    modes: &[String],
    expected: &[Option<bool>],
    results: &[Vec<Option<Outcome>>],
) {
    println!("---");
    println!("wall time of the correct answers (s):");
    println!(
        "{:<22} {:>6} {:>7} {:>7} {:>7}",
        "mode", "count", "median", "p90", "max"
    );
    for (m, mode) in modes.iter().enumerate() {
        let secs: Vec<f64> = results
            .iter()
            .zip(expected)
            .filter_map(|(r, e)| {
                let o = r[m].as_ref()?;
                let want = if (*e)? { "true" } else { "false" };
                (o.verdict == want).then_some(o.secs)
            })
            .collect();
        let (n, med, p90, max) = distribution(&secs);
        println!("{mode:<22} {n:>6} {med:>7.2} {p90:>7.2} {max:>7.2}");
    }
}

/// Most characters of a reason printed per mode.
const REASON_CHARS: usize = 110;

/// Lists the tasks no mode answered correctly, with each mode's reason for
/// its unknown (cut at [`REASON_CHARS`]).
fn print_unanswered(
    list: &[PathBuf],
    modes: &[String],
    expected: &[Option<bool>],
    results: &[Vec<Option<Outcome>>],
) {
    let answered = |t: usize| {
        results[t].iter().flatten().any(|o| match expected[t] {
            Some(e) => o.verdict == if e { "true" } else { "false" },
            None => o.verdict == "true" || o.verdict == "false",
        })
    };
    let open: Vec<usize> = (0..list.len()).filter(|&t| !answered(t)).collect();
    println!("---");
    println!("{} tasks no mode answers correctly:", open.len());
    for t in open {
        println!("{}", stem(&list[t]));
        for (m, o) in modes.iter().zip(&results[t]) {
            let Some(o) = o else { continue };
            let r: String = o
                .reason
                .as_deref()
                .unwrap_or("-")
                .chars()
                .take(REASON_CHARS)
                .collect();
            println!("  {m:<9} {} {r}", o.verdict);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o(v: &str) -> Outcome {
        Outcome {
            verdict: v.into(),
            secs: 1.0,
            reason: None,
        }
    }

    #[test]
    fn score_follows_svcomp() {
        let mut t = Tally::default();
        for (e, v) in [
            (true, "true"),
            (false, "false"),
            (false, "true"),
            (true, "false"),
            (true, "unknown"),
            (false, "error"),
        ] {
            t.add(Some(e), &o(v));
        }
        assert_eq!(
            (
                t.correct_true,
                t.correct_false,
                t.wrong_true,
                t.wrong_false,
                t.unknown
            ),
            (1, 1, 1, 1, 2)
        );
        assert_eq!(t.score(), 2 + 1 - 32 - 16);
        assert_eq!(t.secs, 6.0);
    }

    #[test]
    fn the_distribution_is_nearest_rank() {
        assert_eq!(distribution(&[]), (0, 0.0, 0.0, 0.0));
        assert_eq!(distribution(&[3.0]), (1, 3.0, 3.0, 3.0));
        let ten: Vec<f64> = (1..=10).rev().map(f64::from).collect();
        assert_eq!(distribution(&ten), (10, 5.0, 9.0, 10.0));
        assert_eq!(distribution(&[1.0, 2.0, 4.0]), (3, 2.0, 4.0, 4.0));
    }

    #[test]
    fn stage_and_matching_modes_have_their_options() {
        assert_eq!(
            mode_args("stage:prove").join(" "),
            "--mode auto --jobs 1 --stage prove"
        );
        assert_eq!(
            mode_args("classic+matching").join(" "),
            "--mode classic --state-matching"
        );
        assert_eq!(mode_args("auto:j2").join(" "), "--mode auto --jobs 2");
    }

    #[test]
    fn a_c_file_beside_its_task_is_dropped() {
        let v = tasks(vec!["d/a.c".into(), "d/a.yml".into(), "d/b.c".into()]);
        assert_eq!(v, vec![PathBuf::from("d/a.yml"), PathBuf::from("d/b.c")]);
    }
}
