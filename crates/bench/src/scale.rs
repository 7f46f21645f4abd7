//! `kappa-bench --scale`: the engine-scale figures of issue 5. Runs the
//! `kappa` binary (built beside this one) on the programs in
//! crates/bench/programs and prints, per scenario, the verdict, engine time,
//! instructions per second and kappa's own peak resident memory. Targets
//! (printed next to the figures, never asserted): at least 20 M
//! instructions/s and under 200 MiB on the 10^7-iteration concrete loop;
//! under 300 MiB for the 2^18-path program under dfs.

use crate::programs::kappa_binary;
use std::path::Path;
use std::process::Command;

struct Scenario {
    what: &'static str,
    program: &'static str,
    searcher: Option<&'static str>,
    target: &'static str,
}

const SCENARIOS: &[Scenario] = &[
    Scenario {
        what: "10^7-iteration concrete loop",
        program: "concrete_loop.c",
        searcher: None,
        target: ">= 20 M instr/s, < 200 MiB",
    },
    Scenario {
        what: "2^18 loop-free paths, default searcher",
        program: "paths18.c",
        searcher: None,
        target: "(figure only)",
    },
    Scenario {
        what: "2^18 loop-free paths, dfs",
        program: "paths18.c",
        searcher: Some("dfs"),
        target: "< 300 MiB",
    },
];

/// Runs every scenario with a per-run `timeout` (seconds) and prints a table.
pub fn run(timeout: f64) {
    let Some(kappa) = kappa_binary() else {
        println!("no kappa binary beside kappa-bench: run `cargo build --release` first");
        return;
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    println!(
        "{:<40} {:>8} {:>9} {:>12} {:>12} {:>10}   target",
        "scenario", "verdict", "engine s", "instrs", "instr/s", "peak MiB"
    );
    for s in SCENARIOS {
        let mut cmd = Command::new(&kappa);
        cmd.args(["verify", "--json", "--timeout", &timeout.to_string()]);
        if let Some(se) = s.searcher {
            cmd.args(["--searcher", se]);
        }
        cmd.arg(dir.join(s.program));
        let out = match cmd.output() {
            Ok(o) => o,
            Err(e) => {
                println!("{:<40} error: {e}", s.what);
                continue;
            }
        };
        let json: serde_json::Value = match serde_json::from_slice(&out.stdout) {
            Ok(j) => j,
            Err(_) => {
                println!(
                    "{:<40} error: {}",
                    s.what,
                    String::from_utf8_lossy(&out.stderr).trim()
                );
                continue;
            }
        };
        let st = &json["stats"];
        let instrs = st["instructions"].as_u64().unwrap_or(0);
        let secs = st["wall_time_s"].as_f64().unwrap_or(0.0);
        let peak = st["peak_memory_kb"].as_u64().unwrap_or(0) as f64 / 1024.0;
        let rate = if secs > 0.0 {
            instrs as f64 / secs
        } else {
            0.0
        };
        println!(
            "{:<40} {:>8} {:>9.3} {:>12} {:>10.1} M {:>10.1}   {}",
            s.what,
            json["verdict"].as_str().unwrap_or("?"),
            secs,
            instrs,
            rate / 1e6,
            peak,
            s.target
        );
    }
}
