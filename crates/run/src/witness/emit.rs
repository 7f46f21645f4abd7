//! After a verdict: writing the witness `kappa verify --witness` asks for,
//! and giving native mode's error witness its source positions (the
//! interpreter re-runs the program on the confirmed inputs).

use super::{concrete_run, correctness_entry, violation_entry, write_yaml, ConcreteEnd, Sources};
use anyhow::{anyhow, Result};
use kappa_engine::{ErrorWitness, Verdict};
use kappa_frontend::Program;
use kappa_ir::DataModel;
use std::path::Path;
use std::time::{Duration, Instant};

/// Most inputs of an error path a violation witness is written for (one
/// `function_return` waypoint each: the corpus's `nondet_loop`, 100,001
/// inputs, gives 30 MB of YAML, written in about 5 s and validated in
/// 4.5 s on a loaded 2-core machine).
pub const MAX_WITNESS_INPUTS: usize = 250_000;

/// Time given to the interpreter's concrete run of an error test.
pub const CONCRETE_RUN_TIME: Duration = Duration::from_secs(20);

/// The interpreter's recorded run of `w`'s inputs, when it reaches
/// `reach_error` within a third of the time left before `deadline` (the
/// rest is for a witness without the path); otherwise why not.
pub fn recorded_path(
    prog: &Program,
    w: &ErrorWitness,
    deadline: Option<Instant>,
) -> Result<ErrorWitness> {
    if w.inputs.len() > MAX_WITNESS_INPUTS {
        return Err(anyhow!(
            "the error test has {} inputs (more than {MAX_WITNESS_INPUTS})",
            w.inputs.len()
        ));
    }
    let inputs = w.inputs.iter().map(|i| i.bits).collect();
    // a third of the time left: the rest writes a witness without the path
    // (an instrumented native build and run)
    let deadline = deadline.map(|d| {
        let now = Instant::now();
        now + d.saturating_duration_since(now) / 3
    });
    match concrete_run(&prog.module, inputs, CONCRETE_RUN_TIME, deadline)? {
        ConcreteEnd::Error(ew) => Ok(*ew),
        ConcreteEnd::Other(why) | ConcreteEnd::Inconclusive(why) => Err(anyhow!("{why}")),
    }
}

/// Writes the witness of a verdict to `path`: a violation witness for
/// `false` (from `witness`, re-run on the interpreter to record its path;
/// when that run cannot finish, the inputs and the target alone, see
/// [`super::write::inputs_entry`]),
/// a correctness witness for `true` (with the proof's `invariants`, see
/// [`correctness_entry`]). Returns the note to print; `unknown`
/// writes nothing. An error says why no witness was written (the re-run
/// stops at `deadline`, so that the verdict is still printed in time).
pub fn write_witness(
    path: &Path,
    prog: &Program,
    verdict: Verdict,
    witness: Option<&ErrorWitness>,
    invariants: &[(String, String)],
    dm: DataModel,
    deadline: Option<Instant>,
) -> Result<String> {
    let sources = Sources::read_for_witness(prog)?;
    let entry = match (verdict, witness) {
        (Verdict::False, Some(w)) => match recorded_path(prog, w, deadline) {
            Ok(rec) => violation_entry(&prog.module, &sources, &rec, dm)?,
            // the native replay confirmed the inputs: the witness gives them
            // and the target without the path's branches
            Err(why) => {
                let entry = inputs_witness_entry(prog, &sources, w, dm, deadline)
                    .map_err(|e| anyhow!("{why}; without the interpreter's path: {e}"))?;
                write_yaml(path, &[entry])?;
                return Ok(format!(
                    "witness written to {} (the inputs and the target: {why})",
                    path.display()
                ));
            }
        },
        (Verdict::True, _) => {
            let entry = correctness_entry(&prog.module, &sources, dm, invariants);
            if entry.content.is_empty() {
                // the format asks for at least one invariant
                return Err(anyhow!(
                    "the program has no loop and no statement in main to state an invariant at"
                ));
            }
            entry
        }
        _ => return Ok("no witness written (the verdict is unknown)".into()),
    };
    write_yaml(path, &[entry])?;
    Ok(format!("witness written to {}", path.display()))
}

