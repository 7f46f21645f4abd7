//! Symbolic execution of one backbone (the second half of Algorithm 1):
//! instructions of kappa IR over symbolic memories θ whose keys are the
//! registers' *entry symbols* a̲ and one symbol for the whole byte memory,
//! with loop summaries applied at the loop entries along the backbone.
//!
//! Values are bit-precise and follow the native `-O0` build: wrap-around
//! arithmetic; loads and stores read and write little-endian bytes of one
//! SMT array standing for all of memory, at addresses that are symbols
//! (one per global, one fresh per `alloca`), so the native run's addresses
//! and memory are one assignment of them, whatever its layout. Division by
//! zero and `INT_MIN / -1` trap natively (the run stops short of the
//! target), so SMT-LIB's values for them only add runs; a shift by the width
//! or more is masked natively, so its result is a fresh value unless the
//! amount is provably in range.
//!
//! Every symbol a backbone execution creates besides the entry symbols
//! (fresh values of calls, allocas and `undef`, and the counters, ⋆ values
//! and input sequences of the summaries applied on it) is *volatile*: in an
//! enclosing loop it takes a new value in every iteration, so the summary
//! of that loop binds it existentially per iteration (see `summary`).

use crate::summary::LoopSummary;
use kappa_expr::build as b;
use kappa_expr::{BvOp, Expr, Kind, Sort, SymMemory, Symbol, SymbolKind};
use kappa_ir::{BinOp, CastOp, EdgeId, Function, Instr, Module, Ty, Value, VarId};
use kappa_loops::backbone::{Backbone, Flowgraph};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The result of executing one backbone: θ, the abstract path condition as
/// a list of conjuncts, and what the execution created.
#[derive(Clone, Debug, Default)]
pub struct Exec {
    /// The symbolic memory at the end (keys: entry symbols).
    pub theta: SymMemory,
    /// The abstract path condition's conjuncts.
    pub pc: Vec<Expr>,
    /// Volatile symbols created on the way (see the module doc).
    pub volatile: Vec<Symbol>,
    /// Inputs read in a loop body: (the symbol of this iteration's value,
    /// the edge reading it).
    pub per_iter: Vec<(Symbol, EdgeId)>,
}

/// Shared state of one analysis: symbols of registers, memory, globals and
/// inputs, and the summaries computed so far.
pub struct Ctx<'a> {
    /// The module (globals, data model).
    pub m: &'a Module,
    /// The inlined flowgraph.
    pub f: &'a Function,
    canon: Vec<Option<Symbol>>,
    /// The entry symbol of the memory (an array from addresses to bytes).
    pub mem: Symbol,
    globals: FxHashMap<u32, Symbol>,
    funcs: FxHashMap<u32, Symbol>,
    /// The input symbol of each nondet edge executed outside every loop
    /// summary (top level), by edge.
    pub inputs: BTreeMap<EdgeId, Symbol>,
    /// Summaries by (sorted loop locations, entry location).
    pub summaries: FxHashMap<(Vec<u32>, u32), Rc<LoopSummary>>,
    /// The summaries in the order they were computed (for printing).
    pub summary_list: Vec<Rc<LoopSummary>>,
    /// Bound on backbones per flowgraph.
    pub max_backbones: usize,
    /// Set when a flowgraph had more backbones than the bound (the
    /// condition is then `true`).
    pub gave_up: Option<String>,
    /// The inlined instance of each edge of `f` (see
    /// [`crate::inline::Inlined::edge_instance`]); empty: unknown, and no
    /// `alloca` is trusted as the object of an access.
    pub edge_instance: Vec<u32>,
    /// The parent of each instance (see
    /// [`crate::inline::Inlined::instance_parent`]).
    pub instance_parent: Vec<Option<u32>>,
    /// The address symbol of each `alloca` executed, with its instance and
    /// its size when constant.
    allocas: FxHashMap<Symbol, (u32, Option<u64>)>,
    /// Undefined-behaviour conditions of the values evaluated, collected
    /// while computing a fail condition.
    ub: Option<Vec<Expr>>,
    /// The arrays the `mem_after_N` functions of iterated memories stand
    /// for (see [`crate::arrays`]).
    pub arrays: crate::arrays::ArrayDefs,
}

use kappa_loops::closed::sort_of;

/// A fresh symbol standing for an unknown value (⋆ or a value the analysis
/// does not track): unconstrained, so any native value is one of its values.
pub fn fresh(base: &str, sort: Sort) -> Symbol {
    Symbol::fresh(base, sort, SymbolKind::Fresh)
}

