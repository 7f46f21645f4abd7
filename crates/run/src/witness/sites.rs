//! The call sites of an error test's inputs and of its `reach_error()`
//! call, from a native run: every call of a `__VERIFIER_nondet_*` function
//! and of `reach_error` in the (single) input file is wrapped in a call of
//! the replay harness's `__kappa_trace` with the site's number, and the
//! instrumented program runs natively on the test's inputs. Used for a
//! witness of inputs and target when the interpreter cannot re-run the
//! test (see [`super::write::inputs_entry`]) and the test does not name
//! its calls' lines (native mode).

use super::source::Pos;
use super::Sources;
use anyhow::{anyhow, Result};
use kappa_engine::ErrorWitness;
use kappa_ir::{DataModel, Module};
use kappa_replay::{Limits, Outcome, TestInput, TestVector};
use std::time::{Duration, Instant};

/// A call site: input file, the callee name's position, the closing `)`.
pub type Site = (usize, Pos, Pos);

/// The call site of each input of `w` and of its `reach_error()` call, in
/// a native run of the instrumented input file; an error says why not.
pub fn native_sites(
    module: &Module,
    sources: &Sources,
    paths: &[std::path::PathBuf],
    w: &ErrorWitness,
    dm: DataModel,
    deadline: Option<Instant>,
) -> Result<(Vec<Site>, Site)> {
    let [path] = paths else {
        return Err(anyhow!("the task has several input files"));
    };
    let src = sources.source(0);
    let mut sites: Vec<(Pos, Pos, bool)> = vec![]; // name, close, is reach_error
    for f in &module.functions {
        let error = f.name == "reach_error";
        if error || f.name.starts_with("__VERIFIER_nondet_") {
            sites.extend(
                src.calls_of(&f.name)
                    .into_iter()
                    .map(|(n, c)| (n, c, error)),
            );
        }
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow!("{}: cannot read file: {e}", path.display()))?;
    let offset = |p: Pos| -> Option<usize> {
        let start: usize = text
            .split_inclusive('\n')
            .take(p.line as usize - 1)
            .map(str::len)
            .sum();
        Some(start + p.col as usize - 1).filter(|&o| o <= text.len())
    };
    // insertions (offset, text), applied from the end of the file
    let mut edits = vec![];
    for (id, &(name, close, _)) in sites.iter().enumerate() {
        let (Some(a), Some(b)) = (offset(name), offset(close)) else {
            return Err(anyhow!("a call site is outside the file"));
        };
        edits.push((a, format!("(__kappa_trace({id}), ")));
        edits.push((b + 1, ")".to_string()));
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.clone();
    for (at, s) in edits {
        out.insert_str(at, &s);
    }
    let dir = tempfile::tempdir().map_err(|e| anyhow!("temporary directory: {e}"))?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("c");
    let inst = dir.path().join(format!("sites.{ext}"));
    std::fs::write(&inst, format!("void __kappa_trace(long long);\n{out}"))
        .map_err(|e| anyhow!("{}: cannot write: {e}", inst.display()))?;
    let test = TestVector {
        inputs: w
            .inputs
            .iter()
            .map(|i| TestInput::new("", i.decimal()))
            .collect(),
    };
    let limits = Limits {
        time: Duration::from_secs(10),
        memory_bytes: 1 << 30,
        deadline,
    };
    let r = kappa_replay::replay(&[inst], dm, &test, &limits)
        .map_err(|e| anyhow!("the instrumented native run: {e}"))?;
    if r.outcome != Outcome::ReachedError {
        return Err(anyhow!("the instrumented native run ends {:?}", r.outcome));
    }
    let logged: Vec<&(Pos, Pos, bool)> = r
        .trace
        .iter()
        .filter_map(|&id| sites.get(id as usize))
        .collect();
    let Some((last, reads)) = logged.split_last() else {
        return Err(anyhow!("the instrumented native run logs no call"));
    };
    if !last.2 || reads.len() != w.inputs.len() || reads.iter().any(|s| s.2) {
        return Err(anyhow!(
            "the instrumented native run's calls ({} before the last) do not match the test's {} inputs",
            reads.len(),
            w.inputs.len()
        ));
    }
    Ok((
        reads.iter().map(|s| (0, s.0, s.1)).collect(),
        (0, last.0, last.1),
    ))
}
