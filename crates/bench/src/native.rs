//! `kappa-bench --native`: symbolic computation by program transformation
//! against the interpreter. Runs the `kappa` binary (built beside this one)
//! with `--mode native` and `--mode classic` on crates/bench/programs/native
//! (default: 10^7 concrete loop iterations, then a branch on an input; and
//! 4096 short paths, where a process per path costs more than a state) or
//! the given files, end to end (compile, transform, link, run, replay), and
//! prints verdict, wall time, the peak resident set of the kappa process
//! itself, and the native figures kappa reports (including the peak memory
//! of the native process tree). Then the
//! code-size comparison of the paper's Table 1, for kappa. It measures; it
//! asserts nothing.

use crate::programs::{kappa_binary, programs};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Runs `kappa verify --mode MODE`; returns its stdout and the peak
/// resident set (KiB) of the kappa process itself (`wait4`; the compilers
/// and native processes it starts are not included).
fn run_kappa(kappa: &Path, mode: &str, timeout: f64, p: &Path) -> Option<(String, i64)> {
    use std::io::Read;
    let mut child = Command::new(kappa)
        .args(["verify", "--mode", mode, "--timeout"])
        .arg(timeout.to_string())
        .arg(p)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    let mut text = String::new();
    child.stdout.take()?.read_to_string(&mut text).ok()?;
    let mut status = 0;
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child with valid out-pointers.
    let r = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut ru) };
    (r > 0).then_some((text, ru.ru_maxrss))
}

/// Non-blank lines that are not only a comment, over the .rs files of `dir`
/// (recursively) or the file `dir` itself.
fn code_lines(path: &Path) -> usize {
    let mut n = 0;
    if path.is_dir() {
        if let Ok(rd) = std::fs::read_dir(path) {
            for e in rd.flatten() {
                n += code_lines(&e.path());
            }
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        n += text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .count();
    }
    n
}

/// Runs every program under both modes with a per-run `timeout` (seconds).
pub fn run(timeout: f64, args: &[PathBuf]) {
    let Some(kappa) = kappa_binary() else {
        println!("no kappa binary beside kappa-bench: run `cargo build --release` first");
        return;
    };
    println!(
        "{:<20} {:<8} {:>8} {:>9} {:>12}  details",
        "program", "mode", "verdict", "wall s", "kappa KiB"
    );
    for p in programs(args, "native") {
        let name = p
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let mut times = vec![];
        for mode in ["native", "classic"] {
            let t = Instant::now();
            let Some((text, kappa_kb)) = run_kappa(&kappa, mode, timeout, &p) else {
                println!("{name:<20} {mode:<8} error");
                continue;
            };
            let secs = t.elapsed().as_secs_f64();
            let verdict = text
                .lines()
                .find_map(|l| l.strip_prefix("verdict: "))
                .unwrap_or("?")
                .to_string();
            let detail = text
                .lines()
                .find(|l| l.starts_with("native:") || l.starts_with("reason:"))
                .unwrap_or("")
                .to_string();
            println!("{name:<20} {mode:<8} {verdict:>8} {secs:>9.3} {kappa_kb:>12}  {detail}");
            times.push(secs);
        }
        if let [n, c] = times[..] {
            println!(
                "{name:<20} speed-up native vs classic: {:.1}x",
                c / n.max(1e-9)
            );
        }
    }
    println!();
    println!("code size (non-blank, non-comment lines of Rust), as in Table 1 of the paper");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rows: [(&str, &[&str], &str); 6] = [
        (
            "transformation",
            &["crates/symbolize/src"],
            "3.2k (DIVINE/LART)",
        ),
        (
            "runtime support (terms, shadow, choices)",
            &[
                "crates/runtime/src/term.rs",
                "crates/runtime/src/shadow.rs",
                "crates/runtime/src/abi.rs",
                "crates/runtime/src/lib.rs",
                "crates/runtime/src/concolic.rs",
                "crates/runtime/src/objects.rs",
                "crates/runtime/src/objects",
            ],
            "1k",
        ),
        (
            "exploration (driver, fork protocol)",
            &[
                "crates/native/src/lib.rs",
                "crates/run/src/native.rs",
                "crates/wire/src",
                "crates/runtime/src/conn.rs",
                "crates/runtime/src/reaper.rs",
            ],
            "1.5k (DIVINE)",
        ),
        (
            "solver integration",
            &["crates/native/src/server.rs", "crates/solver/src"],
            "1.2k",
        ),
        (
            "state matching (interpreter engine)",
            &[
                "crates/engine/src/matching.rs",
                "crates/engine/src/state_matching.rs",
                "crates/engine/src/matching",
            ],
            "part of exploration",
        ),
        (
            "interpreter (the classic 'virtual machine')",
            &["crates/engine/src"],
            "10k (DiVM), KLEE 15k",
        ),
    ];
    println!("{:<46} {:>8}  paper", "component", "kappa");
    for (label, paths, paper) in rows {
        let existing: Vec<PathBuf> = paths
            .iter()
            .map(|p| root.join(p))
            .filter(|p| p.exists())
            .collect();
        let n: usize = existing.iter().map(|p| code_lines(p)).sum();
        let shown = if existing.is_empty() {
            "absent".to_string()
        } else {
            n.to_string()
        };
        println!("{label:<46} {shown:>8}  {paper}");
    }
}
