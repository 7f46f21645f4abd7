//! Constraint systems of chains (loop navigation, Section 3.2, Algorithm 1):
//! symbolic execution of a root chain in which each loop node stands for
//! any number of runs of its subchains, counted by 64-bit counters κ.
//!
//! Per loop node, each subchain is executed once from entry symbols α (one
//! per register); a register whose value after one run is `α + c` or
//! `α · c` (c constant) is recurrent, and the subchains' progressions are
//! merged by the paper's Table 1: unchanged everywhere → `α`; arithmetic
//! (or unchanged) everywhere → `α + Σ c_d·κ_d`; geometric (or unchanged)
//! everywhere → `α · Π c_d^κ_d`; the same loop-invariant value `v` set
//! by some subchains `S`, the others leaving the register alone →
//! `ite(Σ_{d∈S} κ_d = 0, α, v)` (the paper's `v v v` row, extended to
//! subchains that do not touch the register); anything else is ⋆. All closed forms are exact
//! modulo 2^w (κ truncated to w bits; `c^κ` by the bits of κ), so every
//! execution of the loop with κ_d runs of subchain `d`, in any order,
//! leaves exactly these values.
//!
//! Constraints of a chain: every assumption whose instance has no ⋆; per
//! loop node (a) `κ_d < 2^60` (executions of 2^60 runs of one path through
//! a loop are out of scope, as in the design notes; it keeps Σκ from
//! wrapping), (b) the previous-iteration constraint of the paper (its
//! κ − 1): if Σκ > 0, some subchain `d` with κ_d ≥ 1 ran last, so its
//! assumptions held at the values for κ − e_d, and (c) for an assumption
//! `x op C` on the common prefix of all subchains, with `x` stepping by +1
//! (or −1) in every subchain and `C` invariant, its instance held in every
//! one of the Σκ iterations: `∀t < Σκ. x0 ± t op C`, encoded exactly
//! without a quantifier (a distance bound in a wider bitvector).
//!
//! Why the systems over-approximate (so an unsatisfiable system is a proof
//! that no execution follows the chain): every constraint is a condition
//! that each execution following the chain satisfies when the counters are
//! its numbers of runs of each subchain; ⋆ only ever drops constraints;
//! values are exact or ⋆; memory is not modelled (loads are ⋆).
//!
//! Loop nodes nested in a subchain (at any depth; a register a deeper
//! loop changes is ⋆ one level up, as only progressions by constants are
//! lifted, and the deeper loops' own constraints are dropped there, which
//! keeps the over-approximation): their subchains' counters count runs over *all* entries
//! (global counters). A register whose value at the nested node's entry
//! depends on the enclosing loop's registers, and which steps by constants
//! in every nested subchain, becomes entry value + δ, δ a symbol for this
//! entry's increment; the enclosing summary accepts it only as exactly
//! `α + c + δ₁ + …` (checked on the affine form modulo 2^w), whose total
//! over all runs is `c·κ_d + Σ c_e·κ_e`: sums of the same constants, so
//! exact modulo 2^w. A register reset at every entry (value invariant in
//! the enclosing loop) stepping by one constant `c` becomes entry value +
//! c·t, with `t` the trip count of every entry, known when the nested
//! loop exits by the failure of a ±1 step guard over invariant values:
//! `t` is the first failure of the guard (the exact `every_iteration`
//! encoding), asserted when the subchain ran. The nested counters sum to
//! `t·κ_d` (asserted where both are below 2^32, so the product is exact),
//! are 0 when the subchain did not run, and each is below 2^60 like every
//! counter. Each constraint holds on every execution following the
//! chain, so the systems still over-approximate.

use super::eval::{access_fails, eval, CVal};
use super::forms::{classify_nested, every_iteration, merge, negate, per_steps, subst_map, swap};
use kappa_expr::build as b;
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{CmpOp, EdgeId, Function, Instr, Module, Ty, Value, VarId};
use kappa_loops::chain::{ChainForm, ChainId, ChainKind, LoopNodeId};
use kappa_loops::closed::kappa_as;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// Largest number of runs of one subchain considered (exclusive): 2^60.
pub const MAX_RUNS_LOG2: u32 = 60;

/// What reaching a target edge means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// `reach_error()`.
    Error,
    /// An edge that may fail (undefined behaviour, unsupported construct,
    /// call whose callee is not analysed).
    MayFail,
}

