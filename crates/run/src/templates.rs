//! `kappa templates`: the cycles of each function and the templates of
//! compact symbolic execution computed for them, printed deterministically.

use crate::load::load_plain;
use anyhow::{anyhow, Result};
use kappa_engine::compact::{Template, TemplateOutcome};
use kappa_engine::{Config, Engine};
use kappa_ir::{DataModel, EdgeId, Function, Module};
use std::fmt::Write;
use std::path::Path;

fn edge_text(m: &Module, f: &Function, e: EdgeId) -> String {
    let ed = &f.edges[e.index()];
    let at = match ed.src {
        Some(_) => format!(" ({})", m.describe(ed.src)),
        None => String::new(),
    };
    format!("{} -> {}{at}", ed.from, ed.to)
}

/// The report of `kappa templates` for a loaded module.
pub fn templates_text(m: &Module, max_cycles: usize) -> Result<String> {
    let solver = kappa_solver::build_solver(&Default::default());
    let mut engine = Engine::new(m, Config::default(), solver).map_err(|e| anyhow!("{e}"))?;
    let report = engine.compute_templates(kappa_loops::CycleOptions {
        max_cycles,
        ..Default::default()
    });
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{} cycles, {} templates, {} cycles skipped (--max-cycles {max_cycles})",
        report.cycles(),
        report.templates(),
        report.skipped()
    );
    for (fid, info, outcomes) in &report.functions {
        let f = m.func(*fid);
        let heads: Vec<String> = info.headers.iter().map(|h| h.to_string()).collect();
        let _ = writeln!(
            o,
            "\nfn {}: loop headers {}; {} cycles{}",
            f.name,
            heads.join(", "),
            info.cycles.len(),
            if info.skipped > 0 {
                format!(
                    ", {}{} skipped",
                    if info.skipped_exact { "" } else { "at least " },
                    info.skipped
                )
            } else {
                String::new()
            }
        );
        for (i, (c, out)) in info.cycles.iter().zip(outcomes).enumerate() {
            let mut locs = vec![c.entry.to_string()];
            for e in &c.core {
                locs.push(f.edges[e.index()].to.to_string());
            }
            let _ = writeln!(o, "  cycle {}: entry {}", i + 1, c.entry);
            let _ = writeln!(o, "    core: {}", locs.join(" -> "));
            for x in &c.exits {
                let _ = writeln!(o, "    exit: {}", edge_text(m, f, *x));
            }
            match out {
                TemplateOutcome::NotApplicable(why) => {
                    let _ = writeln!(o, "    no template: {why}");
                }
                TemplateOutcome::Computed(t) => template_text(&mut o, m, f, t),
            }
        }
    }
    for (fid, cycles, skipped) in &report.recursion {
        let f = m.func(*fid);
        let _ = writeln!(
            o,
            "\nfn {}: recursive; {} call cycles{}",
            f.name,
            cycles.len(),
            if *skipped > 0 {
                format!(", {skipped} skipped")
            } else {
                String::new()
            }
        );
        for (i, (c, out)) in cycles.iter().enumerate() {
            let mut locs = vec![f.entry.to_string()];
            for e in &c.core {
                locs.push(f.edges[e.index()].to.to_string());
            }
            let _ = writeln!(o, "  call cycle {}: entry {}", i + 1, f.entry);
            let _ = writeln!(
                o,
                "    path: {} then call {}",
                locs.join(" -> "),
                edge_text(m, f, c.call)
            );
            for x in &c.exits {
                let _ = writeln!(o, "    exit: {}", edge_text(m, f, *x));
            }
            match out {
                TemplateOutcome::NotApplicable(why) => {
                    let _ = writeln!(o, "    no template: {why}");
                }
                TemplateOutcome::Computed(t) => {
                    template_text(&mut o, m, f, t);
                    if let Some(rp) = &t.returns {
                        match rp.value {
                            Some(v) => {
                                let _ = writeln!(o, "      returns[κ]: {} ↦ {v}", rp.r0.name());
                            }
                            None => {
                                let _ = writeln!(o, "      returns[κ]: nothing");
                            }
                        }
                    }
                }
            }
        }
    }
    let _ = writeln!(o, "\ntemplate time: {:.3}s", report.seconds);
    Ok(o)
}

/// The parametric states of template `t` of function `f`.
fn template_text(o: &mut String, m: &Module, f: &Function, t: &Template) {
    let _ = writeln!(o, "    template (parameter {}):", t.kappa.name());
    for r in &t.reads {
        let _ = writeln!(
            o,
            "      input sequence {}: {} at {}",
            r.array.name(),
            r.origin,
            m.describe(r.src)
        );
    }
    for s in &t.stores {
        let _ = writeln!(
            o,
            "      store at {}: {} bytes at {} + {}·τ := {} (τ < κ)",
            m.describe(s.src),
            s.bytes,
            s.start,
            signed_stride(s.stride, s.start.width()),
            s.value_at
        );
    }
    if !t.stores.is_empty() {
        let _ = writeln!(
            o,
            "      memory[κ]: M'[j] = ite(τ < κ ∧ r < bytes, byte r of the value at τ, M[j]) for τ = (j - start) / stride, r = (j - start) mod stride (mirrored for a negative stride; stride 0: τ = κ - 1)"
        );
    }
    for c in &t.clashes {
        let _ = match c {
            kappa_engine::compact::Clash::Load(i, k) => writeln!(
                o,
                "      classic when in one object: load {} and store {}",
                i + 1,
                k + 1
            ),
            kappa_engine::compact::Clash::Stores(a, k) => writeln!(
                o,
                "      classic when in one object: stores {} and {}",
                a + 1,
                k + 1
            ),
        };
    }
    for (v, e) in &t.iterated {
        let _ = writeln!(o, "      θ*[κ] {} = {e}", f.vars[v.index()].name);
    }
    let _ = writeln!(o, "      φ*[κ] = {}", t.loop_cond);
    for x in &t.exits {
        let ub = match (x.ub_load, x.ub_store) {
            (Some(i), _) => format!(" (UB: load {} leaves its object)", i + 1),
            (_, Some(k)) => format!(" (UB: store {} leaves its object)", k + 1),
            _ => String::new(),
        };
        let _ = writeln!(o, "      state at exit {}{ub}:", edge_text(m, f, x.edge));
        let _ = writeln!(o, "        φ = {}", x.cond);
        for (v, e) in &x.regs {
            let _ = writeln!(o, "        {} = {e}", f.vars[v.index()].name);
        }
        for (_, a, v) in &x.stores {
            let _ = writeln!(o, "        then store {v} at {a}");
        }
    }
}

/// A pointer-width stride as a signed number.
fn signed_stride(s: u128, w: u32) -> i128 {
    if w < 128 && s >> (w - 1) & 1 == 1 {
        s as i128 - (1i128 << w)
    } else {
        s as i128
    }
}

/// `kappa templates`.
pub fn templates_cmd(file: &Path, dm: Option<DataModel>, max_cycles: usize) -> Result<()> {
    let prog = load_plain(file, dm)?;
    print!("{}", templates_text(&prog.module, max_cycles)?);
    Ok(())
}
