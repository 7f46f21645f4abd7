//! Inlining of small loop-free leaf functions into their callers, the
//! deep inlining of every alloca-free callee into a copy of one function
//! ([`inline_calls_deep`], for loop navigation's proof), and the
//! renumbering of a callee's registers that every inliner needs.
//!
//! Benchmarks state properties inside loops through two-line functions
//! (`__VERIFIER_assert(cond)`, `assume_abort_if_not(cond)`); a call on a
//! cycle stops the loop techniques (templates, chains), which handle the
//! flowgraph of one function. [`inline_leaf_calls`] replaces each direct call
//! of a *leaf* function by a copy of its body, so the callee's branch to the
//! error becomes an exit of the caller's cycle.
//!
//! A function is a leaf when it is defined, not `main`, not variadic, takes
//! no argument by value in memory (`byval`), has no call and no `alloca`
//! (so no frame object whose lifetime ends at the return), its flowgraph is
//! acyclic, and it has at most [`LEAF_MAX_EDGES`] edges. A call site is
//! inlined only when it passes exactly one argument of the parameter's type
//! per parameter (otherwise the engine's conversions at calls apply).
//!
//! Exactness: for such a callee, the copy computes what the call does. The
//! parameters are assigned from the arguments by one parallel assignment
//! (reading every argument first, as the call does), each `return v`
//! becomes an edge to the call's successor assigning `v` to the call's
//! result, and the callee's `Error`/`Halt`/`Unsupported` edges end in the
//! caller's sink as they ended the path before. With no `alloca` the
//! callee's return frees nothing, and with no call no frame is observable;
//! what changes is only the call stack depth (one frame less), which no
//! verdict rule depends on for these functions.

use crate::{Callee, Edge, EdgeId, FuncId, Function, Instr, Loc, Module, Value, VarId};

/// Most edges of a function that is inlined at its call sites.
pub const LEAF_MAX_EDGES: usize = 64;

/// `v` with every register `x` renamed to `x + off` (the callee's registers
/// appended after the caller's).
pub fn remap_value(v: &Value, off: u32) -> Value {
    let r = |x: &Value| Box::new(remap_value(x, off));
    match v {
        Value::Var(x) => Value::Var(VarId(x.0 + off)),
        Value::Const { .. } | Value::GlobalAddr(_) | Value::FuncAddr(_) | Value::Undef(_) => {
            v.clone()
        }
        Value::Not(a) => Value::Not(r(a)),
        Value::Binary { op, ty, lhs, rhs } => Value::Binary {
            op: *op,
            ty: *ty,
            lhs: r(lhs),
            rhs: r(rhs),
        },
        Value::Cmp { op, lhs, rhs } => Value::Cmp {
            op: *op,
            lhs: r(lhs),
            rhs: r(rhs),
        },
        Value::Cast { op, to, arg } => Value::Cast {
            op: *op,
            to: *to,
            arg: r(arg),
        },
        Value::Select {
            ty,
            cond,
            then,
            else_,
        } => Value::Select {
            ty: *ty,
            cond: r(cond),
            then: r(then),
            else_: r(else_),
        },
        Value::Float { op, args } => Value::Float {
            op: *op,
            args: args.iter().map(|a| remap_value(a, off)).collect(),
        },
    }
}

/// `i` with every register `x` renamed to `x + off`.
pub fn remap_instr(i: &Instr, off: u32) -> Instr {
    let var = |x: &VarId| VarId(x.0 + off);
    match i {
        Instr::Assign { dst, value } => Instr::Assign {
            dst: var(dst),
            value: remap_value(value, off),
        },
        Instr::Assume(c) => Instr::Assume(remap_value(c, off)),
        Instr::Phi(ms) => Instr::Phi(
            ms.iter()
                .map(|(d, v)| (var(d), remap_value(v, off)))
                .collect(),
        ),
        Instr::Load { dst, addr, ty } => Instr::Load {
            dst: var(dst),
            addr: remap_value(addr, off),
            ty: *ty,
        },
        Instr::Store { addr, value } => Instr::Store {
            addr: remap_value(addr, off),
            value: remap_value(value, off),
        },
        Instr::Alloca { dst, size, align } => Instr::Alloca {
            dst: var(dst),
            size: remap_value(size, off),
            align: *align,
        },
        Instr::Call { dst, callee, args } => Instr::Call {
            dst: dst.as_ref().map(var),
            callee: match callee {
                Callee::Direct(f) => Callee::Direct(*f),
                Callee::Indirect(v) => Callee::Indirect(remap_value(v, off)),
            },
            args: args.iter().map(|a| remap_value(a, off)).collect(),
        },
        Instr::Return(v) => Instr::Return(v.as_ref().map(|x| remap_value(x, off))),
        Instr::Nondet { dst, ty, origin } => Instr::Nondet {
            dst: var(dst),
            ty: *ty,
            origin: origin.clone(),
        },
        Instr::Error => Instr::Error,
        Instr::Halt => Instr::Halt,
        Instr::Unsupported(s) => Instr::Unsupported(s.clone()),
    }
}

