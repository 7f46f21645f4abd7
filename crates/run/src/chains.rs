//! `kappa chains`: the chain program form of `main` (loop navigation; with
//! its callees inlined, as navigation's proof before execution sees it)
//! and the constraint system of each root chain with the solver's verdict,
//! printed deterministically.

use crate::load::load_plain;
use anyhow::{anyhow, Result};
use kappa_engine::navigate::{analyze_entry, system::TargetKind, RootVerdict};
use kappa_ir::{DataModel, Function, Module};
use kappa_loops::chain::{Chain, ChainForm, ChainKind, ChainOptions};
use std::fmt::Write;
use std::path::Path;

fn chain_text(m: &Module, f: &Function, form: &ChainForm, c: &Chain) -> String {
    let mut parts = vec![];
    for (i, e) in c.edges.iter().enumerate() {
        let ed = &f.edges[e.index()];
        let mut here = ed.from.to_string();
        for &(p, n) in &c.loop_nodes {
            if p == i {
                let subs: Vec<String> = form.loop_nodes[n]
                    .subchains
                    .iter()
                    .map(|s| format!("c{s}"))
                    .collect();
                let _ = write!(here, " {{n{n}: {}}}", subs.join(", "));
            }
        }
        parts.push(here);
    }
    if let Some(last) = c.edges.last() {
        let ed = &f.edges[last.index()];
        let at = m.describe(ed.src);
        let what = match &ed.instr {
            kappa_ir::Instr::Error => "reach_error",
            kappa_ir::Instr::Load { .. } => "load",
            kappa_ir::Instr::Store { .. } => "store",
            kappa_ir::Instr::Call { .. } => "call",
            kappa_ir::Instr::Unsupported(_) => "unsupported",
            kappa_ir::Instr::Alloca { .. } => "alloca",
            _ => "arithmetic",
        };
        if c.kind == ChainKind::Root {
            parts.push(format!("[{what} at {at}]"));
        } else {
            parts.push(ed.to.to_string());
        }
    }
    parts.join(" -> ")
}

/// The report of `kappa chains` for a loaded module.
pub fn chains_text(m: &Module, max_pieces: usize) -> Result<String> {
    let main = m
        .function_by_name("main")
        .filter(|f| m.func(*f).defined)
        .ok_or_else(|| anyhow!("no `main` function"))?;
    let mut solver = kappa_solver::build_solver(&Default::default());
    let a = analyze_entry(
        m,
        main,
        &mut *solver,
        ChainOptions { max_pieces },
        std::time::Duration::from_secs(10),
        None,
    );
    let form = &a.form;
    let f = a.function(m, main);
    let mut o = String::new();
    let _ = writeln!(
        o,
        "fn main{}: chain program form from {}: {} root chains, {} chains in all ({} subchains, {} loop nodes){}",
        if a.inlined.is_some() {
            " (its calls inlined)"
        } else {
            ""
        },
        form.start,
        form.roots.len(),
        form.chains.len(),
        form.subchains(),
        form.loop_nodes.len(),
        if form.bound_hit {
            format!("; unfolding bound hit (--max-chain-pieces {max_pieces}): incomplete")
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        o,
        "root chains eliminated before execution: {} of {}; constraints left: {}",
        a.eliminated(),
        form.roots.len(),
        a.constraints_left()
    );
    if a.proves_unreachable() {
        let _ = writeln!(o, "every root chain is infeasible: no target is reachable");
    }
    for (id, c) in form.chains.iter().enumerate() {
        if let ChainKind::Sub(n) = c.kind {
            let _ = writeln!(
                o,
                "\nsubchain c{id} of n{n} (at {}): {}",
                form.loop_nodes[n].loc,
                chain_text(m, f, form, c)
            );
        }
    }
    for (sys, v) in a.systems.iter().zip(&a.verdicts) {
        let c = &form.chains[sys.chain];
        let kind = match sys.target {
            TargetKind::Error => "reach_error",
            TargetKind::MayFail => "possible failure",
        };
        let verdict = match v {
            RootVerdict::Eliminated => "eliminated (unsatisfiable)".to_string(),
            RootVerdict::Feasible => "satisfiable".to_string(),
            RootVerdict::Unknown(r) => format!("unknown ({r})"),
        };
        let _ = writeln!(
            o,
            "\nroot chain c{} to {kind}: {}",
            sys.chain,
            chain_text(m, f, form, c)
        );
        let _ = writeln!(
            o,
            "  system S(c{}): {} constraints{}; {verdict}",
            sys.chain,
            sys.constraints.len(),
            if sys.exact_target {
                ""
            } else {
                ", failure condition unknown"
            }
        );
        for (i, k) in sys.constraints.iter().enumerate() {
            let _ = writeln!(o, "  ({}) {k}", i + 1);
        }
    }
    Ok(o)
}

/// `kappa chains`.
pub fn chains_cmd(file: &Path, dm: Option<DataModel>, max_pieces: usize) -> Result<()> {
    let prog = load_plain(file, dm)?;
    print!("{}", chains_text(&prog.module, max_pieces)?);
    Ok(())
}