/// Whether edge `e` of `f` is a target, and which kind. `exits`: code may
/// run after `main` ([`Module::may_run_exit_handlers`]), so `f`'s returns
/// (for `main`) and `exit`/`abort` calls (`Halt`) are targets too (the
/// handlers may reach `reach_error` or fail). `returns`: `f` runs as a
/// callee, so its returns are targets (the caller continues after them;
/// the navigation hook follows such a chain into the caller).
pub fn target_kind(f: &Function, e: EdgeId, exits: bool, returns: bool) -> Option<TargetKind> {
    use kappa_loops::sem::has_undefined_case as risky;
    match &f.edges[e.index()].instr {
        Instr::Error => Some(TargetKind::Error),
        Instr::Halt | Instr::Return(_) if exits => Some(TargetKind::MayFail),
        Instr::Return(_) if returns => Some(TargetKind::MayFail),
        Instr::Unsupported(_) | Instr::Call { .. } | Instr::Load { .. } | Instr::Store { .. } => {
            Some(TargetKind::MayFail)
        }
        Instr::Alloca { size, .. } => {
            (!matches!(size, Value::Const { .. }) || risky(size)).then_some(TargetKind::MayFail)
        }
        Instr::Assign { value: v, .. } | Instr::Assume(v) | Instr::Return(Some(v)) => {
            risky(v).then_some(TargetKind::MayFail)
        }
        Instr::Phi(list) => list
            .iter()
            .any(|(_, v)| risky(v))
            .then_some(TargetKind::MayFail),
        _ => None,
    }
}

/// The constraint system of one root chain.
#[derive(Clone, Debug)]
pub struct ChainSystem {
    /// The root chain.
    pub chain: ChainId,
    /// Its target kind.
    pub target: TargetKind,
    /// The constraints (booleans over counters, inputs and the start values).
    pub constraints: Vec<Expr>,
    /// Whether the target's failure condition was known (else the system
    /// only describes reaching the target edge).
    pub exact_target: bool,
    /// For a chain ending at a return of a callee (builder made with
    /// [`SystemBuilder::returning`]): `Some(value)`, where `value` is the
    /// returned value (`None`: no value, or ⋆). `None` for other targets.
    pub returned: Option<Option<Expr>>,
}

/// Per-iteration progression of one register in one subchain.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Prog {
    Unchanged,
    Arith(u128),
    /// `α + c` plus what nested loops added: its total over all runs of
    /// the subchain is the expression (over their global counters).
    ArithPlus(u128, Expr),
    Geom(u128),
    Same(Expr),
    Star,
}

/// Loop-node facts over the entry symbols α, computed once per node.
struct NodeSummary {
    counters: Vec<Symbol>,
    /// Registers some subchain may write.
    modified: Vec<VarId>,
    /// Merged closed form per modified register (`None` = ⋆).
    closed: FxHashMap<VarId, Option<Expr>>,
    /// Per subchain: its assumptions over α (⋆ ones dropped).
    guards: Vec<Vec<Expr>>,
    /// Common-prefix guards `x op rhs` with `x` stepping by `step` in every
    /// subchain, with the guard edge's position on the prefix.
    all_iter: Vec<(VarId, i8, CmpOp, Value, usize)>,
    /// Per subchain, per modified register: its progression.
    progs: Vec<Vec<Prog>>,
    /// Registers whose closed form holds totals of nested loops' counters
    /// (their value before the last run is not the closed form at κ − 1).
    acc: FxHashSet<VarId>,
    /// The nested loop nodes of the subchains.
    links: Vec<Link>,
}

/// A loop node nested in subchain `outer` (entered once per run of it):
/// its subchains' counters count their runs over *all* entries (global
/// counters, the paper's counters without a reset chain), and when its
/// exit is the failure of a ±1 step guard over values that every entry
/// starts from alike, each entry runs exactly `trip.t` times, so the
/// counters sum to `t · κ_outer` (the paper's reset chains, for the case
/// where the trip count is the same at every entry).
#[derive(Clone)]
struct Link {
    outer: ChainId,
    inner: Vec<Symbol>,
    trip: Option<Trip>,
}

/// The trip count `t` of every entry of a nested loop: the first `t` at
/// which `x0 + step·t op c` fails (`x0`, `c` over the outer loop's α,
/// loop-invariant there).
#[derive(Clone, Copy)]
struct Trip {
    t: Symbol,
    x0: Expr,
    c: Expr,
    step: i8,
    op: CmpOp,
}

/// What the nested loop nodes of one run of a subchain produced.
#[derive(Default)]
pub(super) struct Nested {
    /// Per carried register: the symbol δ standing for one entry's
    /// increment and the total of the increments over all entries.
    pub(super) deltas: Vec<(VarId, Symbol, Expr)>,
    /// The symbols created for this run (δs and trip counts).
    fresh: FxHashSet<Symbol>,
    links: Vec<Link>,
}