/// Whether `f` is a leaf function (see the module documentation).
pub fn is_leaf(f: &Function) -> bool {
    if !f.defined
        || f.variadic
        || !f.byval.is_empty()
        || f.edges.len() > LEAF_MAX_EDGES
        || matches!(f.name.as_str(), "main" | "reach_error" | "__VERIFIER_error")
    {
        return false;
    }
    if f.edges
        .iter()
        .any(|e| matches!(e.instr, Instr::Call { .. } | Instr::Alloca { .. }))
    {
        return false;
    }
    is_acyclic(f)
}

/// Whether the flowgraph of `f` has no cycle (iterative DFS with colours).
fn is_acyclic(f: &Function) -> bool {
    // 0 white, 1 on the stack, 2 done
    let mut colour = vec![0u8; f.locs.len()];
    let mut stack: Vec<(Loc, usize)> = vec![(f.entry, 0)];
    colour[f.entry.index()] = 1;
    while let Some(&mut (l, ref mut k)) = stack.last_mut() {
        let succs = &f.succs[l.index()];
        if *k < succs.len() {
            let to = f.edges[succs[*k].index()].to;
            *k += 1;
            match colour[to.index()] {
                0 => {
                    colour[to.index()] = 1;
                    stack.push((to, 0));
                }
                1 => return false,
                _ => {}
            }
        } else {
            colour[l.index()] = 2;
            stack.pop();
        }
    }
    true
}

/// Inlines every direct call of a leaf function (see the module
/// documentation) in every defined function of `m`; returns how many call
/// sites were inlined. Callers' existing locations, edges and registers
/// keep their ids (the call edge itself becomes the parameter assignment).
pub fn inline_leaf_calls(m: &mut Module) -> usize {
    let leaves: Vec<bool> = m.functions.iter().map(is_leaf).collect();
    let ptr = m.ptr_ty();
    let mut count = 0;
    for g in 0..m.functions.len() {
        if !m.functions[g].defined {
            continue;
        }
        // call edges of the original body (inlined copies have no calls)
        let calls: Vec<EdgeId> = (0..m.functions[g].edges.len())
            .map(|i| EdgeId(i as u32))
            .filter(|e| {
                let caller = &m.functions[g];
                direct_call_fits(m, caller, *e, ptr)
                    .is_some_and(|t| leaves[t.index()] && t.index() != g)
            })
            .collect();
        let mut instances: std::collections::HashMap<usize, u32> = Default::default();
        for e in calls {
            let Instr::Call {
                callee: Callee::Direct(t),
                ..
            } = &m.functions[g].edges[e.index()].instr
            else {
                continue;
            };
            let t = t.index();
            let k = instances.entry(t).or_default();
            *k += 1;
            let callee = m.functions[t].clone();
            inline_call(&mut m.functions[g], e, &callee, *k);
            count += 1;
        }
    }
    count
}

/// The callee of edge `e` of `caller` when it is a direct call passing
/// one argument of each parameter's type and receiving the result in a
/// register of the result's type (the calls an inliner may replace).
fn direct_call_fits(m: &Module, caller: &Function, e: EdgeId, ptr: crate::Ty) -> Option<FuncId> {
    let Instr::Call {
        callee: Callee::Direct(t),
        args,
        dst,
    } = &caller.edges[e.index()].instr
    else {
        return None;
    };
    let callee = &m.functions[t.index()];
    (args.len() == callee.params.len()
        && args
            .iter()
            .zip(&callee.params)
            .all(|(a, p)| a.ty(&caller.vars, ptr) == callee.vars[p.index()].ty)
        && dst.is_none_or(|d| Some(caller.vars[d.index()].ty) == callee.ret))
    .then_some(*t)
}

