//! The commands: running the engine with native replay
//! of every error witness, writing tests and trees.

use crate::load::{load, load_plain};
use crate::options::{Mode, Searcher, VerifyOptions};
use crate::report::{self, Report};
use crate::watchdog::{self, Guard};
use anyhow::{anyhow, bail, Context, Result};
use kappa_engine::{Config, Engine, ErrorWitness, SearcherKind, Stats, Validation, Verdict};
use kappa_frontend::{FrontendError, Program};
use kappa_ir::DataModel;
use kappa_replay::{Limits, Outcome};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long past `--timeout` the native replay of a witness found just
/// before it may run (a confirmed `false` is worth it; the verdict is still
/// printed before the watchdog's [`watchdog::HARD_GRACE`]).
const REPLAY_GRACE: Duration = Duration::from_millis(200);

/// `secs` as a duration (`None`: too large to represent, i.e. no limit);
/// negative or NaN values count as 0.
pub fn seconds(secs: f64) -> Option<Duration> {
    let s = if secs.is_nan() { 0.0 } else { secs.max(0.0) };
    Duration::try_from_secs_f64(s).ok()
}

/// The run's wall-clock limit in seconds: `--timeout`, or `--cpu-limit`
/// when that is less (one process uses at most one second of CPU time
/// per second; parallel stages are held to the CPU limit by their parent).
pub(crate) fn wall_limit(args: &VerifyOptions) -> f64 {
    args.cpu_limit.map_or(args.timeout, |c| c.min(args.timeout))
}

/// What the watchdog knows of the run, to render its own verdict.
#[derive(Default)]
pub struct Seen {
    pub(crate) data_model: Option<DataModel>,
    pub(crate) expected: Option<bool>,
    stats: Stats,
}

/// Starts the watchdog (see [`watchdog`]) for this run; returns the cell
/// through which the run keeps it informed.
pub(crate) fn start_watchdog(
    args: &VerifyOptions,
    start: Instant,
    deadline: Option<Instant>,
) -> Arc<Mutex<Seen>> {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let shared = Arc::clone(&seen);
    let file = args.file.clone();
    let json = args.json;
    let html = args.html.clone();
    let render = move |reason: &str| {
        let mut r = Report::unknown_without_run(&file, reason.to_string());
        // the run may be stuck holding the lock: then report without its figures
        if let Ok(seen) = shared.try_lock() {
            r.data_model = seen.data_model.unwrap_or_default();
            r.expected = seen.expected;
            r.stats = seen.stats.clone();
        }
        r.stats.wall_time = start.elapsed().as_secs_f64();
        if let Some(path) = &html {
            crate::html::gather::write_plain_page(path, &r);
        }
        r.render(json)
    };
    watchdog::start(
        Guard {
            timeout_secs: args.timeout,
            deadline,
            memory_limit_mb: Some(args.max_memory),
        },
        Box::new(render),
    );
    seen
}

fn describe_outcome(o: &Outcome) -> String {
    match o {
        Outcome::ReachedError => "reach_error reached".into(),
        Outcome::AssumeViolated => "an assumption failed".into(),
        Outcome::Exited(c) => format!("exited with status {c} without reaching reach_error"),
        Outcome::Signaled(s) => format!("killed by signal {s} without reaching reach_error"),
        Outcome::Timeout => "timed out".into(),
    }
}

