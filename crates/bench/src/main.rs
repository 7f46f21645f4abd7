//! The benchmark: runs classic symbolic execution on every task of
//! ../shared/corpus and every program of tests/programs and prints, per task,
//! the verdict, time, states, instructions and solver queries, then totals
//! (states per second, instructions per second, queries per second). It
//! measures; it asserts nothing.
//!
//! Usage: `cargo run --release -p kappa-bench [-- --timeout SECS] [DIR_OR_FILE...]`
//! (default timeout 10 s per task; default inputs: ../shared/corpus/*.yml and
//! tests/programs/*.c relative to the repository root).
//! `-- --scale` prints the engine-scale figures instead (see [`scale`]);
//! `-- --loops [--modes M,..] [FILES]` the classic/compact comparison of
//! the compact symbolic execution paper's Table 1, with the share of cycles
//! with templates and why the others have none (see [`loops`]);
//! `-- --conditions [FILES]` the necessary-condition figures of the
//! abstracting path conditions paper's Table 2 (see [`conditions`]);
//! `-- --navigate [FILES]` the loop navigation paper's Table 3 beside
//! classic execution (see [`navigate`]); `-- --native [FILES]` native
//! (symbolized) against classic end to end, and the code-size table of the
//! symbolic-computation paper (see [`native`]); `-- --solver [--cap SECS]
//! [--repeat N] [--set NAME] [FILES]` where solver time goes, per query route, in-process
//! against standalone (see [`solver`]);
//! `-- --portfolio [--modes M,..] [--jobs N] [FILES]` every mode scored
//! SV-COMP style on crates/bench/programs/svcomp (see [`portfolio`]).

mod conditions;
mod families;
mod loops;
mod native;
mod navigate;
mod portfolio;
mod programs;
mod scale;
mod solver;
mod soundgen;
mod soundness;

use kappa_engine::{Config, Engine, Validation, Verdict};
use kappa_frontend::FrontendOptions;
use kappa_ir::DataModel;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn header(src: &str, key: &str) -> Option<String> {
    let prefix = format!("// {key}:");
    src.lines()
        .take(8)
        .find_map(|l| l.strip_prefix(&prefix).map(|v| v.trim().to_string()))
}

fn inputs_of(arg: &Path) -> Vec<PathBuf> {
    if arg.is_file() {
        return vec![arg.to_path_buf()];
    }
    let mut v: Vec<PathBuf> = std::fs::read_dir(arg)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| {
        matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("yml") | Some("c")
        )
    });
    // a directory of tasks: prefer the .yml over its .c
    let ymls: Vec<PathBuf> = v
        .iter()
        .filter(|p| p.extension().unwrap() == "yml")
        .cloned()
        .collect();
    if !ymls.is_empty() {
        v = ymls;
    }
    v.sort();
    v
}

struct Row {
    name: String,
    verdict: &'static str,
    secs: f64,
    states: u64,
    instructions: u64,
    queries: u64,
    z3: u64,
}

fn run_one(path: &Path, timeout: Duration) -> Result<Row, String> {
    let src = std::fs::read_to_string(path).unwrap_or_default();
    let dm = header(&src, "data-model").and_then(|d| DataModel::parse(&d));
    let start = Instant::now();
    let prog = kappa_frontend::load(
        path,
        &FrontendOptions {
            data_model: dm,
            extra_cflags: vec![],
            ..Default::default()
        },
    )
    .map_err(|e| e.to_string())?;
    let cfg = Config {
        timeout: Some(timeout),
        ..Config::default()
    };
    let solver = kappa_solver::build_solver(&Default::default());
    let mut engine = Engine::new(&prog.module, cfg, solver)?;
    let sources = prog.sources.clone();
    let dm = prog.module.data_model;
    let mut validate = |w: &kappa_engine::ErrorWitness| {
        let test = w.test_vector();
        match kappa_replay::replay(&sources, dm, &test, &Default::default()) {
            Ok(r) if r.outcome == kappa_replay::Outcome::ReachedError => Validation::Confirmed,
            Ok(r) => Validation::Rejected(format!("{:?}", r.outcome)),
            Err(e) => Validation::Rejected(e.to_string()),
        }
    };
    let r = engine.run(&mut validate, &mut |_| {});
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    Ok(Row {
        name,
        verdict: match r.verdict {
            Verdict::True => "true",
            Verdict::False => "false",
            Verdict::Unknown => "unknown",
        },
        secs: start.elapsed().as_secs_f64(),
        states: r.stats.states,
        instructions: r.stats.instructions,
        queries: r.stats.queries,
        z3: r.stats.z3_queries,
    })
}

fn main() {
    let work = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(bench)
        .expect("thread");
    let _ = work.join();
}