/// Whether `f` may be inlined by [`inline_calls_deep`]: defined, not
/// `main` or an error function, not variadic, no `byval` argument and no
/// `alloca` (no frame object whose lifetime ends at its return; loops and
/// calls are allowed).
fn deep_inlinable(f: &Function) -> bool {
    f.defined
        && !f.variadic
        && f.byval.is_empty()
        && !matches!(f.name.as_str(), "main" | "reach_error" | "__VERIFIER_error")
        && !f
            .edges
            .iter()
            .any(|e| matches!(e.instr, Instr::Alloca { .. }))
}

/// A copy of function `fid` with its direct calls inlined, transitively:
/// every call site of a function allowed by [`deep_inlinable`] (loops and
/// calls included) that is not already being inlined on the way to it
/// (recursion stays a call), while the copy has at most `max_edges`
/// edges. `None` when no call was inlined. Exact for the same reasons as
/// [`inline_leaf_calls`] (no callee has a frame object); the call stack
/// depth is the only difference. For analyses of one flowgraph that must
/// see through calls (loop navigation's proof before execution).
pub fn inline_calls_deep(m: &Module, fid: FuncId, max_edges: usize) -> Option<Function> {
    let ptr = m.ptr_ty();
    let mut f = m.functions[fid.index()].clone();
    // per edge, the functions inlined on the way to it (outermost first)
    let outer = std::rc::Rc::new(vec![fid]);
    let mut stacks: Vec<std::rc::Rc<Vec<FuncId>>> = vec![outer; f.edges.len()];
    let mut copies: std::collections::HashMap<FuncId, u32> = Default::default();
    let mut i = 0;
    while i < f.edges.len() {
        let e = EdgeId(i as u32);
        i += 1;
        let Some(t) = direct_call_fits(m, &f, e, ptr) else {
            continue;
        };
        let callee = &m.functions[t.index()];
        if !deep_inlinable(callee)
            || stacks[e.index()].contains(&t)
            || f.edges.len() + callee.edges.len() > max_edges
        {
            continue;
        }
        let k = copies.entry(t).or_default();
        *k += 1;
        let before = f.edges.len();
        inline_call(&mut f, e, callee, *k);
        let mut inner = (*stacks[e.index()]).clone();
        inner.push(t);
        let inner = std::rc::Rc::new(inner);
        stacks.resize(f.edges.len(), inner);
        debug_assert!(f.edges.len() >= before);
    }
    (!copies.is_empty()).then_some(f)
}

