//! Recursion cycles of kappa IR functions: the program parts behind the
//! recursion templates of Trtík's report on compact symbolic execution
//! (Section 5.2). For a function `f` calling itself directly, a *call
//! cycle* is a simple path from `f`'s entry to a recursive call edge; the
//! call closes it (the arguments become the parameters of the next
//! activation). Its exits are the edges leaving a location of the path off
//! the path. The *return path* is what each activation runs after that call
//! returns: from the call's target to a return edge, and it must not branch
//! (the report's assumption; a branching return path is reported and no
//! template is built).
//!
//! Only direct recursion is found here (mutual recursion stays classic).
//! Pure function of the IR, deterministic, bounded like cycle enumeration.

use crate::CycleOptions;
use kappa_ir::{Callee, EdgeId, FuncId, Function, Instr, Loc};
use serde::Serialize;

/// A call cycle of a directly recursive function.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecursionCycle {
    /// The recursive call edge that closes the cycle.
    pub call: EdgeId,
    /// The path from the function's entry to the call edge's source, as
    /// edges (the call edge not included).
    pub core: Vec<EdgeId>,
    /// Edges not on the path leaving a location of the path (the call
    /// edge's source included), in path order.
    pub exits: Vec<EdgeId>,
    /// The return path: edges from the call's target up to and including a
    /// return edge, when it does not branch; otherwise why not.
    pub ret_path: Result<Vec<EdgeId>, String>,
}

/// The call cycles of `f` (whose id is `fid`): simple paths from the entry
/// to each call of `fid` itself, depth-first in edge order (deterministic),
/// at most `opts.max_cycles`; returns them and the number skipped (a lower
/// bound when the search ran out of `opts.max_steps`).
pub fn recursion_cycles(
    f: &Function,
    fid: FuncId,
    opts: CycleOptions,
) -> (Vec<RecursionCycle>, usize) {
    let mut out = vec![];
    let mut skipped = 0;
    if !f.defined || f.locs.is_empty() {
        return (out, skipped);
    }
    let is_rec_call = |e: EdgeId| {
        matches!(&f.edges[e.index()].instr,
            Instr::Call { callee: Callee::Direct(g), .. } if *g == fid)
    };
    if !f
        .edges
        .iter()
        .enumerate()
        .any(|(i, _)| is_rec_call(EdgeId(i as u32)))
    {
        return (out, skipped);
    }
    let mut on_path = vec![false; f.locs.len()];
    let mut path: Vec<EdgeId> = vec![];
    let mut stack: Vec<(Loc, usize)> = vec![(f.entry, 0)];
    on_path[f.entry.index()] = true;
    let mut steps = 0usize;
    while let Some(&mut (l, ref mut next)) = stack.last_mut() {
        steps += 1;
        if steps > opts.max_steps {
            break;
        }
        let succs = &f.succs[l.index()];
        if *next >= succs.len() {
            stack.pop();
            on_path[l.index()] = false;
            path.pop();
            continue;
        }
        let e = succs[*next];
        *next += 1;
        if is_rec_call(e) {
            if out.len() < opts.max_cycles {
                out.push(make(f, &path, e));
            } else {
                skipped += 1;
            }
            // (and paths through this call may reach other call sites)
        }
        let to = f.edges[e.index()].to;
        if !on_path[to.index()] {
            on_path[to.index()] = true;
            path.push(e);
            stack.push((to, 0));
        }
    }
    (out, skipped)
}

fn make(f: &Function, core: &[EdgeId], call: EdgeId) -> RecursionCycle {
    let mut exits = vec![];
    let mut at = f.entry;
    for e in core.iter().chain([&call]) {
        for &x in &f.succs[at.index()] {
            if x != *e {
                exits.push(x);
            }
        }
        at = f.edges[e.index()].to;
    }
    RecursionCycle {
        call,
        core: core.to_vec(),
        exits,
        ret_path: ret_path(f, call),
    }
}

/// The edges from the call's target to the first return edge, each location
/// having exactly one successor.
fn ret_path(f: &Function, call: EdgeId) -> Result<Vec<EdgeId>, String> {
    let mut at = f.edges[call.index()].to;
    let mut path = vec![];
    let mut seen = vec![false; f.locs.len()];
    loop {
        if std::mem::replace(&mut seen[at.index()], true) {
            return Err("the code after the recursive call loops".into());
        }
        let succs = &f.succs[at.index()];
        if succs.len() != 1 {
            return Err("the code after the recursive call branches".into());
        }
        let e = succs[0];
        path.push(e);
        if matches!(f.edges[e.index()].instr, Instr::Return(_)) {
            return Ok(path);
        }
        at = f.edges[e.index()].to;
    }
}