/// `kappa verify`.
///
/// `--timeout` bounds the whole run: compiling, exploration, every solver
/// call and every native replay stop at the deadline, and a watchdog prints
/// the `unknown` verdict itself if none is out [`watchdog::HARD_GRACE`]
/// later. `--max-memory` likewise ends in `unknown`, and so does a stack
/// overflow of this (the worker) thread.
pub fn verify(args: &VerifyOptions) -> Result<()> {
    // (the caller's clock started with the process)
    let start = crate::watchdog::process_start();
    let deadline = match (&args.stage, args.stage_total_ms) {
        // a stage process: the run's deadline as its parent counts it
        (Some(_), Some(ms)) => start.checked_add(Duration::from_millis(ms)),
        (Some(_), None) => None,
        _ => seconds(wall_limit(args)).and_then(|t| start.checked_add(t)),
    };
    let seen = start_watchdog(args, start, deadline);
    crate::overflow::protect_current_thread();
    // test hooks: the watchdog's handling of a stack overflow, and of a run
    // stuck waiting for a child process, end to end
    if std::env::var_os("KAPPA_TEST_STACK_OVERFLOW").is_some() {
        overflow_the_stack(0);
    }
    if let Some(secs) = std::env::var_os("KAPPA_TEST_HANG_IN_CHILD") {
        let _ = std::process::Command::new("sleep").arg(secs).status();
    }
    let prog = match load(&args.file, args.data_model, &args.cflags, deadline) {
        Ok(p) => p,
        // a valid program with a construct kappa cannot represent: unknown, not an error
        Err(e @ FrontendError::Unsupported { .. }) => {
            let r = Report::unknown_without_run(&args.file, e.to_string());
            r.print(args.json);
            crate::html::gather::write_if_asked(args, &r, None, vec![]);
            return Ok(());
        }
        Err(FrontendError::Timeout { tool, .. }) => {
            let tool = Path::new(&tool).file_name().unwrap_or_default();
            let reason = kappa_engine::Reason::Timeout(format!(
                "timeout after {}s while compiling (`{}` stopped at the deadline)",
                kappa_engine::secs_text(args.timeout),
                tool.to_string_lossy()
            ));
            let mut r = Report::unknown_without_run(&args.file, reason);
            r.stats.wall_time = start.elapsed().as_secs_f64();
            r.print(args.json);
            crate::html::gather::write_if_asked(args, &r, None, vec![]);
            return Ok(());
        }
        Err(e) => return Err(anyhow!("{e}")),
    };
    if let Ok(mut s) = seen.lock() {
        s.data_model = Some(prog.module.data_model);
        s.expected = prog.task.as_ref().and_then(|t| t.expected_verdict);
    }
    let main_ok = prog
        .module
        .function_by_name("main")
        .map(|f| prog.module.func(f).defined)
        .unwrap_or(false);
    if !main_ok {
        bail!("{}: no `main` function to start from", args.file.display());
    }
    let mut notes = vec![];
    if args.mode == Mode::Auto {
        return crate::portfolio::verify_auto(args, &prog, start, deadline, &seen);
    }
    if args.mode == Mode::Prove {
        let out = crate::prove::run(&prog, deadline, args.max_memory);
        return emit(args, &prog, out, vec![], vec![], start, deadline);
    }
    let prune = if args.prune_with_condition {
        // at most an eighth of the time left (and 2 s) for the solver race
        let (p, note) = condition_setup(&prog, deadline);
        notes.push(note);
        p
    } else {
        None
    };
    let spec = RunSpec {
        mode: args.mode,
        state_matching: args.state_matching,
        prune,
        deadline,
        replay_deadline: deadline,
        timeout: seconds(args.timeout),
        max_memory_mb: args.max_memory,
        last: true,
    };
    let out = run_interpreter(args, &prog, spec, start, &seen)?;
    emit(args, &prog, out, notes, vec![], start, deadline)
}

/// The engine's pruning setup from the necessary condition (policy and
/// budget: [`kappa_condition::pruning::setup_within`]), with the note for
/// the report.
pub(crate) fn condition_setup(
    prog: &Program,
    deadline: Option<Instant>,
) -> (Option<kappa_engine::prune::Prune>, String) {
    let (setup, note) = kappa_condition::pruning::setup_within(&prog.module, deadline);
    let prune = setup.map(|s| kappa_engine::prune::Prune {
        cond: s.cond,
        inputs: s.inputs,
        hints: s.hints,
    });
    (prune, note)
}