/// Builds constraint systems over one chain form of one function.
pub struct SystemBuilder<'a> {
    m: &'a Module,
    f: &'a Function,
    form: Rc<ChainForm>,
    alpha: Vec<Option<Symbol>>,
    counters: Vec<Option<Symbol>>,
    inputs: FxHashMap<EdgeId, Symbol>,
    nodes: FxHashMap<LoopNodeId, Rc<NodeSummary>>,
    /// Returns and `Halt` edges are targets (see [`target_kind`]).
    exits: bool,
    /// Returns are targets: the function runs as a callee.
    returns: bool,
}

use kappa_loops::closed::sort_of;

/// `v` as a value of type `ty` (booleans and bitvectors converted as the
/// engine does; a mismatched width is ⋆).
fn fit(v: CVal, ty: Ty) -> CVal {
    match (v, ty) {
        (CVal::Val(e), ty) if e.sort() == sort_of(ty) => v,
        (CVal::Val(e), Ty::Bool) if matches!(e.sort(), Sort::Bv(_)) => {
            CVal::Val(crate::exec::bool_of(e))
        }
        (CVal::Val(e), Ty::Int(w)) if e.sort() == Sort::Bool => CVal::Val(b::bool_to_bv(e, w)),
        (CVal::Ptr { offset, .. }, Ty::Int(w)) if offset.width() == w => v,
        _ => CVal::Star,
    }
}

fn written(instr: &Instr, out: &mut Vec<VarId>) {
    match instr {
        Instr::Assign { dst, .. }
        | Instr::Load { dst, .. }
        | Instr::Alloca { dst, .. }
        | Instr::Nondet { dst, .. }
        | Instr::Call { dst: Some(dst), .. } => out.push(*dst),
        Instr::Phi(l) => out.extend(l.iter().map(|(d, _)| *d)),
        _ => {}
    }
}

impl<'a> SystemBuilder<'a> {
    /// A builder over `form`, a chain form of `f`.
    pub fn new(m: &'a Module, f: &'a Function, form: Rc<ChainForm>) -> Self {
        SystemBuilder {
            m,
            f,
            counters: vec![None; form.chains.len()],
            form,
            alpha: vec![None; f.vars.len()],
            inputs: FxHashMap::default(),
            nodes: FxHashMap::default(),
            exits: m.may_run_exit_handlers(),
            returns: false,
        }
    }

    /// The same builder, for a form of `f` run as a callee when
    /// `returns`: its returns are targets (`form` must have been unfolded
    /// with them as targets, see [`target_kind`]), and their systems give
    /// the returned value.
    pub fn returning(mut self, returns: bool) -> Self {
        self.returns = returns;
        self
    }

    /// The counter κ of subchain `c` (64-bit, kind `Counter`), named `k<c>`.
    pub fn counter(&mut self, c: ChainId) -> Symbol {
        *self.counters[c].get_or_insert_with(|| {
            Symbol::fresh(&format!("k{c}"), Sort::Bv(64), SymbolKind::Counter)
        })
    }

    /// Every counter created so far.
    pub fn all_counters(&self) -> Vec<Symbol> {
        self.counters.iter().flatten().copied().collect()
    }

    /// The entry symbol α of register `v`, named after it.
    pub fn alpha(&mut self, v: VarId) -> Symbol {
        let info = &self.f.vars[v.index()];
        *self.alpha[v.index()].get_or_insert_with(|| {
            let name = format!("a_{}", info.name.trim_start_matches('%'));
            Symbol::fresh(&name, sort_of(info.ty), SymbolKind::Fresh)
        })
    }

    /// The constraint system of root chain `c` from the function entry:
    /// every register starts as its entry symbol α (SSA: none is read
    /// before it is written, except parameters, which are unconstrained).
    pub fn entry_system(&mut self, c: ChainId) -> ChainSystem {
        let regs: Vec<CVal> = (0..self.f.vars.len())
            .map(|i| CVal::Val(b::sym(self.alpha(VarId(i as u32)))))
            .collect();
        self.root_system_cv(c, regs)
    }

    /// The constraint system of root chain `c`, from registers `regs`
    /// (`None` = ⋆).
    pub fn root_system(&mut self, c: ChainId, regs: &[Option<Expr>]) -> ChainSystem {
        // each register as its declared sort (anything else is ⋆)
        let regs: Vec<CVal> = regs
            .iter()
            .zip(&self.f.vars)
            .map(|(r, v)| match (*r, v.ty) {
                (None, _) => CVal::Star,
                (Some(e), ty) if e.sort() == sort_of(ty) => CVal::Val(e),
                (Some(e), Ty::Bool) if matches!(e.sort(), Sort::Bv(_)) => {
                    CVal::Val(crate::exec::bool_of(e))
                }
                (Some(e), Ty::Int(w)) if e.sort() == Sort::Bool => CVal::Val(b::bool_to_bv(e, w)),
                _ => CVal::Star,
            })
            .collect();
        self.root_system_cv(c, regs)
    }

