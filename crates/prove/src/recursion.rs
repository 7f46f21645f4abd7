//! Recursive functions in the proof stage: which calls are walked through
//! ([`inlinable`]), the Houdini summaries of pure self-recursive functions
//! ([`summaries`], see [`crate::summary`]), and the functions left *open*
//! for summaries by predicates ([`open_functions`]: pure recursive
//! functions, mutual recursion included), whose candidate summaries (from
//! Spacer, [`crate::horn`]) are checked together by induction over the
//! call depth across the functions ([`check_group`]) before they close
//! the system ([`close`]).

use crate::summary::{Call, SumPath, Summary};
use crate::system::{walk_function, System};
use kappa_expr::build as b;
use kappa_expr::{Expr, Symbol, SymbolKind};
use kappa_ir::{FuncId, Instr, Module};
use kappa_loops::closed::sort_of;
use kappa_solver::{SatResult, Solver};
use rustc_hash::{FxHashMap, FxHashSet};
use std::time::{Duration, Instant};

/// A recursive function left open: its summary is a predicate over
/// `(params, ret)` to be found.
#[derive(Clone, Debug)]
pub struct OpenFunc {
    /// The function.
    pub func: FuncId,
    /// Its parameters' symbols.
    pub params: Vec<Symbol>,
    /// Its result's symbol.
    pub ret: Symbol,
    /// Its paths from the entry to its returns and errors, the calls of
    /// open functions recorded ([`SumPath::calls`]).
    pub paths: Vec<SumPath>,
}