/// One run of the interpreter: the technique and its limits (the rest of
/// the configuration comes from the command line).
pub(crate) struct RunSpec {
    /// `classic`, `compact` or `navigate`.
    pub(crate) mode: Mode,
    /// `--state-matching`.
    pub(crate) state_matching: bool,
    /// Pruning with a necessary condition.
    pub(crate) prune: Option<kappa_engine::prune::Prune>,
    /// The run stops (with `unknown`) at this instant.
    pub(crate) deadline: Option<Instant>,
    /// The native replay of an error witness may run until this instant
    /// (plus a short grace): the whole run's deadline, which may be later
    /// than a stage's.
    pub(crate) replay_deadline: Option<Instant>,
    /// The time limit named in a timeout's reason (`None`: the time spent).
    pub(crate) timeout: Option<Duration>,
    /// The engine stops (with `unknown`) above this much resident memory
    /// (MiB): `--max-memory`, or less for a portfolio stage, which must
    /// leave room for the stages after it.
    pub(crate) max_memory_mb: u64,
    /// Whether the engine may be leaked instead of dropped (the process
    /// ends after this run; a portfolio stage frees its states).
    pub(crate) last: bool,
}

/// The time set aside per pending state for freeing a portfolio stage's
/// states within its deadline ([`kappa_engine::Config::release_cost_per_state`]):
/// measured 34-38 µs per state (4.3 s for 127 000 states after a navigate
/// stage, 9.2 s for 243 000 after a compact one, two runs in parallel on
/// two cores).
pub(crate) const RELEASE_COST_PER_STATE: Duration = Duration::from_micros(40);

/// What one interpreter run gave: its result and what each native replay
/// of an error witness said.
pub(crate) struct RunOutcome {
    pub(crate) result: kappa_engine::RunResult,
    pub(crate) replays: Vec<String>,
    /// The trees of earlier runs to show beside this one's on the HTML
    /// page (`--mode auto`: the stages before it), labelled by stage.
    pub(crate) earlier_trees: Vec<(String, kappa_engine::ExecTree)>,
    /// The checked loop invariants of a `true` from the proof stage:
    /// (`file:line` of the loop, C expression).
    pub(crate) invariants: Vec<(String, String)>,
}

/// The techniques a run turns on by name, with their flag values (checked
/// by the engine's registry): the mode's (`compact`, `navigate`, from their
/// own command-line flags), `state-matching`, and each `--technique` spec;
/// a later request of a technique replaces an earlier one (a `--technique
/// compact:...` spec wins over `--mode compact`'s flags).
fn technique_requests(
    args: &VerifyOptions,
    spec: &RunSpec,
) -> Result<Vec<(&'static str, kappa_engine::registry::FlagPairs)>> {
    let pair = |k: &str, v: String| (k.to_string(), v);
    let mut out = vec![];
    if spec.state_matching {
        out.push(("state-matching", vec![]));
    }
    match spec.mode {
        Mode::Compact => out.push((
            "compact",
            vec![
                pair("max-cycles", args.max_cycles.to_string()),
                pair(
                    "template-strategy",
                    args.template_strategy.name().to_string(),
                ),
            ],
        )),
        Mode::Navigate => out.push((
            "navigate",
            vec![
                pair("nav-solve", args.nav_solve.name().to_string()),
                pair("max-chain-pieces", args.max_chain_pieces.to_string()),
            ],
        )),
        _ => {}
    }
    for t in &args.techniques {
        let (reg, values) =
            kappa_engine::registry::parse_spec(t).map_err(|e| anyhow!("--technique {t}: {e}"))?;
        out.push((reg.name, values));
    }
    Ok(out)
}

