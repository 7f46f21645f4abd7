//! `kappa-bench --soundness N [--seed S] [--timeout T] [--jobs J]`: the
//! larger sweep of the soundness net. Generates programs S..S+N (see
//! [`crate::soundgen`]), computes each one's ground truth natively, runs
//! every kappa configuration on it (the `kappa` binary beside this one) and
//! prints per configuration: programs, correct, wrong, unknown, errors,
//! the `true` and `false` answers (right or wrong),
//! time; then every wrong verdict and error with its seed (the program of a
//! seed is printed by `--soundness 1 --seed S --show`). `--modes C1,C2`
//! runs only these configurations (names as in the table). It exits with
//! status 1 when a configuration gave a wrong verdict or an error, so a
//! sweep can serve as a check. With `--emit DIR` it runs no kappa configuration: it
//! writes each program with a known ground truth to `DIR/soundgen_S.c`,
//! headed by `// expect: true|false`, for `--portfolio` and other
//! per-program comparisons. `--shapes globals-partial` generates only
//! programs with partial writes to globals in helpers (see
//! [`crate::soundgen::partial`]; the seed's program differs from the mix's).

use crate::programs::kappa_binary;
use crate::soundgen::gen::generate_shapes;
use crate::soundgen::partial::Shapes;
use crate::soundgen::{self, truth::Truth, Outcome, SETUPS};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The options of a sweep.
#[derive(Clone, Copy)]
pub struct Opts {
    /// Number of programs.
    pub n: u64,
    /// First seed.
    pub seed: u64,
    /// kappa's timeout per run, seconds.
    pub timeout: u32,
    /// Threads.
    pub jobs: usize,
    /// Print each program and its ground truth.
    pub show: bool,
    /// Which programs to generate.
    pub shapes: Shapes,
}

#[derive(Default, Clone)]
struct Tally {
    programs: u64,
    correct: u64,
    trues: u64,
    falses: u64,
    wrong: u64,
    unknown: u64,
    errors: u64,
    secs: f64,
}

/// Writes the programs of seeds `seed..seed + n` whose ground truth is
/// known to `dir` (created if missing) as `soundgen_S.c`, each headed by
/// `// expect: true|false` (the verdict kappa must give or `unknown`);
/// discarded seeds are listed and skipped. Runs `jobs` threads.
pub fn emit(n: u64, seed: u64, jobs: usize, shapes: Shapes, dir: &std::path::Path) {
    if let Err(e) = std::fs::create_dir_all(dir) {
        println!("{}: {e}", dir.display());
        return;
    }
    let root = std::env::temp_dir().join(format!("kappa-soundgen-{}", std::process::id()));
    let next = AtomicUsize::new(0);
    let written = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let sd = seed + next.fetch_add(1, Ordering::SeqCst) as u64;
                if sd >= seed + n {
                    break;
                }
                let prog = generate_shapes(sd, shapes);
                let case = soundgen::prepare_program(&root, prog, Duration::from_secs(5));
                let expect = match &case.truth {
                    Truth::Discarded(why) => {
                        println!("seed {sd}: discarded: {why}");
                        None
                    }
                    Truth::Reachable { .. } => Some(false),
                    Truth::Unreachable => Some(true),
                };
                if let Some(e) = expect {
                    let file = dir.join(format!("soundgen_{sd}.c"));
                    let text = format!("// expect: {e}\n{}", case.prog.source);
                    match std::fs::write(&file, text) {
                        Ok(()) => {
                            written.fetch_add(1, Ordering::SeqCst);
                        }
                        Err(err) => println!("{}: {err}", file.display()),
                    }
                }
                let _ = std::fs::remove_dir_all(soundgen::scratch(&root, sd));
            });
        }
    });
    let _ = std::fs::remove_dir_all(&root);
    println!(
        "wrote {} programs of seeds {seed}..{} to {}",
        written.load(Ordering::SeqCst),
        seed + n,
        dir.display()
    );
}

/// The configurations of [`SETUPS`] named in `modes` (comma-separated),
/// or all of them; an unknown name is an error naming the known ones.
pub fn setups(modes: Option<&str>) -> Result<Vec<usize>, String> {
    let Some(modes) = modes else {
        return Ok((0..SETUPS.len()).collect());
    };
    modes
        .split(',')
        .map(|m| {
            SETUPS
                .iter()
                .position(|s| s.name == m.trim())
                .ok_or_else(|| {
                    let known: Vec<&str> = SETUPS.iter().map(|s| s.name).collect();
                    format!(
                        "--modes: no configuration `{m}` (known: {})",
                        known.join(", ")
                    )
                })
        })
        .collect()
}