    pub(crate) fn root_system_cv(&mut self, c: ChainId, mut regs: Vec<CVal>) -> ChainSystem {
        let form = self.form.clone();
        let chain = &form.chains[c];
        debug_assert_eq!(chain.kind, ChainKind::Root);
        let mut cons = vec![];
        let n = chain.edges.len();
        let mut exact_target = true;
        let mut target = TargetKind::MayFail;
        let mut returned = None;
        for (i, &e) in chain.edges.iter().enumerate() {
            for &(pos, node) in &chain.loop_nodes {
                if pos == i {
                    self.loop_node(node, &mut regs, &mut cons);
                }
            }
            if i + 1 == n {
                target =
                    target_kind(self.f, e, self.exits, self.returns).unwrap_or(TargetKind::MayFail);
                if let Instr::Return(v) = &self.f.edges[e.index()].instr {
                    if self.returns {
                        let mut fails = vec![];
                        returned = Some(v.as_ref().and_then(|v| {
                            match eval(self.m, v, &regs, &mut fails) {
                                CVal::Val(x) => Some(x),
                                _ => None,
                            }
                        }));
                    }
                }
                match self.fail_condition(e, &regs) {
                    Some(cond) if cond.as_bool_const() == Some(true) => {}
                    Some(cond) => cons.push(cond),
                    None => exact_target = false,
                }
                break;
            }
            self.exec_edge(e, &mut regs, &mut cons, false);
        }
        ChainSystem {
            chain: c,
            target,
            constraints: cons,
            exact_target,
            returned,
        }
    }

    /// The condition under which edge `e` fails from registers `regs`
    /// (`None`: unknown).
    fn fail_condition(&self, e: EdgeId, regs: &[CVal]) -> Option<Expr> {
        let mut fails: Vec<Option<Expr>> = vec![];
        let m = self.m;
        match &self.f.edges[e.index()].instr {
            Instr::Error | Instr::Unsupported(_) | Instr::Call { .. } => return Some(b::tru()),
            Instr::Halt | Instr::Return(_) if self.exits => return Some(b::tru()),
            Instr::Return(_) if self.returns => return Some(b::tru()),
            Instr::Load { addr, ty, .. } => {
                let a = eval(m, addr, regs, &mut fails);
                fails.push(access_fails(a, ty.store_bytes() as u64, false));
            }
            Instr::Store { addr, value } => {
                let a = eval(m, addr, regs, &mut fails);
                let _ = eval(m, value, regs, &mut fails);
                let ty = value.ty(&self.f.vars, m.ptr_ty());
                fails.push(access_fails(a, ty.store_bytes() as u64, true));
            }
            Instr::Alloca { size, .. } => {
                let _ = eval(m, size, regs, &mut fails);
                if !matches!(size, Value::Const { .. }) {
                    return Some(b::tru());
                }
            }
            Instr::Assign { value: v, .. } | Instr::Assume(v) | Instr::Return(Some(v)) => {
                let _ = eval(m, v, regs, &mut fails);
            }
            Instr::Phi(list) => {
                for (_, v) in list {
                    let _ = eval(m, v, regs, &mut fails);
                }
            }
            _ => {}
        }
        let mut acc = b::fls();
        for f in fails {
            acc = b::or(acc, f?);
        }
        Some(acc)
    }

    fn exec_edge(&mut self, e: EdgeId, regs: &mut [CVal], cons: &mut Vec<Expr>, in_sub: bool) {
        let m = self.m;
        let mut fails = vec![];
        match &self.f.edges[e.index()].instr {
            Instr::Assign { dst, value } => {
                regs[dst.index()] = fit(
                    eval(m, value, regs, &mut fails),
                    self.f.vars[dst.index()].ty,
                )
            }
            Instr::Assume(v) => {
                if let CVal::Val(c) = eval(m, v, regs, &mut fails) {
                    cons.push(crate::exec::bool_of(c));
                }
            }
            Instr::Phi(list) => {
                let vals: Vec<CVal> = list
                    .iter()
                    .map(|(_, v)| eval(m, v, regs, &mut fails))
                    .collect();
                for ((d, _), v) in list.iter().zip(vals) {
                    regs[d.index()] = fit(v, self.f.vars[d.index()].ty);
                }
            }
            Instr::Alloca { dst, size, .. } => {
                regs[dst.index()] = match eval(m, size, regs, &mut fails) {
                    CVal::Val(s) => match s.as_bv_const() {
                        Some(n) => CVal::Ptr {
                            size: n as u64,
                            writable: true,
                            offset: b::bv(m.data_model.pointer_bits(), 0),
                        },
                        None => CVal::Star,
                    },
                    _ => CVal::Star,
                }
            }
            Instr::Nondet { dst, ty, .. } => {
                regs[dst.index()] = if in_sub {
                    CVal::Star // a new value in every iteration
                } else {
                    let s = *self.inputs.entry(e).or_insert_with(|| {
                        Symbol::fresh(&format!("in{}", e.0), sort_of(*ty), SymbolKind::Fresh)
                    });
                    CVal::Val(b::sym(s))
                }
            }
            Instr::Load { dst, .. } | Instr::Call { dst: Some(dst), .. } => {
                regs[dst.index()] = CVal::Star
            }
            _ => {}
        }
    }