/// Runs the engine once on `prog` as `spec` says, replaying every error
/// witness natively (a `false` is only kept when the replay reaches
/// `reach_error`).
pub(crate) fn run_interpreter(
    args: &VerifyOptions,
    prog: &Program,
    spec: RunSpec,
    start: Instant,
    seen: &Arc<Mutex<Seen>>,
) -> Result<RunOutcome> {
    let dm = prog.module.data_model;
    let deadline = spec.deadline;
    let spec_last = spec.last;
    let mut cfg = Config {
        searcher: match args.searcher {
            Searcher::Interleaved => SearcherKind::Interleaved,
            Searcher::Dfs => SearcherKind::Dfs,
            Searcher::Bfs => SearcherKind::Bfs,
            Searcher::Random => SearcherKind::Random,
            Searcher::Coverage => SearcherKind::Coverage,
        },
        max_states: args.max_states,
        max_memory_mb: Some(spec.max_memory_mb),
        timeout: spec.timeout,
        deadline,
        // a portfolio stage frees its states before the next one starts
        release_cost_per_state: (!spec_last).then_some(RELEASE_COST_PER_STATE),
        tree: args.tree.is_some() || args.html.is_some(),
        seed: args.seed,
        ..Config::default()
    };
    if let Some(p) = spec.prune.clone() {
        cfg.techniques.set(p);
    }
    for (name, values) in technique_requests(args, &spec)? {
        kappa_engine::registry::enable(&mut cfg, name, &values)
            .map_err(|e| anyhow!("{}: {e}", args.file.display()))?;
    }
    let scfg = kappa_solver::SolverConfig {
        timeout: seconds(args.solver_timeout.max(0.001))
            .unwrap_or(Duration::from_secs(u32::MAX as u64)),
        dump_dir: args.dump_queries.clone(),
        deadline,
        memory_limit_mb: Some(args.max_memory),
        ..Default::default()
    };
    let solver = kappa_solver::build_solver(&scfg);
    let mut engine = Engine::new(&prog.module, cfg, solver)
        .map_err(|e| anyhow!("{}: {e}", args.file.display()))?;
    let sources = prog.sources.clone();
    let mut replays = vec![];
    let mut validate = |w: &ErrorWitness| -> Validation {
        replay_natively(&sources, dm, w, spec.replay_deadline, &mut replays)
    };
    let show_progress = std::io::stderr().is_terminal();
    let mut bar: Option<indicatif::ProgressBar> = None;
    let mut progress = |p: &kappa_engine::Progress| {
        if let Ok(mut s) = seen.try_lock() {
            s.stats = p.stats.clone();
        }
        if !show_progress || start.elapsed() < Duration::from_secs(1) {
            return;
        }
        let b = bar.get_or_insert_with(|| {
            let b = indicatif::ProgressBar::new_spinner();
            b.enable_steady_tick(Duration::from_millis(120));
            b
        });
        b.set_message(format!(
            "states {}  paths {}  pending {}  queries {}  failed {}",
            p.stats.states, p.stats.paths, p.pending, p.stats.queries, p.stats.failed_leaves
        ));
    };
    let result = engine.run(&mut validate, &mut progress);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    // the process ends soon: freeing millions of pending states would only delay it
    if spec_last {
        std::mem::forget(engine);
    } else {
        drop(engine);
    }
    Ok(RunOutcome {
        result,
        replays,
        earlier_trees: vec![],
        invariants: vec![],
    })
}

/// Replays error witness `w` natively (at most 10 s, not past
/// `replay_deadline` plus a short grace): `Confirmed` only when the native
/// run reaches `reach_error`. What the run did is pushed to `replays`.
pub(crate) fn replay_natively(
    sources: &[PathBuf],
    dm: DataModel,
    w: &ErrorWitness,
    replay_deadline: Option<Instant>,
    replays: &mut Vec<String>,
) -> Validation {
    let test = w.test_vector();
    let limits = Limits {
        time: Duration::from_secs(10),
        memory_bytes: 1 << 30,
        deadline: replay_deadline.map(|d| d + REPLAY_GRACE),
    };
    match kappa_replay::replay(sources, dm, &test, &limits) {
        Ok(r) => {
            let ok = r.outcome == Outcome::ReachedError;
            replays.push(describe_outcome(&r.outcome));
            if ok {
                Validation::Confirmed
            } else {
                Validation::Rejected(format!("native run {}", describe_outcome(&r.outcome)))
            }
        }
        Err(e) => {
            replays.push(format!("replay failed: {e}"));
            Validation::Rejected(format!("native replay failed: {e}"))
        }
    }
}

