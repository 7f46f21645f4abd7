//! `kappa verify --mode native` and `kappa symbolize` on the command line:
//! the options of [`kappa_native`] from `verify`'s, and the report of a
//! native run (tests, witnesses, human or JSON output).

use crate::options::{NativeExplorer, VerifyOptions};
use crate::report::{self, Report};
use anyhow::{anyhow, Result};
use kappa_ir::DataModel;
pub use kappa_native::symbolize_cmd;
use kappa_native::{sources_of, Explorer, Options, Run};
use std::path::PathBuf;
use std::time::{Duration, Instant};

impl From<NativeExplorer> for Explorer {
    fn from(e: NativeExplorer) -> Explorer {
        match e {
            NativeExplorer::Fork => Explorer::Fork,
            NativeExplorer::Replay => Explorer::Replay,
            NativeExplorer::Concolic => Explorer::Concolic,
        }
    }
}

/// The native back end's options from `verify`'s.
fn options(args: &VerifyOptions) -> Options {
    Options {
        file: args.file.clone(),
        timeout: args.timeout,
        solver_timeout: crate::verify::seconds(args.solver_timeout.max(0.001))
            .unwrap_or(Duration::from_secs(u32::MAX as u64)),
        max_memory: args.max_memory,
        cflags: args.cflags.clone(),
        explorer: args.native_explorer.into(),
        explore_all: args.explore_all,
    }
}

/// [`kappa_native::explore`] with `verify`'s options.
pub(crate) fn explore(
    args: &VerifyOptions,
    sources: &[PathBuf],
    dm: DataModel,
    deadline: Option<Instant>,
    start: Instant,
) -> Result<Run> {
    kappa_native::explore(&options(args), sources, dm, deadline, start)
}

/// `kappa verify --mode native`.
pub fn verify_native(args: &VerifyOptions) -> Result<()> {
    // (the caller's clock started with the process)
    let start = crate::watchdog::process_start();
    let deadline = crate::verify::seconds(args.timeout).and_then(|t| start.checked_add(t));
    let seen = crate::verify::start_watchdog(args, start, deadline);
    let (sources, dm, task) = sources_of(&args.file, args.data_model)?;
    if let Ok(mut s) = seen.lock() {
        s.data_model = Some(dm);
        s.expected = task.as_ref().and_then(|t| t.expected_verdict);
    }
    let run = explore(args, &sources, dm, deadline, start)?;
    let mut stats = run.stats.clone();
    stats.wall_time = start.elapsed().as_secs_f64();
    let mut notes = run.notes;
    let mut witness = run.witness;
    let mut failing_call = None;
    notes.extend(crate::witness::emit::native_witness_lines(
        args,
        dm,
        run.verdict,
        witness.as_mut(),
        deadline,
        &mut failing_call,
    ));
    if let (Some(dir), Some(w)) = (&args.tests_dir, &witness) {
        kappa_replay::write_testcomp(
            dir,
            &sources,
            dm,
            &[w.test_vector()],
            concat!("kappa ", env!("CARGO_PKG_VERSION")),
        )
        .map_err(|e| anyhow!("writing tests to {}: {e}", dir.display()))?;
        notes.push(format!("test written to {}", dir.display()));
    }
    let r = Report {
        file: args.file.display().to_string(),
        data_model: dm,
        mode: "native",
        verdict: run.verdict,
        reason: run.reason,
        witness,
        failing_call,
        replay: run.replay,
        stats,
        peak_memory_kb: report::peak_memory_kb(),
        notes,
        expected: task.as_ref().and_then(|t| t.expected_verdict),
        stages: vec![],
        invariants: vec![],
    };
    r.print(args.json);
    if args.html.is_some() {
        // the page shows the source, the templates etc. from kappa's own
        // load of the program (native mode compiles it separately)
        let prog = crate::load::load(&args.file, Some(dm), &args.cflags, None).ok();
        crate::html::gather::write_if_asked(args, &r, prog.as_ref(), vec![]);
    }
    Ok(())
}