/// Runs the sweep over `n` seeds from `seed` with `timeout` seconds per
/// kappa run on `jobs` threads, in the configurations `which` (indices
/// into [`SETUPS`]), generating among `shapes`; `show` prints each
/// program and its truth. Returns whether every verdict was right or
/// `unknown` (no wrong verdict, no error).
pub fn run(opts: &Opts, which: &[usize]) -> bool {
    let Opts {
        n,
        seed,
        timeout,
        jobs,
        show,
        shapes,
    } = *opts;
    let Some(kappa) = kappa_binary() else {
        println!("no kappa binary beside kappa-bench: run `cargo build --release` first");
        return false;
    };
    let root = std::env::temp_dir().join(format!("kappa-soundgen-{}", std::process::id()));
    let seeds: Vec<u64> = (seed..seed + n).collect();
    let tallies = Mutex::new(vec![Tally::default(); SETUPS.len()]);
    let problems = Mutex::new(Vec::<(u64, String, String)>::new());
    let (reach, unreach, discarded) = (
        AtomicUsize::new(0),
        AtomicUsize::new(0),
        AtomicUsize::new(0),
    );
    let truth_secs = Mutex::new(0.0f64);
    let with_partial = AtomicUsize::new(0);
    let reasons = Mutex::new(std::collections::BTreeMap::<String, u64>::new());
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&sd) = seeds.get(i) else { break };
                let prog = generate_shapes(sd, shapes);
                if !prog.partial.is_empty() {
                    with_partial.fetch_add(1, Ordering::SeqCst);
                }
                let case = soundgen::prepare_program(&root, prog, Duration::from_secs(5));
                *truth_secs.lock().unwrap() += case.truth_secs;
                if show {
                    println!("{}\n// truth: {:?}", case.prog.source, case.truth);
                }
                match &case.truth {
                    Truth::Discarded(why) => {
                        discarded.fetch_add(1, Ordering::SeqCst);
                        if show {
                            println!("seed {sd}: discarded: {why}");
                        }
                        continue;
                    }
                    Truth::Reachable { .. } => reach.fetch_add(1, Ordering::SeqCst),
                    Truth::Unreachable => unreach.fetch_add(1, Ordering::SeqCst),
                };
                for &k in which {
                    let setup = &SETUPS[k];
                    let (o, text, secs) = soundgen::check(&kappa, &case, setup, timeout);
                    let mut t = tallies.lock().unwrap();
                    let t = &mut t[k];
                    t.programs += 1;
                    t.secs += secs;
                    // the answer given: `true` is right exactly when no input reaches the error
                    let unreachable = matches!(case.truth, Truth::Unreachable);
                    match o {
                        Outcome::Correct if unreachable => t.trues += 1,
                        Outcome::Wrong if !unreachable => t.trues += 1,
                        Outcome::Correct | Outcome::Wrong => t.falses += 1,
                        _ => {}
                    }
                    match o {
                        Outcome::Correct => t.correct += 1,
                        Outcome::Unknown => {
                            t.unknown += 1;
                            let kind = format!("{}: {}", setup.name, soundgen::unknown_kind(&text));
                            *reasons.lock().unwrap().entry(kind).or_default() += 1;
                        }
                        Outcome::Wrong => t.wrong += 1,
                        Outcome::Error => t.errors += 1,
                    }
                    if matches!(o, Outcome::Wrong | Outcome::Error) {
                        let msg = soundgen::failure(&case, setup, &o, &text);
                        problems
                            .lock()
                            .unwrap()
                            .push((sd, setup.name.to_string(), msg));
                    }
                }
                let _ = std::fs::remove_dir_all(soundgen::scratch(&root, sd));
            });
        }
    });
    let _ = std::fs::remove_dir_all(&root);
    println!(
        "soundness sweep: seeds {seed}..{} ({} reachable, {} unreachable, {} discarded; {} with globals-partial); ground truth {:.1} s; wall {:.1} s",
        seed + n,
        reach.load(Ordering::SeqCst),
        unreach.load(Ordering::SeqCst),
        discarded.load(Ordering::SeqCst),
        with_partial.load(Ordering::SeqCst),
        *truth_secs.lock().unwrap(),
        start.elapsed().as_secs_f64()
    );
    println!(
        "{:<15} {:>8} {:>8} {:>6} {:>8} {:>6} {:>6} {:>6} {:>9}",
        "config", "programs", "correct", "wrong", "unknown", "error", "true", "false", "time s"
    );
    for (k, t) in tallies.lock().unwrap().iter().enumerate() {
        if !which.contains(&k) {
            continue;
        }
        println!(
            "{:<15} {:>8} {:>8} {:>6} {:>8} {:>6} {:>6} {:>6} {:>9.1}",
            SETUPS[k].name,
            t.programs,
            t.correct,
            t.wrong,
            t.unknown,
            t.errors,
            t.trues,
            t.falses,
            t.secs
        );
    }
    println!("\nunknown verdicts by configuration and reason:");
    for (kind, n) in reasons.into_inner().unwrap() {
        println!("{n:>6}  {kind}");
    }
    let mut p = problems.into_inner().unwrap();
    p.sort();
    for (sd, name, msg) in &p {
        println!("\n=== seed {sd} [{name}] ===\n{msg}");
    }
    p.is_empty()
}

#[cfg(test)]
mod tests {
    use super::setups;

    #[test]
    fn modes_select_configurations_by_name_and_reject_unknown_names() {
        assert_eq!(setups(None).unwrap().len(), super::SETUPS.len());
        assert_eq!(setups(Some("compact,prove")).unwrap(), [2, 9]);
        assert_eq!(setups(Some("classic+match")).unwrap(), [7]);
        let e = setups(Some("compact,klee")).unwrap_err();
        assert!(
            e.contains("`klee`") && e.contains("known: auto, classic"),
            "{e}"
        );
    }
}
