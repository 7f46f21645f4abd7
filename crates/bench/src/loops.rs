//! `kappa-bench --loops`: the paper's Table 1 ("Compact Symbolic
//! Execution") for kappa. Runs the `kappa` binary (built beside this one)
//! on each program of crates/bench/programs/table1 (or the given files and
//! directories) under `--mode classic` and `--mode compact`, and prints per
//! program and mode: verdict, time, states, templates, cycles and SMT
//! failures (failed leaves). It measures; it asserts nothing.

use crate::programs::{kappa_binary, programs};
use std::path::PathBuf;
use std::process::Command;

/// Runs every program in both modes with a per-run `timeout` (seconds).
pub fn run(timeout: f64, args: &[PathBuf]) {
    let Some(kappa) = kappa_binary() else {
        println!("no kappa binary beside kappa-bench: run `cargo build --release` first");
        return;
    };
    println!(
        "{:<24} {:<8} {:>8} {:>8} {:>8} {:>10} {:>7} {:>9}",
        "program", "mode", "verdict", "time s", "states", "templates", "cycles", "SMT fail"
    );
    for p in programs(args, "table1") {
        for mode in ["classic", "compact"] {
            let out = Command::new(&kappa)
                .args(["verify", "--json", "--mode", mode, "--timeout"])
                .arg(timeout.to_string())
                .arg(&p)
                .output();
            let name = p.file_stem().unwrap_or_default().to_string_lossy();
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
    }
}