/// Per function of `m`, the functions it calls directly (by index).
pub(crate) fn direct_callees(m: &Module) -> Vec<Vec<usize>> {
    m.functions
        .iter()
        .map(|f| {
            f.edges
                .iter()
                .filter_map(|e| match &e.instr {
                    Instr::Call {
                        callee: kappa_ir::Callee::Direct(g),
                        ..
                    } => Some(g.index()),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// Per function of `m`, the functions it reaches by direct calls (one
/// call or more).
fn reaches(m: &Module) -> Vec<Vec<bool>> {
    let n = m.functions.len();
    let callees = direct_callees(m);
    (0..n)
        .map(|g| {
            let mut seen = vec![false; n];
            let mut stack = callees[g].clone();
            while let Some(h) = stack.pop() {
                if !std::mem::replace(&mut seen[h], true) {
                    stack.extend(callees[h].iter().copied());
                }
            }
            seen
        })
        .collect()
}

/// Per function of `m`: whether a call of it is walked through as part of
/// the caller's path: defined, neither variadic nor taking aggregates by
/// value, without loops, and on no cycle of direct calls (so every walk
/// through it ends).
pub(crate) fn inlinable(m: &Module) -> Vec<bool> {
    let reach = reaches(m);
    (0..m.functions.len())
        .map(|g| {
            let f = &m.functions[g];
            f.defined
                && !f.variadic
                && f.byval.is_empty()
                && !kappa_loops::has_reachable_cycle(f)
                && !reach[g][g]
        })
        .collect()
}

/// The recursive functions of `m` that may be left open: on a cycle of
/// direct calls, with the shape [`crate::summary::eligible`] asks of a
/// summarized function, every call to a function on a cycle with it (its
/// strongly connected component), every function of the component such.
pub fn open_functions(m: &Module) -> FxHashSet<FuncId> {
    let reach = reaches(m);
    let n = m.functions.len();
    let same = |g: usize, h: usize| g == h || (reach[g][h] && reach[h][g]);
    let fit: Vec<bool> = (0..n)
        .map(|g| {
            reach[g][g]
                && crate::summary::pure_calling(m, FuncId(g as u32), &|h: FuncId| {
                    same(g, h.index())
                })
        })
        .collect();
    (0..n)
        .filter(|&g| fit[g] && (0..n).all(|h| !same(g, h) || fit[h]))
        .map(|g| FuncId(g as u32))
        .collect()
}

/// Fresh symbols for the parameters and the result of `g` (an integer
/// result; a function without one gets a 1-bit result never read).
pub fn signature(m: &Module, g: FuncId) -> (Vec<Symbol>, Symbol) {
    let gf = m.func(g);
    let params = gf
        .params
        .iter()
        .map(|p| {
            let v = &gf.vars[p.index()];
            Symbol::fresh(
                v.name.trim_start_matches('%'),
                sort_of(v.ty),
                SymbolKind::Fresh,
            )
        })
        .collect();
    let rt = gf.ret.map_or(kappa_expr::Sort::Bv(1), sort_of);
    let ret = Symbol::fresh(&format!("{}_result", gf.name), rt, SymbolKind::Fresh);
    (params, ret)
}

/// The checked summaries of the recursive functions some function calls
/// ([`crate::summary::eligible`] ones; those without a summary are left
/// out, and calling them stays not applicable).
pub(crate) fn summaries(
    m: &Module,
    sys: &System,
    inlinable: &[bool],
    deadline: Option<Instant>,
) -> FxHashMap<FuncId, Summary> {
    let mut called = vec![false; m.functions.len()];
    for (k, gs) in direct_callees(m).into_iter().enumerate() {
        for g in gs.into_iter().filter(|g| *g != k) {
            called[g] = true;
        }
    }
    let mut out = FxHashMap::default();
    for (k, &c) in called.iter().enumerate() {
        let g = FuncId(k as u32);
        if !c || !crate::summary::eligible(m, g) {
            continue;
        }
        let (params, ret) = signature(m, g);
        let none = FxHashSet::default();
        let Ok(paths) = walk_function(m, sys, inlinable, &none, g, &params) else {
            continue;
        };
        if let Ok(s) = crate::summary::summarize(m, g, params, ret, &paths, deadline) {
            out.insert(g, s);
        }
    }
    out
}

/// The relation of the summary of `c.func` among `sums` at call `c`
/// (`true` when there is none).
fn at_call(sums: &[Summary], c: &Call) -> Expr {
    sums.iter()
        .find(|s| s.func == c.func)
        .map_or_else(b::tru, |s| s.at(&c.args, c.ret))
}

/// The assumptions of a path: the summaries at each of its calls.
pub fn assumed(sums: &[Summary], calls: &[Call]) -> Expr {
    b::and_all(calls.iter().map(|c| at_call(sums, c)))
}

/// Whether `q` is unsatisfiable (an undecided query counts as satisfiable).
fn unsat(solver: &mut impl Solver, q: Expr) -> bool {
    matches!(solver.check(&[], q), SatResult::Unsat)
}

/// The strongest summaries among the candidate atoms `atoms` (per open
/// function, parallel to `open`) that are inductive over the call depth
/// across the functions (Houdini: an atom that a return of its function
/// does not satisfy, assuming the current summaries at the calls, is
/// dropped until none is), then checked ([`check_group`]): every error
/// of the functions must be infeasible under them. `Err` says why not.
pub fn weaken(
    m: &Module,
    open: &[OpenFunc],
    mut atoms: Vec<Vec<Expr>>,
    deadline: Option<Instant>,
) -> Result<Vec<Summary>, String> {
    let mut solver = crate::check::fresh_solver(Duration::from_secs(2), deadline);
    let sums_of = |atoms: &[Vec<Expr>]| -> Vec<Summary> {
        open.iter()
            .zip(atoms)
            .map(|(o, a)| Summary {
                func: o.func,
                params: o.params.clone(),
                ret: o.ret,
                relation: b::and_all(a.iter().copied()),
            })
            .collect()
    };
    loop {
        let sums = sums_of(&atoms);
        let mut changed = false;
        for (k, o) in open.iter().enumerate() {
            let params: Vec<Expr> = o.params.iter().map(|x| b::sym(*x)).collect();
            for p in &o.paths {
                let Some(rv) = p.ret else { continue };
                let hyp = b::and(p.pc, assumed(&sums, &p.calls));
                let before = atoms[k].len();
                atoms[k].retain(|a| {
                    let here = Summary {
                        relation: *a,
                        ..sums[k].clone()
                    }
                    .at(&params, rv);
                    unsat(&mut solver, b::and(hyp, b::not(here)))
                });
                changed |= atoms[k].len() != before;
            }
        }
        if !changed {
            break;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err("summaries: deadline reached".into());
        }
    }
    let sums = sums_of(&atoms);
    check_group(m, open, &sums, deadline)?;
    Ok(sums)
}

/// Checks the summaries `sums` of the open functions `open` (one each, in
/// the same order) in a fresh solver, by induction over the call depth
/// across the functions: every path of each function to a return, assuming
/// the summaries at its calls, returns a value satisfying its function's
/// summary, and every path to an error is infeasible under the same
/// assumptions.
pub fn check_group(
    m: &Module,
    open: &[OpenFunc],
    sums: &[Summary],
    deadline: Option<Instant>,
) -> Result<(), String> {
    if open.len() != sums.len() || open.iter().zip(sums).any(|(o, s)| o.func != s.func) {
        return Err("the summaries are not one per open function".into());
    }
    let mut solver = crate::check::fresh_solver(Duration::from_secs(5), deadline);
    for (o, s) in open.iter().zip(sums) {
        let params: Vec<Expr> = o.params.iter().map(|x| b::sym(*x)).collect();
        for p in &o.paths {
            let hyp = b::and(p.pc, assumed(sums, &p.calls));
            let bad = match p.ret {
                Some(rv) => b::not(s.at(&params, rv)),
                None => b::tru(),
            };
            if !unsat(&mut solver, b::and(hyp, bad)) {
                let name = &m.func(o.func).name;
                return Err(match p.ret {
                    Some(_) => format!("summary of {name}: a return does not satisfy it"),
                    None => format!("summary of {name}: an error of the function is not excluded"),
                });
            }
        }
    }
    Ok(())
}

/// `sys` (built open) with the summaries `sums`, checked by
/// [`check_group`], assumed at its calls: each path's condition gets the
/// summary at each of its calls; the system has no open function left.
pub fn close(mut sys: System, sums: Vec<Summary>) -> System {
    for p in &mut sys.paths {
        let calls = std::mem::take(&mut p.calls);
        p.pc = b::and(p.pc, assumed(&sums, &calls));
    }
    sys.open.clear();
    sys.summaries = sums;
    sys
}
