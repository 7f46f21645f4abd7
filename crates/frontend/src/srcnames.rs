//! Attaching debug information to lowered functions: the source variables
//! at loop headers read by [`crate::debugvars`], and each function's source
//! span.

use crate::debugvars::{FnVars, Reg};
use kappa_ir::{Function, Loc, SrcLoc, SrcSpan, SrcVar, VarId};
use llvm_ir::Name;
use std::collections::HashMap;

/// The source lines of lowered function `out` declared at `decl`: the
/// declaration's line to the last line of its instructions in the
/// declaration's file (`None` without a declaration position).
pub fn span(out: &Function, decl: Option<SrcLoc>) -> Option<SrcSpan> {
    let decl = decl?;
    let last = out
        .edges
        .iter()
        .filter_map(|e| e.src)
        .filter(|s| s.file == decl.file)
        .map(|s| s.line)
        .max()
        .unwrap_or(decl.line)
        .max(decl.line);
    Some(SrcSpan {
        file: decl.file,
        first: decl.line,
        last,
    })
}

/// Records `d`'s source variables at the loop headers of `out`, lowered
/// from `f` (`vars`: its registers, `blocks`: its blocks' locations), when
/// the debug reading has `f`'s shape (the same parameters and instructions
/// per block); otherwise records nothing.
pub fn attach(
    f: &llvm_ir::Function,
    out: &mut Function,
    d: &FnVars,
    vars: &HashMap<Name, VarId>,
    blocks: &HashMap<Name, Loc>,
) {
    let same = d.params == f.parameters.len()
        && d.shape.len() == f.basic_blocks.len()
        && d.shape
            .iter()
            .zip(&f.basic_blocks)
            .all(|(n, bb)| *n == bb.instrs.len());
    if !same {
        return;
    }
    let reg = |r: Reg| match r {
        Reg::Param(i) => out.params.get(i).copied(),
        Reg::Instr { block, index } => f.basic_blocks[block].instrs[index]
            .try_get_result()
            .and_then(|n| vars.get(n).copied()),
    };
    let mut found = vec![];
    for (h, here) in &d.headers {
        let Some(&loc) = blocks.get(&f.basic_blocks[*h].name) else {
            continue;
        };
        let named: Vec<SrcVar> = here
            .iter()
            .map(|v| SrcVar {
                name: v.name.clone(),
                reg: v.reg.and_then(reg),
                line: v.line,
                int_type: v.int_type,
            })
            .collect();
        found.push((loc, named));
    }
    for (loc, named) in found {
        out.locs[loc.index()].src_vars = named;
    }
}
