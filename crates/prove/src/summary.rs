//! Summaries of recursive functions: a relation between a function's
//! parameters and its result that every call that returns satisfies, so
//! that the transition system can take a recursive call as one step.
//!
//! A function is summarized when it is *pure and self-recursive*: defined,
//! integer parameters and result, no loops, no memory access, no inputs,
//! and no call but of itself ([`eligible`]). Its paths from the entry to a
//! return are walked like a callee's ([`crate::system`]), each recursive
//! call becoming a fresh result symbol with its arguments recorded.
//!
//! The summary is the largest conjunction of candidate atoms over
//! `(params, ret)` that is *inductive over the call depth* (Houdini):
//! every path to a return, assuming the summary of each recursive call on
//! it, returns a value that satisfies it. By induction on the depth of
//! the calls, every call that returns satisfies it (a call that does not
//! return never continues its caller, which is all safety needs). A path
//! of the function to an error (a `reach_error`, a possible undefined
//! behaviour) must be infeasible under the same assumptions, or the
//! function is not summarized. Everything is bit-precise modulo 2^w
//! (`2·r == p·(p+1)` is exact in bitvectors where `r == p·(p+1)/2` is not).
//! [`check`] checks a summary again in a fresh solver.

use kappa_expr::build as b;
use kappa_expr::{Expr, Symbol};
use kappa_ir::{FuncId, Instr, Module, Ty, Value};
use kappa_solver::{SatResult, Solver};
use std::time::{Duration, Instant};

/// A summary: the relation holds between the parameters' and the
/// result's symbols after every call that returns.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The function.
    pub func: FuncId,
    /// Its parameters' symbols.
    pub params: Vec<Symbol>,
    /// Its result's symbol.
    pub ret: Symbol,
    /// The relation (a conjunction of atoms; `true` at worst).
    pub relation: Expr,
}

impl Summary {
    /// The relation for the call `f(args)` returning `r`.
    pub fn at(&self, args: &[Expr], r: Expr) -> Expr {
        let map: rustc_hash::FxHashMap<Symbol, Expr> = self
            .params
            .iter()
            .copied()
            .zip(args.iter().copied())
            .chain([(self.ret, r)])
            .collect();
        kappa_expr::substitute(self.relation, &|s| map.get(&s).copied())
    }
}

/// One path of a summarized function.
#[derive(Clone, Debug)]
pub struct SumPath {
    /// Its condition over the parameters and the recursive calls' results.
    pub pc: Expr,
    /// Its result (`None`: the path ends in an error).
    pub ret: Option<Expr>,
    /// The recursive calls on it (of open functions, [`crate::recursion`]).
    pub calls: Vec<Call>,
}

/// A call whose result a summary constrains.
#[derive(Clone, Debug)]
pub struct Call {
    /// The function called.
    pub func: FuncId,
    /// Its arguments.
    pub args: Vec<Expr>,
    /// The result's fresh symbol.
    pub ret: Expr,
}

/// Whether `f` can be summarized (see the module doc).
pub fn eligible(m: &Module, f: FuncId) -> bool {
    pure_calling(m, f, &|g| g == f)
        && m.func(f).edges.iter().any(|e| {
            matches!(&e.instr, Instr::Call {
                callee: kappa_ir::Callee::Direct(g),
                ..
            } if *g == f)
        })
}

/// Whether `f` is defined, takes and returns integers, has no loop, no
/// memory access, no input, and calls only functions `allowed` accepts.
pub fn pure_calling(m: &Module, f: FuncId, allowed: &dyn Fn(FuncId) -> bool) -> bool {
    let func = m.func(f);
    let ints = func
        .params
        .iter()
        .all(|p| matches!(func.vars[p.index()].ty, Ty::Int(_)));
    if !func.defined
        || func.variadic
        || !func.byval.is_empty()
        || !ints
        || !matches!(func.ret, Some(Ty::Int(_)))
        || kappa_loops::has_reachable_cycle(func)
    {
        return false;
    }
    for e in &func.edges {
        let mut pure = true;
        e.instr.for_each_value(&mut |v| {
            if !value_pure(v) {
                pure = false;
            }
        });
        if !pure {
            return false;
        }
        match &e.instr {
            Instr::Call {
                callee: kappa_ir::Callee::Direct(g),
                ..
            } if allowed(*g) => {}
            Instr::Assign { .. }
            | Instr::Assume(_)
            | Instr::Phi(_)
            | Instr::Return(_)
            | Instr::Halt
            | Instr::Error => {}
            _ => return false,
        }
    }
    true
}

fn value_pure(v: &Value) -> bool {
    match v {
        Value::GlobalAddr(_) | Value::FuncAddr(_) => false,
        Value::Not(a) | Value::Cast { arg: a, .. } => value_pure(a),
        Value::Binary { lhs, rhs, .. } | Value::Cmp { lhs, rhs, .. } => {
            value_pure(lhs) && value_pure(rhs)
        }
        Value::Select {
            cond, then, else_, ..
        } => value_pure(cond) && value_pure(then) && value_pure(else_),
        _ => true,
    }
}

