//! Execution of edges: evaluation of IR values into expressions, branching,
//! feasibility checks, memory accesses, calls and returns, path ends.

use crate::memory::{Memory, ObjKind, FUNC_BASE, MAX_OBJECT_SIZE};
use crate::state::{BoundKind, Frame, IdxList, Input, InputRec, State};
use crate::tree::LeafKind;
use crate::{End, Engine, ErrorWitness, PathRecord, Validation};
use kappa_expr::build::{self as b};
use kappa_expr::{eval, Assignment, Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{
    AddrTarget, BinOp, Callee, EdgeId, FuncId, InitValue, Instr, Module, SrcLoc, Ty, Value,
};
use kappa_solver::SatResult;
use rustc_hash::FxHashSet;
use std::rc::Rc;

/// Entries of the engine's expression → free-symbols cache before it is
/// cleared (bounds memory; the cache only saves work).
const SYM_CACHE_LIMIT: usize = 1 << 16;

/// What one step produced. `Continue` carries the state by value on purpose:
/// it is moved once per step, and boxing it would allocate per step.
#[allow(clippy::large_enum_variant)]
pub(crate) enum StepOut {
    /// The state goes on.
    Continue(State),
    /// The state forked into these (in preference order).
    Fork(Vec<State>),
    /// The state terminated (already accounted for).
    Done,
}

/// Outcome of a feasibility check of `pc ∧ c`.
pub(crate) enum Feas {
    /// Satisfiable; `Some` carries a model of the relevant slice to merge into the witness.
    Sat(Option<(Vec<Symbol>, Assignment)>),
    /// Unsatisfiable.
    Unsat,
    /// The solver could not decide.
    Unknown(String),
}

/// A condition that must hold for the program to have defined behaviour.
pub(crate) struct Obligation {
    pub(crate) cond: Expr,
    pub(crate) what: &'static str,
}

/// Lays out the globals and writes their initial contents.
pub(crate) fn initial_memory(m: &Module) -> Result<(Memory, Vec<u64>), String> {
    let pb = m.data_model.pointer_bits();
    let mut mem = Memory::new(pb);
    let mut bases = vec![];
    for g in &m.globals {
        if g.size > MAX_OBJECT_SIZE {
            return Err(format!(
                "global @{} is too large ({} bytes)",
                g.name, g.size
            ));
        }
        let base = mem
            .allocate(g.size, g.align, ObjKind::Global, g.name.clone(), true)
            .ok_or("address space exhausted by globals")?;
        bases.push(base);
    }
    for (g, base) in m.globals.iter().zip(&bases) {
        for (off, v) in &g.init {
            let (bytes, value) = match v {
                InitValue::Int { bytes, value } => (*bytes, *value),
                InitValue::Addr {
                    target,
                    addend,
                    bytes,
                } => {
                    let a = match target {
                        AddrTarget::Global(t) => bases[t.index()],
                        AddrTarget::Func(f) => FUNC_BASE + 16 * f.0 as u64,
                    };
                    (*bytes, (a as i128 + *addend as i128) as u128)
                }
            };
            if off + bytes as u64 > g.size {
                return Err(format!("initializer of @{} out of bounds", g.name));
            }
            mem.write(*base, b::bv(pb, *off as u128), b::bv(bytes * 8, value));
        }
        if g.constant {
            mem.set_read_only(*base);
        }
    }
    Ok((mem, bases))
}

/// The value of type `ty` held by the little-endian bytes `raw` read from
/// memory: a boolean is the lowest bit, a narrower integer the low bits.
pub(crate) fn loaded_value(raw: Expr, ty: Ty) -> Expr {
    match ty {
        Ty::Bool => b::eq(b::extract(0, 0, raw), b::bv(1, 1)),
        Ty::Int(w) if w < raw.width() => b::trunc(raw, w),
        Ty::Int(_) => raw,
    }
}

pub(crate) fn bool_of(e: Expr) -> Expr {
    if e.sort() == Sort::Bool {
        e
    } else {
        b::ne(e, b::bv(e.width(), 0))
    }
}

fn as_bv(e: Expr, w: u32) -> Expr {
    if e.sort() == Sort::Bool {
        b::bool_to_bv(e, w)
    } else {
        e
    }
}

impl Engine<'_> {
    pub(crate) fn ptr_bits(&self) -> u32 {
        self.module.data_model.pointer_bits()
    }

    pub(crate) fn initial_state(&mut self, main: FuncId) -> Result<State, String> {
        let f = self.module.func(main);
        let pb = self.ptr_bits();
        let mut mem = self.initial_mem.clone();
        let mut regs = vec![None; f.vars.len()];
        for (i, p) in f.params.iter().enumerate() {
            let ty = f.vars[p.index()].ty;
            let v = match i {
                0 => b::bv(ty.bits(), 1),
                1 => {
                    let name = mem
                        .allocate(6, 1, ObjKind::Global, "argv0".into(), true)
                        .ok_or("out of memory")?;
                    for (k, c) in b"kappa".iter().enumerate() {
                        mem.write(name, b::bv(pb, k as u128), b::bv(8, *c as u128));
                    }
                    let argv = mem
                        .allocate(2 * pb as u64 / 8, 4, ObjKind::Global, "argv".into(), true)
                        .ok_or("out of memory")?;
                    mem.write(argv, b::bv(pb, 0), b::bv(pb, name as u128));
                    b::bv(pb, argv as u128)
                }
                _ => b::sym(Symbol::fresh(
                    "main_arg",
                    Sort::Bv(ty.bits()),
                    SymbolKind::Fresh,
                )),
            };
            regs[p.index()] = Some(v);
        }
        self.stats.states = 1;
        Ok(State {
            id: self.new_state_id(),
            loc: f.entry,
            frames: vec![Frame {
                func: main,
                regs,
                ret: None,
                allocas: vec![],
                ret_map: None,
            }],
            mem,
            pc: Default::default(),
            witness: Assignment::default(),
            inputs: Default::default(),
            trace: Default::default(),
            trail: Default::default(),
            tree_node: 0,
            incomplete: None,
            depth: 0,
            witness_unchecked: false,
            bounds: Default::default(),
            sym_index: Default::default(),
            nav: Default::default(),
            life: Default::default(),
        })
    }

    // ---------------------------------------------------------------- values

    pub(crate) fn eval_value(
        &mut self,
        st: &State,
        v: &Value,
        ob: &mut Vec<Obligation>,
    ) -> Result<Expr, String> {
        let pb = self.ptr_bits();
        Ok(match v {
            Value::Var(x) => st.frame().regs[x.index()].ok_or_else(|| {
                let f = self.module.func(st.func());
                format!(
                    "use of undefined value {} in {}",
                    f.vars[x.index()].name,
                    f.name
                )
            })?,
            Value::Const { ty: Ty::Bool, bits } => b::bool_const(*bits != 0),
            Value::Const { ty, bits } => b::bv(ty.bits(), *bits),
            Value::GlobalAddr(g) => b::bv(pb, self.global_base[g.index()] as u128),
            Value::FuncAddr(f) => b::bv(pb, (FUNC_BASE + 16 * f.0 as u64) as u128),
            Value::Undef(ty) => {
                self.fresh_counter += 1;
                let sort = if *ty == Ty::Bool {
                    Sort::Bool
                } else {
                    Sort::Bv(ty.bits())
                };
                b::sym(Symbol::fresh("undef", sort, SymbolKind::Fresh))
            }
            Value::Not(a) => {
                let a = self.eval_value(st, a, ob)?;
                if a.sort() == Sort::Bool {
                    b::not(a)
                } else {
                    b::bvnot(a)
                }
            }
            Value::Binary { op, ty, lhs, rhs } => {
                let l = self.eval_value(st, lhs, ob)?;
                let r = self.eval_value(st, rhs, ob)?;
                if *ty == Ty::Bool {
                    let (l, r) = (bool_of(l), bool_of(r));
                    match op {
                        BinOp::And => b::and(l, r),
                        BinOp::Or => b::or(l, r),
                        BinOp::Xor => b::ne(l, r),
                        _ => return Err(format!("{op:?} on booleans")),
                    }
                } else {
                    let w = ty.bits();
                    let (l, r) = (as_bv(l, w), as_bv(r, w));
                    let zero = b::bv(w, 0);
                    let o = kappa_loops::sem::bv_op(*op);
                    match op {
                        BinOp::UDiv | BinOp::URem => ob.push(Obligation {
                            cond: b::ne(r, zero),
                            what: "division by zero",
                        }),
                        BinOp::SDiv | BinOp::SRem => {
                            ob.push(Obligation {
                                cond: b::ne(r, zero),
                                what: "division by zero",
                            });
                            let min = b::bv(w, 1u128 << (w - 1));
                            let overflow =
                                b::and(b::eq(l, min), b::eq(r, b::bv(w, kappa_expr::mask(w))));
                            ob.push(Obligation {
                                cond: b::not(overflow),
                                what: "signed division overflow",
                            });
                        }
                        BinOp::Shl | BinOp::LShr | BinOp::AShr => ob.push(Obligation {
                            cond: b::ult(r, b::bv(w, w as u128)),
                            what: "shift amount not below the bit width",
                        }),
                        _ => {}
                    }
                    b::bin(o, l, r)
                }
            }
            Value::Cmp { op, lhs, rhs } => {
                let l = self.eval_value(st, lhs, ob)?;
                let r = self.eval_value(st, rhs, ob)?;
                kappa_loops::sem::cmp(*op, l, r)
            }
            Value::Cast { op, to, arg } => {
                let a = self.eval_value(st, arg, ob)?;
                kappa_loops::sem::cast(*op, *to, a).ok_or("cast of an array")?
            }
            Value::Select {
                cond,
                then,
                else_,
                ty,
            } => {
                let c = bool_of(self.eval_value(st, cond, ob)?);
                let t = self.eval_value(st, then, ob)?;
                let e = self.eval_value(st, else_, ob)?;
                if *ty == Ty::Bool {
                    b::ite(c, bool_of(t), bool_of(e))
                } else {
                    b::ite(c, as_bv(t, ty.bits()), as_bv(e, ty.bits()))
                }
            }
        })
    }

    // ----------------------------------------------------------- feasibility

    pub(crate) fn symbols_of(&mut self, e: Expr) -> Rc<Vec<Symbol>> {
        if let Some(s) = self.sym_cache.get(&e) {
            return s.clone();
        }
        let (syms, _) = kappa_expr::print::free_symbols(&[e]);
        let v: Rc<Vec<Symbol>> = Rc::new(syms.into_iter().collect());
        if self.sym_cache.len() >= SYM_CACHE_LIMIT {
            self.sym_cache.clear();
        }
        self.sym_cache.insert(e, v.clone());
        v
    }

    /// The constraints of `st.pc` that share symbols (transitively) with
    /// `goal`, in path order, and those symbols. Walks the state's symbol
    /// index, so the cost is proportional to the slice, not to the path.
    pub(crate) fn slice(&mut self, st: &State, goal: Expr) -> (Vec<Expr>, FxHashSet<Symbol>) {
        let todo: Vec<Symbol> = self.symbols_of(goal).to_vec();
        self.slice_from(st, todo)
    }

    /// The constraints of `st`'s path condition connected to the symbols
    /// `todo` (transitively), in path order, and the symbols reached.
    pub(crate) fn slice_from(
        &mut self,
        st: &State,
        mut todo: Vec<Symbol>,
    ) -> (Vec<Expr>, FxHashSet<Symbol>) {
        let mut syms: FxHashSet<Symbol> = FxHashSet::default();
        let mut idxs: Vec<usize> = vec![];
        let mut seen_idx: FxHashSet<usize> = FxHashSet::default();
        while let Some(s) = todo.pop() {
            if !syms.insert(s) {
                continue;
            }
            if let Some(list) = st.sym_index.get(&s) {
                for i in list.iter() {
                    if seen_idx.insert(i) {
                        idxs.push(i);
                        todo.extend(self.symbols_of(st.pc[i]).iter().copied());
                    }
                }
            }
        }
        idxs.sort_unstable();
        (idxs.into_iter().map(|i| st.pc[i]).collect(), syms)
    }

    /// Is `pc ∧ c` satisfiable?
    pub(crate) fn feasible(&mut self, st: &State, c: Expr) -> Feas {
        match c.as_bool_const() {
            Some(true) => return Feas::Sat(None),
            Some(false) => return Feas::Unsat,
            None => {}
        }
        if !st.witness_unchecked && kappa_expr::eval::eval_bool(c, &st.witness) == Some(true) {
            return Feas::Sat(None);
        }
        let (slice, syms) = self.slice(st, c);
        // compact execution: a model of a quantifier-free instance is a real
        // model, and much cheaper to find than one of the quantified query
        // (the witness of such a state is not used, so none is merged)
        if st.witness_unchecked {
            if self.rescue_check(&slice, c).is_some() {
                self.stats.rescued += 1;
                return Feas::Sat(None);
            }
            // and an unsatisfiable quantifier-free relaxation is a proof
            if self.relaxation_unsat(&slice, c) {
                self.stats.rescued += 1;
                return Feas::Unsat;
            }
        }
        match self.solver.check(&slice, c) {
            SatResult::Sat(model) => {
                let mut syms: Vec<Symbol> = syms.into_iter().collect();
                syms.sort();
                Feas::Sat(Some((syms, model)))
            }
            SatResult::Unsat => Feas::Unsat,
            SatResult::Unknown(r) => Feas::Unknown(r),
        }
    }

    /// Adds `c` (known feasible, with the model from [`Self::feasible`]) to the path condition.
    pub(crate) fn constrain(st: &mut State, c: Expr, model: Option<(Vec<Symbol>, Assignment)>) {
        if c.as_bool_const() == Some(true) {
            return;
        }
        if let Some((syms, m)) = model {
            for s in syms {
                if matches!(s.sort(), Sort::Bool | Sort::Bv(_)) {
                    let v = m.get(s);
                    st.witness.set(s, v);
                } else if let Some(v) = m.arrays.get(&s) {
                    // uninitialised contents of objects of symbolic size
                    st.witness.arrays.insert(s, v.clone());
                }
            }
        }
        // keep only the strongest constant bound per term
        if let Some((term, kind, bound)) = as_bound(c) {
            let w = term.width();
            if let Some(&(idx, old)) = st.bounds.get(&(term, kind)) {
                if !stronger(kind, w, bound, old) {
                    return; // implied by the bound already in pc
                }
                // the weaker bound's slot becomes `true`; the symbol index may
                // keep listing it (slicing a `true` is harmless)
                st.pc.set(idx, b::tru());
            }
            st.bounds.insert((term, kind), (st.pc.len(), bound));
        }
        let idx = st.pc.len();
        st.pc.push_back(c);
        Self::index_constraint(st, c, idx);
    }

    /// Adds `pc[idx] = c` to the state's symbol index.
    fn index_constraint(st: &mut State, c: Expr, idx: usize) {
        let (syms, _) = kappa_expr::print::free_symbols(&[c]);
        for s in syms {
            let list = st.sym_index.get(&s).map(|l| l.push(idx));
            st.sym_index
                .insert(s, list.unwrap_or_else(|| IdxList::default().push(idx)));
        }
    }

    /// Checks undefined-behaviour obligations: a feasible violation is a
    /// failed leaf; execution continues under the obligations. Returns false
    /// when the path cannot continue.
    fn discharge(&mut self, st: &mut State, ob: Vec<Obligation>, src: Option<SrcLoc>) -> bool {
        for o in ob {
            if o.cond.as_bool_const() == Some(true) {
                continue;
            }
            let at = self.module.describe(src);
            match self.feasible(st, b::not(o.cond)) {
                Feas::Unsat => continue,
                Feas::Sat(_) => {
                    self.record_failed(format!("possible undefined behaviour: {} at {at}", o.what))
                }
                Feas::Unknown(r) => {
                    self.record_failed(format!("solver {r} deciding {} at {at}", o.what))
                }
            }
            match self.feasible(st, o.cond) {
                Feas::Sat(m) => Self::constrain(st, o.cond, m),
                _ => return false,
            }
        }
        true
    }

    // --------------------------------------------------------------- stepping

    pub(crate) fn step(
        &mut self,
        st: State,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let m = self.module;
        let f = m.func(st.func());
        let succs = &f.succs[st.loc.index()];
        match succs.len() {
            0 => {
                let at = self.describe(st.func(), st.loc);
                self.terminate(st, End::Failed(format!("no successor at {at}")), validate);
                StepOut::Done
            }
            1 => self.exec_edge(st, succs[0], validate),
            _ => self.branch(st, succs, validate),
        }
    }

    fn branch(
        &mut self,
        mut st: State,
        succs: &[EdgeId],
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let m = self.module;
        let f = m.func(st.func());
        let mut feasible = vec![];
        for &e in succs {
            let edge = &f.edges[e.index()];
            let Instr::Assume(c) = &edge.instr else {
                unreachable!("validated IR: branches are assumes")
            };
            let mut ob = vec![];
            let c = match self.eval_value(&st, c, &mut ob) {
                Ok(c) => bool_of(c),
                Err(err) => {
                    self.terminate(st, End::Failed(err), validate);
                    return StepOut::Done;
                }
            };
            match self.feasible(&st, c) {
                Feas::Sat(model) => feasible.push((e, c, model)),
                Feas::Unsat => {}
                Feas::Unknown(r) => {
                    let at = m.describe(edge.src);
                    self.record_failed(format!("solver {r} at branch {at}"));
                    self.tree_leaf(&st, LeafKind::Failed(format!("solver {r}")));
                }
            }
        }
        self.coverage.bump(st.func(), st.loc);
        let record = |s: &mut State, e: EdgeId| {
            if let Some(k) = succs.iter().position(|x| *x == e) {
                s.trail.events.push_back(crate::PathEvent::Branch {
                    src: f.edges[e.index()].src,
                    taken: k as u32,
                    of: succs.len() as u32,
                });
            }
        };
        match feasible.len() {
            0 => {
                self.terminate(st, End::Pruned, validate);
                StepOut::Done
            }
            1 => {
                let (e, c, model) = feasible.pop().unwrap();
                Self::constrain(&mut st, c, model);
                if self.cfg.record_events {
                    record(&mut st, e);
                }
                let edge = &f.edges[e.index()];
                st.visit(edge.src);
                st.loc = edge.to;
                self.stats.instructions += 1;
                StepOut::Continue(st)
            }
            n => {
                let label = self.describe(st.func(), st.loc);
                let mut out = Vec::with_capacity(n);
                let mut iter = feasible.into_iter().peekable();
                while let Some((e, c, model)) = iter.next() {
                    let mut s = if iter.peek().is_some() {
                        let mut s = st.clone();
                        s.id = self.new_state_id();
                        s
                    } else {
                        std::mem::replace(&mut st, dummy_state())
                    };
                    Self::constrain(&mut s, c, model);
                    if self.cfg.record_events {
                        record(&mut s, e);
                    }
                    let edge = &f.edges[e.index()];
                    s.visit(edge.src);
                    s.loc = edge.to;
                    s.depth += 1;
                    if let Some(t) = self.tree.as_mut() {
                        s.tree_node = t.add(s.tree_node, label.clone(), c.to_string(), None);
                    }
                    out.push(s);
                }
                self.stats.instructions += 1;
                StepOut::Fork(out)
            }
        }
    }

    fn exec_edge(
        &mut self,
        mut st: State,
        e: EdgeId,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let m = self.module;
        let fid = st.func();
        let f = m.func(fid);
        let edge = &f.edges[e.index()];
        self.stats.instructions += 1;
        self.coverage.bump(fid, st.loc);
        st.visit(edge.src);
        let mut ob = vec![];
        macro_rules! val {
            ($v:expr) => {
                match self.eval_value(&st, $v, &mut ob) {
                    Ok(x) => x,
                    Err(err) => {
                        self.terminate(st, End::Failed(err), validate);
                        return StepOut::Done;
                    }
                }
            };
        }
        macro_rules! discharge {
            () => {
                if !self.discharge(&mut st, std::mem::take(&mut ob), edge.src) {
                    self.terminate(st, End::Pruned, validate);
                    return StepOut::Done;
                }
            };
        }
        match &edge.instr {
            Instr::Assign { dst, value } => {
                let v = val!(value);
                discharge!();
                st.frame_mut().regs[dst.index()] = Some(v);
            }
            Instr::Phi(moves) => {
                let mut vals = Vec::with_capacity(moves.len());
                for (d, v) in moves {
                    vals.push((*d, val!(v)));
                }
                discharge!();
                for (d, v) in vals {
                    st.frame_mut().regs[d.index()] = Some(v);
                }
            }
            Instr::Assume(c) => {
                let c = bool_of(val!(c));
                discharge!();
                match self.feasible(&st, c) {
                    Feas::Sat(model) => Self::constrain(&mut st, c, model),
                    Feas::Unsat => {
                        self.terminate(st, End::Pruned, validate);
                        return StepOut::Done;
                    }
                    Feas::Unknown(r) => {
                        let at = m.describe(edge.src);
                        self.terminate(
                            st,
                            End::Failed(format!("solver {r} at assumption {at}")),
                            validate,
                        );
                        return StepOut::Done;
                    }
                }
            }
            Instr::Nondet { dst, ty, origin } => {
                let v = self.new_input(&mut st, *ty, origin, edge.src);
                st.frame_mut().regs[dst.index()] = Some(v);
            }
            Instr::Load { dst, addr, ty } => {
                let a = val!(addr);
                discharge!();
                let n = ty.store_bytes();
                let targets = self.resolve(st, a, n as u64, false, edge.src, validate);
                let mut outs = vec![];
                for (mut s, base, off) in targets {
                    let raw = s.mem.read(base, off, n);
                    s.frame_mut().regs[dst.index()] = Some(loaded_value(raw, *ty));
                    s.loc = edge.to;
                    outs.push(s);
                }
                return self.fan_out(outs);
            }
            Instr::Store { addr, value } => {
                let a = val!(addr);
                let v = val!(value);
                discharge!();
                let v = match v.sort() {
                    Sort::Bool => b::bool_to_bv(v, 8),
                    Sort::Bv(w) if w % 8 != 0 => b::zext(v, w.div_ceil(8) * 8),
                    _ => v,
                };
                let n = v.width() / 8;
                let targets = self.resolve(st, a, n as u64, true, edge.src, validate);
                let mut outs = vec![];
                for (mut s, base, off) in targets {
                    s.mem.write(base, off, v);
                    s.loc = edge.to;
                    outs.push(s);
                }
                return self.fan_out(outs);
            }
            Instr::Alloca { dst, size, align } => {
                let size = val!(size);
                discharge!();
                let name = format!(
                    "{}.{}",
                    f.name,
                    f.vars[dst.index()].name.trim_start_matches('%')
                );
                let at = m.describe(edge.src);
                let (dst, align, to) = (*dst, *align as u64, edge.to);
                if !size.is_const() {
                    // a VLA: an object of symbolic size
                    match self.allocate_symbolic(
                        &mut st,
                        size,
                        align,
                        ObjKind::Stack,
                        name,
                        false,
                        &at,
                    ) {
                        Ok(base) => {
                            st.frame_mut().allocas.push(base);
                            st.frame_mut().regs[dst.index()] =
                                Some(b::bv(self.ptr_bits(), base as u128));
                        }
                        Err(why) => {
                            self.terminate(st, End::Failed(why), validate);
                            return StepOut::Done;
                        }
                    }
                    st.loc = to;
                    return StepOut::Continue(st);
                }
                return self.for_each_value(st, size, "alloca size", &at, &mut |this, mut s, n| {
                    if n > MAX_OBJECT_SIZE as u128 {
                        this.terminate(
                            s,
                            End::Failed(format!("unsupported: stack object of {n} bytes at {at}")),
                            validate,
                        );
                        return StepOut::Done;
                    }
                    let Some(base) =
                        s.mem
                            .allocate(n as u64, align, ObjKind::Stack, name.clone(), false)
                    else {
                        this.terminate(s, End::Failed("address space exhausted".into()), validate);
                        return StepOut::Done;
                    };
                    s.frame_mut().allocas.push(base);
                    s.frame_mut().regs[dst.index()] = Some(b::bv(this.ptr_bits(), base as u128));
                    s.loc = to;
                    StepOut::Continue(s)
                });
            }
            Instr::Call { dst, callee, args } => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(val!(a));
                }
                let target = match callee {
                    Callee::Direct(f) => Ok(*f),
                    Callee::Indirect(v) => {
                        let t = val!(v);
                        discharge!();
                        if t.as_bv_const().is_none() {
                            let at = m.describe(edge.src);
                            let (dst, to, src) = (*dst, edge.to, edge.src);
                            return self.for_each_value(
                                st,
                                t,
                                "function pointer",
                                &at,
                                &mut |this, s, v| match this.func_of_addr(v as u64) {
                                    Ok(f) => this.call(s, f, vals.clone(), dst, to, src, validate),
                                    Err(why) => {
                                        this.terminate(s, End::Failed(why), validate);
                                        StepOut::Done
                                    }
                                },
                            );
                        }
                        self.resolve_function(&mut st, t)
                    }
                };
                discharge!();
                let target = match target {
                    Ok(t) => t,
                    Err(why) => {
                        self.terminate(st, End::Failed(why), validate);
                        return StepOut::Done;
                    }
                };
                return self.call(st, target, vals, *dst, edge.to, edge.src, validate);
            }
            Instr::Return(v) => {
                let rv = match v {
                    Some(v) => Some(val!(v)),
                    None => None,
                };
                discharge!();
                return self.ret(st, rv, validate);
            }
            Instr::Error => {
                self.terminate(st, End::Error, validate);
                return StepOut::Done;
            }
            Instr::Halt => {
                self.terminate(st, End::Exit, validate);
                return StepOut::Done;
            }
            Instr::Unsupported(why) => {
                let at = m.describe(edge.src);
                self.terminate(
                    st,
                    End::Failed(format!("unsupported: {why} at {at}")),
                    validate,
                );
                return StepOut::Done;
            }
        }
        st.loc = edge.to;
        StepOut::Continue(st)
    }

    pub(crate) fn fan_out(&mut self, mut outs: Vec<State>) -> StepOut {
        match outs.len() {
            0 => StepOut::Done,
            1 => StepOut::Continue(outs.pop().unwrap()),
            _ => StepOut::Fork(outs),
        }
    }

    pub(crate) fn new_input(
        &mut self,
        st: &mut State,
        ty: Ty,
        origin: &str,
        src: Option<SrcLoc>,
    ) -> Expr {
        let k = st.inputs.len();
        let (sort, w) = match ty {
            Ty::Bool => (Sort::Bool, 1),
            Ty::Int(w) => (Sort::Bv(w), w),
        };
        let (sym, origin) = self.input_symbol(k, ty, origin);
        if self.cfg.concrete_inputs.is_none() {
            self.prune_note_input(sym, src);
            if let Some(v) = self.prune_hint(src) {
                // a fresh input of this path: not in its path condition, so
                // any witness value keeps the witness a model of it
                if st.witness.scalars.get(&sym).is_none() {
                    st.witness.set(sym, v & kappa_expr::mask(w));
                    self.stats.hinted_inputs += 1;
                }
            }
        }
        if self.cfg.record_events {
            st.trail.events.push_back(crate::PathEvent::Input {
                src,
                index: k as u32,
            });
        }
        st.inputs.push_back(Input::One(InputRec {
            sym,
            origin,
            ty,
            src,
        }));
        if let Some(vals) = &self.cfg.concrete_inputs {
            let raw = vals.get(k).copied().unwrap_or(0);
            // like the native harness: a nonzero value is `true` for _Bool
            return if sort == Sort::Bool {
                b::bool_const(raw != 0)
            } else {
                b::bv(w, raw & kappa_expr::mask(w))
            };
        }
        b::sym(sym)
    }

    /// The symbol of the `k`-th input of a path, read by `origin` with type
    /// `ty`. Paths share it: the `k`-th input of every path that reads it
    /// with the same function and type is the same symbol. This is sound
    /// because a symbol means something only through the path condition of
    /// the state that holds it: states never exchange constraints, and on
    /// one path the input index `k` only grows, so a symbol is never read
    /// twice on a path. Sharing keeps the expression pool from growing with
    /// the number of paths (2^18 paths of 18 inputs make 18 input symbols,
    /// and their comparisons are shared nodes too).
    fn input_symbol(&mut self, k: usize, ty: Ty, origin: &str) -> (Symbol, Rc<str>) {
        if self.input_syms.len() <= k {
            self.input_syms.resize_with(k + 1, Vec::new);
        }
        if let Some((_, o, s)) = self.input_syms[k]
            .iter()
            .find(|(t, o, _)| *t == ty && &**o == origin)
        {
            return (*s, o.clone());
        }
        let sort = match ty {
            Ty::Bool => Sort::Bool,
            Ty::Int(w) => Sort::Bv(w),
        };
        let short = origin.trim_start_matches("__VERIFIER_nondet_");
        let sym = Symbol::fresh(&format!("in{k}_{short}"), sort, SymbolKind::Input);
        let origin: Rc<str> = origin.into();
        self.input_syms[k].push((ty, origin.clone(), sym));
        (sym, origin)
    }

    /// A concrete value for `e`: its value if constant, else the witness
    /// value, fixed by a constraint (the path then covers only that value and
    /// is marked incomplete).
    pub(crate) fn concretize(&mut self, st: &mut State, e: Expr, what: &str) -> Option<u128> {
        if let Some(v) = e.as_bv_const() {
            return Some(v);
        }
        let v = eval(e, &st.witness)?.bits();
        let c = b::eq(e, b::bv(e.width(), v));
        match self.feasible(st, c) {
            Feas::Sat(m) => {
                Self::constrain(st, c, m);
                st.incomplete
                    .get_or_insert_with(|| format!("symbolic {what} concretized"));
                Some(v)
            }
            _ => None,
        }
    }

    /// Splits `st` by the values `e` may take: one successor per value (at
    /// most `limit`), constrained to it. The second component explains why
    /// some values were dropped (too many, solver undecided); the caller
    /// records it as a failed leaf.
    pub(crate) fn enumerate(
        &mut self,
        st: State,
        e: Expr,
        limit: usize,
    ) -> (Vec<(State, u128)>, Option<String>) {
        if let Some(v) = e.as_bv_const() {
            return (vec![(st, v)], None);
        }
        let w = e.width();
        let mut out = vec![];
        let mut excluded = b::tru();
        let mut probe = st.witness.clone();
        loop {
            let Some(v) = eval(e, &probe).map(|v| v.bits()) else {
                return (out, Some("cannot evaluate a symbolic value".into()));
            };
            let c = b::eq(e, b::bv(w, v));
            match self.feasible(&st, c) {
                Feas::Sat(m) => {
                    let mut s = st.clone();
                    s.id = self.new_state_id();
                    Self::constrain(&mut s, c, m);
                    out.push((s, v));
                }
                Feas::Unsat => return (out, Some("internal: enumerated value infeasible".into())),
                Feas::Unknown(r) => {
                    return (
                        out,
                        Some(format!("solver {r} enumerating a symbolic value")),
                    )
                }
            }
            excluded = b::and(excluded, b::ne(e, b::bv(w, v)));
            match self.feasible(&st, excluded) {
                Feas::Unsat => break,
                Feas::Sat(m) => {
                    if out.len() >= limit {
                        return (
                            out,
                            Some(format!(
                                "symbolic value with more than {limit} possible values"
                            )),
                        );
                    }
                    probe = st.witness.clone();
                    if let Some((_, m)) = m {
                        probe.extend_from(&m);
                    }
                }
                Feas::Unknown(r) => {
                    return (
                        out,
                        Some(format!("solver {r} enumerating a symbolic value")),
                    )
                }
            }
        }
        if out.len() > 1 {
            self.stats.states += out.len() as u64 - 1;
        }
        (out, None)
    }

    /// Runs `f` on every successor of [`Self::enumerate`] and gathers the results.
    pub(crate) fn for_each_value(
        &mut self,
        st: State,
        e: Expr,
        what: &str,
        at: &str,
        f: &mut dyn FnMut(&mut Self, State, u128) -> StepOut,
    ) -> StepOut {
        let (succ, dropped) = self.enumerate(st, e, 16);
        if let Some(why) = dropped {
            self.record_failed(format!("{why} ({what} at {at})"));
        }
        let mut outs = vec![];
        for (s, v) in succ {
            match f(self, s, v) {
                StepOut::Continue(s) => outs.push(s),
                StepOut::Fork(v) => outs.extend(v),
                StepOut::Done => {}
            }
        }
        self.fan_out(outs)
    }

    fn resolve_function(&mut self, st: &mut State, t: Expr) -> Result<FuncId, String> {
        let v = match t.as_bv_const() {
            Some(v) => v,
            None => self
                .concretize(st, t, "function pointer")
                .ok_or("undecided function pointer")?,
        } as u64;
        self.func_of_addr(v)
    }

    /// The function whose address is `v`.
    pub(crate) fn func_of_addr(&self, v: u64) -> Result<FuncId, String> {
        if v >= FUNC_BASE && (v - FUNC_BASE).is_multiple_of(16) {
            let id = (v - FUNC_BASE) / 16;
            if (id as usize) < self.module.functions.len() {
                return Ok(FuncId(id as u32));
            }
        }
        Err(format!(
            "undefined behaviour: call through an invalid function pointer 0x{v:x}"
        ))
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call(
        &mut self,
        mut st: State,
        target: FuncId,
        args: Vec<Expr>,
        dst: Option<kappa_ir::VarId>,
        ret_loc: kappa_ir::Loc,
        src: Option<SrcLoc>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let callee = self.module.func(target);
        // the property's target, however it is called (direct calls are
        // already `Error` edges; this catches calls through pointers)
        if matches!(callee.name.as_str(), "reach_error" | "__VERIFIER_error") {
            self.terminate(st, End::Error, validate);
            return StepOut::Done;
        }
        if !callee.defined {
            return self.call_external(st, target, args, dst, ret_loc, src, validate);
        }
        if st.frames.len() >= self.cfg.max_stack_depth {
            let why = format!(
                "call stack deeper than {} frames (bound)",
                self.cfg.max_stack_depth
            );
            self.terminate(st, End::Failed(why), validate);
            return StepOut::Done;
        }
        let mut regs = vec![None; callee.vars.len()];
        for (i, p) in callee.params.iter().enumerate() {
            let ty = callee.vars[p.index()].ty;
            let v = match args.get(i) {
                Some(a) => match (a.sort(), ty) {
                    (Sort::Bool, Ty::Int(w)) => b::bool_to_bv(*a, w),
                    (Sort::Bv(_), Ty::Bool) => bool_of(*a),
                    (Sort::Bv(aw), Ty::Int(w)) if aw > w => b::trunc(*a, w),
                    (Sort::Bv(aw), Ty::Int(w)) if aw < w => b::zext(*a, w),
                    _ => *a,
                },
                None => {
                    let sort = if ty == Ty::Bool {
                        Sort::Bool
                    } else {
                        Sort::Bv(ty.bits())
                    };
                    b::sym(Symbol::fresh("missing_arg", sort, SymbolKind::Fresh))
                }
            };
            regs[p.index()] = Some(v);
        }
        // by-value aggregates: the callee works on its own copy
        let mut allocas = vec![];
        for &(i, size) in &callee.byval {
            let Some(src_ptr) = regs.get(callee.params[i].index()).copied().flatten() else {
                continue;
            };
            let at = self.module.describe(src);
            let Some(src_addr) = src_ptr.as_bv_const().map(|v| v as u64) else {
                self.terminate(
                    st,
                    End::Failed(format!(
                        "unsupported: by-value argument through a symbolic pointer at {at}"
                    )),
                    validate,
                );
                return StepOut::Done;
            };
            let ok = st
                .mem
                .find(src_addr)
                .filter(|o| src_addr + size <= o.base + o.size)
                .map(|o| o.base);
            let Some(src_base) = ok else {
                self.terminate(
                    st,
                    End::Failed(format!(
                        "undefined behaviour: invalid by-value argument at {at}"
                    )),
                    validate,
                );
                return StepOut::Done;
            };
            let name = format!("{}.byval{i}", callee.name);
            let Some(copy) = st.mem.allocate(size, 16, ObjKind::Stack, name, false) else {
                self.terminate(st, End::Failed("address space exhausted".into()), validate);
                return StepOut::Done;
            };
            let pb = self.ptr_bits();
            for k in 0..size {
                let byte = st
                    .mem
                    .read(src_base, b::bv(pb, (src_addr - src_base + k) as u128), 1);
                st.mem.write(copy, b::bv(pb, k as u128), byte);
            }
            allocas.push(copy);
            regs[callee.params[i].index()] = Some(b::bv(pb, copy as u128));
        }
        st.frames.push(Frame {
            func: target,
            regs,
            ret: Some((ret_loc, dst)),
            allocas,
            ret_map: None,
        });
        st.loc = callee.entry;
        StepOut::Continue(st)
    }

    pub(crate) fn ret(
        &mut self,
        mut st: State,
        rv: Option<Expr>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let frame = st.frames.pop().expect("frame");
        for base in &frame.allocas {
            st.mem.remove(*base);
        }
        // the innermost of folded recursive activations: the returns of the
        // activations in between, at once (see `compact::recursion`)
        let rv = match (&frame.ret_map, rv) {
            (Some((r0, Some(g))), Some(v)) => {
                Some(kappa_expr::substitute(*g, &|x| (x == *r0).then_some(v)))
            }
            (_, rv) => rv,
        };
        match frame.ret {
            // main, an exit handler or a destructor returned
            None => self.bottom_returned(st, frame, rv, validate),
            Some((loc, dst)) => {
                if st.life.phase == crate::structors::Phase::Ctors && st.frames.len() == 1 {
                    // the last constructor returned into main's entry
                    st.life.phase = crate::structors::Phase::Main;
                }
                if let (Some(d), Some(v)) = (dst, rv) {
                    let ty = self.module.func(st.func()).vars[d.index()].ty;
                    let v = match (v.sort(), ty) {
                        (Sort::Bool, Ty::Int(w)) => b::bool_to_bv(v, w),
                        (Sort::Bv(_), Ty::Bool) => bool_of(v),
                        _ => v,
                    };
                    st.frame_mut().regs[d.index()] = Some(v);
                }
                st.loc = loc;
                StepOut::Continue(st)
            }
        }
    }

    fn tree_leaf(&mut self, st: &State, kind: LeafKind) {
        let label = self.describe(st.func(), st.loc);
        if let Some(t) = self.tree.as_mut() {
            t.add(st.tree_node, label, String::new(), Some(kind));
        }
    }

    pub(crate) fn terminate(
        &mut self,
        st: State,
        end: End,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) {
        self.stats.paths += 1;
        let concrete = self.cfg.concrete_inputs.is_some();
        let record = |this: &mut Self, st: &State, end: String| {
            if this.cfg.record_leaves {
                let leaf = crate::LeafRecord {
                    at: this.describe(st.func(), st.loc),
                    pc: st.pc.iter().fold(b::tru(), |a, c| b::and(a, *c)),
                    inputs: st
                        .inputs
                        .iter()
                        .map(|i| match i {
                            crate::state::Input::One(r) => Some(b::sym(r.sym)),
                            _ => None,
                        })
                        .collect(),
                    end: end.clone(),
                };
                this.leaves.push(leaf);
            }
            if concrete {
                let trace = st
                    .trace
                    .iter()
                    .map(|e| {
                        eval(*e, &st.witness)
                            .map(|v| kappa_expr::to_signed(v.bits(), e.width()))
                            .unwrap_or(0)
                    })
                    .collect();
                this.paths.push(PathRecord { end, trace });
            }
        };
        match end {
            End::Exit => {
                self.state_incomplete(&st);
                self.tree_leaf(&st, LeafKind::Exit);
                record(self, &st, "exit".into());
            }
            End::Pruned => {
                self.state_incomplete(&st);
                self.tree_leaf(&st, LeafKind::Exit);
                record(self, &st, "exit".into());
            }
            End::Failed(why) => {
                self.record_failed(why.clone());
                self.tree_leaf(&st, LeafKind::Failed(why.clone()));
                record(self, &st, format!("failed: {why}"));
            }
            End::Error => {
                self.tree_leaf(&st, LeafKind::Error);
                record(self, &st, "error".into());
                let witness = match self.error_witness(&st) {
                    Ok(w) => w,
                    Err(why) => {
                        self.record_failed(why);
                        return;
                    }
                };
                match validate(&witness) {
                    Validation::Confirmed => {
                        self.navigate_note_witness(&st);
                        self.confirmed = Some(witness)
                    }
                    Validation::Rejected(why) => {
                        let mut vals: Vec<String> = witness
                            .inputs
                            .iter()
                            .take(20)
                            .map(|i| i.decimal())
                            .collect();
                        if witness.inputs.len() > 20 {
                            vals.push(format!("… {} more", witness.inputs.len() - 20));
                        }
                        self.record_failed(format!(
                            "error path at {} found but its test [{}] did not replay ({why})",
                            witness.location,
                            vals.join(" ")
                        ))
                    }
                }
            }
        }
    }
}

