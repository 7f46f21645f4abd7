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
use kappa_expr::{Expr, Sort, SymMemory, Symbol, SymbolKind};
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
}

fn sort_of(ty: Ty) -> Sort {
    match ty {
        Ty::Bool => Sort::Bool,
        Ty::Int(w) => Sort::Bv(w),
    }
}

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
                let v = self.value(value, th, ex);
                let v = match v.sort() {
                    Sort::Bool => b::bool_to_bv(v, 8),
                    Sort::Bv(w) if w % 8 != 0 => b::zext(v, w.div_ceil(8) * 8),
                    _ => v,
                };
                let mut m = th.get(self.mem);
                for i in 0..v.width() / 8 {
                    let byte = b::extract(8 * i + 7, 8 * i, v);
                    m = b::store(m, b::add(a, b::bv(a.width(), i as u128)), byte);
                }
                th.set(self.mem, m);
            }
            Instr::Alloca { dst, .. } => {
                let s = fresh("alloca", Sort::Bv(self.ptr_bits()));
                ex.volatile.push(s);
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
            // none of these is on a path to a target
            Instr::Return(_) | Instr::Error | Instr::Halt | Instr::Unsupported(_) => {}
        }
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

/// Width conversion with the IR's rules for `Bool`.
fn cast(op: CastOp, to: Ty, x: Expr) -> Expr {
    // (an array is never cast: values here are registers)
    kappa_loops::sem::cast(op, to, x).unwrap_or(x)
}