    /// Registers written on subchain `c` or on any chain nested in it.
    fn modified_by(&self, c: ChainId, out: &mut Vec<VarId>) {
        let ch = &self.form.chains[c];
        for &e in &ch.edges {
            written(&self.f.edges[e.index()].instr, out);
        }
        for &(_, n) in &ch.loop_nodes {
            for &s in &self.form.loop_nodes[n].subchains {
                self.modified_by(s, out);
            }
        }
    }

    fn summary(&mut self, node: LoopNodeId) -> Rc<NodeSummary> {
        if let Some(s) = self.nodes.get(&node) {
            return s.clone();
        }
        let subs = self.form.loop_nodes[node].subchains.clone();
        let counters: Vec<Symbol> = subs.iter().map(|&d| self.counter(d)).collect();
        let mut modified = vec![];
        for &d in &subs {
            self.modified_by(d, &mut modified);
        }
        modified.sort();
        modified.dedup();
        let alpha_regs: Vec<CVal> = (0..self.f.vars.len())
            .map(|i| CVal::Val(b::sym(self.alpha(VarId(i as u32)))))
            .collect();
        let mut progs: Vec<Vec<Prog>> = vec![];
        let mut guards = vec![];
        let mut links = vec![];
        let mod_alpha: FxHashSet<Symbol> = modified.iter().map(|&v| self.alpha(v)).collect();
        for &d in &subs {
            let mut regs = alpha_regs.clone();
            let mut cons = vec![];
            let mut nested = Nested::default();
            self.run_sub(d, &mut regs, &mut cons, &mod_alpha, &mut nested);
            guards.push(cons);
            let mut p = vec![];
            for &v in &modified {
                let a0 = b::sym(self.alpha(v));
                p.push(classify_nested(a0, regs[v.index()], &mod_alpha, &nested));
            }
            progs.push(p);
            links.extend(nested.links);
        }
        let total = counters
            .iter()
            .fold(b::bv(64, 0), |acc, &k| b::add(acc, b::sym(k)));
        let mut closed = FxHashMap::default();
        let mut acc = FxHashSet::default();
        for (j, &v) in modified.iter().enumerate() {
            let a0 = b::sym(self.alpha(v));
            let per: Vec<Prog> = progs.iter().map(|p| p[j]).collect();
            if per.iter().any(|p| matches!(p, Prog::ArithPlus(..))) {
                acc.insert(v);
            }
            closed.insert(v, merge(a0, &per, &counters, total));
        }
        // common-prefix guards over a register stepping by ±1 everywhere
        let mut all_iter = vec![];
        let chains: Vec<&Vec<EdgeId>> = subs.iter().map(|&d| &self.form.chains[d].edges).collect();
        let mut prefix = 0;
        while chains
            .iter()
            .all(|c| c.len() > prefix && c[prefix] == chains[0][prefix])
            && !subs.iter().any(|&d| {
                self.form.chains[d]
                    .loop_nodes
                    .iter()
                    .any(|&(p, _)| p == prefix)
            })
        {
            prefix += 1;
        }
        let mut defs: FxHashMap<VarId, &Value> = FxHashMap::default();
        let mut assigned: FxHashSet<VarId> = FxHashSet::default();
        let steps = per_steps(self.f, &progs, &modified);
        let f = self.f;
        for (pos, &e) in chains[0][..prefix].iter().enumerate() {
            let instr = &f.edges[e.index()].instr;
            if let Instr::Assume(v) = instr {
                if let Some((x, st, op, rhs)) = step_guard(v, &defs, &assigned, &modified, &steps) {
                    all_iter.push((x, st, op, rhs, pos));
                }
            }
            if let Instr::Assign { dst, value } = instr {
                defs.insert(*dst, value);
            }
            let mut w = vec![];
            written(instr, &mut w);
            assigned.extend(w);
        }
        let s = Rc::new(NodeSummary {
            counters,
            modified,
            closed,
            guards,
            all_iter,
            progs,
            acc,
            links,
        });
        self.nodes.insert(node, s.clone());
        s
    }
}

