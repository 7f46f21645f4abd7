//! `kappa condition`: the necessary condition φ̂ for reaching the target
//! (loop summaries with path counters), its satisfiability and a candidate
//! input, printed deterministically; and the `--prune-with-condition` setup
//! of `kappa verify`.

use crate::load::load_plain;
use anyhow::{anyhow, bail, Result};
use kappa_condition::pruning::decide;
use kappa_condition::race::Answer;
use kappa_condition::{compute, NecessaryCondition, Options, Target};
use kappa_expr::print::smtlib_script;
use kappa_expr::{Assignment, Expr, SymbolKind};
use kappa_ir::{DataModel, Module};
use std::fmt::Write;
use std::path::Path;
use std::time::Duration;

/// Parses `FILE:LINE` (the file by base name).
pub fn parse_target(s: &str) -> Result<Target> {
    let (file, line) = s
        .rsplit_once(':')
        .ok_or_else(|| anyhow!("bad --target `{s}`: expected FILE:LINE"))?;
    let line: u32 = line
        .parse()
        .ok()
        .filter(|l| *l > 0)
        .ok_or_else(|| anyhow!("bad --target `{s}`: LINE must be a positive number"))?;
    let base = Path::new(file)
        .file_name()
        .and_then(|n| n.to_str())
        .filter(|b| !b.is_empty())
        .ok_or_else(|| anyhow!("bad --target `{s}`: FILE is empty"))?;
    Ok(Target::Line {
        file: base.to_string(),
        line,
    })
}

fn value_text(c: &NecessaryCondition, s: kappa_expr::Symbol, v: u128) -> String {
    if let Some(i) = c.inputs.iter().find(|i| i.sym == s) {
        let o = i.origin.trim_start_matches("__VERIFIER_nondet_");
        let unsigned = o.starts_with('u') || o == "bool" || o == "pointer" || o == "size_t";
        if !unsigned && i.ty != kappa_ir::Ty::Bool {
            return kappa_expr::to_signed(v, i.ty.bits()).to_string();
        }
    }
    v.to_string()
}

/// The model lines: inputs first (by position), then counters.
fn model_lines(c: &NecessaryCondition, m: &Assignment) -> Vec<(String, String)> {
    let mut out = vec![];
    for i in &c.inputs {
        if let Some(v) = m.scalars.get(&i.sym) {
            out.push((
                format!("{} ({} at {})", i.sym.name(), i.origin, i.at),
                value_text(c, i.sym, *v),
            ));
        }
    }
    let mut counters: Vec<(String, u128)> = m
        .scalars
        .iter()
        .filter(|(s, _)| s.info().kind == SymbolKind::Counter)
        .map(|(s, v)| (s.name(), *v))
        .collect();
    counters.sort();
    out.extend(counters.into_iter().map(|(n, v)| (n, v.to_string())));
    out
}

fn theta_text(v: &Option<Expr>) -> String {
    match v {
        Some(e) => e.to_string(),
        None => "⋆".to_string(),
    }
}