pub(crate) fn dummy_state() -> State {
    State {
        id: 0,
        loc: kappa_ir::Loc(0),
        frames: vec![],
        mem: Memory::new(32),
        pc: Default::default(),
        witness: Assignment::default(),
        inputs: Default::default(),
        trace: Default::default(),
        trail: Default::default(),
        tree_node: 0,
        incomplete: None,
        depth: 0,
        witness_unchecked: false,
        bounds: Default::default(),
        sym_index: Default::default(),
        nav: Default::default(),
        life: Default::default(),
    }
}

/// `c` as a constant bound on a term: `(term, kind, bound)`, normalised to
/// `t >= L` or `t <= U` (`None` for other shapes).
fn as_bound(c: Expr) -> Option<(Expr, BoundKind, u128)> {
    use kappa_expr::Kind;
    let (neg, inner) = match c.kind() {
        Kind::Not(x) => (true, x),
        _ => (false, c),
    };
    let (strict, signed, a, b) = match inner.kind() {
        Kind::Ult(a, b) => (true, false, a, b),
        Kind::Ule(a, b) => (false, false, a, b),
        Kind::Slt(a, b) => (true, true, a, b),
        Kind::Sle(a, b) => (false, true, a, b),
        _ => return None,
    };
    let w = a.width();
    let m = kappa_expr::mask(w);
    // rewrite to: const REL t  or  t REL const, then apply the negation
    let (konst, term, const_left) = match (a.as_bv_const(), b.as_bv_const()) {
        (Some(k), None) => (k, b, true),
        (None, Some(k)) => (k, a, false),
        _ => return None,
    };
    // lower: t > k (strict) or t >= k; upper: t < k or t <= k
    let (lower, strict) = match (const_left, neg) {
        (true, false) => (true, strict),   // k < t, k <= t
        (false, false) => (false, strict), // t < k, t <= k
        (true, true) => (false, !strict),  // !(k < t) = t <= k; !(k <= t) = t < k
        (false, true) => (true, !strict),  // !(t < k) = t >= k; !(t <= k) = t > k
    };
    let to_s = |v: u128| kappa_expr::to_signed(v, w);
    let bound = if !strict {
        konst
    } else if lower {
        // t > k  ->  t >= k + 1 (no overflow: the simplifier folds t > max to false)
        if (!signed && konst == m) || (signed && to_s(konst) == to_s(m >> 1)) {
            return None;
        }
        konst.wrapping_add(1) & m
    } else {
        if (!signed && konst == 0) || (signed && konst == (m >> 1) + 1) {
            return None;
        }
        konst.wrapping_sub(1) & m
    };
    let kind = match (lower, signed) {
        (true, false) => BoundKind::ULower,
        (false, false) => BoundKind::UUpper,
        (true, true) => BoundKind::SLower,
        (false, true) => BoundKind::SUpper,
    };
    Some((term, kind, bound))
}