/// Replaces call edge `e` of `caller` by a copy of `callee`'s body; `k`
/// numbers the copies of this callee in this caller (for register names).
fn inline_call(caller: &mut Function, e: EdgeId, callee: &Function, k: u32) {
    let Instr::Call { dst, args, .. } = caller.edges[e.index()].instr.clone() else {
        return;
    };
    let ret_to = caller.edges[e.index()].to;
    let off = caller.vars.len() as u32;
    let prefix = if k == 1 {
        format!("{}.", callee.name)
    } else {
        format!("{}#{k}.", callee.name)
    };
    for v in &callee.vars {
        caller.add_var(format!("{prefix}{}", v.name), v.ty);
    }
    // the callee's locations, but its exit and sink
    let mut loc_map: Vec<Option<Loc>> = vec![None; callee.locs.len()];
    for (i, info) in callee.locs.iter().enumerate() {
        let l = Loc(i as u32);
        if l != callee.exit && l != callee.sink {
            // the callee's source variables, held by the renumbered registers
            let mut info = info.clone();
            for v in &mut info.src_vars {
                v.reg = v.reg.map(|r| VarId(r.0 + off));
            }
            loc_map[i] = Some(caller.add_loc(info));
        }
    }
    let Some(entry) = loc_map[callee.entry.index()] else {
        return;
    };
    // the call edge: parameters := arguments, into the copy's entry
    let moves = callee
        .params
        .iter()
        .zip(&args)
        .map(|(p, a)| (VarId(p.0 + off), a.clone()))
        .collect();
    let call = &mut caller.edges[e.index()];
    call.instr = Instr::Phi(moves);
    call.to = entry;
    let sink = caller.sink;
    for Edge {
        from,
        to,
        instr,
        src,
    } in &callee.edges
    {
        let Some(from) = loc_map[from.index()] else {
            continue;
        };
        let (to, instr) = match instr {
            Instr::Return(v) => {
                let moves = match (dst, v) {
                    (Some(d), Some(v)) => vec![(d, remap_value(v, off))],
                    _ => vec![],
                };
                (ret_to, Instr::Phi(moves))
            }
            _ if *to == callee.sink => (sink, remap_instr(instr, off)),
            _ => match loc_map[to.index()] {
                Some(t) => (t, remap_instr(instr, off)),
                None => continue,
            },
        };
        caller.add_edge(from, to, instr, *src);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DataModel, LocInfo, Ty};

    /// `int leaf(int p) { if (p) return p + 1; reach_error(); }` and a
    /// caller `main` that calls it once, or in a loop when `looping`.
    fn module(looping: bool) -> Module {
        let mut leaf = Function::external("leaf".into(), Some(Ty::Int(32)), false);
        leaf.defined = true;
        let p = leaf.add_var("%p".into(), Ty::Int(32));
        leaf.params = vec![p];
        let entry = leaf.add_loc(LocInfo::default());
        let a = leaf.add_loc(LocInfo::default());
        let exit = leaf.add_loc(LocInfo::default());
        let sink = leaf.add_loc(LocInfo::default());
        leaf.entry = entry;
        leaf.exit = exit;
        leaf.sink = sink;
        let nz = Value::Cmp {
            op: crate::CmpOp::Ne,
            lhs: Box::new(Value::Var(p)),
            rhs: Box::new(Value::int(32, 0)),
        };
        leaf.add_edge(entry, a, Instr::Assume(nz.clone()), None);
        leaf.add_edge(entry, sink, Instr::Assume(Value::negate(nz)), None);
        let plus = Value::Binary {
            op: crate::BinOp::Add,
            ty: Ty::Int(32),
            lhs: Box::new(Value::Var(p)),
            rhs: Box::new(Value::int(32, 1)),
        };
        leaf.add_edge(a, exit, Instr::Return(Some(plus)), None);
        // main: l0 --x := nondet--> l1 --y := leaf(x)--> l2 --return y--> exit,
        // or, looping, l1 --y := leaf(x)--> l0
        let mut main = Function::external("main".into(), Some(Ty::Int(32)), false);
        main.defined = true;
        let x = main.add_var("%x".into(), Ty::Int(32));
        let y = main.add_var("%y".into(), Ty::Int(32));
        let l0 = main.add_loc(LocInfo::default());
        let l1 = main.add_loc(LocInfo::default());
        let l2 = main.add_loc(LocInfo::default());
        let exit = main.add_loc(LocInfo::default());
        let sink = main.add_loc(LocInfo::default());
        main.entry = l0;
        main.exit = exit;
        main.sink = sink;
        let nondet = Instr::Nondet {
            dst: x,
            ty: Ty::Int(32),
            origin: "__VERIFIER_nondet_int".into(),
        };
        main.add_edge(l0, l1, nondet, None);
        let call = Instr::Call {
            dst: Some(y),
            callee: Callee::Direct(crate::FuncId(0)),
            args: vec![Value::Var(x)],
        };
        main.add_edge(l1, if looping { l0 } else { l2 }, call, None);
        main.add_edge(l2, exit, Instr::Return(Some(Value::Var(y))), None);
        Module {
            files: vec![],
            data_model: DataModel::Ilp32,
            globals: vec![],
            functions: vec![leaf, main],
            ctors: vec![],
            dtors: vec![],
        }
    }

    #[test]
    fn a_leaf_call_becomes_a_copy_of_the_body() {
        let mut m = module(false);
        // the leaf's source variable at its branch: p, held by its parameter
        m.functions[0].locs[0].src_vars = vec![crate::SrcVar {
            name: "p".into(),
            reg: Some(VarId(0)),
            line: 0,
            int_type: None,
        }];
        assert!(is_leaf(&m.functions[0]));
        assert!(!is_leaf(&m.functions[1]), "main is never inlined");
        assert_eq!(inline_leaf_calls(&mut m), 1);
        let main = &m.functions[1];
        assert!(main
            .edges
            .iter()
            .all(|e| !matches!(e.instr, Instr::Call { .. })));
        // parameters from the arguments on the old call edge
        assert_eq!(
            main.edges[1].instr,
            Instr::Phi(vec![(VarId(2), Value::Var(VarId(0)))])
        );
        assert_eq!(main.vars[2].name, "leaf.%p");
        // the copy of its entry names the renumbered register
        let copy = main.edges[1].to;
        assert_eq!(main.locs[copy.index()].src_name(VarId(2)), Some("p"));
        // the return assigns p + 1 to y and continues after the call (L2)
        let plus = Value::Binary {
            op: crate::BinOp::Add,
            ty: Ty::Int(32),
            lhs: Box::new(Value::Var(VarId(2))),
            rhs: Box::new(Value::int(32, 1)),
        };
        assert!(main
            .edges
            .iter()
            .any(|e| e.to == Loc(2) && e.instr == Instr::Phi(vec![(VarId(1), plus.clone())])));
        // the failing branch ends in the caller's sink
        assert!(main.edges.iter().any(|e| e.to == main.sink));
        assert!(m.validate().is_ok(), "{:?}", m.validate());
    }

    #[test]
    fn functions_with_cycles_calls_or_allocas_are_not_leaves() {
        let m = module(true);
        assert!(!is_leaf(&m.functions[1]), "main loops and calls");
        let mut f = m.functions[0].clone();
        let l = f.entry;
        f.add_edge(l, l, Instr::Assume(Value::bool(true)), None);
        assert!(!is_leaf(&f), "a cycle");
        let mut f = m.functions[0].clone();
        let l = f.entry;
        let d = f.add_var("%a".into(), Ty::Int(32));
        let to = f.add_loc(LocInfo::default());
        f.add_edge(
            l,
            to,
            Instr::Alloca {
                dst: d,
                size: Value::int(32, 4),
                align: 4,
            },
            None,
        );
        assert!(!is_leaf(&f), "an alloca");
    }

    #[test]
    fn a_call_in_a_loop_is_inlined_and_the_loop_keeps_its_shape() {
        let mut m = module(true);
        assert_eq!(inline_leaf_calls(&mut m), 1);
        let main = &m.functions[1];
        // the copy's return edge goes back to the loop head
        assert!(main
            .edges
            .iter()
            .any(|e| e.to == main.entry && matches!(e.instr, Instr::Phi(_))));
    }

    #[test]
    fn deep_inlining_takes_loops_keeps_recursion_and_skips_allocas() {
        // a callee with a cycle and a call of itself: main's call is
        // inlined once, the copy's recursive call stays a call
        let mut m = module(false);
        let leaf = &mut m.functions[0];
        let (e, p) = (leaf.entry, leaf.params[0]);
        let back = leaf.add_loc(LocInfo::default());
        leaf.add_edge(e, back, Instr::Assume(Value::bool(true)), None);
        leaf.add_edge(back, e, Instr::Assume(Value::bool(true)), None);
        let self_call = Instr::Call {
            dst: None,
            callee: Callee::Direct(crate::FuncId(0)),
            args: vec![Value::Var(p)],
        };
        leaf.add_edge(back, e, self_call, None);
        assert!(!is_leaf(&m.functions[0]));
        let g = inline_calls_deep(&m, crate::FuncId(1), 1_000).expect("inlined");
        let calls: Vec<&Instr> = g
            .edges
            .iter()
            .map(|e| &e.instr)
            .filter(|i| matches!(i, Instr::Call { .. }))
            .collect();
        assert_eq!(calls.len(), 1, "the recursive call of the copy stays");
        assert_eq!(g.vars[2].name, "leaf.%p");
        assert_eq!(g.edges.len(), 3 + m.functions[0].edges.len());
        // the original module is unchanged
        assert!(m.functions[1]
            .edges
            .iter()
            .any(|e| matches!(e.instr, Instr::Call { .. })));
        // past the edge bound nothing is inlined
        assert!(inline_calls_deep(&m, crate::FuncId(1), 4).is_none());
        // a callee with a frame object is not inlined
        let leaf = &mut m.functions[0];
        let d = leaf.add_var("%a".into(), Ty::Int(32));
        let (e, to) = (leaf.entry, leaf.add_loc(LocInfo::default()));
        let alloca = Instr::Alloca {
            dst: d,
            size: Value::int(32, 4),
            align: 4,
        };
        leaf.add_edge(e, to, alloca, None);
        assert!(inline_calls_deep(&m, crate::FuncId(1), 1_000).is_none());
    }
}