fn bench() {
    let mut timeout = Duration::from_secs(10);
    let mut args: Vec<PathBuf> = vec![];
    let mut scale_mode = false;
    let mut loops_mode = false;
    let mut conditions_mode = false;
    let mut navigate_mode = false;
    let mut native_mode = false;
    let mut solver_mode = false;
    let mut cap = 5.0;
    let mut repeat = 1;
    let mut sets: Vec<String> = vec![];
    let mut portfolio_mode = false;
    let mut families_mode = false;
    let mut compare: Option<PathBuf> = None;
    let mut modes: Option<String> = None;
    let mut jobs = 2usize;
    let mut soundness: Option<u64> = None;
    let (mut seed, mut show, mut timeout_set) = (0u64, false, false);
    let mut emit: Option<std::path::PathBuf> = None;
    let mut shapes = soundgen::partial::Shapes::All;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        if a == "--scale" {
            scale_mode = true;
        } else if a == "--loops" {
            loops_mode = true;
        } else if a == "--conditions" {
            conditions_mode = true;
        } else if a == "--navigate" {
            navigate_mode = true;
        } else if a == "--native" {
            native_mode = true;
        } else if a == "--solver" {
            solver_mode = true;
        } else if a == "--cap" {
            cap = it.next().and_then(|s| s.parse().ok()).expect("--cap SECS");
        } else if a == "--set" {
            sets.push(it.next().expect("--set NAME"));
        } else if a == "--repeat" {
            repeat = it.next().and_then(|s| s.parse().ok()).expect("--repeat N");
        } else if a == "--families" {
            families_mode = true;
        } else if a == "--compare" {
            compare = Some(it.next().expect("--compare BIN").into());
        } else if a == "--portfolio" {
            portfolio_mode = true;
        } else if a == "--modes" {
            modes = Some(it.next().expect("--modes M1,M2,.."));
        } else if a == "--jobs" {
            jobs = it.next().and_then(|s| s.parse().ok()).expect("--jobs N");
        } else if a == "--soundness" {
            soundness = Some(
                it.next()
                    .and_then(|s| s.parse().ok())
                    .expect("--soundness N"),
            );
        } else if a == "--seed" {
            seed = it.next().and_then(|s| s.parse().ok()).expect("--seed S");
        } else if a == "--show" {
            show = true;
        } else if a == "--shapes" {
            let s = it.next().unwrap_or_default();
            shapes = soundgen::partial::Shapes::parse(&s).unwrap_or_else(|e| {
                eprintln!("kappa-bench: {e}");
                std::process::exit(2);
            });
        } else if a == "--emit" {
            emit = Some(it.next().expect("--emit DIR").into());
        } else if a == "--timeout" {
            timeout_set = true;
            let s: f64 = it
                .next()
                .and_then(|s| s.parse().ok())
                .expect("--timeout SECS");
            timeout = Duration::from_secs_f64(s);
        } else {
            args.push(a.into());
        }
    }
    if solver_mode {
        solver::run(timeout.as_secs_f64(), cap, repeat, &sets, &args);
        return;
    }
    if families_mode {
        let Some(kappa) = programs::kappa_binary() else {
            eprintln!("kappa-bench: no kappa binary beside this one (cargo build --release)");
            std::process::exit(2);
        };
        let mode = modes.as_deref().unwrap_or("prove");
        families::run(
            &kappa,
            compare.as_deref(),
            mode,
            timeout.as_secs_f64(),
            &args,
        );
        return;
    }
    if portfolio_mode {
        let modes = modes.as_deref().unwrap_or(portfolio::DEFAULT_MODES);
        portfolio::run(timeout.as_secs_f64(), modes, jobs, &args);
        return;
    }
    if let Some(n) = soundness {
        let t = if timeout_set {
            timeout.as_secs() as u32
        } else {
            10
        };
        match emit {
            Some(dir) => soundness::emit(n, seed, jobs, shapes, &dir),
            None => {
                let which = match soundness::setups(modes.as_deref()) {
                    Ok(w) => w,
                    Err(e) => {
                        eprintln!("kappa-bench: {e}");
                        std::process::exit(2);
                    }
                };
                let opts = soundness::Opts {
                    n,
                    seed,
                    timeout: t.max(1),
                    jobs,
                    show,
                    shapes,
                };
                if !soundness::run(&opts, &which) {
                    std::process::exit(1);
                }
            }
        }
        return;
    }
    if conditions_mode {
        conditions::run(timeout.as_secs_f64(), &args);
        return;
    }
    if loops_mode {
        let modes = modes.as_deref().unwrap_or(loops::DEFAULT_MODES);
        loops::run(timeout.as_secs_f64(), modes, &args);
        return;
    }
    if navigate_mode {
        navigate::run(timeout.as_secs_f64(), &args);
        return;
    }
    if native_mode {
        native::run(timeout.as_secs_f64(), &args);
        return;
    }
    if scale_mode {
        scale::run(timeout.as_secs_f64().max(60.0));
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    if args.is_empty() {
        args = vec![root.join("../shared/corpus"), root.join("tests/programs")];
    }
    println!(
        "{:<34} {:>8} {:>8} {:>9} {:>11} {:>9} {:>7}",
        "task", "verdict", "time s", "states", "instrs", "queries", "z3"
    );
    let (mut t, mut s, mut i, mut q, mut z) = (0.0, 0u64, 0u64, 0u64, 0u64);
    let mut n = 0;
    for arg in &args {
        for p in inputs_of(arg) {
            match run_one(&p, timeout) {
                Ok(r) => {
                    println!(
                        "{:<34} {:>8} {:>8.3} {:>9} {:>11} {:>9} {:>7}",
                        r.name, r.verdict, r.secs, r.states, r.instructions, r.queries, r.z3
                    );
                    t += r.secs;
                    s += r.states;
                    i += r.instructions;
                    q += r.queries;
                    z += r.z3;
                    n += 1;
                }
                Err(e) => println!("{:<34} error: {e}", p.display()),
            }
        }
    }
    println!("---");
    println!(
        "{n} tasks in {t:.2} s (timeout {} s each)",
        timeout.as_secs_f64()
    );
    if t > 0.0 {
        println!(
            "states/s {:.0}   instructions/s {:.0}   solver queries/s {:.0}   (Z3 calls {z} of {q} queries)",
            s as f64 / t,
            i as f64 / t,
            q as f64 / t
        );
    }
}
