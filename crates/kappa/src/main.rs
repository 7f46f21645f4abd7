//! The `kappa` command: parses the command line and calls the run
//! library (`kappa_run`) for each subcommand; the process-level glue (the
//! solver side of the condition's race, a stage process's start, the
//! worker thread, logging, the exit code).

mod cli;

use clap::Parser;
use cli::{Cli, Cmd};
use kappa_run::options::Mode;
use kappa_run::{self as run, VerifyOptions};
use std::process::ExitCode;

/// The hidden first argument that makes `kappa` one side of a race
/// deciding a necessary condition (`kappa_condition::race::serve_side`).
const SOLVE_SIDE: &str = "__solve-side";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some(SOLVE_SIDE) {
        return solve_side(argv.get(2));
    }
    // a signal ends kappa's child processes too
    run::end_on_signals();
    if !run::note_parent_root(&argv) {
        // a stage process whose parent is gone
        return ExitCode::from(1);
    }
    if let Ok(exe) = std::env::current_exe() {
        kappa_condition::race::use_solver_process(exe, vec![SOLVE_SIDE.to_string()]);
    }
    let cli = Cli::parse();
    init_logging();
    // deep expressions recurse; give the work a large stack
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || run(cli));
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        _ => {
            run::remove_root();
            eprintln!("kappa: internal error (worker thread failed)");
            ExitCode::from(3)
        }
    }
}

/// `kappa __solve-side TIMEOUT_MS`: checks the script on standard input
/// and prints the answer (the child of a race; see
/// `kappa_condition::race::use_solver_process`).
fn solve_side(timeout_ms: Option<&String>) -> ExitCode {
    use std::io::{Read, Write};
    // test hook (tests/faults.rs): the solver process dies mid-query, as
    // if killed; the race must go on without its answer
    if std::env::var_os("KAPPA_TEST_KILL_SOLVER_SIDE").is_some() {
        // SAFETY: raise(2) ends this process with SIGKILL.
        unsafe { libc::raise(libc::SIGKILL) };
    }
    let ms = timeout_ms.and_then(|t| t.parse().ok()).unwrap_or(1000);
    let mut input = String::new();
    if std::io::stdin().read_to_string(&mut input).is_err() {
        return ExitCode::from(2);
    }
    let out = kappa_condition::race::serve_side(&input, std::time::Duration::from_millis(ms));
    let _ = std::io::stdout().write_all(out.as_bytes());
    ExitCode::SUCCESS
}

/// Checks before any work that `--witness` and `--tests-dir` can be
/// written, so that a path that cannot be (under a regular file, on a
/// read-only or pseudo file system) is a one-line error rather than a
/// missing file after the run. The witness file is not truncated (nor
/// left behind when it did not exist); the tests directory is created.
fn check_outputs(args: &VerifyOptions) -> anyhow::Result<()> {
    if let Some(path) = &args.witness {
        let existed = path.exists();
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| anyhow::anyhow!("{}: cannot write the witness: {e}", path.display()))?;
        if !existed {
            let _ = std::fs::remove_file(path);
        }
    }
    if let Some(dir) = &args.tests_dir {
        std::fs::create_dir_all(dir).map_err(|e| {
            anyhow::anyhow!("{}: cannot create the tests directory: {e}", dir.display())
        })?;
    }
    Ok(())
}

/// `KAPPA_LOG` (a `tracing` filter such as `warn` or `kappa_solver=debug`)
/// turns on the engine's log on stderr; without it nothing is logged.
fn init_logging() {
    let Ok(filter) = std::env::var("KAPPA_LOG") else {
        return;
    };
    match tracing_subscriber::EnvFilter::try_new(&filter) {
        Ok(f) => tracing_subscriber::fmt()
            .with_env_filter(f)
            .with_writer(std::io::stderr)
            .with_ansi(false)
            .init(),
        Err(e) => eprintln!("kappa: KAPPA_LOG={filter:?} is not a log filter ({e}); no log"),
    }
}

