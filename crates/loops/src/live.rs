//! Live registers of kappa IR functions (classic backward dataflow): at a
//! location, the registers some path from it reads before assigning. State
//! matching compares only these, so a register holding a dead value (the
//! previous iteration's input, say) does not keep two equal states apart.
//!
//! Phi edges read their sources and assign their targets like any edge
//! (kappa IR puts each phi move on the edge from its predecessor). Pure
//! function of the IR.

use kappa_ir::{Callee, Function, Instr, Value, VarId};

/// Registers read by a value.
pub fn value_vars(v: &Value, out: &mut Vec<VarId>) {
    match v {
        Value::Var(x) => out.push(*x),
        Value::Const { .. } | Value::GlobalAddr(_) | Value::FuncAddr(_) | Value::Undef(_) => {}
        Value::Not(a) | Value::Cast { arg: a, .. } => value_vars(a, out),
        Value::Binary { lhs, rhs, .. } | Value::Cmp { lhs, rhs, .. } => {
            value_vars(lhs, out);
            value_vars(rhs, out);
        }
        Value::Select {
            cond, then, else_, ..
        } => {
            value_vars(cond, out);
            value_vars(then, out);
            value_vars(else_, out);
        }
        Value::Float { args, .. } => args.iter().for_each(|a| value_vars(a, out)),
    }
}

/// The registers an instruction reads and the ones it assigns.
pub fn uses_defs(i: &Instr) -> (Vec<VarId>, Vec<VarId>) {
    let mut uses = vec![];
    let mut defs = vec![];
    match i {
        Instr::Assign { dst, value } => {
            value_vars(value, &mut uses);
            defs.push(*dst);
        }
        Instr::Assume(c) => value_vars(c, &mut uses),
        Instr::Phi(moves) => {
            for (d, v) in moves {
                value_vars(v, &mut uses);
                defs.push(*d);
            }
        }
        Instr::Load { dst, addr, .. } => {
            value_vars(addr, &mut uses);
            defs.push(*dst);
        }
        Instr::Store { addr, value } => {
            value_vars(addr, &mut uses);
            value_vars(value, &mut uses);
        }
        Instr::Alloca { dst, size, .. } => {
            value_vars(size, &mut uses);
            defs.push(*dst);
        }
        Instr::Call { dst, callee, args } => {
            if let Callee::Indirect(v) = callee {
                value_vars(v, &mut uses);
            }
            for a in args {
                value_vars(a, &mut uses);
            }
            defs.extend(dst.iter().copied());
        }
        Instr::Return(v) => {
            if let Some(v) = v {
                value_vars(v, &mut uses);
            }
        }
        Instr::Nondet { dst, .. } => defs.push(*dst),
        Instr::Error | Instr::Halt | Instr::Unsupported(_) => {}
    }
    (uses, defs)
}

/// For each location of `f`, whether each register is live there (indexed
/// `[loc][var]`).
pub fn live_registers(f: &Function) -> Vec<Vec<bool>> {
    let nv = f.vars.len();
    debug_assert!(f
        .edges
        .iter()
        .all(|e| uses_defs(&e.instr).0.iter().all(|v| v.index() < nv)));
    let mut live = vec![vec![false; nv]; f.locs.len()];
    let ud: Vec<(Vec<VarId>, Vec<VarId>)> = f.edges.iter().map(|e| uses_defs(&e.instr)).collect();
    let mut changed = true;
    while changed {
        changed = false;
        // backward problem: visiting edges in reverse order converges faster
        for (i, e) in f.edges.iter().enumerate().rev() {
            let (uses, defs) = &ud[i];
            let mut add: Vec<usize> = uses.iter().map(|v| v.index()).collect();
            for (v, l) in live[e.to.index()].iter().enumerate() {
                if *l && !defs.iter().any(|d| d.index() == v) {
                    add.push(v);
                }
            }
            let row = &mut live[e.from.index()];
            for v in add {
                if !row[v] {
                    row[v] = true;
                    changed = true;
                }
            }
        }
    }
    live
}
