//! `--families`: the proof stage's families of own programs (one directory
//! each, `// expect:` headers), one table per family: per program the
//! verdict, CPU time, which method found the certificate and its size
//! (its conjuncts: loop invariants' and summaries'), beside the same
//! columns for a reference binary (`--compare BIN`, e.g. the binary
//! before a change); then per family: answered, wrong, CPU time.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One run: verdict, CPU seconds of the process, method, certificate size.
struct Run {
    verdict: String,
    cpu: f64,
    method: &'static str,
    size: usize,
}

/// CPU seconds (user + system) of the finished children so far.
fn children_cpu() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 / 1e6;
    t(u.ru_utime) + t(u.ru_stime)
}

/// The method a `true`'s reason names (the proof stage's wording).
fn method_of(verdict: &str, reason: &str) -> &'static str {
    if verdict != "true" {
        return "-";
    }
    if reason.contains("Spacer over bit-vectors") {
        "spacer-bv"
    } else if reason.contains("Spacer over integers") {
        "spacer-int"
    } else if reason.contains("quantified array invariants") {
        "houdini-forall"
    } else if reason.contains("-induction") {
        "k-induction"
    } else if reason.contains("loop invariant") {
        "houdini"
    } else if reason.contains("summar") {
        "summary"
    } else {
        "other"
    }
}

/// Conjuncts of a C expression at its top level (`&&` outside parentheses).
fn conjuncts(c: &str) -> usize {
    let mut depth = 0i32;
    let mut n = 1;
    let b = c.as_bytes();
    for i in 0..b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b'&' if depth <= 1 && i + 1 < b.len() && b[i + 1] == b'&' => n += 1,
            _ => {}
        }
    }
    n
}

fn run_one(kappa: &Path, mode: &str, timeout: f64, file: &Path) -> Run {
    let before = children_cpu();
    let out = Command::new("timeout")
        .arg(format!("{}", timeout + 30.0))
        .arg(kappa)
        .args([
            "verify",
            "--json",
            "--invariants",
            "--mode",
            mode,
            "--timeout",
        ])
        .arg(format!("{timeout}"))
        .arg(file)
        .output();
    let cpu = children_cpu() - before;
    let json: serde_json::Value = out
        .ok()
        .and_then(|o| serde_json::from_slice(&o.stdout).ok())
        .unwrap_or_default();
    let verdict = json["verdict"].as_str().unwrap_or("error").to_string();
    let reason = json["reason"].as_str().unwrap_or("");
    let mut size = 0;
    if let Some(invs) = json["invariants"].as_array() {
        for i in invs {
            if let Some(c) = i["invariant"].as_str().or(i.as_str()) {
                size += conjuncts(c);
            }
        }
    }
    if let Some((_, sums)) = reason.split_once("no error inside): ") {
        for s in sums.split("; ") {
            if let Some((_, c)) = s.split_once("): ") {
                size += conjuncts(c);
            }
        }
    }
    Run {
        method: method_of(&verdict, reason),
        verdict,
        cpu,
        size,
    }
}

fn expected(file: &Path) -> Option<&'static str> {
    let src = std::fs::read_to_string(file).ok()?;
    src.lines()
        .take(8)
        .find_map(|l| match l.strip_prefix("// expect:").map(str::trim) {
            Some("true") => Some("true"),
            Some("false") => Some("false"),
            _ => None,
        })
}

/// Runs every family directory of `dirs` under `mode` (see the module doc).
pub fn run(kappa: &Path, compare: Option<&Path>, mode: &str, timeout: f64, dirs: &[PathBuf]) {
    for dir in dirs {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.retain(|f| f.extension().is_some_and(|e| e == "c"));
        files.sort();
        println!("family {} ({mode}, {timeout} s a task)", dir.display());
        println!(
            "{:<26} {:<6} | {:<8} {:>7} {:<12} {:>4} | {:<8} {:>7} {:<12} {:>4}",
            "program",
            "expect",
            "new",
            "cpu s",
            "method",
            "size",
            "before",
            "cpu s",
            "method",
            "size"
        );
        let mut totals = [(0, 0, 0.0f64), (0, 0, 0.0f64)];
        for f in &files {
            let exp = expected(f).unwrap_or("?");
            let new = run_one(kappa, mode, timeout, f);
            let old = compare.map(|c| run_one(c, mode, timeout, f));
            let name = f.file_name().unwrap_or_default().to_string_lossy();
            let mut line = format!(
                "{name:<26} {exp:<6} | {:<8} {:>7.2} {:<12} {:>4}",
                new.verdict, new.cpu, new.method, new.size
            );
            for (k, r) in std::iter::once(&new).chain(old.as_ref()).enumerate() {
                let t = &mut totals[k];
                if r.verdict == "true" || r.verdict == "false" {
                    t.0 += 1;
                    if r.verdict != exp {
                        t.1 += 1;
                    }
                }
                t.2 += r.cpu;
            }
            if let Some(o) = &old {
                line += &format!(
                    " | {:<8} {:>7.2} {:<12} {:>4}",
                    o.verdict, o.cpu, o.method, o.size
                );
            }
            println!("{line}");
        }
        for (k, (answered, wrong, cpu)) in totals.iter().enumerate() {
            if k == 1 && compare.is_none() {
                break;
            }
            println!(
                "{}: answered {answered}/{}, wrong {wrong}, CPU {cpu:.1} s",
                if k == 0 { "new" } else { "before" },
                files.len()
            );
        }
    }
}