fn run(cli: Cli) -> ExitCode {
    run::set_keep_calls(cli.keep_calls);
    let stage_process = matches!(&cli.cmd, Cmd::Verify(a) if a.stage_dir.is_some());
    if !stage_process {
        run::keep_temporaries_in_run_dir();
    }
    let res = match cli.cmd {
        Cmd::Verify(args) => {
            let mut args = args.into_options();
            if let Some(dir) = args.stage_dir.clone() {
                // a stage process writes its outputs for the parent to move
                run::redirect_outputs(&mut args, &dir);
            }
            let r = if let Some(Err(e)) = args.html.as_deref().map(run::check_html_writable) {
                Err(e)
            } else if let Err(e) = check_outputs(&args) {
                Err(e)
            } else if args.mode == Mode::Native && args.state_matching {
                // (the native back end does not own its states)
                Err(anyhow::anyhow!(
                    "--state-matching works in the interpreter modes (classic, compact, navigate), not with --mode native"
                ))
            } else if args.mode == Mode::Auto && (args.state_matching || args.prune_with_condition)
            {
                // (the portfolio picks each stage's configuration itself)
                Err(anyhow::anyhow!(
                    "--state-matching and --prune-with-condition configure one interpreter mode; --mode auto (the default) chooses its stages' configurations: add --mode classic, compact or navigate"
                ))
            } else if !args.techniques.is_empty()
                && matches!(args.mode, Mode::Auto | Mode::Native | Mode::Prove)
            {
                Err(anyhow::anyhow!(
                    "--technique works in the interpreter modes (classic, compact, navigate), not with --mode {}",
                    args.mode.name()
                ))
            } else if args.explore_all && args.mode != Mode::Native {
                Err(anyhow::anyhow!(
                    "--explore-all works with --mode native only"
                ))
            } else if args.mode == Mode::Native {
                run::verify_native(&args)
            } else {
                run::verify(&args)
            };
            if r.is_ok() {
                // the verdict is out: skip freeing the run's expressions,
                // states and Z3 context (seconds after a big run)
                run::exit_now(0);
            }
            r
        }
        Cmd::Replay {
            program,
            test,
            data_model,
            timeout,
            json,
        } => run::replay_cmd(&program, &test, data_model.map(Into::into), timeout, json),
        Cmd::Condition {
            file,
            target,
            failures,
            smt2,
            k,
            json,
            data_model,
            timeout,
        } => {
            let r = run::condition_cmd(
                &file,
                data_model.map(Into::into),
                target.as_deref(),
                failures,
                smt2,
                k,
                json,
                timeout,
            );
            if r.is_ok() {
                // a solver thread the race left behind must not delay (or
                // outlive) the answer
                run::exit_now(0);
            }
            r
        }
        Cmd::Symbolize {
            file,
            output,
            data_model,
        } => run::symbolize_cmd(&file, &output, data_model.map(Into::into)),
        Cmd::Validate {
            witness,
            program,
            data_model,
            interpreter_time,
        } => run::validate_cmd(
            &witness,
            &program,
            data_model.map(Into::into),
            run::seconds(interpreter_time)
                .unwrap_or(std::time::Duration::MAX)
                .min(std::time::Duration::from_secs(86_400)),
        ),
        Cmd::Ir { file, data_model } => run::ir_cmd(&file, data_model.map(Into::into)),
        Cmd::Templates {
            file,
            data_model,
            max_cycles,
        } => run::templates_cmd(&file, data_model.map(Into::into), max_cycles),
        Cmd::Chains {
            file,
            data_model,
            max_chain_pieces,
        } => run::chains_cmd(&file, data_model.map(Into::into), max_chain_pieces),
    };
    match res {
        Ok(()) => {
            run::remove_root();
            ExitCode::SUCCESS
        }
        Err(e) => {
            // the watchdog may be printing a verdict: then it ends the process
            if !run::claim_output() {
                run::park_forever();
            }
            eprintln!("kappa: error: {e}");
            run::remove_root();
            ExitCode::from(2)
        }
    }
}
