//! The analysed flowgraph: `main` with its calls inlined, and the target
//! locations in it.
//!
//! Interprocedural rule: a direct call of a defined function is inlined
//! (every call site gets its own copy of the callee's locations and
//! registers; parameters are assigned from the arguments by a parallel
//! assignment, each `return v` becomes an assignment of `v` to the call's
//! result on an edge back to the caller) unless the callee is already being
//! inlined on the current chain (recursion), takes `byval` or variadic
//! arguments, or the inlined graph already has [`MAX_EDGES`] edges. A call
//! left in place (and every indirect or external call) is executed with
//! unknown effects: its result and the whole memory become fresh values
//! (⋆). If the callee might reach the target (transitively; an indirect
//! call might reach it whenever any defined function does), the call's
//! location is itself a target, reached with whatever the path says up to
//! it. Both keep the condition necessary.

use kappa_ir::{Callee, FuncId, Function, Instr, Loc, LocInfo, Module, SrcLoc, Value};

/// Most edges of the inlined graph; calls met beyond it stay calls.
pub const MAX_EDGES: usize = 20_000;

/// Which locations the condition is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Every call of `reach_error` (the default).
    Errors,
    /// Every location whose instruction comes from this source line; the
    /// file is compared by base name.
    Line {
        /// Base name of the source file.
        file: String,
        /// 1-based line.
        line: u32,
    },
}

/// `main` with its calls inlined.
#[derive(Clone, Debug)]
pub struct Inlined {
    /// The flowgraph (a function of its own; its registers are the copies).
    pub func: Function,
    /// The original function of each edge of `func`.
    pub edge_origin: Vec<FuncId>,
    /// The target locations.
    pub targets: Vec<Loc>,
    /// Calls left in place, as `callee name` (sorted, deduplicated).
    pub kept_calls: Vec<String>,
}

fn remap(v: &Value, off: u32) -> Value {
    let r = |x: &Value| Box::new(remap(x, off));
    match v {
        Value::Var(x) => Value::Var(kappa_ir::VarId(x.0 + off)),
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
    }
}