/// Writes what the run that answered asked for (tree, tests) and prints
/// the report.
pub(crate) fn emit(
    args: &VerifyOptions,
    prog: &Program,
    out: RunOutcome,
    mut notes: Vec<String>,
    stages: Vec<report::StageReport>,
    start: Instant,
    deadline: Option<Instant>,
) -> Result<()> {
    let mode = args.mode.name();
    let dm = prog.module.data_model;
    let RunOutcome {
        result,
        replays,
        earlier_trees,
        mut invariants,
    } = out;
    if result.verdict == Verdict::True
        && invariants.is_empty()
        && (args.witness.is_some() || args.invariants || args.html.is_some())
    {
        // a `true` without invariants of its own (compact execution,
        // navigation, a complete exploration): the proof stage's search
        // describes the loops, checked inductive; the verdict rests on
        // the run's own proof
        let by = stages.iter().find(|s| s.answered).map_or(mode, |s| s.name);
        match crate::prove::loop_invariants(prog, deadline) {
            Ok(inv) => {
                notes.push(format!(
                    "{} loop invariant{} found by the proof stage's search and checked inductive (true when the loop is entered, and kept by every iteration); the verdict comes from the {by} run, not from them",
                    inv.len(),
                    if inv.len() == 1 { "" } else { "s" }
                ));
                invariants = inv;
            }
            Err(why) => notes.push(format!(
                "no loop invariants to show: {why}; the verdict comes from the {by} run, whose proof has none"
            )),
        }
    }
    if let (Some(path), Some(tree)) = (&args.tree, &result.tree) {
        write_tree(path, &tree.to_dot())
            .with_context(|| format!("writing the tree to {}", path.display()))?;
        notes.push(format!("tree written to {}", path.display()));
    }
    if let (Some(dir), Some(w)) = (&args.tests_dir, &result.witness) {
        kappa_replay::write_testcomp(
            dir,
            &prog.sources,
            dm,
            &[w.test_vector()],
            concat!("kappa ", env!("CARGO_PKG_VERSION")),
        )
        .map_err(|e| anyhow!("writing tests to {}: {e}", dir.display()))?;
        notes.push(format!("test written to {}", dir.display()));
    }
    if let Some(path) = &args.witness {
        notes.push(
            crate::witness::emit::write_witness(
                path,
                prog,
                result.verdict,
                result.witness.as_ref(),
                &invariants,
                dm,
                deadline,
            )
            .unwrap_or_else(|e| format!("no witness written: {e}")),
        );
    }
    let mut stats = result.stats.clone();
    stats.wall_time = start.elapsed().as_secs_f64();
    let r = Report {
        file: args.file.display().to_string(),
        data_model: dm,
        mode,
        verdict: result.verdict,
        reason: result.reason.clone(),
        witness: result.witness.clone(),
        failing_call: result
            .witness
            .as_ref()
            .and_then(|w| report::failing_call_replayed(prog, w, deadline)),
        replay: if result.verdict == Verdict::False {
            replays.last().cloned()
        } else {
            None
        },
        stats,
        peak_memory_kb: report::peak_memory_kb(),
        notes,
        expected: prog.task.as_ref().and_then(|t| t.expected_verdict),
        stages,
        invariants: if args.invariants || args.json || args.html.is_some() {
            invariants
        } else {
            vec![]
        },
    };
    if let Some(dir) = &args.stage_dir {
        // a stage process: the parent prints (see crate::stages)
        crate::stages::hand_over(dir, &r);
    } else {
        r.print(args.json);
    }
    // the auto stage whose run this is: the one that answered, else the last that ran
    let label = r
        .stages
        .iter()
        .rev()
        .find(|s| s.answered)
        .or(r.stages.iter().rev().find(|s| !s.skipped))
        .map_or(mode, |s| s.name);
    let trees = crate::html::gather::labelled_trees(earlier_trees, label, result.tree.as_ref());
    crate::html::gather::write_if_asked(args, &r, Some(prog), trees);
    Ok(())
}

