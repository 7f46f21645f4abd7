//! Templates of cycles (Algorithm 1 of "Compact Symbolic Execution", Slaby,
//! Strejček, Trtík, ATVA 2013): the parametric state after κ iterations of a
//! cycle's core, and one parametric state per feasible exit edge.
//!
//! Bit precision. κ and the bound iteration variable τ are 64-bit
//! bitvectors (results that need 2^64 iterations or more are out of scope).
//! The closed forms are exact modulo 2^w for a w-bit register:
//! - arithmetic progression: if one iteration maps `a` to `a̲ + c`, then
//!   after κ iterations `a = a̲ + κ·c (mod 2^w)`; `(κ mod 2^w)·c ≡ κ·c`, so
//!   truncating κ to w bits (or zero-extending it when w > 64) is exact;
//! - geometric progression: `a̲ · c` (or `a̲ << k`, i.e. c = 2^k) gives
//!   `a̲ · c^κ (mod 2^w)`, with `c^κ` encoded exactly as the product over
//!   the bits `i` of κ of `ite(bit_i(κ), c^(2^i) mod 2^w, 1)` (no
//!   exponentiation in the solver; at most 64 constant factors, and fewer
//!   when the powers reach 1 or 0);
//! - the ite rule: if one iteration assigns `a := g` where every symbol of
//!   `g` is a register with a known closed form or an input of the
//!   iteration, then `a = ite(κ > 0, g[κ-1], a̲)`.
//!
//! A register matching no rule makes the template fail (`NotApplicable`),
//! and the engine executes that cycle classically. No rule assumes
//! mathematical integers.
//!
//! Inputs read inside the core (`__VERIFIER_nondet_*`) are a sequence: the
//! value of the j-th read in iteration τ is `A_j[τ]` for an array `A_j`
//! from 64-bit indices to the input's bits, so a model gives every value.
//!
//! Loads on a core whose memory is not written (the core has no store,
//! call or allocation) read the memory as it was at the entry: a load at
//! address `a` in iteration τ gives the bytes `M[a(τ)]` of an array `M`
//! standing for the object the load reads, which the use of the template
//! binds to that object's contents (found from the address in iteration
//! 0). Each load requires its address to lie in that object in every
//! iteration (part of the core's condition), and gets an extra *UB exit*:
//! the state where some iteration's load would leave the object; if that
//! state is possible the use of the template records a failed leaf, as
//! the classic step does for a possible out-of-bounds access.
//!
//! Stores whose address is a progression of the iteration inside one
//! object, with stored values that have closed forms in τ, are handled as
//! described in [`super::stores`]: after κ iterations the object holds the
//! values of the κ iterations at their positions (the closed division
//! form), each iteration's store must lie in its object (part of the
//! core's condition, with a UB exit per store as for loads), and loads on
//! the core read the entry contents only where no earlier store may have
//! written (a load of the bytes its own iteration just stored reads the
//! stored value back). Stores on a recursion's call path are not handled.
//!
//! Cores with calls, allocations or other possible undefined behaviour are
//! not handled by this version: the template fails and the cycle runs
//! classically.