/// Whether bound `new` of `kind` is at least as strong as `old` (width `w`).
fn stronger(kind: BoundKind, w: u32, new: u128, old: u128) -> bool {
    let s = |v: u128| kappa_expr::to_signed(v, w);
    match kind {
        BoundKind::ULower => new >= old,
        BoundKind::UUpper => new <= old,
        BoundKind::SLower => s(new) >= s(old),
        BoundKind::SUpper => s(new) <= s(old),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::Assignment;

    #[test]
    fn bounds_are_exact_normalisations() {
        let xs = Symbol::fresh("x", Sort::Bv(8), SymbolKind::Input);
        let x = b::sym(xs);
        let mut checked = 0;
        for k in 0..256u128 {
            let c = b::bv(8, k);
            let shapes = [
                b::ult(c, x),
                b::ule(c, x),
                b::ult(x, c),
                b::ule(x, c),
                b::slt(c, x),
                b::sle(c, x),
                b::slt(x, c),
                b::sle(x, c),
            ];
            for shape in shapes {
                for e in [shape, b::not(shape)] {
                    let Some((t, kind, bound)) = as_bound(e) else {
                        continue;
                    };
                    assert_eq!(t, x);
                    for xv in 0..256u128 {
                        let mut a = Assignment::default();
                        a.set(xs, xv);
                        let want = eval(e, &a).unwrap().truth();
                        let s = |v: u128| kappa_expr::to_signed(v, 8);
                        let got = match kind {
                            BoundKind::ULower => xv >= bound,
                            BoundKind::UUpper => xv <= bound,
                            BoundKind::SLower => s(xv) >= s(bound),
                            BoundKind::SUpper => s(xv) <= s(bound),
                        };
                        assert_eq!(got, want, "{e} as {kind:?} {bound} at x={xv}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 3000, "only {checked} shapes normalised");
    }

    #[test]
    fn weaker_bounds_are_dropped_from_the_path_condition() {
        let xs = Symbol::fresh("n", Sort::Bv(32), SymbolKind::Input);
        let n = b::sym(xs);
        let mut st = dummy_state();
        for k in 0..10u128 {
            Engine::constrain(&mut st, b::ult(b::bv(32, k), n), None);
        }
        Engine::constrain(&mut st, b::ult(b::bv(32, 3), n), None);
        let live: Vec<Expr> = st.pc.iter().copied().filter(|c| !c.is_const()).collect();
        assert_eq!(live, vec![b::ult(b::bv(32, 9), n)]);
        // an unrelated upper bound is kept alongside
        Engine::constrain(&mut st, b::ult(n, b::bv(32, 100)), None);
        assert_eq!(st.pc.iter().filter(|c| !c.is_const()).count(), 2);
    }
}