/// The report of `kappa condition` (human text, or JSON with `json`).
pub fn condition_text(
    m: &Module,
    file: &str,
    target: &Target,
    smt2: bool,
    k: Option<u64>,
    json: bool,
    timeout: Duration,
) -> Result<String> {
    let opts = Options {
        target: target.clone(),
        ..Default::default()
    };
    let c = compute(m, &opts).map_err(|e| anyhow!("{file}: {e}"))?;
    let formula = match k {
        Some(k) => c.instantiate(k),
        None => c.phi,
    };
    let d = decide(&c, k, true, timeout);
    let target_text = match target {
        Target::Errors => "calls of reach_error".to_string(),
        Target::ErrorsAndFailures => "calls of reach_error and possible failures".to_string(),
        Target::Line { file, line } => format!("{file}:{line}"),
    };
    let model = d.model.as_ref().map(|a| model_lines(&c, a));
    if json {
        let v = serde_json::json!({
            "program": file,
            "target": target_text,
            "target_locations": c.targets,
            "checked_edges": c.checked_edges,
            "backbones": c.backbones,
            "gave_up": c.gave_up,
            "calls_not_inlined": c.kept_calls,
            "summaries": c.summaries.iter().map(|s| serde_json::json!({
                "at": s.at,
                "backbones": s.backbones,
                "counters": s.counters.iter().map(|k| k.name()).collect::<Vec<_>>(),
                "theta": s.theta.iter().map(|(n, v)| (n.clone(), serde_json::Value::from(theta_text(v)))).collect::<serde_json::Map<_, _>>(),
                "arrays": s.arrays.iter().map(|(app, j, body)| serde_json::json!({"array": app.to_string(), "index": j.name(), "element": body.to_string()})).collect::<Vec<_>>(),
                "sequences": s.sequences.iter().map(|(a, at)| serde_json::json!({"array": a.name(), "at": at})).collect::<Vec<_>>(),
                "cond": s.cond.to_string(),
            })).collect::<Vec<_>>(),
            "inputs": c.inputs.iter().map(|i| serde_json::json!({
                "symbol": i.sym.name(), "origin": i.origin, "at": i.at, "engine_mappable": i.engine_mappable,
            })).collect::<Vec<_>>(),
            "k": k,
            "condition": formula.to_string(),
            "smt2": smt2.then(|| smtlib_script(&[formula])),
            "answer": d.answer.word(),
            "unknown_reason": match &d.answer { Answer::Unknown(r) => Some(r.clone()), _ => None },
            "decided_by": d.decided_by,
            "model": model.as_ref().map(|m| m.iter().map(|(n, v)| (n.clone(), serde_json::Value::from(v.clone()))).collect::<serde_json::Map<_, _>>()),
            "build_seconds": c.build_seconds,
            "solve_seconds": d.seconds,
        });
        return Ok(format!("{v}\n"));
    }
    let mut o = String::new();
    let _ = writeln!(
        o,
        "target: {target_text} ({} location{})",
        c.targets,
        if c.targets == 1 { "" } else { "s" }
    );
    if c.checked_edges > 0 {
        let _ = writeln!(
            o,
            "edges that may fail (targets under their fail condition): {}",
            c.checked_edges
        );
    }
    let _ = writeln!(o, "backbones: {}", c.backbones);
    if let Some(g) = &c.gave_up {
        let _ = writeln!(o, "gave up: {g} (the condition is true)");
    }
    if !c.kept_calls.is_empty() {
        let _ = writeln!(
            o,
            "calls not inlined (effects unknown): {}",
            c.kept_calls.join(", ")
        );
    }
    if !smt2 {
        for s in &c.summaries {
            let names: Vec<String> = s.counters.iter().map(|k| k.name()).collect();
            let _ = writeln!(
                o,
                "loop at {}: {} backbone{}, counters {}",
                s.at,
                s.backbones,
                if s.backbones == 1 { "" } else { "s" },
                names.join(", ")
            );
            for (n, v) in &s.theta {
                let _ = writeln!(o, "  θ^κ {n} = {}", theta_text(v));
            }
            for (app, j, body) in &s.arrays {
                let _ = writeln!(o, "  where {app}[{}] = {body}", j.name());
            }
            for (a, at) in &s.sequences {
                let _ = writeln!(o, "  input sequence {} read at {at}", a.name());
            }
            let _ = writeln!(o, "  φ^κ = {}", s.cond);
        }
        for i in &c.inputs {
            let _ = writeln!(o, "input {}: {} at {}", i.sym.name(), i.origin, i.at);
        }
        match k {
            Some(k) => {
                let _ = writeln!(o, "φ̂^{k} = {formula}");
            }
            None => {
                let _ = writeln!(o, "φ̂ = {formula}");
            }
        }
    } else {
        o.push_str(&smtlib_script(&[formula]));
    }
    let _ = writeln!(o, "{}", d.answer.word());
    if let Answer::Unknown(r) = &d.answer {
        let _ = writeln!(o, "reason: {r}");
    }
    if let Some(lines) = model {
        let title = if d.answer == Answer::Sat || k.is_some() {
            "model:"
        } else {
            "candidate (a model of φ̂^25 only):"
        };
        let _ = writeln!(o, "{title}");
        for (n, v) in lines {
            let _ = writeln!(o, "  {n} = {v}");
        }
    }
    Ok(o)
}

/// `kappa condition` (`failures`: target [`Target::ErrorsAndFailures`]
/// unless `target` names a line).
#[allow(clippy::too_many_arguments)]
pub fn condition_cmd(
    file: &Path,
    dm: Option<DataModel>,
    target: Option<&str>,
    failures: bool,
    smt2: bool,
    k: Option<u64>,
    json: bool,
    timeout: f64,
) -> Result<()> {
    let target = match target {
        Some(t) => parse_target(t)?,
        None if failures => Target::ErrorsAndFailures,
        None => Target::Errors,
    };
    if !file.exists() {
        bail!("{}: cannot read file: no such file", file.display());
    }
    let prog = load_plain(file, dm)?;
    let timeout = Duration::try_from_secs_f64(timeout.max(0.001)).unwrap_or(Duration::MAX);
    let text = condition_text(
        &prog.module,
        &file.display().to_string(),
        &target,
        smt2,
        k,
        json,
        timeout,
    )?;
    print!("{text}");
    Ok(())
}
