//! `kappa-bench --conditions`: the paper's Table 2 ("Abstracting Path
//! Conditions") for kappa. For each program of
//! crates/bench/programs/table2 (or the given files and directories):
//! the time to build φ̂, Z3's time and answer on φ̂, the time to build φ̂^25
//! plus Z3's time and answer on it, the total (build φ̂ plus the faster
//! decisive side, as the paper's race), and what `kappa verify
//! --prune-with-condition` does with it (verdict, states pruned, time),
//! beside plain `kappa verify` (verdict, time).
//! Each solver call runs alone (not raced) so both columns are measured. It
//! measures; it asserts nothing.

use crate::programs::{kappa_binary, programs};
use kappa_condition::race::{check_one, Answer};
use kappa_condition::{compute, Options, DEFAULT_K};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn word(a: &Answer) -> &'static str {
    match a {
        Answer::Sat => "SAT",
        Answer::Unsat => "UNSAT",
        Answer::Unknown(_) => "UNKNOWN",
    }
}

/// Runs every program with `timeout` seconds per solver call and per
/// `kappa verify` run.
pub fn run(timeout: f64, args: &[PathBuf]) {
    let t = Duration::from_secs_f64(timeout.max(0.1));
    println!(
        "{:<12} {:>8} {:>9} {:<8} {:>18} {:<8} {:>8} {:>8} {:>7} {:>8} {:>8} {:>8}",
        "benchmark",
        "build φ̂",
        "SMT φ̂",
        "",
        "build+SMT φ̂^25",
        "",
        "total",
        "verify",
        "pruned",
        "time s",
        "no prune",
        "time s"
    );
    for p in programs(args, "table2") {
        let name = p
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let prog = match kappa_frontend::load(&p, &Default::default()) {
            Ok(pr) => pr,
            Err(e) => {
                println!("{name:<12} load error: {e}");
                continue;
            }
        };
        let start = Instant::now();
        let c = match compute(&prog.module, &Options::default()) {
            Ok(c) => c,
            Err(e) => {
                println!("{name:<12} error: {e}");
                continue;
            }
        };
        let build = start.elapsed().as_secs_f64();
        let phi = check_one(c.phi, t);
        let kstart = Instant::now();
        let phik = c.instantiate(DEFAULT_K);
        let kbuild = kstart.elapsed().as_secs_f64();
        let k = check_one(phik, t);
        // the race: φ̂ decides with any answer, φ̂^25 only with unsat (or
        // when φ̂ has no quantifier)
        let quantified = kappa_expr::has_quantifier(&[c.phi]);
        let phi_t = (!matches!(phi.answer, Answer::Unknown(_))).then_some(phi.seconds);
        let k_t = (k.answer == Answer::Unsat || (!quantified && k.answer == Answer::Sat))
            .then_some(kbuild + k.seconds);
        let total = match (phi_t, k_t) {
            (Some(a), Some(b)) => format!("{:.3}", build + a.min(b)),
            (Some(a), None) | (None, Some(a)) => format!("{:.3}", build + a),
            (None, None) => "-".to_string(),
        };
        let verify = |prune: bool| match kappa_binary() {
            Some(kappa) => {
                let mut cmd = Command::new(kappa);
                cmd.args(["verify", "--json", "--timeout"])
                    .arg(timeout.to_string());
                if prune {
                    cmd.arg("--prune-with-condition");
                }
                let out = cmd.arg(&p).output();
                let j: Option<serde_json::Value> = out
                    .ok()
                    .and_then(|o| serde_json::from_slice(&o.stdout).ok());
                match j {
                    Some(j) => (
                        j["verdict"].as_str().unwrap_or("?").to_string(),
                        j["stats"]["prune"]["pruned_states"]
                            .as_u64()
                            .map(|n| n.to_string())
                            .unwrap_or("-".into()),
                        format!("{:.2}", j["stats"]["wall_time_s"].as_f64().unwrap_or(0.0)),
                    ),
                    None => ("error".into(), "-".into(), "-".into()),
                }
            }
            None => ("no kappa".into(), "-".into(), "-".into()),
        };
        let (verdict, pruned, vtime) = verify(true);
        let (plain, _, ptime) = verify(false);
        println!(
            "{:<12} {:>8.3} {:>9.3} {:<8} {:>18} {:<8} {:>8} {:>8} {:>7} {:>8} {:>8} {:>8}",
            name,
            build,
            phi.seconds,
            word(&phi.answer),
            format!("{:.3} + {:.3}", kbuild, k.seconds),
            word(&k.answer),
            total,
            verdict,
            pruned,
            vtime,
            plain,
            ptime
        );
    }
}
