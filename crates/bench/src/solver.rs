//! `kappa-bench --solver`: where solver time goes. Runs the `kappa` binary
//! (built beside this one) with `--dump-queries` on a set of programs in
//! several modes, then replays every dumped query in this process, each
//! twice in the same conditions: (a) through the route kappa picked
//! ([`kappa_solver::route::RouteRunner`]: the long-lived incremental solver
//! of the run, or a fresh solver of the route) and (b) standalone, in a
//! fresh solver with Z3's default tactic for the query's logic. Prints per
//! route: queries, kappa's own time (total, worst), replay time in-process
//! and standalone (total, worst), the median ratio in-process/standalone,
//! answers that differ, and queries decided standalone within kappa's
//! limit that kappa left undecided. Also, for plain bitvector queries, the
//! time the other bitvector route would have taken (the measurement behind
//! the routing rule). It measures; it asserts nothing.
//!
//! Default programs and modes: tests/programs (classic), tests/compact
//! (compact), tests/navigate (navigate), tests/condition (classic with
//! `--prune-with-condition`), crates/bench/programs/constraints (classic,
//! compact) and crates/bench/programs/table1 (compact); `--set NAME`
//! (repeatable) keeps only the named ones. Given files or directories run
//! in classic and compact mode.

use crate::programs::{kappa_binary, programs};
use kappa_solver::dump::{parse, DumpedQuery};
use kappa_solver::route::{Route, RouteRunner, ROUTES};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Figures of one route.
#[derive(Default)]
struct Row {
    queries: usize,
    kappa: Vec<f64>,
    inproc: Vec<f64>,
    alone: Vec<f64>,
    /// Time of the other plain-bitvector route (incremental <-> qf_bv).
    other: Vec<f64>,
    other_unknown: usize,
    differ: usize,
    kappa_unknown: usize,
    inproc_unknown: usize,
    alone_unknown: usize,
    lost: usize,
}

fn runs(args: &[PathBuf], only: &[String]) -> Vec<(PathBuf, &'static [&'static str])> {
    const CLASSIC: &[&str] = &["--mode", "classic"];
    const COMPACT: &[&str] = &["--mode", "compact"];
    const NAVIGATE: &[&str] = &["--mode", "navigate"];
    const CONDITION: &[&str] = &["--mode", "classic", "--prune-with-condition"];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = vec![];
    if !args.is_empty() {
        for p in programs(args, "") {
            out.push((p.clone(), CLASSIC));
            out.push((p, COMPACT));
        }
        return out;
    }
    let sets: [(&str, PathBuf, &[&[&str]]); 6] = [
        ("programs", root.join("tests/programs"), &[CLASSIC]),
        ("compact", root.join("tests/compact"), &[COMPACT]),
        ("navigate", root.join("tests/navigate"), &[NAVIGATE]),
        ("condition", root.join("tests/condition"), &[CONDITION]),
        (
            "constraints",
            root.join("crates/bench/programs/constraints"),
            &[CLASSIC, COMPACT],
        ),
        (
            "table1",
            root.join("crates/bench/programs/table1"),
            &[COMPACT],
        ),
    ];
    for (name, dir, modes) in sets {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        for p in programs(&[dir], "") {
            for m in modes {
                out.push((p.clone(), *m));
            }
        }
    }
    out
}

/// Runs `f` and returns its answer and time in seconds.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let r = f();
    (r, t.elapsed().as_secs_f64())
}

fn answer(r: Option<bool>) -> &'static str {
    match r {
        Some(true) => "sat",
        Some(false) => "unsat",
        None => "unknown",
    }
}

/// The dumped queries of one run, in order.
fn dumped(dir: &Path) -> Vec<DumpedQuery> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
        .iter()
        .filter_map(|f| parse(&std::fs::read_to_string(f).ok()?))
        .collect()
}