use crate::exec::{bool_of, dummy_state, loaded_value, Obligation};
use crate::state::{Frame, State};
use crate::Engine;
use kappa_expr::build::{self as b};
use kappa_expr::{substitute, Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{EdgeId, FuncId, Instr, Loc, SrcLoc, Ty, Value, VarId};
use kappa_loops::Cycle;
use kappa_solver::SatResult;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Time limit of the checks made while computing a template (whether two
/// accesses of the cycle may overlap).
pub const TEMPLATE_CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(200);

/// Time limit of the check that drops an exit infeasible for every entry.
/// Its `unknown` keeps the exit, as `sat` does (its use checks it again),
/// so the limit costs no soundness, only an exit that a longer check would
/// have dropped. Measured over 810 checks (kappa's compact and program
/// tests, the corpus, 80 generated programs): the 60 refutations took at
/// most 2.1 ms, while the satisfiable checks took up to 190 ms, 19 s in
/// all, 13 s of it above 20 ms (on the corpus's hello.c, 3.2 s of a 3.6 s
/// run went to template computation, nearly all to these checks).
pub const TEMPLATE_EXIT_CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(20);

/// A `__VERIFIER_nondet_*` call on the core of a cycle.
#[derive(Clone, Debug)]
pub struct TemplateRead {
    /// Position of its edge on the core.
    pub pos: usize,
    /// The per-iteration array `A_j` (template-local; renamed at each use).
    pub array: Symbol,
    /// The nondet function.
    pub origin: Rc<str>,
    /// The input's type.
    pub ty: Ty,
    /// Source position.
    pub src: Option<SrcLoc>,
}

/// A load on the core of a cycle whose memory is read-only.
#[derive(Clone, Debug)]
pub struct TemplateLoad {
    /// Position of its edge on the core.
    pub pos: usize,
    /// Its address in one iteration (over the entry symbols and the values
    /// of earlier reads and loads of the iteration).
    pub addr: Expr,
    /// Its address in iteration 0, over the entry symbols (and the arrays
    /// of earlier loads): finds the object at a use of the template.
    pub addr0: Expr,
    /// Bytes read.
    pub bytes: u32,
    /// Type of the loaded value.
    pub ty: Ty,
    /// Array from absolute addresses to bytes: the object's contents.
    pub mem: Symbol,
    /// First address of the object.
    pub base: Symbol,
    /// One past the last address of the object.
    pub end: Symbol,
    /// The store (index into [`Template::stores`]) of the same iteration
    /// whose bytes, at the same address and width, the load reads back.
    pub forward: Option<usize>,
    /// Source position.
    pub src: Option<SrcLoc>,
}

/// A store on the core of a cycle: address `start + stride·τ` (mod 2^p)
/// in iteration τ, value `value_at` (see [`super::stores`]).
#[derive(Clone, Debug)]
pub struct TemplateStore {
    /// Position of its edge on the core.
    pub pos: usize,
    /// Its address in one iteration (over the entry symbols and the values
    /// of the iteration).
    pub addr: Expr,
    /// The stored bytes (little-endian, `8 * bytes` bits) in one iteration.
    pub value: Expr,
    /// Bytes written.
    pub bytes: u32,
    /// Its address in iteration τ ([`Template::tau`]).
    pub addr_at: Expr,
    /// Its address in iteration 0 (free of τ): finds the object at a use.
    pub start: Expr,
    /// The constant stride (pointer width, two's complement).
    pub stride: u128,
    /// The stored bytes in iteration τ.
    pub value_at: Expr,
    /// First address of the object.
    pub base: Symbol,
    /// One past the last address of the object.
    pub end: Symbol,
    /// Source position.
    pub src: Option<SrcLoc>,
}

/// Two accesses of a template that may touch a common byte when they hit
/// the same object: a use where they do falls back to the classic step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clash {
    /// Load `.0` may read what store `.1` wrote earlier.
    Load(usize, usize),
    /// Stores `.0` and `.1` may write a common byte.
    Stores(usize, usize),
}

/// What running a core path did besides registers: the stores (address
/// and bytes, in order) and, per load, the store it reads back.
#[derive(Clone, Debug, Default)]
pub(crate) struct Effects {
    /// The stores, in core order.
    pub stores: Vec<(Expr, Expr)>,
    /// Per load in core order: the store of the path it reads back.
    pub forwarded: Vec<Option<usize>>,
}

/// A value produced inside one iteration: a nondet read or a load.
#[derive(Clone, Copy, Debug)]
pub enum IterValue {
    /// The i-th of [`Template::reads`].
    Input(usize),
    /// The i-th of [`Template::loads`].
    Load(usize),
}

/// One parametric state of a template: leave the core by `edge` after κ
/// complete iterations.
#[derive(Clone, Debug)]
pub struct TemplateExit {
    /// The exit edge.
    pub edge: EdgeId,
    /// Its target: where the state continues.
    pub to: Loc,
    /// Register values at `to` (over the entry symbols, κ and the arrays).
    pub regs: Vec<(VarId, Expr)>,
    /// Its path condition φ_*[κ] ∧ θ_*[κ](φ of the prefix and the exit edge).
    pub cond: Expr,
    /// Indices (into [`Template::reads`]) of the reads on the prefix of the
    /// core before the exit: they read iteration κ.
    pub prefix_reads: Vec<usize>,
    /// The exit edge's own condition at iteration κ (over the entry
    /// symbols, κ and the arrays); `true` for a UB exit.
    pub guard: Expr,
    /// The condition of reaching this state in iteration κ given that the
    /// κ iterations before followed the core: the prefix's conditions and
    /// the exit edge's (for a UB exit: the load leaving its object). So
    /// `cond` is `loop_cond ∧ here`.
    pub here: Expr,
    /// Whether the exit edge leaves the loop.
    pub leaves_loop: bool,
    /// Set for a UB exit: the load (index into [`Template::loads`]) whose
    /// address may leave its object in iteration κ (`cond` is the condition
    /// of that; the state has no successor).
    pub ub_load: Option<usize>,
    /// Set for a UB exit of a store (index into [`Template::stores`]).
    pub ub_store: Option<usize>,
    /// The stores of iteration κ on the prefix before the exit: index into
    /// [`Template::stores`], address and bytes (over the entry symbols, κ
    /// and the arrays), applied after the κ iterations' stores.
    pub stores: Vec<(usize, Expr, Expr)>,
}

/// A template `(e, M)` of one cycle.
#[derive(Clone, Debug)]
pub struct Template {
    /// The function of the cycle.
    pub func: FuncId,
    /// The cycle.
    pub cycle: Cycle,
    /// The parameter κ (64-bit, kind `Param`).
    pub kappa: Symbol,
    /// The bound iteration variable τ of `loop_cond`.
    pub tau: Symbol,
    /// The symbol a̲ of each register the core reads or writes: its value at
    /// the entry.
    pub init: Vec<(VarId, Symbol)>,
    /// The nondet reads of one iteration, in core order.
    pub reads: Vec<TemplateRead>,
    /// The loads of one iteration, in core order.
    pub loads: Vec<TemplateLoad>,
    /// The stores of one iteration, in core order.
    pub stores: Vec<TemplateStore>,
    /// Accesses that may touch a common byte when in the same object.
    pub clashes: Vec<Clash>,
    /// θ_*[κ]: each register after κ iterations.
    pub iterated: Vec<(VarId, Expr)>,
    /// φ_*[κ]: `∀τ. τ < κ → θ_*[τ](φ)` (κ ≥ 0 holds for unsigned κ).
    pub loop_cond: Expr,
    /// θ_*[τ](φ): iteration τ follows the core (over τ, the entry symbols
    /// and the arrays).
    pub iter_cond: Expr,
    /// One parametric state per exit edge not proved infeasible.
    pub exits: Vec<TemplateExit>,
    /// For a recursion template: the phase of returns.
    pub returns: Option<ReturnPhase>,
}

/// The phase of returns of a recursion template (report, Section 5.2): what
/// κ returns through the recursive call do to the value returned by the
/// innermost activation.
#[derive(Clone, Debug)]
pub struct ReturnPhase {
    /// The recursive call edge.
    pub call: EdgeId,
    /// The value returned by the innermost activation.
    pub r0: Symbol,
    /// The value the outermost activation returns (over `r0` and κ); `None`
    /// for a function returning nothing.
    pub value: Option<Expr>,
}

/// What became of one cycle.
#[derive(Clone, Debug)]
pub enum TemplateOutcome {
    /// A template was computed.
    Computed(Box<Template>),
    /// The analysis does not apply; the cycle is executed classically.
    NotApplicable(String),
}

/// The end of a core path that is closed by a parallel assignment rather
/// than by an edge back to the entry (a recursive call: parameters :=
/// arguments).
#[derive(Clone, Debug)]
pub struct Closing {
    /// The location the closing edge leaves (the recursive call's source).
    pub from: Loc,
    /// The assignments, evaluated together after the path.
    pub moves: Vec<(VarId, Value)>,
}

pub(crate) use kappa_loops::live::value_vars;

pub(crate) use kappa_loops::closed::{progression, sort_of};

impl Engine<'_> {
    /// Computes the template of `cycle` of function `func` (Algorithm 1).
    pub(crate) fn compute_template(&mut self, func: FuncId, cycle: &Cycle) -> TemplateOutcome {
        match self.template_of(func, cycle, None) {
            Ok(t) => TemplateOutcome::Computed(Box::new(t)),
            Err(why) => TemplateOutcome::NotApplicable(why),
        }
    }

    /// Algorithm 1 on `cycle`; with `closing`, the core is a path that ends
    /// in a parallel assignment instead of coming back by its own edges
    /// (the phase of calls of a recursion template: the recursive call's
    /// arguments become the parameters).
    pub(crate) fn template_of(
        &mut self,
        func: FuncId,
        cycle: &Cycle,
        closing: Option<&Closing>,
    ) -> Result<Template, String> {
        let m = self.module;
        let f = m.func(func);
        // the registers of the core, and its nondet reads
        let mut vars = vec![];
        let mut reads = vec![];
        let mut loads = vec![];
        let mut stores: Vec<TemplateStore> = vec![];
        let mut values = vec![];
        let pb = self.ptr_bits();
        for (pos, e) in cycle.core.iter().enumerate() {
            let edge = &f.edges[e.index()];
            match &edge.instr {
                Instr::Load { dst, addr, ty } => {
                    vars.push(*dst);
                    value_vars(addr, &mut vars);
                    values.push(IterValue::Load(loads.len()));
                    let fresh = |n: &str, sort| Symbol::fresh(n, sort, SymbolKind::Fresh);
                    loads.push(TemplateLoad {
                        pos,
                        addr: b::bv(pb, 0),
                        addr0: b::bv(pb, 0),
                        bytes: ty.store_bytes(),
                        ty: *ty,
                        mem: fresh("mem", Sort::Array { index: pb, elem: 8 }),
                        base: fresh("base", Sort::Bv(pb)),
                        end: fresh("end", Sort::Bv(pb)),
                        forward: None,
                        src: edge.src,
                    });
                }
                Instr::Store { addr, value } if closing.is_none() => {
                    value_vars(addr, &mut vars);
                    value_vars(value, &mut vars);
                    let fresh = |n: &str| Symbol::fresh(n, Sort::Bv(pb), SymbolKind::Fresh);
                    stores.push(TemplateStore {
                        pos,
                        addr: b::bv(pb, 0),
                        value: b::bv(8, 0),
                        bytes: 0,
                        addr_at: b::bv(pb, 0),
                        start: b::bv(pb, 0),
                        stride: 0,
                        value_at: b::bv(8, 0),
                        base: fresh("sbase"),
                        end: fresh("send"),
                        src: edge.src,
                    });
                }
                Instr::Assign { dst, value } => {
                    vars.push(*dst);
                    value_vars(value, &mut vars);
                }
                Instr::Phi(moves) => {
                    for (d, v) in moves {
                        vars.push(*d);
                        value_vars(v, &mut vars);
                    }
                }
                Instr::Assume(c) => value_vars(c, &mut vars),
                Instr::Nondet { dst, ty, origin } => {
                    vars.push(*dst);
                    let sort = match ty {
                        Ty::Bool => 1,
                        Ty::Int(w) => *w,
                    };
                    values.push(IterValue::Input(reads.len()));
                    reads.push(TemplateRead {
                        pos,
                        array: Symbol::fresh(
                            "seq",
                            Sort::Array {
                                index: 64,
                                elem: sort,
                            },
                            SymbolKind::Fresh,
                        ),
                        origin: origin.as_str().into(),
                        ty: *ty,
                        src: edge.src,
                    });
                }
                other => {
                    return Err(format!(
                        "{} on the cycle at {}",
                        instr_name(other),
                        m.describe(edge.src)
                    ))
                }
            }
        }
        if let Some(c) = closing {
            for (d, v) in &c.moves {
                vars.push(*d);
                value_vars(v, &mut vars);
            }
        }
        vars.sort();
        vars.dedup();
        let init: Vec<(VarId, Symbol)> = vars
            .iter()
            .map(|v| {
                let info = &f.vars[v.index()];
                let name = format!("{}_0", info.name.trim_start_matches('%'));
                (
                    *v,
                    Symbol::fresh(&name, sort_of(info.ty), SymbolKind::Fresh),
                )
            })
            .collect();
        let kappa = Symbol::fresh("kappa", Sort::Bv(64), SymbolKind::Param);
        let tau = Symbol::fresh("tau", Sort::Bv(64), SymbolKind::Bound);
        let k = b::sym(kappa);

        // one iteration from the entry symbols; reads and loads give fresh
        // symbols ν (in core order)
        let nu: Vec<Symbol> = values
            .iter()
            .map(|v| {
                let ty = match v {
                    IterValue::Input(i) => reads[*i].ty,
                    IterValue::Load(i) => loads[*i].ty,
                };
                Symbol::fresh("nu", sort_of(ty), SymbolKind::Fresh)
            })
            .collect();
        let mut st = self.scratch_state(func);
        for (v, s) in &init {
            st.frame_mut().regs[v.index()] = Some(b::sym(*s));
        }
        let mut addrs = vec![];
        let mut fx = Effects::default();
        let phi = self.run_core_edges(
            func,
            &cycle.core,
            &mut st,
            (&loads, &stores),
            &mut fx,
            &mut |j, addr| {
                if let Some(a) = addr {
                    addrs.push(a);
                }
                b::sym(nu[j])
            },
        )?;
        for ((l, a), f) in loads.iter_mut().zip(addrs).zip(&fx.forwarded) {
            l.addr = a;
            l.forward = *f;
        }
        for (s, (a, v)) in stores.iter_mut().zip(&fx.stores) {
            s.addr = *a;
            s.value = *v;
            s.bytes = v.width() / 8;
        }
        if let Some(c) = closing {
            self.run_closing(c, &mut st)?;
        }
        match self.solver.check(&[], phi) {
            SatResult::Sat(_) => {}
            SatResult::Unsat => return Err("the core is infeasible".into()),
            SatResult::Unknown(r) => return Err(format!("solver {r} on the core")),
        }
        let theta: Vec<(VarId, Symbol, Expr)> = init
            .iter()
            .map(|(v, s)| {
                let after = st.frame().regs[v.index()].unwrap_or_else(|| b::sym(*s));
                (*v, *s, after)
            })
            .collect();

        // θ_*[κ] by the rules, to a fixpoint
        let var_of: FxHashMap<Symbol, VarId> = init.iter().map(|(v, s)| (*s, *v)).collect();
        let nu_index: FxHashMap<Symbol, usize> =
            nu.iter().enumerate().map(|(j, s)| (*s, j)).collect();
        let mut star: FxHashMap<VarId, Expr> = FxHashMap::default();
        let ctx = |star: &FxHashMap<VarId, Expr>| Iter {
            star: star.clone(),
            var_of: var_of.clone(),
            nu_index: nu_index.clone(),
            values: values.clone(),
            reads: reads.clone(),
            loads: loads.clone(),
            kappa,
            ptr_bits: pb,
        };
        loop {
            let mut changed = false;
            for (v, s, th) in &theta {
                if star.contains_key(v) {
                    continue;
                }
                let a0 = b::sym(*s);
                if let Some(cf) = progression(a0, *th, k) {
                    star.insert(*v, cf);
                    changed = true;
                    continue;
                }
                let (syms, funcs) = kappa_expr::print::free_symbols(&[*th]);
                let known = funcs.is_empty()
                    && syms.iter().all(|x| {
                        nu_index.contains_key(x)
                            || var_of.get(x).is_some_and(|w| star.contains_key(w))
                    });
                if known {
                    let prev = ctx(&star).at(*th, b::sub(k, b::bv(64, 1)));
                    star.insert(*v, b::ite(b::ugt(k, b::bv(64, 0)), prev, a0));
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        if let Some((v, _, _)) = theta.iter().find(|(v, _, _)| !star.contains_key(v)) {
            return Err(format!(
                "register {} of the cycle at {} follows no supported progression",
                f.vars[v.index()].name,
                m.describe(f.locs[cycle.entry.index()].src)
            ));
        }
        let tv = b::sym(tau);
        let it = ctx(&star);
        let body = it.at(phi, tv);
        for l in loads.iter_mut() {
            l.addr0 = it.at(l.addr, b::bv(64, 0));
        }
        let mut clashes = vec![];
        if !stores.is_empty() {
            self.store_progressions(&mut stores, &it, tau)?;
            clashes = self.clashes(&loads, &stores, &it, tau)?;
        }
        // the quantifier, plus two of its instances that it implies (the
        // first and the last iteration): quantifier-free facts that let the
        // solver refute many queries without instantiating it
        let (loop_cond, loop_instances) = if body.as_bool_const() == Some(true) {
            (body, body)
        } else {
            let some = b::ugt(k, b::bv(64, 0));
            let inst = |t: Expr| substitute(body, &|x| (x == tau).then_some(t));
            let instances = b::and_all([
                b::implies(some, inst(b::bv(64, 0))),
                b::implies(some, inst(b::sub(k, b::bv(64, 1)))),
                self.trip_bounds(&loads, &stores, &it, tau, k),
            ]);
            (
                b::and(
                    b::forall(vec![tau], b::implies(b::ult(tv, k), body)),
                    instances,
                ),
                instances,
            )
        };
        let iterated: Vec<(VarId, Expr)> = init.iter().map(|(v, _)| (*v, star[v])).collect();

        // one parametric state per exit edge, and a UB exit per load
        let mut exits = vec![];
        let at_k: Vec<Expr> = values.iter().map(|v| it.value(v, k)).collect();
        let mut ends: Vec<(EdgeId, usize, Option<usize>, bool)> = vec![];
        for (&x, &leaves) in cycle.exits.iter().zip(&cycle.leaves_loop) {
            let from = f.edges[x.index()].from;
            let p = cycle
                .core
                .iter()
                .position(|e| f.edges[e.index()].from == from)
                .or_else(|| {
                    // (a closed path: exits at the closing edge's source come
                    // after the whole path)
                    closing.filter(|c| c.from == from).map(|_| cycle.core.len())
                });
            match p {
                Some(p) => ends.push((x, p, None, leaves)),
                // every exit must become a template state: losing one
                // would lose paths
                None => return Err("an exit edge off the core path".into()),
            }
        }
        for (i, l) in loads.iter().enumerate() {
            ends.push((cycle.core[l.pos], l.pos, Some(i), false));
        }
        let ub_store_from = ends.len();
        for s in &stores {
            ends.push((cycle.core[s.pos], s.pos, None, false));
        }
        for (n_end, (x, p, ub_load, leaves_loop)) in ends.into_iter().enumerate() {
            let ub_store = n_end.checked_sub(ub_store_from);
            let mut st = self.scratch_state(func);
            for (v, e) in &iterated {
                st.frame_mut().regs[v.index()] = Some(*e);
            }
            let path = cycle.core[..p].to_vec();
            let mut next = 0;
            let loads_now = loads.clone();
            let mut fx = Effects::default();
            let prefix_cond = self.run_core_edges(
                func,
                &path,
                &mut st,
                (&loads, &stores),
                &mut fx,
                &mut |_, addr| {
                    // values of iteration κ: inputs from the arrays, loads from memory
                    let j = next;
                    next += 1;
                    match (values[j], addr) {
                        (IterValue::Load(i), Some(a)) => load_bytes(&loads_now[i], a, pb),
                        _ => at_k[j],
                    }
                },
            )?;
            let mut here = prefix_cond;
            let mut guard = b::tru();
            if ub_load.is_none() && ub_store.is_none() {
                guard = self.run_core_edges(
                    func,
                    &[x],
                    &mut st,
                    (&loads, &stores),
                    &mut Effects::default(),
                    &mut |_, _| unreachable!("an exit edge is an assumption"),
                )?;
                here = b::and(here, guard);
            }
            if let Some(k) = ub_store {
                let s = &stores[k];
                let mut ob = vec![];
                let edge = &f.edges[cycle.core[s.pos].index()];
                let Instr::Store { addr, .. } = &edge.instr else {
                    unreachable!("a store position holds a store")
                };
                let a = self.eval_value(&st, addr, &mut ob)?;
                here = b::and(here, b::not(in_bounds_of(s.base, s.end, s.bytes, a, pb)));
            }
            if let Some(i) = ub_load {
                let l = &loads[i];
                let mut ob = vec![];
                let edge = &f.edges[cycle.core[l.pos].index()];
                let Instr::Load { addr, .. } = &edge.instr else {
                    unreachable!("a load position holds a load")
                };
                let a = self.eval_value(&st, addr, &mut ob)?;
                here = b::and(here, b::not(in_bounds(l, a, pb)));
            }
            let cond = b::and(loop_cond, here);
            // an exit proved infeasible for every entry is dropped; the check
            // is short and quantifier-free: the condition without its
            // quantifier is implied by it, so its `unsat` is a proof (an
            // exit not refuted is kept: its use checks it again)
            let prev = self.push_query_cap(self.query_cap(TEMPLATE_EXIT_CHECK_TIMEOUT));
            let infeasible =
                self.solver.check(&[], b::and(loop_instances, here)) == SatResult::Unsat;
            self.pop_query_cap(prev);
            if infeasible {
                continue;
            }
            let regs = if ub_load.is_some() || ub_store.is_some() {
                vec![]
            } else {
                init.iter()
                    .map(|(v, s)| (*v, st.frame().regs[v.index()].unwrap_or_else(|| b::sym(*s))))
                    .collect()
            };
            let prefix_reads = reads
                .iter()
                .enumerate()
                .filter(|(_, r)| r.pos < p)
                .map(|(j, _)| j)
                .collect();
            exits.push(TemplateExit {
                here,
                edge: x,
                to: f.edges[x.index()].to,
                regs,
                cond,
                prefix_reads,
                guard,
                leaves_loop,
                ub_load,
                ub_store,
                stores: fx
                    .stores
                    .into_iter()
                    .enumerate()
                    .map(|(k, (a, v))| (k, a, v))
                    .collect(),
            });
        }
        Ok(Template {
            func,
            cycle: cycle.clone(),
            kappa,
            tau,
            init,
            reads,
            loads,
            stores,
            clashes,
            iterated,
            loop_cond,
            iter_cond: body,
            exits,
            returns: None,
        })
    }

    /// Runs the closing assignments of a core path on `st` (all right-hand
    /// sides first); their values must have the parameters' sorts exactly.
    fn run_closing(&mut self, c: &Closing, st: &mut State) -> Result<(), String> {
        let f = self.module.func(st.func());
        let mut vals = vec![];
        for (d, v) in &c.moves {
            let mut ob = vec![];
            let e = self.eval_value(st, v, &mut ob)?;
            if ob.iter().any(|o| o.cond.as_bool_const() != Some(true)) {
                return Err("possible undefined behaviour in a recursive call's arguments".into());
            }
            if e.sort() != sort_of(f.vars[d.index()].ty) {
                return Err("a recursive call's argument converted to another type".into());
            }
            vals.push((*d, e));
        }
        for (d, e) in vals {
            st.frame_mut().regs[d.index()] = Some(e);
        }
        Ok(())
    }

    /// A state of `func` with no register set, for running core paths.
    pub(crate) fn scratch_state(&self, func: FuncId) -> State {
        let mut st = dummy_state();
        st.mem = crate::memory::Memory::new(self.ptr_bits());
        st.frames = vec![Frame {
            func,
            regs: vec![None; self.module.func(func).vars.len()],
            ret: None,
            allocas: vec![],
            slots: Default::default(),
        }];
        st
    }

    /// Runs `edges` (assignments, phis, assumes, nondet reads, loads and
    /// stores only) on `st`; the j-th read or load gets `value(j, address)`
    /// (the address for a load), except a load at the address and width of
    /// a store run before it on the path, which reads the stored bytes
    /// back. A load or store also requires its address to lie in its
    /// object. The stores (address, bytes) and the forwarded loads are
    /// recorded in `fx`. Returns the conjunction of the conditions.
    pub(crate) fn run_core_edges(
        &mut self,
        func: FuncId,
        edges: &[EdgeId],
        st: &mut State,
        (loads, stores): (&[TemplateLoad], &[TemplateStore]),
        fx: &mut Effects,
        value: &mut dyn FnMut(usize, Option<Expr>) -> Expr,
    ) -> Result<Expr, String> {
        let pb = self.ptr_bits();
        let mut next_load = 0;
        let m = self.module;
        let f = m.func(func);
        let mut cond = b::tru();
        let mut next_read = 0;
        for e in edges {
            let edge = &f.edges[e.index()];
            let mut ob: Vec<Obligation> = vec![];
            match &edge.instr {
                Instr::Assign { dst, value } => {
                    let v = self.eval_value(st, value, &mut ob)?;
                    st.frame_mut().regs[dst.index()] = Some(v);
                }
                Instr::Phi(moves) => {
                    let mut vals = vec![];
                    for (d, v) in moves {
                        vals.push((*d, self.eval_value(st, v, &mut ob)?));
                    }
                    for (d, v) in vals {
                        st.frame_mut().regs[d.index()] = Some(v);
                    }
                }
                Instr::Assume(c) => {
                    let c = bool_of(self.eval_value(st, c, &mut ob)?);
                    cond = b::and(cond, c);
                }
                Instr::Nondet { dst, .. } => {
                    st.frame_mut().regs[dst.index()] = Some(value(next_read, None));
                    next_read += 1;
                }
                Instr::Load { dst, addr, ty } => {
                    let a = self.eval_value(st, addr, &mut ob)?;
                    cond = b::and(cond, in_bounds(&loads[next_load], a, pb));
                    next_load += 1;
                    let mut v = value(next_read, Some(a));
                    let back = fx
                        .stores
                        .iter()
                        .rposition(|(sa, sv)| *sa == a && sv.width() / 8 == ty.store_bytes());
                    if let Some(k) = back {
                        v = loaded_value(fx.stores[k].1, *ty);
                    }
                    fx.forwarded.push(back);
                    st.frame_mut().regs[dst.index()] = Some(v);
                    next_read += 1;
                }
                Instr::Store { addr, value } => {
                    let a = self.eval_value(st, addr, &mut ob)?;
                    let v = stored_bytes(self.eval_value(st, value, &mut ob)?);
                    let Some(s) = stores.get(fx.stores.len()) else {
                        return Err(format!("a store off the core at {}", m.describe(edge.src)));
                    };
                    cond = b::and(cond, in_bounds_of(s.base, s.end, v.width() / 8, a, pb));
                    fx.stores.push((a, v));
                }
                other => {
                    return Err(format!(
                        "{} on the cycle at {}",
                        instr_name(other),
                        m.describe(edge.src)
                    ))
                }
            }
            if let Some(o) = ob.iter().find(|o| o.cond.as_bool_const() != Some(true)) {
                return Err(format!(
                    "possible {} on the cycle at {}",
                    o.what,
                    m.describe(edge.src)
                ));
            }
        }
        Ok(cond)
    }
}

/// The value of the j-th read in iteration `t`.
pub(crate) fn read_value(r: &TemplateRead, t: Expr) -> Expr {
    let v = b::select(b::sym(r.array), t);
    match r.ty {
        Ty::Bool => b::eq(v, b::bv(1, 1)),
        Ty::Int(_) => v,
    }
}

/// The value a load reads at address `a` from its object's array
/// (little-endian), converted to its type as the engine's load does.
fn load_bytes(l: &TemplateLoad, a: Expr, pb: u32) -> Expr {
    let mem = b::sym(l.mem);
    let mut raw = b::select(mem, a);
    for i in 1..l.bytes {
        raw = b::concat(b::select(mem, b::add(a, b::bv(pb, i as u128))), raw);
    }
    loaded_value(raw, l.ty)
}

/// The load's address `a` lies in its object: `base ≤ a ≤ end - bytes`.
fn in_bounds(l: &TemplateLoad, a: Expr, pb: u32) -> Expr {
    in_bounds_of(l.base, l.end, l.bytes, a, pb)
}

/// An access of `bytes` bytes at `a` lies in `[base, end)`.
fn in_bounds_of(base: Symbol, end: Symbol, bytes: u32, a: Expr, pb: u32) -> Expr {
    b::and(
        b::uge(a, b::sym(base)),
        b::ule(a, b::sub(b::sym(end), b::bv(pb, bytes as u128))),
    )
}

/// A stored value as the bytes the engine's store writes: a boolean as one
/// byte, a width that is not a multiple of 8 zero-extended.
pub(crate) fn stored_bytes(v: Expr) -> Expr {
    match v.sort() {
        Sort::Bool => b::bool_to_bv(v, 8),
        Sort::Bv(w) if w % 8 != 0 => b::zext(v, w.div_ceil(8) * 8),
        _ => v,
    }
}

/// What expressions of one iteration mean in iteration `t`: entry symbols
/// become their closed forms at `t`, the values ν of reads and loads become
/// `A_j[t]` and the bytes at the load's address in iteration `t`.
pub(super) struct Iter {
    star: FxHashMap<VarId, Expr>,
    var_of: FxHashMap<Symbol, VarId>,
    nu_index: FxHashMap<Symbol, usize>,
    values: Vec<IterValue>,
    reads: Vec<TemplateRead>,
    loads: Vec<TemplateLoad>,
    kappa: Symbol,
    ptr_bits: u32,
}

impl Iter {
    /// The j-th value of the iteration in iteration `t`.
    fn value(&self, v: &IterValue, t: Expr) -> Expr {
        match v {
            IterValue::Input(i) => read_value(&self.reads[*i], t),
            IterValue::Load(i) => {
                let l = &self.loads[*i];
                load_bytes(l, self.at(l.addr, t), self.ptr_bits)
            }
        }
    }

    /// `e` in iteration `t`.
    pub(super) fn at(&self, e: Expr, t: Expr) -> Expr {
        substitute(e, &|s| {
            if let Some(v) = self.var_of.get(&s) {
                let cf = self.star.get(v)?;
                Some(substitute(*cf, &|x| (x == self.kappa).then_some(t)))
            } else {
                self.nu_index
                    .get(&s)
                    .map(|j| self.value(&self.values[*j], t))
            }
        })
    }
}

fn instr_name(i: &Instr) -> &'static str {
    match i {
        Instr::Load { .. } => "a load",
        Instr::Store { .. } => "a store",
        Instr::Alloca { .. } => "an allocation",
        Instr::Call { .. } => "a call",
        Instr::Return(_) => "a return",
        Instr::Error => "reach_error",
        Instr::Halt => "a program exit",
        Instr::Unsupported(_) => "an unsupported instruction",
        Instr::Assign { .. } | Instr::Phi(_) | Instr::Assume(_) | Instr::Nondet { .. } => {
            "an instruction"
        }
    }
}
