//! `kappa-bench --navigate`: the paper's Table 3 ("Efficient Loop
//! Navigation for Symbolic Execution") for kappa. Runs the `kappa` binary
//! (built beside this one) on each program of
//! crates/bench/programs/table3 (or the given files and directories) under
//! `--mode navigate` with both solving modes (`--nav-solve interval` and
//! `exact`) and under `--mode classic`, and prints per program and run:
//! verdict, chains root/all, chain-form time, eliminated root chains,
//! constraints left, symbolic states, constraint-system decisions (solved /
//! planned), SMT (Z3) calls, total time, and predicates in the path
//! condition of the witness. It measures; it asserts nothing.

use crate::programs::{kappa_binary, programs};
use std::path::PathBuf;
use std::process::Command;

/// Runs every program under navigate (both solving modes) and classic
/// with a per-run `timeout` (seconds).
pub fn run(timeout: f64, args: &[PathBuf]) {
    let Some(kappa) = kappa_binary() else {
        println!("no kappa binary beside kappa-bench: run `cargo build --release` first");
        return;
    };
    println!(
        "{:<10} {:<9} {:>8} {:>8} {:>8} {:>5} {:>6} {:>8} {:>11} {:>6} {:>8} {:>4}",
        "program",
        "run",
        "verdict",
        "chains",
        "form s",
        "elim",
        "constr",
        "states",
        "CSOL s/p",
        "SMT",
        "time s",
        "PC"
    );
    let runs: [(&str, &[&str]); 3] = [
        (
            "interval",
            &["--mode", "navigate", "--nav-solve", "interval"],
        ),
        ("exact", &["--mode", "navigate", "--nav-solve", "exact"]),
        ("classic", &["--mode", "classic"]),
    ];
    for p in programs(args, "table3") {
        for (name, extra) in runs {
            let out = Command::new(&kappa)
                .args(["verify", "--json", "--timeout"])
                .arg(timeout.to_string())
                .args(extra)
                .arg(&p)
                .output();
            let prog = p.file_stem().unwrap_or_default().to_string_lossy();
            let json: Option<serde_json::Value> = out
                .ok()
                .and_then(|o| serde_json::from_slice(&o.stdout).ok());
            let Some(j) = json else {
                println!("{prog:<10} {name:<9} error");
                continue;
            };
            let st = &j["stats"];
            let n = &st["navigate"];
            let num =
                |v: &serde_json::Value| v.as_u64().map(|n| n.to_string()).unwrap_or("-".into());
            let chains = if n.is_null() {
                "-".to_string()
            } else {
                format!(
                    "{}/{}{}",
                    num(&n["root_chains"]),
                    num(&n["chains"]),
                    if n["bound_hit"] == true { "+" } else { "" }
                )
            };
            let form = n["form_time"]
                .as_f64()
                .map(|t| format!("{t:.4}"))
                .unwrap_or("-".into());
            let csol = if n.is_null() {
                "-".to_string()
            } else {
                format!("{}/{}", num(&n["solved"]), num(&n["planned"]))
            };
            let pc = if j["verdict"] == "false" && !n.is_null() {
                num(&n["witness_pc"])
            } else {
                "-".into()
            };
            println!(
                "{:<10} {:<9} {:>8} {:>8} {:>8} {:>5} {:>6} {:>8} {:>11} {:>6} {:>8.3} {:>4}",
                prog,
                name,
                j["verdict"].as_str().unwrap_or("?"),
                chains,
                form,
                num(&n["eliminated"]),
                num(&n["constraints"]),
                num(&st["states"]),
                csol,
                num(&st["z3_queries"]),
                st["wall_time_s"].as_f64().unwrap_or(0.0),
                pc,
            );
        }
    }
}