fn remap_instr(i: &Instr, off: u32) -> Instr {
    let var = |x: &kappa_ir::VarId| kappa_ir::VarId(x.0 + off);
    match i {
        Instr::Assign { dst, value } => Instr::Assign {
            dst: var(dst),
            value: remap(value, off),
        },
        Instr::Assume(c) => Instr::Assume(remap(c, off)),
        Instr::Phi(ms) => Instr::Phi(ms.iter().map(|(d, v)| (var(d), remap(v, off))).collect()),
        Instr::Load { dst, addr, ty } => Instr::Load {
            dst: var(dst),
            addr: remap(addr, off),
            ty: *ty,
        },
        Instr::Store { addr, value } => Instr::Store {
            addr: remap(addr, off),
            value: remap(value, off),
        },
        Instr::Alloca { dst, size, align } => Instr::Alloca {
            dst: var(dst),
            size: remap(size, off),
            align: *align,
        },
        Instr::Call { dst, callee, args } => Instr::Call {
            dst: dst.as_ref().map(var),
            callee: match callee {
                Callee::Direct(f) => Callee::Direct(*f),
                Callee::Indirect(v) => Callee::Indirect(remap(v, off)),
            },
            args: args.iter().map(|a| remap(a, off)).collect(),
        },
        Instr::Return(v) => Instr::Return(v.as_ref().map(|x| remap(x, off))),
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

/// Whether an edge's source position is on the target line.
fn on_line(m: &Module, src: Option<SrcLoc>, file: &str, line: u32) -> bool {
    let Some(s) = src else { return false };
    if s.line != line {
        return false;
    }
    let name = m
        .files
        .get(s.file as usize)
        .map(String::as_str)
        .unwrap_or("");
    let base = std::path::Path::new(name)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(name);
    base == file
}

/// For each function, whether running it may reach the target.
fn reaching(m: &Module, target: &Target) -> Vec<bool> {
    let direct = |f: &Function| {
        f.edges.iter().any(|e| match target {
            Target::Errors => matches!(e.instr, Instr::Error),
            Target::Line { file, line } => on_line(m, e.src, file, *line),
        })
    };
    let mut r: Vec<bool> = m.functions.iter().map(|f| f.defined && direct(f)).collect();
    loop {
        let any = r.iter().any(|x| *x);
        let mut changed = false;
        for (i, f) in m.functions.iter().enumerate() {
            if r[i] || !f.defined {
                continue;
            }
            let reaches = f.edges.iter().any(|e| match &e.instr {
                Instr::Call {
                    callee: Callee::Direct(g),
                    ..
                } => r[g.index()],
                Instr::Call {
                    callee: Callee::Indirect(_),
                    ..
                } => any,
                _ => false,
            });
            if reaches {
                r[i] = true;
                changed = true;
            }
        }
        if !changed {
            return r;
        }
    }
}

struct Builder<'m> {
    m: &'m Module,
    target: &'m Target,
    reaches: Vec<bool>,
    out: Function,
    origin: Vec<FuncId>,
    targets: Vec<Loc>,
    kept: Vec<String>,
    stack: Vec<FuncId>,
}

impl Builder<'_> {
    fn add_edge(&mut self, from: Loc, to: Loc, instr: Instr, src: Option<SrcLoc>, f: FuncId) {
        self.out.add_edge(from, to, instr, src);
        self.origin.push(f);
    }

    /// Copies function `fid`; returns its entry and the `return` edges as
    /// (location, returned value) for the caller to wire (for the outermost
    /// copy they stay edges into the graph's exit).
    #[allow(clippy::type_complexity)]
    fn copy(&mut self, fid: FuncId) -> (Loc, Vec<(Loc, Option<Value>, Option<SrcLoc>)>, u32) {
        let f = self.m.func(fid);
        self.stack.push(fid);
        let off = self.out.vars.len() as u32;
        let outer = self.stack.len() == 1;
        for v in &f.vars {
            let name = if outer {
                v.name.clone()
            } else {
                format!("{}.{}", f.name, v.name)
            };
            self.out.add_var(name, v.ty);
        }
        let base = self.out.locs.len() as u32;
        for l in &f.locs {
            self.out.add_loc(l.clone());
        }
        let loc = |l: Loc| Loc(l.0 + base);
        let mut rets = vec![];
        let sink = self.out.sink;
        for e in &f.edges {
            let from = loc(e.from);
            if let Target::Line { file, line } = self.target {
                if on_line(self.m, e.src, file, *line) {
                    self.targets.push(from);
                }
            }
            match &e.instr {
                Instr::Return(v) if !outer => {
                    rets.push((from, v.as_ref().map(|x| remap(x, off)), e.src));
                }
                Instr::Error | Instr::Halt | Instr::Unsupported(_) => {
                    if matches!(e.instr, Instr::Error) && *self.target == Target::Errors {
                        self.targets.push(from);
                    }
                    self.add_edge(from, sink, e.instr.clone(), e.src, fid);
                }
                Instr::Return(_) => {
                    let exit = self.out.exit;
                    self.add_edge(from, exit, remap_instr(&e.instr, off), e.src, fid);
                }
                Instr::Call { dst, callee, args } => {
                    let to = loc(e.to);
                    let inlinable = match callee {
                        Callee::Direct(g) => {
                            let gf = self.m.func(*g);
                            gf.defined
                                && !self.stack.contains(g)
                                && gf.byval.is_empty()
                                && !gf.variadic
                                && gf.params.len() == args.len()
                                && self.out.edges.len() + gf.edges.len() <= MAX_EDGES
                        }
                        Callee::Indirect(_) => false,
                    };
                    if let (true, Callee::Direct(g)) = (inlinable, callee) {
                        let (entry, grets, goff) = self.copy(*g);
                        let gf = self.m.func(*g);
                        let moves: Vec<(kappa_ir::VarId, Value)> = gf
                            .params
                            .iter()
                            .zip(args)
                            .map(|(p, a)| (kappa_ir::VarId(p.0 + goff), remap(a, off)))
                            .collect();
                        self.add_edge(from, entry, Instr::Phi(moves), e.src, fid);
                        for (r, v, src) in grets {
                            let moves = match (dst, v) {
                                (Some(d), Some(v)) => vec![(kappa_ir::VarId(d.0 + off), v)],
                                _ => vec![],
                            };
                            self.add_edge(r, to, Instr::Phi(moves), src, fid);
                        }
                    } else {
                        let name = match callee {
                            Callee::Direct(g) => self.m.func(*g).name.clone(),
                            Callee::Indirect(_) => "(indirect)".to_string(),
                        };
                        let may_reach = match callee {
                            Callee::Direct(g) => self.reaches[g.index()],
                            Callee::Indirect(_) => self.reaches.iter().any(|x| *x),
                        };
                        if may_reach {
                            self.targets.push(from);
                        }
                        if self.m.func_defined(callee) {
                            self.kept.push(name);
                        }
                        self.add_edge(from, to, remap_instr(&e.instr, off), e.src, fid);
                    }
                }
                _ => {
                    let to = loc(e.to);
                    self.add_edge(from, to, remap_instr(&e.instr, off), e.src, fid);
                }
            }
        }
        self.stack.pop();
        (loc(f.entry), rets, off)
    }
}

trait Defined {
    fn func_defined(&self, c: &Callee) -> bool;
}

impl Defined for Module {
    fn func_defined(&self, c: &Callee) -> bool {
        matches!(c, Callee::Direct(g) if self.func(*g).defined)
    }
}

/// Inlines the calls of `main` (see the module doc) and finds the targets.
/// `None` when the module has no defined `main`.
pub fn inline_main(m: &Module, target: &Target) -> Option<Inlined> {
    let main = m.function_by_name("main").filter(|f| m.func(*f).defined)?;
    let mut out = Function::external("main*".into(), m.func(main).ret, false);
    out.defined = true;
    let entry_stub = out.add_loc(LocInfo::default());
    out.exit = out.add_loc(LocInfo::default());
    out.sink = out.add_loc(LocInfo::default());
    let mut b = Builder {
        m,
        target,
        reaches: reaching(m, target),
        out,
        origin: vec![],
        targets: vec![],
        kept: vec![],
        stack: vec![],
    };
    let (entry, _, _) = b.copy(main);
    b.add_edge(entry_stub, entry, Instr::Phi(vec![]), None, main);
    b.out.entry = entry_stub;
    b.targets.sort();
    b.targets.dedup();
    b.kept.sort();
    b.kept.dedup();
    Some(Inlined {
        func: b.out,
        edge_origin: b.origin,
        targets: b.targets,
        kept_calls: b.kept,
    })
}