/// `x op rhs` (through the definition of a boolean register and
/// negations) with `x` a register stepping by ±1 in every subchain and
/// unassigned so far on the prefix, `rhs` invariant.
fn step_guard(
    v: &Value,
    defs: &FxHashMap<VarId, &Value>,
    assigned: &FxHashSet<VarId>,
    modified: &[VarId],
    steps: &FxHashMap<VarId, i8>,
) -> Option<(VarId, i8, CmpOp, Value)> {
    let mut v = v;
    let mut positive = true;
    loop {
        match v {
            Value::Not(a) => {
                positive = !positive;
                v = a;
            }
            Value::Var(c) => v = defs.get(c)?,
            _ => break,
        }
    }
    let Value::Cmp { op, lhs, rhs } = v else {
        return None;
    };
    let invariant = |val: &Value| {
        let mut ok = true;
        val.for_each_var(&mut |x| {
            if modified.contains(&x) || assigned.contains(&x) {
                ok = false
            }
        });
        ok
    };
    let (x, op, other) = match (&**lhs, &**rhs) {
        (Value::Var(x), r) if invariant(r) => (*x, *op, r),
        (l, Value::Var(x)) if invariant(l) => (*x, swap(*op), l),
        _ => return None,
    };
    if assigned.contains(&x) {
        return None;
    }
    let step = *steps.get(&x)?;
    let op = if positive { op } else { negate(op) };
    Some((x, step, op, other.clone()))
}

