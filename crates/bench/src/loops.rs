//! `kappa-bench --loops`: the paper's Table 1 ("Compact Symbolic
//! Execution") for kappa, and the loop shapes of benchmarks. Runs the
//! `kappa` binary (built beside this one) on each program of
//! crates/bench/programs/table1 (or the given files and directories) under
//! each mode (`--modes`, default `classic,compact`), and prints per program
//! and mode: verdict, time, states, templates, cycles and SMT failures
//! (failed leaves). Below each program, the reasons `kappa templates` gives
//! for its cycles without a template; at the end, the share of cycles with
//! templates over the set and the reasons counted. It measures; it asserts
//! nothing.

use crate::programs::{kappa_binary, programs};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Default modes of the table.
pub const DEFAULT_MODES: &str = "classic,compact";

/// The first line of `kappa templates` (`C cycles, T templates, ...`) and
/// the reason of every cycle without a template (`no template: ...`), with
/// source positions and register names left out so equal reasons count
/// together.
fn templates(kappa: &Path, p: &Path) -> Option<(u64, u64, Vec<String>)> {
    let out = Command::new(kappa).arg("templates").arg(p).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text.lines().next()?.split_whitespace();
    let cycles = words.next()?.parse().ok()?;
    let templates = words.nth(1)?.parse().ok()?;
    let reasons = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("no template: "))
        .map(|r| {
            r.split_whitespace()
                .filter(|w| !w.starts_with('%'))
                .filter(|w| !(w.contains(".c:") || w.contains(".i:")))
                .collect::<Vec<_>>()
                .join(" ")
                .replace(" at ", " ")
                .trim_end_matches(" at")
                .to_string()
        })
        .collect();
    Some((cycles, templates, reasons))
}

/// Runs every program in each of `modes` (comma-separated) with a per-run
/// `timeout` (seconds).
pub fn run(timeout: f64, modes: &str, args: &[PathBuf]) {
    let Some(kappa) = kappa_binary() else {
        println!("no kappa binary beside kappa-bench: run `cargo build --release` first");
        return;
    };
    println!(
        "{:<24} {:<8} {:>8} {:>8} {:>8} {:>10} {:>7} {:>9}",
        "program", "mode", "verdict", "time s", "states", "templates", "cycles", "SMT fail"
    );
    let (mut all_cycles, mut all_templates) = (0u64, 0u64);
    let mut why: BTreeMap<String, u64> = BTreeMap::new();
    for p in programs(args, "table1") {
        let name = p.file_stem().unwrap_or_default().to_string_lossy();
        for mode in modes.split(',') {
            let out = Command::new(&kappa)
                .args(["verify", "--json", "--mode", mode, "--timeout"])
                .arg(timeout.to_string())
                .arg(&p)
                .output();
            let json: Option<serde_json::Value> = out
                .ok()
                .and_then(|o| serde_json::from_slice(&o.stdout).ok());
            let Some(j) = json else {
                println!("{name:<24} {mode:<8} error");
                continue;
            };
            let st = &j["stats"];
            let c = &st["compact"];
            let num =
                |v: &serde_json::Value| v.as_u64().map(|n| n.to_string()).unwrap_or("-".into());
            println!(
                "{:<24} {:<8} {:>8} {:>8.2} {:>8} {:>10} {:>7} {:>9}",
                name,
                mode,
                j["verdict"].as_str().unwrap_or("?"),
                st["wall_time_s"].as_f64().unwrap_or(0.0),
                num(&st["states"]),
                num(&c["templates"]),
                num(&c["cycles"]),
                num(&st["failed_leaves"]),
            );
        }
        if let Some((cycles, templates, reasons)) = templates(&kappa, &p) {
            all_cycles += cycles;
            all_templates += templates;
            for r in reasons {
                println!("{:<24} no template: {r}", "");
                *why.entry(r).or_default() += 1;
            }
        }
    }
    if all_cycles > 0 {
        println!(
            "\ncycles with a template: {all_templates} of {all_cycles} ({:.0}%)",
            100.0 * all_templates as f64 / all_cycles as f64
        );
        let mut why: Vec<_> = why.into_iter().collect();
        why.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for (r, n) in why {
            println!("{n:>6}  {r}");
        }
    }
}
