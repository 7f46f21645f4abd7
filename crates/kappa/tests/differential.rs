//! Differential test: programs without input-dependent loops (tests/diff)
//! run natively on random inputs and in kappa's engine with the same inputs
//! as concrete values; the engine must take one path (no fork), end the same
//! way, and report the same `__kappa_trace` values in the same order.

mod common;
use common::*;
use kappa_engine::{Config, Engine, Validation};
use kappa_ir::DataModel;
use kappa_replay::{Limits, Outcome, TestInput, TestVector};
use std::time::Duration;

/// xorshift64*, fixed seed: deterministic inputs.
fn next(s: &mut u64) -> u64 {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    s.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// A mix of boundary values, small values and random bit patterns.
fn inputs(seed: u64, n: usize) -> Vec<u64> {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let special = [
        0u64,
        1,
        u64::MAX,
        0x7f,
        0x80,
        0xff,
        0x7fff,
        0x8000,
        0xffff,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0x8000_0000_0000_0000,
    ];
    (0..n)
        .map(|_| match next(&mut s) % 4 {
            0 => special[(next(&mut s) % special.len() as u64) as usize],
            1 => (next(&mut s) % 21).wrapping_sub(10),
            _ => next(&mut s),
        })
        .collect()
}

#[test]
fn engine_agrees_with_native_execution() {
    let files = c_files("tests/diff");
    assert!(
        files.len() >= 10,
        "expected differential programs, found {}",
        files.len()
    );
    let fails = parallel(&files, |path| {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(path).unwrap();
        let dm = header(&src, "data-model")
            .and_then(|d| DataModel::parse(&d))
            .unwrap_or_default();
        let opts = kappa_frontend::FrontendOptions {
            data_model: Some(dm),
            extra_cflags: vec![],
            ..Default::default()
        };
        let prog = match kappa_frontend::load(path, &opts) {
            Ok(p) => p,
            Err(e) => return Some(format!("{name}: {e}")),
        };
        for seed in 0..6u64 {
            let vals = inputs(seed + 1, 24);
            let test = TestVector {
                inputs: vals
                    .iter()
                    .map(|v| TestInput {
                        origin: String::new(),
                        value: v.to_string(),
                    })
                    .collect(),
            };
            let limits = Limits {
                time: Duration::from_secs(10),
                memory_bytes: 1 << 30,
                deadline: None,
            };
            let native = match kappa_replay::replay(&prog.sources, dm, &test, &limits) {
                Ok(r) => r,
                Err(e) => return Some(format!("{name}: native run failed: {e}")),
            };
            if native.outcome != Outcome::Exited(0) {
                return Some(format!(
                    "{name} seed {seed}: native outcome {:?}",
                    native.outcome
                ));
            }
            let cfg = Config {
                concrete_inputs: Some(vals.iter().map(|v| *v as u128).collect()),
                ..Config::default()
            };
            let solver = kappa_solver::build_solver(&Default::default());
            let mut engine = Engine::new(&prog.module, cfg, solver).expect("engine");
            let res = engine.run(
                &mut |_| Validation::Rejected("unexpected error path".into()),
                &mut |_| {},
            );
            if res.stats.forks != 0 || res.paths.len() != 1 {
                return Some(format!(
                    "{name} seed {seed}: engine forked ({} forks, {} paths)",
                    res.stats.forks,
                    res.paths.len()
                ));
            }
            if native.trace.len() < 3 {
                return Some(format!(
                    "{name} seed {seed}: native run traced only {} values",
                    native.trace.len()
                ));
            }
            let path_rec = &res.paths[0];
            if path_rec.end != "exit" {
                return Some(format!(
                    "{name} seed {seed}: engine path ended with {}",
                    path_rec.end
                ));
            }
            let engine_trace: Vec<i64> = path_rec.trace.iter().map(|v| *v as i64).collect();
            if engine_trace != native.trace {
                let first = engine_trace
                    .iter()
                    .zip(&native.trace)
                    .position(|(a, b)| a != b);
                return Some(format!(
                    "{name} seed {seed}: traces differ at {first:?}: engine {} values, native {} values\n  engine {:?}\n  native {:?}",
                    engine_trace.len(),
                    native.trace.len(),
                    &engine_trace[..engine_trace.len().min(40)],
                    &native.trace[..native.trace.len().min(40)]
                ));
            }
        }
        None
    });
    assert!(
        fails.is_empty(),
        "{} of {} programs disagree:\n{}",
        fails.len(),
        files.len(),
        fails.join("\n")
    );
}