impl<'a> Ctx<'a> {
    /// A context for the inlined flowgraph `f` of module `m`.
    pub fn new(m: &'a Module, f: &'a Function, max_backbones: usize) -> Ctx<'a> {
        let pb = m.data_model.pointer_bits();
        Ctx {
            m,
            f,
            canon: vec![None; f.vars.len()],
            mem: Symbol::fresh("mem", Sort::Array { index: pb, elem: 8 }, SymbolKind::Fresh),
            globals: FxHashMap::default(),
            funcs: FxHashMap::default(),
            inputs: BTreeMap::new(),
            summaries: FxHashMap::default(),
            summary_list: vec![],
            max_backbones,
            gave_up: None,
            edge_instance: vec![],
            instance_parent: vec![],
            allocas: FxHashMap::default(),
            ub: None,
            arrays: Default::default(),
        }
    }

    /// The entry symbol a̲ of register `v`.
    pub fn canon(&mut self, v: VarId) -> Symbol {
        if let Some(s) = self.canon[v.index()] {
            return s;
        }
        let info = &self.f.vars[v.index()];
        let name = info.name.trim_start_matches('%').to_string();
        let s = Symbol::fresh(&name, sort_of(info.ty), SymbolKind::Fresh);
        self.canon[v.index()] = Some(s);
        s
    }

    /// The globals referenced so far: (index in the module, address
    /// symbol), by index.
    pub fn global_symbols(&self) -> Vec<(u32, Symbol)> {
        let mut v: Vec<(u32, Symbol)> = self.globals.iter().map(|(g, s)| (*g, *s)).collect();
        v.sort_by_key(|(g, _)| *g);
        v
    }

    /// The register whose entry symbol is `s`, if any.
    pub fn var_of(&self, s: Symbol) -> Option<VarId> {
        self.canon
            .iter()
            .position(|c| *c == Some(s))
            .map(|i| VarId(i as u32))
    }

    fn ptr_bits(&self) -> u32 {
        self.m.data_model.pointer_bits()
    }

    /// The value of `v` under θ.
    fn value(&mut self, v: &Value, th: &SymMemory, ex: &mut Exec) -> Expr {
        match v {
            Value::Var(x) => {
                let s = self.canon(*x);
                th.get(s)
            }
            Value::Const { ty, bits } => match ty {
                Ty::Bool => b::bool_const(*bits != 0),
                Ty::Int(w) => b::bv(*w, *bits),
            },
            Value::GlobalAddr(g) => {
                let pb = self.ptr_bits();
                let name = format!("&{}", self.m.globals[g.index()].name);
                let s = *self
                    .globals
                    .entry(g.0)
                    .or_insert_with(|| fresh(&name, Sort::Bv(pb)));
                b::sym(s)
            }
            Value::FuncAddr(fid) => {
                let pb = self.ptr_bits();
                let name = format!("&{}", self.m.func(*fid).name);
                let s = *self
                    .funcs
                    .entry(fid.0)
                    .or_insert_with(|| fresh(&name, Sort::Bv(pb)));
                b::sym(s)
            }
            Value::Undef(ty) => {
                let s = fresh("undef", sort_of(*ty));
                ex.volatile.push(s);
                b::sym(s)
            }
            Value::Not(a) => {
                let x = self.value(a, th, ex);
                if x.sort() == Sort::Bool {
                    b::not(x)
                } else {
                    b::bvnot(x)
                }
            }
            Value::Binary { op, lhs, rhs, .. } => {
                let x = self.value(lhs, th, ex);
                let y = self.value(rhs, th, ex);
                self.binary(*op, x, y, ex)
            }
            Value::Cmp { op, lhs, rhs } => {
                let x = self.value(lhs, th, ex);
                let y = self.value(rhs, th, ex);
                kappa_loops::sem::cmp(*op, x, y)
            }
            Value::Cast { op, to, arg } => {
                let x = self.value(arg, th, ex);
                cast(*op, *to, x)
            }
            Value::Select {
                cond, then, else_, ..
            } => {
                let c = self.value(cond, th, ex);
                let t = self.value(then, th, ex);
                let e = self.value(else_, th, ex);
                b::ite(c, t, e)
            }
            // floating point is not modelled by the condition: the value
            // is some bits (an over-approximation, as a necessary condition
            // may be), and a conversion to an integer may be undefined
            Value::Float { op, args } => {
                for a in args {
                    self.value(a, th, ex);
                }
                if matches!(op, kappa_ir::FpOp::FpToSi(..) | kappa_ir::FpOp::FpToUi(..)) {
                    if let Some(ub) = &mut self.ub {
                        let u = fresh("float_ub", Sort::Bool);
                        ex.volatile.push(u);
                        ub.push(b::sym(u));
                    }
                }
                let s = fresh("float", op.result_width().map_or(Sort::Bool, Sort::Bv));
                ex.volatile.push(s);
                b::sym(s)
            }
        }
    }

    fn binary(&mut self, op: BinOp, x: Expr, y: Expr, ex: &mut Exec) -> Expr {
        if x.sort() == Sort::Bool {
            return match op {
                BinOp::And => b::and(x, y),
                BinOp::Or => b::or(x, y),
                _ => b::ne(x, y),
            };
        }
        if let Some(ub) = &mut self.ub {
            ub.extend(kappa_loops::sem::undefined_when(op, x, y));
        }
        let o = kappa_loops::sem::bv_op(op);
        let r = b::bin(o, x, y);
        if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) {
            let w = x.width();
            if y.as_bv_const().is_some_and(|c| c < w as u128) {
                return r;
            }
            // natively the amount is masked; the result is some value
            let s = fresh("shift", Sort::Bv(w));
            ex.volatile.push(s);
            return b::ite(b::ult(y, b::bv(w, w as u128)), r, b::sym(s));
        }
        r
    }

    /// Executes the instruction of IR edge `e` on (θ, φ).
    fn step(&mut self, e: EdgeId, top: bool, th: &mut SymMemory, ex: &mut Exec) {
        let f = self.f;
        let edge = &f.edges[e.index()];
        match &edge.instr {
            Instr::Assign { dst, value } => {
                let v = self.value(value, th, ex);
                let s = self.canon(*dst);
                th.set(s, v);
            }
            Instr::Assume(c) => {
                let v = self.value(c, th, ex);
                ex.pc.push(v);
            }
            Instr::Phi(moves) => {
                let vals: Vec<(Symbol, Expr)> = moves
                    .iter()
                    .map(|(d, v)| {
                        let x = self.value(v, th, ex);
                        (self.canon(*d), x)
                    })
                    .collect();
                for (s, v) in vals {
                    th.set(s, v);
                }
            }
            Instr::Load { dst, addr, ty } => {
                let a = self.value(addr, th, ex);
                let m = th.get(self.mem);
                let n = ty.store_bytes();
                let mut raw = b::select(m, a);
                for i in 1..n {
                    let byte = b::select(m, b::add(a, b::bv(a.width(), i as u128)));
                    raw = b::concat(byte, raw);
                }
                let v = match ty {
                    Ty::Bool => b::eq(b::extract(0, 0, raw), b::bv(1, 1)),
                    Ty::Int(w) if *w < raw.width() => b::trunc(raw, *w),
                    Ty::Int(_) => raw,
                };
                let s = self.canon(*dst);
                th.set(s, v);
            }
            Instr::Store { addr, value } => {
                let a = self.value(addr, th, ex);
                let v = stored_bytes(self.value(value, th, ex));
                let mut m = th.get(self.mem);
                for i in 0..v.width() / 8 {
                    let byte = b::extract(8 * i + 7, 8 * i, v);
                    m = b::store(m, b::add(a, b::bv(a.width(), i as u128)), byte);
                }
                th.set(self.mem, m);
            }
            Instr::Alloca { dst, size, .. } => {
                let s = fresh("alloca", Sort::Bv(self.ptr_bits()));
                ex.volatile.push(s);
                if let Some(&inst) = self.edge_instance.get(e.index()) {
                    let n = match size {
                        Value::Const { bits, .. } => u64::try_from(*bits).ok(),
                        _ => None,
                    };
                    self.allocas.insert(s, (inst, n));
                }
                let d = self.canon(*dst);
                th.set(d, b::sym(s));
            }
            Instr::Call { dst, .. } => {
                if let Some(d) = dst {
                    let ds = self.canon(*d);
                    let s = fresh("ret", ds.sort());
                    ex.volatile.push(s);
                    th.set(ds, b::sym(s));
                }
                let s = fresh("mem_call", self.mem.sort());
                ex.volatile.push(s);
                th.set(self.mem, b::sym(s));
            }
            Instr::Nondet { dst, ty, .. } => {
                let d = self.canon(*dst);
                let s = if top {
                    let name = match edge.src {
                        Some(src) => format!("in_{}_{}", src.line, src.col),
                        None => format!("in_{e}"),
                    };
                    *self
                        .inputs
                        .entry(e)
                        .or_insert_with(|| Symbol::fresh(&name, sort_of(*ty), SymbolKind::Input))
                } else {
                    let s = fresh("nu", sort_of(*ty));
                    ex.per_iter.push((s, e));
                    s
                };
                th.set(d, b::sym(s));
            }
            // none of these continues a path: where they are targets, the
            // path ended at their location (see `targets`)
            Instr::Return(_) | Instr::Error | Instr::Halt | Instr::Unsupported(_) => {}
        }
    }

    /// The condition under which edge `e` fails when executed from θ `th`
    /// at top level: undefined behaviour of one of its values, an access
    /// that may leave its object ([`Ctx::access_fails`]), an `alloca` of a
    /// non-constant size; `false` when it cannot fail.
    pub fn fail_condition(&mut self, e: EdgeId, th: &SymMemory) -> Expr {
        let f = self.f;
        let mut ex = Exec::default();
        let mut conds = vec![];
        self.ub = Some(vec![]);
        match &f.edges[e.index()].instr {
            Instr::Load { addr, ty, .. } => {
                let a = self.value(addr, th, &mut ex);
                conds.push(self.access_fails(e, a, ty.store_bytes() as u64, false));
            }
            Instr::Store { addr, value } => {
                let a = self.value(addr, th, &mut ex);
                let n = stored_bytes(self.value(value, th, &mut ex)).width() / 8;
                conds.push(self.access_fails(e, a, n as u64, true));
            }
            Instr::Alloca { size, .. } => {
                if !matches!(size, Value::Const { .. }) {
                    conds.push(b::tru());
                }
                let _ = self.value(size, th, &mut ex);
            }
            Instr::Assign { value: v, .. } | Instr::Assume(v) | Instr::Return(Some(v)) => {
                let _ = self.value(v, th, &mut ex);
            }
            Instr::Phi(ms) => {
                for (_, v) in ms {
                    let _ = self.value(v, th, &mut ex);
                }
            }
            instr @ Instr::Call { args, .. } => {
                if let Some(kind) = crate::targets::mem_call_of(self.m, instr) {
                    let vals: Vec<Expr> = args.iter().map(|a| self.value(a, th, &mut ex)).collect();
                    conds.push(self.mem_call_fails(e, kind, &vals));
                }
            }
            // whole-edge targets are decided by `inline`
            _ => {}
        }
        conds.extend(self.ub.take().unwrap_or_default());
        conds.into_iter().fold(b::fls(), b::or)
    }

    /// The object (size, writable) an address symbol stands for at edge
    /// `e`: a defined global, or an `alloca` of constant size executed in
    /// the instance of `e` or one it is inlined into (so still live: on a
    /// top-level backbone every instance runs at most once, and an
    /// `alloca` inside a loop is volatile and never reaches θ after it).
    fn object(&self, s: Symbol, e: EdgeId) -> Option<(u64, bool)> {
        if let Some((&g, _)) = self.globals.iter().find(|(_, x)| **x == s) {
            let g = &self.m.globals[g as usize];
            return (!g.external).then_some((g.size, !g.constant));
        }
        let (owner, size) = *self.allocas.get(&s)?;
        let mut at = Some(*self.edge_instance.get(e.index())?);
        while let Some(i) = at {
            if i == owner {
                return Some((size?, true));
            }
            at = *self.instance_parent.get(i as usize)?;
        }
        None
    }

    /// The condition under which an access of `n` bytes at address `a` by
    /// edge `e` leaves its object (or writes a constant, `write`): when `a`
    /// is `base + offset` with `base` the address symbol of a known live
    /// object and no address symbol in `offset`, `offset >u size − n`;
    /// otherwise `true` (the access may fail as far as φ̂ knows).
    pub fn access_fails(&self, e: EdgeId, a: Expr, n: u64, write: bool) -> Expr {
        let Some((base, off)) = self.split_address(a) else {
            return b::tru();
        };
        match self.object(base, e) {
            Some((size, writable)) if n <= size && (writable || !write) => {
                b::ugt(off, b::bv(a.width(), (size - n) as u128))
            }
            _ => b::tru(),
        }
    }

    /// `a` as `base + offset`: `base` the one address symbol among its
    /// summands, `offset` free of address symbols; `None` otherwise.
    fn split_address(&self, a: Expr) -> Option<(Symbol, Expr)> {
        let is_addr = |s: &Symbol| {
            self.globals.values().any(|x| x == s)
                || self.funcs.values().any(|x| x == s)
                || self.allocas.contains_key(s)
        };
        let mut terms = vec![];
        summands(a, &mut terms);
        let bases: Vec<usize> = (0..terms.len())
            .filter(|&i| matches!(terms[i].kind(), Kind::Sym(s) if is_addr(&s)))
            .collect();
        let [i] = bases[..] else {
            return None;
        };
        let Kind::Sym(base) = terms[i].kind() else {
            return None;
        };
        let off = terms
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, t)| *t)
            .fold(b::bv(a.width(), 0), b::add);
        let (syms, _) = kappa_expr::print::free_symbols(&[off]);
        (!syms.iter().any(is_addr)).then_some((base, off))
    }

    /// The fail condition of a memory function called with `args` by edge
    /// `e`: a constant length is needed, then its accesses as for loads
    /// and stores and, for `memcpy`, no overlap within one object.
    fn mem_call_fails(&self, e: EdgeId, kind: crate::targets::MemCall, args: &[Expr]) -> Expr {
        use crate::targets::MemCall;
        let Some(n) = args[2].as_bv_const().and_then(|n| u64::try_from(n).ok()) else {
            return b::tru();
        };
        if n == 0 {
            return b::fls();
        }
        let mut f = self.access_fails(e, args[0], n, true);
        if kind != MemCall::Set {
            f = b::or(f, self.access_fails(e, args[1], n, false));
        }
        if kind == MemCall::Copy {
            // overlapping ranges: within one object |dst − src| < n; two
            // different objects never overlap; otherwise unknown
            let overlap = match (self.split_address(args[0]), self.split_address(args[1])) {
                (Some((x, dx)), Some((y, dy))) if x == y => {
                    let w = args[0].width();
                    let d = b::sub(dx, dy);
                    let nn = b::bv(w, n as u128);
                    b::or(b::ult(d, nn), b::ult(b::neg(d), nn))
                }
                (Some(_), Some(_)) => b::fls(),
                _ => b::tru(),
            };
            f = b::or(f, overlap);
        }
        f
    }

    /// Executes backbone `bb` of flowgraph `g` (Algorithm 1, lines 10-22),
    /// computing the summaries of the loops along it first. `top`: `g` is the
    /// whole program (inputs are program inputs, not per-iteration values).
    pub fn execute(&mut self, g: &Flowgraph, bb: &Backbone, top: bool) -> Exec {
        let mut ex = Exec::default();
        let mut th = SymMemory::new();
        let mut loops = bb.loops.iter().peekable();
        for pos in 0..bb.nodes.len() {
            while let Some(l) = loops.next_if(|l| l.position == pos) {
                let sum = self.summary(g, &l.body, l.entry);
                // θ⟨φ^κ⟩, then θ := θ ◇ θ^κ
                ex.pc.push(th.apply(sum.cond));
                th = th.compose(&sum.theta);
                ex.volatile.extend(sum.created());
            }
            if let Some(&ei) = bb.edges.get(pos) {
                if let Some(e) = g.edges[ei].edge {
                    self.step(e, top, &mut th, &mut ex);
                }
            }
        }
        ex.theta = th;
        ex
    }
}

/// A stored value as whole bytes (booleans as one byte, other widths
/// zero-extended to a multiple of 8).
fn stored_bytes(v: Expr) -> Expr {
    match v.sort() {
        Sort::Bool => b::bool_to_bv(v, 8),
        Sort::Bv(w) if w % 8 != 0 => b::zext(v, w.div_ceil(8) * 8),
        _ => v,
    }
}

/// The terms of a sum.
fn summands(e: Expr, out: &mut Vec<Expr>) {
    match e.kind() {
        Kind::Bin(BvOp::Add, x, y) => {
            summands(x, out);
            summands(y, out);
        }
        _ => out.push(e),
    }
}

/// Width conversion with the IR's rules for `Bool`.
fn cast(op: CastOp, to: Ty, x: Expr) -> Expr {
    // (an array is never cast: values here are registers)
    kappa_loops::sem::cast(op, to, x).unwrap_or(x)
}
