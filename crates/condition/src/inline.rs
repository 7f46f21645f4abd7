//! The analysed flowgraph: the constructors and `main` with their calls
//! inlined, and the target locations in it.
//!
//! Interprocedural rule: a direct call of a defined function is inlined
//! (every call site gets its own copy of the callee's locations and
//! registers, an *instance*; parameters are assigned from the arguments by
//! a parallel assignment, each `return v` becomes an assignment of `v` to
//! the call's result on an edge back to the caller) unless the callee is
//! already being inlined on the current chain (recursion), takes `byval` or
//! variadic arguments, or the inlined graph already has [`MAX_EDGES`]
//! edges. A call left in place (and every indirect or external call) is
//! executed with unknown effects: its result and the whole memory become
//! fresh values (⋆); whether it is a target is decided by the rules of
//! `targets`. The constructors (`llvm.global_ctors`) run first, in order,
//! each inlined the same way, then `main`. All of this keeps the condition
//! necessary.

use crate::targets::{may_fail, mem_call_of, on_line, reaching, MayFail, Reach};
use kappa_ir::inline::{remap_instr, remap_value as remap};
use kappa_ir::{Callee, EdgeId, FuncId, Function, Instr, Loc, LocInfo, Module, SrcLoc, Value};

/// Most edges of the inlined graph; calls met beyond it stay calls.
pub const MAX_EDGES: usize = 20_000;

/// Which locations the condition is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Every call of `reach_error` (the default).
    Errors,
    /// Every call of `reach_error` and every edge that may fail (a possible
    /// undefined behaviour, an access that may leave its object, an
    /// unsupported construct, a call the flowgraph does not follow): what
    /// a run must reach to end in `false` or `unknown`, so an unsatisfiable
    /// condition for it proves `true` under kappa's verdict rules.
    ErrorsAndFailures,
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
    /// The target locations (every run reaching one reaches the target).
    pub targets: Vec<Loc>,
    /// Edges that are targets under a fail condition (computed by `exec`
    /// from the values there), with their source location; the location
    /// also goes on. Only for [`Target::ErrorsAndFailures`].
    pub checks: Vec<(Loc, EdgeId)>,
    /// The instance (inlined copy of a function) of each edge of `func`.
    pub edge_instance: Vec<u32>,
    /// The instance each instance was inlined into (`None` for the
    /// constructors and `main`).
    pub instance_parent: Vec<Option<u32>>,
    /// Calls left in place, as `callee name` (sorted, deduplicated).
    pub kept_calls: Vec<String>,
}

struct Builder<'m> {
    m: &'m Module,
    target: &'m Target,
    reach: Reach,
    /// Failures are targets ([`Target::ErrorsAndFailures`]).
    failures: bool,
    /// `main`'s returns and `Halt` edges are targets (exit handlers).
    exits: bool,
    out: Function,
    origin: Vec<FuncId>,
    targets: Vec<Loc>,
    checks: Vec<(Loc, EdgeId)>,
    kept: Vec<String>,
    stack: Vec<FuncId>,
    edge_instance: Vec<u32>,
    parent: Vec<Option<u32>>,
    instance: u32,
}

/// The `return` edges of a copied function: (location, returned value,
/// source position).
type Returns = Vec<(Loc, Option<Value>, Option<SrcLoc>)>;