fn write_tree(path: &Path, dot: &str) -> Result<()> {
    let is_svg = path
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| e.eq_ignore_ascii_case("svg"))
        .unwrap_or(false);
    if !is_svg {
        std::fs::write(path, dot)?;
        return Ok(());
    }
    let mut child = std::process::Command::new("dot")
        .arg("-Tsvg")
        .arg("-o")
        .arg(path)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| {
            anyhow!("cannot run Graphviz `dot` ({e}); install graphviz or use a .dot file")
        })?;
    use std::io::Write;
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(dot.as_bytes())?;
    let st = child.wait()?;
    if !st.success() {
        bail!("Graphviz `dot` failed");
    }
    Ok(())
}

/// `kappa replay`.
pub fn replay_cmd(
    program: &Path,
    test: &Path,
    dm: Option<DataModel>,
    timeout: f64,
    json: bool,
) -> Result<()> {
    let (sources, dm): (Vec<PathBuf>, DataModel) =
        if program.extension().and_then(|e| e.to_str()) == Some("yml") {
            let t = kappa_frontend::Task::read(program).map_err(|e| anyhow!("{e}"))?;
            (t.input_files.clone(), dm.unwrap_or(t.data_model))
        } else {
            if !program.is_file() {
                bail!("{}: cannot read file: no such file", program.display());
            }
            (vec![program.to_path_buf()], dm.unwrap_or_default())
        };
    let tv = kappa_replay::read_test(test).map_err(|e| anyhow!("{e}"))?;
    let limits = Limits {
        time: seconds(timeout.max(0.01)).unwrap_or(Duration::ZERO),
        memory_bytes: 1 << 30,
        deadline: None,
    };
    let r = kappa_replay::replay(&sources, dm, &tv, &limits)
        .map_err(|e| anyhow!("{}: {e}", program.display()))?;
    let reached = r.outcome == Outcome::ReachedError;
    if json {
        let v = serde_json::json!({
            "program": program.display().to_string(),
            "reached_error": reached,
            "outcome": describe_outcome(&r.outcome),
            "inputs_used": r.inputs_used,
            "inputs_exhausted": r.inputs_exhausted,
        });
        println!("{v}");
    } else {
        println!("{}: {}", program.display(), describe_outcome(&r.outcome));
        println!(
            "inputs used: {} of {}{}",
            r.inputs_used,
            tv.inputs.len(),
            if r.inputs_exhausted {
                " (ran out; later inputs were 0)"
            } else {
                ""
            }
        );
    }
    Ok(())
}

/// Recurses until the stack overflows (the `KAPPA_TEST_STACK_OVERFLOW` hook).
#[inline(never)]
fn overflow_the_stack(depth: u64) -> u64 {
    let frame = std::hint::black_box([depth; 512]);
    if std::hint::black_box(depth) == u64::MAX {
        return 0;
    }
    overflow_the_stack(depth + 1).wrapping_add(frame[(depth % 512) as usize])
}

/// `kappa ir`.
pub fn ir_cmd(file: &Path, dm: Option<DataModel>) -> Result<()> {
    let prog = load_plain(file, dm)?;
    print!("{}", prog.module);
    Ok(())
}