/// Runs every program in its modes with a per-run `timeout` (seconds) and
/// replays its queries with a per-query limit of `cap` seconds, each
/// measurement the fastest of `repeat`. `only`: names of default sets to
/// run (`programs`, `compact`, `navigate`, `condition`, `constraints`,
/// `table1`; empty: all).
pub fn run(timeout: f64, cap: f64, repeat: usize, only: &[String], args: &[PathBuf]) {
    let Some(kappa) = kappa_binary() else {
        println!("no kappa binary beside kappa-bench: run `cargo build --release` first");
        return;
    };
    let scratch = std::env::temp_dir().join(format!("kappa-solver-bench-{}", std::process::id()));
    let cap_d = Duration::from_secs_f64(cap);
    let mut rows: Vec<Row> = ROUTES.iter().map(|_| Row::default()).collect();
    let mut smt_failures = 0u64;
    println!(
        "{:<28} {:<10} {:>8} {:>6} {:>6} {:>9} {:>9} {:>9}",
        "program", "mode", "verdict", "fail", "z3", "kappa s", "inproc s", "alone s"
    );
    for (n, (p, mode)) in runs(args, only).into_iter().enumerate() {
        let dir = scratch.join(format!("run-{n}"));
        let out = Command::new(&kappa)
            .args(["verify", "--json", "--timeout"])
            .arg(timeout.to_string())
            .args(mode)
            .arg("--dump-queries")
            .arg(&dir)
            .arg(&p)
            .output();
        let json: Option<serde_json::Value> = out
            .ok()
            .and_then(|o| serde_json::from_slice(&o.stdout).ok());
        let verdict = json
            .as_ref()
            .and_then(|j| j["verdict"].as_str().map(str::to_string))
            .unwrap_or_else(|| "error".into());
        let failed = json
            .as_ref()
            .and_then(|j| j["stats"]["failed_leaves"].as_u64())
            .unwrap_or(0);
        smt_failures += failed;
        let queries = dumped(&dir);
        let mut inproc_runner = RouteRunner::new(cap_d);
        let mut other_runner = RouteRunner::new(cap_d);
        let (mut tk, mut ti, mut ta) = (0.0, 0.0, 0.0);
        for (qi, q) in queries.iter().enumerate() {
            let row = &mut rows[q.route.index()];
            row.queries += 1;
            let kt = q.time_ms.unwrap_or(0.0) / 1000.0;
            row.kappa.push(kt);
            let kappa_decided = q
                .answer
                .as_deref()
                .is_some_and(|a| a == "sat" || a == "unsat");
            row.kappa_unknown += usize::from(!kappa_decided);
            let mut best_i = f64::MAX;
            let mut best_a = f64::MAX;
            let mut ri = None;
            let mut ra = None;
            for _ in 0..repeat.max(1) {
                let (r, t) = timed(|| inproc_runner.check(q.route, &q.assertions));
                best_i = best_i.min(t);
                ri = r;
                let standalone = match q.route {
                    Route::Incremental | Route::Bv => Route::Bv,
                    r => r,
                };
                let (r, t) = timed(|| RouteRunner::new(cap_d).check(standalone, &q.assertions));
                best_a = best_a.min(t);
                ra = r;
            }
            if matches!(q.route, Route::Incremental | Route::Bv) {
                let other = if q.route == Route::Bv {
                    Route::Incremental
                } else {
                    Route::Bv
                };
                let (r, t) = timed(|| other_runner.check(other, &q.assertions));
                row.other.push(t);
                row.other_unknown += usize::from(r.is_none());
            }
            row.inproc.push(best_i);
            row.alone.push(best_a);
            row.inproc_unknown += usize::from(ri.is_none());
            row.alone_unknown += usize::from(ra.is_none());
            if ri.is_some() && ra.is_some() && ri != ra {
                row.differ += 1;
                println!("  differ: {} {} vs {}", p.display(), answer(ri), answer(ra));
            }
            let limit = f64::from(q.timeout_ms) / 1000.0;
            // (a query kappa answered "deadline reached" because the run's
            // time was up is no loss of the solver's)
            let at_deadline = q
                .answer
                .as_deref()
                .is_some_and(|a| a.contains("deadline reached"));
            if !kappa_decided && !at_deadline && ra.is_some() && best_a <= limit {
                row.lost += 1;
                println!(
                    "  lost: {} ({}) query {} on {}: kappa {} after {:.3} s, standalone {} in {best_a:.3} s of {limit:.3} s",
                    p.display(),
                    mode.join(" "),
                    qi,
                    q.route.name(),
                    q.answer.as_deref().unwrap_or("no answer"),
                    kt,
                    answer(ra),
                );
            }
            tk += kt;
            ti += best_i;
            ta += best_a;
        }
        let _ = std::fs::remove_dir_all(&dir);
        let name = p.file_name().unwrap_or_default().to_string_lossy();
        println!(
            "{:<28} {:<10} {:>8} {:>6} {:>6} {:>9.3} {:>9.3} {:>9.3}",
            name,
            mode[1..].join(" ").trim_start_matches("--mode "),
            verdict,
            failed,
            queries.len(),
            tk,
            ti,
            ta
        );
    }
    let _ = std::fs::remove_dir_all(&scratch);
    println!();
    println!(
        "{:<12} {:>6} {:>9} {:>8} {:>9} {:>8} {:>9} {:>8} {:>7} {:>6} {:>5} {:>9} {:>6}",
        "route",
        "calls",
        "kappa s",
        "worst",
        "inproc s",
        "worst",
        "alone s",
        "worst",
        "median",
        "unkn",
        "diff",
        "other s",
        "lost"
    );
    for (route, r) in ROUTES.iter().zip(&rows) {
        if r.queries == 0 {
            continue;
        }
        let sum = |v: &[f64]| v.iter().sum::<f64>();
        let max = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
        let mut ratios: Vec<f64> = r
            .inproc
            .iter()
            .zip(&r.alone)
            .map(|(i, a)| i / a.max(1e-6))
            .collect();
        ratios.sort_by(f64::total_cmp);
        let median = ratios.get(ratios.len() / 2).copied().unwrap_or(1.0);
        println!(
            "{:<12} {:>6} {:>9.3} {:>8.3} {:>9.3} {:>8.3} {:>9.3} {:>8.3} {:>7.2} {:>6} {:>5} {:>9} {:>6}",
            route.name(),
            r.queries,
            sum(&r.kappa),
            max(&r.kappa),
            sum(&r.inproc),
            max(&r.inproc),
            sum(&r.alone),
            max(&r.alone),
            median,
            format!("{}/{}/{}", r.kappa_unknown, r.inproc_unknown, r.alone_unknown),
            r.differ,
            if r.other.is_empty() {
                "-".to_string()
            } else {
                format!("{:.3}/{}", sum(&r.other), r.other_unknown)
            },
            r.lost
        );
    }
    println!(
        "\nunkn: unknown answers kappa/in-process/standalone; other s: replay time (and unknowns) \
         of the other bitvector route (incremental <-> qf_bv); lost: undecided by kappa but \
         decided standalone within kappa's limit (queries answered 'deadline reached', when the run's time was up, left out); failed leaves over all runs: {smt_failures}"
    );
}