impl Builder<'_> {
    fn add_edge(&mut self, from: Loc, to: Loc, instr: Instr, src: Option<SrcLoc>, f: FuncId) {
        if self.failures && may_fail(self.m, &instr) == MayFail::Checked {
            self.checks
                .push((from, EdgeId(self.out.edges.len() as u32)));
        }
        self.out.add_edge(from, to, instr, src);
        self.origin.push(f);
        self.edge_instance.push(self.instance);
    }

    /// Copies function `fid` as a new instance; returns its entry, the
    /// `return` edges for the caller to wire (for `main`, `is_main`, they
    /// stay edges into the graph's exit) and the offset of its registers.
    fn copy(&mut self, fid: FuncId, is_main: bool) -> (Loc, Returns, u32) {
        let f = self.m.func(fid);
        let caller = (!self.stack.is_empty()).then_some(self.instance);
        self.instance = self.parent.len() as u32;
        self.parent.push(caller);
        self.stack.push(fid);
        let off = self.out.vars.len() as u32;
        for v in &f.vars {
            let name = if is_main {
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
        let errors = matches!(self.target, Target::Errors | Target::ErrorsAndFailures);
        for e in &f.edges {
            let from = loc(e.from);
            if let Target::Line { file, line } = self.target {
                if on_line(self.m, e.src, file, *line) {
                    self.targets.push(from);
                }
            }
            match &e.instr {
                Instr::Return(v) if !is_main => {
                    rets.push((from, v.as_ref().map(|x| remap(x, off)), e.src));
                }
                Instr::Error | Instr::Halt | Instr::Unsupported(_) => {
                    let target = match e.instr {
                        Instr::Error => errors,
                        Instr::Halt => self.exits,
                        // the flowgraph stops here, the native run does not
                        _ => true,
                    };
                    if target {
                        self.targets.push(from);
                    }
                    self.add_edge(from, sink, e.instr.clone(), e.src, fid);
                }
                Instr::Return(_) => {
                    if self.exits {
                        self.targets.push(from);
                    }
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
                        let me = self.instance;
                        let (entry, grets, goff) = self.copy(*g, false);
                        self.instance = me;
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
                        let mem = mem_call_of(self.m, &e.instr).is_some();
                        // `exit` (a call followed by `Halt`) with no handler
                        // or destructor to run and no constructor it could
                        // be called from: the engine's model only ends the
                        // path, it cannot fail
                        let plain_exit = matches!(callee, Callee::Direct(g)
                            if !self.m.func(*g).defined && self.m.func(*g).name == "exit")
                            && self.m.ctors.is_empty()
                            && !self.m.may_run_exit_handlers();
                        // a memory function fails under its fail condition
                        // (`add_edge` records it) and never calls back
                        let may_reach = !plain_exit
                            && ((self.failures && !mem)
                                || match callee {
                                    _ if mem => false,
                                    Callee::Direct(g) if self.m.func(*g).defined => {
                                        self.reach.funcs[g.index()]
                                    }
                                    // an external may call back through a pointer
                                    Callee::Direct(_) | Callee::Indirect(_) => self.reach.callback,
                                });
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

/// Inlines the constructors and `main` (see the module doc) and finds the
/// targets. `None` when the module has no defined `main`.
pub fn inline_main(m: &Module, target: &Target) -> Option<Inlined> {
    let main = m.function_by_name("main").filter(|f| m.func(*f).defined)?;
    let mut out = Function::external("main*".into(), m.func(main).ret, false);
    out.defined = true;
    let entry_stub = out.add_loc(LocInfo::default());
    out.exit = out.add_loc(LocInfo::default());
    out.sink = out.add_loc(LocInfo::default());
    let failures = *target == Target::ErrorsAndFailures;
    let reach = reaching(m, target);
    let exits = if failures {
        m.may_run_exit_handlers()
    } else {
        reach.at_exit
    };
    let mut b = Builder {
        m,
        target,
        reach,
        failures,
        exits,
        out,
        origin: vec![],
        targets: vec![],
        checks: vec![],
        kept: vec![],
        stack: vec![],
        edge_instance: vec![],
        parent: vec![],
        instance: 0,
    };
    // constructors first, each returning into the next; then main
    let mut at = entry_stub;
    for &c in &m.ctors {
        let cf = m.func(c);
        if !cf.defined || !cf.params.is_empty() {
            // a constructor the flowgraph cannot run: a target right away
            b.targets.push(at);
            continue;
        }
        let (entry, rets, _) = b.copy(c, false);
        b.add_edge(at, entry, Instr::Phi(vec![]), None, c);
        let next = b.out.add_loc(LocInfo::default());
        for (r, _, src) in rets {
            b.add_edge(r, next, Instr::Phi(vec![]), src, c);
        }
        at = next;
    }
    let (entry, _, _) = b.copy(main, true);
    b.add_edge(at, entry, Instr::Phi(vec![]), None, main);
    b.out.entry = entry_stub;
    b.targets.sort();
    b.targets.dedup();
    b.kept.sort();
    b.kept.dedup();
    b.checks
        .retain(|(l, _)| b.targets.binary_search(l).is_err());
    Some(Inlined {
        func: b.out,
        edge_origin: b.origin,
        targets: b.targets,
        checks: b.checks,
        edge_instance: b.edge_instance,
        instance_parent: b.parent,
        kept_calls: b.kept,
    })
}