/// The candidate atoms over `(params, ret)`: equalities and orderings
/// between the result and each parameter of its width or constants
/// (0, 1 and the function's own), sums (`2·r == p·(p±1)`) and squares,
/// each also guarded by the parameter's sign.
fn candidates(m: &Module, f: FuncId, params: &[Symbol], ret: Symbol) -> Vec<Expr> {
    let r = b::sym(ret);
    let w = r.width();
    let mut consts: Vec<u128> = vec![0, 1];
    for e in &m.func(f).edges {
        e.instr.for_each_value(&mut |v| {
            if let Value::Const {
                ty: Ty::Int(cw),
                bits,
            } = v
            {
                if *cw == w && !consts.contains(bits) && consts.len() < 8 {
                    consts.push(*bits);
                }
            }
        });
    }
    let mut atoms = vec![];
    for c in &consts {
        let k = b::bv(w, *c);
        atoms.extend([b::eq(r, k), b::sle(r, k), b::sle(k, r), b::ule(r, k)]);
    }
    for p in params.iter().map(|p| b::sym(*p)) {
        if p.width() != w {
            continue;
        }
        let one = b::bv(w, 1);
        let two = b::bv(w, 2);
        let mut about_p = vec![
            b::eq(r, p),
            b::sle(r, p),
            b::sle(p, r),
            b::ule(r, p),
            b::ule(p, r),
            b::eq(b::mul(two, r), b::mul(p, b::add(p, one))),
            b::eq(b::mul(two, r), b::mul(p, b::sub(p, one))),
            b::eq(r, b::mul(p, p)),
        ];
        for c in &consts {
            about_p.push(b::eq(r, b::add(p, b::bv(w, *c))));
        }
        let zero = b::bv(w, 0);
        for a in about_p {
            atoms.push(a);
            atoms.push(b::implies(b::sle(zero, p), a));
        }
        for c in &consts {
            atoms.push(b::implies(b::sle(p, zero), b::eq(r, b::bv(w, *c))));
        }
    }
    atoms.sort_by_key(|a| a.id());
    atoms.dedup();
    atoms
}

/// The assumptions of a path: the relation at each of its recursive calls.
fn assumed(relation: &Summary, p: &SumPath) -> Expr {
    crate::recursion::assumed(std::slice::from_ref(relation), &p.calls)
}

/// Whether `q` is unsatisfiable (an undecided query counts as satisfiable).
fn unsat(solver: &mut impl Solver, q: Expr) -> bool {
    matches!(solver.check(&[], q), SatResult::Unsat)
}

/// The summary of `f` from its paths `paths` (returns and errors), or why
/// there is none: the largest inductive conjunction of the candidates
/// (Houdini), which must make every error path infeasible.
pub fn summarize(
    m: &Module,
    f: FuncId,
    params: Vec<Symbol>,
    ret: Symbol,
    paths: &[SumPath],
    deadline: Option<Instant>,
) -> Result<Summary, String> {
    let name = &m.func(f).name;
    let mut atoms = candidates(m, f, &params, ret);
    let param_exprs: Vec<Expr> = params.iter().map(|x| b::sym(*x)).collect();
    let mut solver = crate::check::fresh_solver(Duration::from_secs(2), deadline);
    loop {
        let s = Summary {
            func: f,
            params: params.clone(),
            ret,
            relation: b::and_all(atoms.iter().copied()),
        };
        let before = atoms.len();
        for p in paths {
            let Some(rv) = p.ret else { continue };
            let hyp = b::and(p.pc, assumed(&s, p));
            atoms.retain(|a| {
                let here = Summary {
                    relation: *a,
                    ..s.clone()
                }
                .at(&param_exprs, rv);
                unsat(&mut solver, b::and(hyp, b::not(here)))
            });
        }
        if atoms.len() == before {
            break;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(format!("summary of {name}: deadline reached"));
        }
    }
    let s = Summary {
        func: f,
        params,
        ret,
        relation: b::and_all(atoms.iter().copied()),
    };
    check(&s, paths, deadline).map_err(|why| format!("summary of {name}: {why}"))?;
    Ok(s)
}

/// Checks summary `s` against the function's paths in a fresh solver:
/// every return satisfies it and every error is infeasible, assuming it at
/// the recursive calls.
pub fn check(s: &Summary, paths: &[SumPath], deadline: Option<Instant>) -> Result<(), String> {
    let mut solver = crate::check::fresh_solver(Duration::from_secs(5), deadline);
    let params: Vec<Expr> = s.params.iter().map(|x| b::sym(*x)).collect();
    for p in paths {
        let hyp = b::and(p.pc, assumed(s, p));
        let bad = match p.ret {
            Some(rv) => b::not(s.at(&params, rv)),
            None => b::tru(),
        };
        if !unsat(&mut solver, b::and(hyp, bad)) {
            return Err(match p.ret {
                Some(_) => "a return does not satisfy it".into(),
                None => "an error of the function is not excluded".into(),
            });
        }
    }
    Ok(())
}