/// The violation witness entry of error test `w` without the
/// interpreter's path (see [`super::write::inputs_entry`]): the call sites
/// the test and the text determine, else those of an instrumented native
/// run ([`super::sites::native_sites`]).
fn inputs_witness_entry(
    prog: &Program,
    sources: &Sources,
    w: &ErrorWitness,
    dm: DataModel,
    deadline: Option<Instant>,
) -> Result<super::Entry> {
    let m = &prog.module;
    super::write::inputs_entry(m, sources, w, dm, None).or_else(|_| {
        let sites = super::sites::native_sites(m, sources, &prog.sources, w, dm, deadline)?;
        super::write::inputs_entry(m, sources, w, dm, Some(&sites))
    })
}

/// Writes the violation witness of error test `w` without the
/// interpreter's path (see [`inputs_witness_entry`]).
fn write_inputs_witness(
    path: &Path,
    prog: &Program,
    w: &ErrorWitness,
    dm: DataModel,
    deadline: Option<Instant>,
) -> Result<String> {
    let sources = Sources::read_for_witness(prog)?;
    let entry = inputs_witness_entry(prog, &sources, w, dm, deadline)?;
    write_yaml(path, &[entry])?;
    Ok(format!(
        "witness written to {} (the inputs and the target: the interpreter could not record the path)",
        path.display()
    ))
}

/// Native mode: the call site of `reach_error`, the error path and each
/// input's call site, from the interpreter's run of the confirmed inputs
/// (the values stay native mode's). Leaves `w` alone when the interpreter
/// cannot follow the program there, and says why.
pub fn locate_native_witness(
    prog: &Program,
    w: &mut ErrorWitness,
    deadline: Option<Instant>,
) -> Result<()> {
    let rec = recorded_path(prog, w, deadline)?;
    if rec.inputs.len() < w.inputs.len() {
        return Err(anyhow!(
            "the interpreter's run reads {} of the test's {} inputs",
            rec.inputs.len(),
            w.inputs.len()
        ));
    }
    for (i, r) in w.inputs.iter_mut().zip(&rec.inputs) {
        i.at = r.at.clone();
    }
    w.location = rec.location;
    w.path = rec.path;
    w.path_elided = rec.path_elided;
    w.error_src = rec.error_src;
    w.events = rec.events;
    Ok(())
}

/// Native mode after its verdict: the error witness's source positions
/// (see [`locate_native_witness`]), its failing call (set in `failing`,
/// see [`crate::report::failing_call`]) and the `--witness` file. Returns
/// the notes to print (what was written, or why not).
pub fn native_witness_lines(
    args: &crate::options::VerifyOptions,
    dm: DataModel,
    verdict: Verdict,
    witness: Option<&mut ErrorWitness>,
    deadline: Option<Instant>,
    failing: &mut Option<crate::report::FailingCall>,
) -> Vec<String> {
    if verdict == Verdict::Unknown || (verdict == Verdict::True && args.witness.is_none()) {
        return vec![];
    }
    let prog = match crate::load::load(&args.file, Some(dm), &args.cflags, deadline) {
        Ok(p) => p,
        Err(e) => return vec![format!("no source positions: {e}")],
    };
    let mut notes = vec![];
    if let Some(w) = witness {
        let located = locate_native_witness(&prog, w, deadline);
        match &located {
            Ok(()) => *failing = crate::report::failing_call(&prog.module, &prog.sources, w),
            Err(e) => notes.push(format!("no source positions of the error path: {e}")),
        }
        if let Some(path) = &args.witness {
            let written = match located {
                Ok(()) => write_witness(path, &prog, verdict, Some(w), &[], dm, deadline),
                // the interpreter's run failed once: the inputs and target alone
                Err(why) => write_inputs_witness(path, &prog, w, dm, deadline)
                    .map_err(|e| anyhow!("{why}; without the interpreter's path: {e}")),
            };
            notes.push(written.unwrap_or_else(|e| format!("no witness written: {e}")));
        }
    } else if let Some(path) = &args.witness {
        notes.push(
            write_witness(path, &prog, verdict, None, &[], dm, deadline)
                .unwrap_or_else(|e| format!("no witness written: {e}")),
        );
    }
    notes
}