impl SystemBuilder<'_> {
    /// Runs subchain `d` from `regs`, collecting its assumptions and what
    /// its nested loop nodes produce (`mod_alpha`: the α of the registers
    /// the enclosing loop node modifies).
    fn run_sub(
        &mut self,
        d: ChainId,
        regs: &mut [CVal],
        cons: &mut Vec<Expr>,
        mod_alpha: &FxHashSet<Symbol>,
        nested: &mut Nested,
    ) {
        let chain = self.form.chains[d].clone();
        for (i, &e) in chain.edges.iter().enumerate() {
            for &(pos, node) in &chain.loop_nodes {
                if pos == i {
                    self.nested_node(d, node, &chain.edges[i..], regs, mod_alpha, nested);
                }
            }
            self.exec_edge(e, regs, cons, true);
        }
    }

    /// A loop node nested in subchain `d`, reached with `regs`; `rest`: the
    /// edges of `d` from the node on. Its registers become:
    /// - carried across entries (the entry value is not loop-invariant in
    ///   the enclosing loop) and stepping by constants in every subchain:
    ///   entry value + δ, where δ stands for this entry's increment (the
    ///   enclosing summary accepts the register only as `α + c + δ`, whose
    ///   total over all runs is `c·κ_d + Σ_e c_e·κ_e` with the nested
    ///   subchains' counters κ_e counting over all entries: exact modulo
    ///   2^w, the sums of the increments being sums of the same constants);
    /// - reset at every entry (loop-invariant entry value) and stepping by
    ///   one constant `c` in every subchain, when the trip count `t` is
    ///   known (see [`Link`]): entry value + c·t, exactly;
    /// - anything else: ⋆ (in particular a register a loop nested in this
    ///   node changes: its progression carries a nested increment). The
    ///   node's summary is cached per node with symbols of its own; only
    ///   its constant steps and guards are used here, with fresh counters,
    ///   δs and trip count per use, so none of its symbols is shared
    ///   between uses.
    fn nested_node(
        &mut self,
        d: ChainId,
        node: LoopNodeId,
        rest: &[EdgeId],
        regs: &mut [CVal],
        mod_alpha: &FxHashSet<Symbol>,
        out: &mut Nested,
    ) {
        let subs = self.form.loop_nodes[node].subchains.clone();
        let mut written_here = vec![];
        for &s in &subs {
            self.modified_by(s, &mut written_here);
        }
        if subs.is_empty() || subs.len() > 15 {
            for v in written_here {
                regs[v.index()] = CVal::Star;
            }
            return;
        }
        let s = self.summary(node);
        // this nested use counts with counters of its own: the node's
        // summary counters are also those of its uses outside the
        // enclosing loop (the same loop met again on the chain after the
        // enclosing loop node, e.g. its last, partial iteration), whose
        // runs are not these; sharing them linked the two and made
        // feasible chains infeasible
        let counters: Vec<Symbol> = s
            .counters
            .iter()
            .map(|_| Symbol::fresh(&format!("n{node}k"), Sort::Bv(64), SymbolKind::Counter))
            .collect();
        let entry: Vec<CVal> = regs.to_vec();
        let fresh = &out.fresh;
        let invariant = |e: Expr| {
            let (syms, _) = kappa_expr::print::free_symbols(&[e]);
            syms.iter()
                .all(|x| !mod_alpha.contains(x) && !fresh.contains(x))
        };
        // the trip count, when the exit is the failure of a step guard
        let mut trip = None;
        let sub0 = self.form.chains[subs[0]].edges.clone();
        for (x, step, op, rhs, g) in &s.all_iter {
            let (x, g) = (*x, *g);
            if rest.len() <= g || rest[..g] != sub0[..g] || rest[g] == sub0[g] {
                continue;
            }
            let (ex, body) = (
                &self.f.edges[rest[g].index()],
                &self.f.edges[sub0[g].index()],
            );
            let complementary = match (&ex.instr, &body.instr) {
                (Instr::Assume(a), Instr::Assume(c)) => {
                    matches!(a, Value::Not(i) if **i == *c)
                        || matches!(c, Value::Not(i) if **i == *a)
                }
                _ => false,
            };
            if ex.from != body.from || !complementary {
                continue;
            }
            let mut fails = vec![];
            let (CVal::Val(x0), CVal::Val(c)) =
                (entry[x.index()], eval(self.m, rhs, &entry, &mut fails))
            else {
                continue;
            };
            if x0.sort() != c.sort()
                || !matches!(x0.sort(), Sort::Bv(_))
                || !invariant(x0)
                || !invariant(c)
            {
                continue;
            }
            let t = Symbol::fresh(&format!("t{node}"), Sort::Bv(64), SymbolKind::Counter);
            trip = Some(Trip {
                t,
                x0,
                c,
                step: *step,
                op: *op,
            });
            break;
        }
        let mut deltas = vec![];
        for (j, &v) in s.modified.iter().enumerate() {
            let per: Vec<Prog> = s.progs.iter().map(|p| p[j]).collect();
            let steps: Option<Vec<u128>> = per
                .iter()
                .map(|p| match p {
                    Prog::Unchanged => Some(0),
                    Prog::Arith(c) => Some(*c),
                    _ => None,
                })
                .collect();
            let (CVal::Val(r), Some(steps)) = (entry[v.index()], steps) else {
                regs[v.index()] = CVal::Star;
                continue;
            };
            let Sort::Bv(w) = r.sort() else {
                regs[v.index()] = CVal::Star;
                continue;
            };
            if invariant(r) {
                regs[v.index()] = match trip {
                    Some(tr) if steps.iter().all(|c| *c == steps[0]) => CVal::Val(b::add(
                        r,
                        b::mul(kappa_as(b::sym(tr.t), w), b::bv(w, steps[0])),
                    )),
                    _ => CVal::Star,
                };
            } else {
                let delta =
                    Symbol::fresh(&format!("d{node}_{}", v.0), Sort::Bv(w), SymbolKind::Fresh);
                let total = steps
                    .iter()
                    .zip(&counters)
                    .filter(|(c, _)| **c != 0)
                    .fold(b::bv(w, 0), |acc, (c, &k)| {
                        b::add(acc, b::mul(kappa_as(b::sym(k), w), b::bv(w, *c)))
                    });
                regs[v.index()] = CVal::Val(b::add(r, b::sym(delta)));
                deltas.push((v, delta, total));
            }
        }
        for (_, delta, _) in &deltas {
            out.fresh.insert(*delta);
        }
        out.deltas.extend(deltas);
        if let Some(tr) = trip {
            out.fresh.insert(tr.t);
        }
        out.links.push(Link {
            outer: d,
            inner: counters,
            trip,
        });
    }

    /// α of every register mapped to its value in `regs` (`None`: not an
    /// expression).
    fn entry_map(&mut self, regs: &[CVal]) -> FxHashMap<Symbol, Option<Expr>> {
        (0..self.f.vars.len())
            .map(|i| (self.alpha(VarId(i as u32)), regs[i].expr()))
            .collect()
    }

    fn loop_node(&mut self, node: LoopNodeId, regs: &mut [CVal], cons: &mut Vec<Expr>) {
        let s = self.summary(node);
        let entry: Vec<CVal> = regs.to_vec();
        let emap = self.entry_map(&entry);
        let total = s
            .counters
            .iter()
            .fold(b::bv(64, 0), |acc, &k| b::add(acc, b::sym(k)));
        let limit = b::bv(64, 1u128 << MAX_RUNS_LOG2);
        for &k in &s.counters {
            cons.push(b::ult(b::sym(k), limit));
        }
        // values after the loop, as functions of the counters
        let mut after: FxHashMap<VarId, Option<Expr>> = FxHashMap::default();
        for &v in &s.modified {
            let c = s.closed[&v].and_then(|c| subst_map(c, &emap));
            after.insert(v, c);
        }
        // (b) the last iteration was feasible: some d with κ_d ≥ 1 ran last,
        // from the values at κ − e_d
        let mut last = b::fls();
        for (j, &k) in s.counters.iter().enumerate() {
            let kd = b::sym(k);
            let dec = b::sub(kd, b::bv(64, 1));
            let mut map = emap.clone();
            for &v in &s.modified {
                let at = after[&v]
                    .filter(|_| !s.acc.contains(&v))
                    .map(|c| kappa_expr::subst::substitute(c, &|x| (x == k).then_some(dec)));
                map.insert(self.alpha(v), at);
            }
            let mut g = b::ne(kd, b::bv(64, 0));
            for &guard in &s.guards[j] {
                if let Some(gi) = subst_map(guard, &map) {
                    g = b::and(g, gi);
                }
            }
            last = b::or(last, g);
        }
        if !s.counters.is_empty() {
            cons.push(b::implies(b::ne(total, b::bv(64, 0)), last));
        }
        // (c) step guards held in every iteration
        for (x, step, op, rhs, _) in &s.all_iter {
            let mut fails = vec![];
            let (CVal::Val(x0), CVal::Val(c)) =
                (entry[x.index()], eval(self.m, rhs, &entry, &mut fails))
            else {
                continue;
            };
            if x0.sort() != c.sort() || !matches!(x0.sort(), Sort::Bv(_)) {
                continue;
            }
            if let Some(k) = every_iteration(x0, c, *step, *op, total) {
                cons.push(k);
            }
        }
        // nested loops: their counters, and their link to the runs of the
        // subchain they sit in
        for l in &s.links {
            self.link_constraints(l, &emap, cons);
        }
        for &v in &s.modified {
            regs[v.index()] = after[&v].map_or(CVal::Star, CVal::Val);
        }
    }

    /// The constraints of a nested loop node (see [`Link`]), with the
    /// enclosing loop's entry values `emap`: every global counter below
    /// 2^60 (as for every counter); when the trip count is known, `t` is
    /// the first failure of the guard (asserted only when the enclosing
    /// subchain ran: an entry that never exits has no complete run), and
    /// the counters sum to `t · κ_outer` (asserted where both factors are
    /// below 2^32, so the 64-bit product and sum are exact); and they are
    /// all 0 when the subchain did not run.
    fn link_constraints(
        &mut self,
        l: &Link,
        emap: &FxHashMap<Symbol, Option<Expr>>,
        cons: &mut Vec<Expr>,
    ) {
        let limit = b::bv(64, 1u128 << MAX_RUNS_LOG2);
        for &k in &l.inner {
            cons.push(b::ult(b::sym(k), limit));
        }
        // the nested node runs only inside runs of its subchain
        let kd = b::sym(self.counter(l.outer));
        let none = l.inner.iter().fold(b::tru(), |acc, &k| {
            b::and(acc, b::eq(b::sym(k), b::bv(64, 0)))
        });
        cons.push(b::implies(b::eq(kd, b::bv(64, 0)), none));
        let Some(tr) = l.trip else {
            return;
        };
        let (Some(x0), Some(c)) = (subst_map(tr.x0, emap), subst_map(tr.c, emap)) else {
            return;
        };
        let t = b::sym(tr.t);
        let w = x0.width();
        if let Some(all) = every_iteration(x0, c, tr.step, tr.op, t) {
            let at_t = if tr.step == 1 {
                b::add(x0, kappa_as(t, w))
            } else {
                b::sub(x0, kappa_as(t, w))
            };
            let exits = b::not(kappa_loops::sem::cmp(tr.op, at_t, c));
            cons.push(b::implies(b::ne(kd, b::bv(64, 0)), b::and(all, exits)));
        }
        let small = b::bv(64, 1u128 << 32);
        let sum = l
            .inner
            .iter()
            .fold(b::bv(64, 0), |acc, &k| b::add(acc, b::sym(k)));
        let prod = b::mul(t, kd);
        let exact = b::and(b::ult(t, small), b::ult(kd, small));
        cons.push(b::implies(exact, b::eq(sum, prod)));
        // (implied, as no sum wraps; stated for the solver, which is slow
        // to derive bounds through the product)
        for &k in &l.inner {
            cons.push(b::implies(exact, b::ule(b::sym(k), prod)));
        }
    }
}
