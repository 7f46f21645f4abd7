//! Compact symbolic execution (Slaby, Strejček, Trtík, ATVA 2013): at the
//! entry of a cycle with a template, a state is replaced by the compositions
//! `s ◇ (l, θ[κ], φ[κ])` with the template's parametric states, one per exit
//! edge, for a fresh parameter κ (Algorithm 2); elsewhere the classic step
//! runs. One compact tree node stands for every number of iterations, so
//! loops whose trip count depends on input give finite trees.
//!
//! Soundness and completeness (Theorems 2 and 3 of the paper) rest on the
//! template covering exactly the executions that iterate the core κ ≥ 0
//! times and then leave it by an exit edge: every edge leaving a core
//! location off the core is an exit, and every closed form is exact modulo
//! 2^w (see [`template`]). Path conditions now carry quantifiers; a query
//! the solver cannot decide is a failed leaf, so `true` still needs a
//! complete tree. States holding quantified constraints never use the
//! witness shortcut (`State::witness_unchecked`): the witness cannot be
//! checked against a quantifier.

mod accel;
mod recursion;
mod rescue;
mod stores;
pub use accel::ACCELERATE_AFTER;
pub use rescue::MAX_INSTANCE_ITERATIONS;
pub mod template;

use crate::exec::{Feas, StepOut};
use crate::state::{Input, IteratedRead, State};
use crate::Engine;
use kappa_expr::build::{self as b};
use kappa_expr::{substitute, Expr, Symbol, SymbolKind};
use kappa_ir::{FuncId, Loc};
use kappa_loops::{CycleOptions, LoopInfo, RecursionCycle};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::time::Instant;
pub use template::{
    Clash, ReturnPhase, Template, TemplateExit, TemplateOutcome, TemplateRead, TemplateStore,
};

/// Largest object a load on a cycle's core may read (bytes); beyond it the
/// template is not used (its contents become one store per byte).
pub const MAX_LOADED_OBJECT: u64 = 4096;

/// Undecided uses of a template after which it is not tried again (at that
/// location).
pub const MAX_TEMPLATE_FAILURES: u32 = 2;

/// Time limit of a query deciding a template state at a use (at most half
/// of the time left is given, too): past it, the classic step runs.
pub const USE_CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(1);

/// `e` with every read `M[a]` of a loaded object's array replaced by the
/// object's byte at address `a`: a balanced if-then-else over the addresses
/// of its bytes (`a` outside the object reads a byte of it; every such read
/// lies under the in-bounds condition of its load).
fn cell_reads(
    e: Expr,
    cells: &FxHashMap<Symbol, (u64, Vec<Expr>)>,
    pb: u32,
    memo: &mut FxHashMap<Expr, Expr>,
) -> Expr {
    use kappa_expr::Kind;
    if let Some(r) = memo.get(&e) {
        return *r;
    }
    let k = e.kind();
    let r = match &k {
        Kind::Select(a, i) => match a.kind() {
            Kind::Sym(m) if cells.contains_key(&m) => {
                let idx = cell_reads(*i, cells, pb, memo);
                let (base, bytes) = &cells[&m];
                tree(idx, *base, bytes, 0, bytes.len(), pb)
            }
            _ => e,
        },
        Kind::BoolConst(_) | Kind::BvConst { .. } | Kind::Sym(_) => e,
        _ => {
            let ch: Vec<Expr> = k
                .children()
                .into_iter()
                .map(|c| cell_reads(c, cells, pb, memo))
                .collect();
            b::rebuild(&k, &ch)
        }
    };
    memo.insert(e, r);
    r
}

/// The byte at address `idx` among `bytes[lo..hi]` of the object at `base`.
fn tree(idx: Expr, base: u64, bytes: &[Expr], lo: usize, hi: usize, pb: u32) -> Expr {
    if hi - lo <= 1 {
        return bytes.get(lo).copied().unwrap_or_else(|| b::bv(8, 0));
    }
    let mid = (lo + hi) / 2;
    b::ite(
        b::ult(idx, b::bv(pb, (base + mid as u64) as u128)),
        tree(idx, base, bytes, lo, mid, pb),
        tree(idx, base, bytes, mid, hi, pb),
    )
}

/// `st` with the witness shortcut off (for quantified queries).
fn st_uc(st: &State) -> State {
    let mut s = st.clone();
    s.witness_unchecked = true;
    s
}

/// A cycle whose template is not computed yet.
#[derive(Clone, Debug)]
pub(crate) enum Pending {
    /// A cycle of a loop.
    Loop(kappa_loops::Cycle),
    /// A call cycle of a recursive function.
    Recursion(RecursionCycle),
}

/// The registers a core path (and, for a call cycle, its call's arguments
/// and the parameters) reads or writes, and whether it reads input.
fn core_registers(
    f: &kappa_ir::Function,
    core: &[kappa_ir::EdgeId],
    call: Option<kappa_ir::EdgeId>,
) -> (Vec<kappa_ir::VarId>, bool) {
    let mut vars = vec![];
    let mut reads = false;
    for e in core.iter().chain(call.iter()) {
        let instr = &f.edges[e.index()].instr;
        reads |= matches!(instr, kappa_ir::Instr::Nondet { .. });
        let (uses, defs) = kappa_loops::live::uses_defs(instr);
        vars.extend(uses);
        vars.extend(defs);
    }
    if call.is_some() {
        vars.extend(f.params.iter().copied());
    }
    (vars, reads)
}

/// What a loop header's templates need to be worth using: whether some
/// cycle through it reads input, and the registers they read or write.
#[derive(Clone, Debug, Default)]
pub(crate) struct TemplateHeader {
    reads: bool,
    vars: Vec<kappa_ir::VarId>,
}

/// Which template to apply when a location has several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TemplateStrategy {
    /// The first (in cycle enumeration order). Default.
    #[default]
    First,
    /// A pseudo-random one, from the engine's seed.
    Random,
    /// None: compute templates (for statistics) but execute classically.
    None,
}

/// Options of compact execution.
#[derive(Clone, Copy, Debug, Default)]
pub struct CompactOptions {
    /// Cycle enumeration bounds (default: 64 cycles per function).
    pub cycles: CycleOptions,
    /// Template choice. Default: first.
    pub strategy: TemplateStrategy,
}

/// The call cycles of a recursive function, each with its outcome.
pub type RecursionOutcomes = Vec<(RecursionCycle, TemplateOutcome)>;

/// The cycles and templates of a module, as computed before execution.
#[derive(Clone, Debug, Default)]
pub struct TemplateReport {
    /// Per function with loops: its name, loop structure and the outcome for
    /// each of its cycles (same order as `LoopInfo::cycles`).
    pub functions: Vec<(FuncId, LoopInfo, Vec<TemplateOutcome>)>,
    /// Per directly recursive function: its call cycles with the outcome
    /// for each, and the number of call cycles skipped by the bound.
    pub recursion: Vec<(FuncId, RecursionOutcomes, usize)>,
    /// Time spent computing templates (seconds).
    pub seconds: f64,
}

impl TemplateReport {
    /// Number of cycles found.
    /// Number of cycles found (call cycles of recursion included).
    pub fn cycles(&self) -> usize {
        self.functions
            .iter()
            .map(|(_, l, _)| l.cycles.len())
            .sum::<usize>()
            + self
                .recursion
                .iter()
                .map(|(_, c, _)| c.len())
                .sum::<usize>()
    }
    /// Number of cycles skipped by the enumeration bound.
    pub fn skipped(&self) -> usize {
        self.functions
            .iter()
            .map(|(_, l, _)| l.skipped)
            .sum::<usize>()
            + self.recursion.iter().map(|(_, _, s)| s).sum::<usize>()
    }
    /// Number of templates computed (recursion templates included).
    pub fn templates(&self) -> usize {
        self.functions
            .iter()
            .flat_map(|(_, _, o)| o)
            .chain(
                self.recursion
                    .iter()
                    .flat_map(|(_, c, _)| c.iter().map(|(_, o)| o)),
            )
            .filter(|o| matches!(o, TemplateOutcome::Computed(_)))
            .count()
    }
}

impl Engine<'_> {
    /// Enumerates the cycles of every defined function and computes their
    /// templates (Algorithm 1). Deterministic.
    pub fn compute_templates(&mut self, opts: CycleOptions) -> TemplateReport {
        let start = Instant::now();
        let mut report = TemplateReport::default();
        for i in 0..self.module.functions.len() {
            if let Some(entry) = self.function_templates(FuncId(i as u32), opts) {
                report.functions.push(entry);
            }
            let (rec, skipped) = self.function_recursion(FuncId(i as u32), opts);
            if !rec.is_empty() || skipped > 0 {
                report.recursion.push((FuncId(i as u32), rec, skipped));
            }
        }
        report.seconds = start.elapsed().as_secs_f64();
        report
    }

    /// The loop structure of function `fid` and the outcome for each of its
    /// cycles; `None` for an undefined function or one without cycles.
    fn function_templates(
        &mut self,
        fid: FuncId,
        opts: CycleOptions,
    ) -> Option<(FuncId, LoopInfo, Vec<TemplateOutcome>)> {
        let f = self.module.func(fid);
        if !f.defined {
            return None;
        }
        let info = kappa_loops::analyze(f, opts);
        if info.cycles.is_empty() && info.skipped == 0 {
            return None;
        }
        let outcomes = info
            .cycles
            .iter()
            .map(|c| self.compute_template(fid, c))
            .collect();
        Some((fid, info, outcomes))
    }

    /// The call cycles of function `fid` if it calls itself, with the
    /// outcome of the recursion template of each, and how many call cycles
    /// the bound skipped.
    fn function_recursion(
        &mut self,
        fid: FuncId,
        opts: CycleOptions,
    ) -> (RecursionOutcomes, usize) {
        let (cycles, skipped) = kappa_loops::recursion_cycles(self.module.func(fid), fid, opts);
        let out = cycles
            .into_iter()
            .map(|rc| {
                let o = match self.recursion_template(fid, &rc) {
                    Ok(t) => TemplateOutcome::Computed(Box::new(t)),
                    Err(why) => TemplateOutcome::NotApplicable(why),
                };
                (rc, o)
            })
            .collect();
        (out, skipped)
    }

    /// Prepares compact execution of function `fid` the first time a state
    /// runs in it: enumerates its cycles (and call cycles) and indexes them
    /// by entry location, with what they read and write. Templates are
    /// computed per entry the first time they are needed
    /// ([`Self::templates_at`]): functions never run and loops only ever
    /// entered with concrete values cost no template computation. With the
    /// strategy `none` every template is computed at once (for statistics).
    #[inline]
    pub(crate) fn ensure_templates(&mut self, fid: FuncId) {
        let Some(opts) = self.cfg.compact else { return };
        if self
            .templates_ready
            .get(fid.index())
            .copied()
            .unwrap_or(false)
        {
            return;
        }
        if self.templates_ready.len() <= fid.index() {
            self.templates_ready
                .resize(self.module.functions.len().max(fid.index() + 1), false);
        }
        self.templates_ready[fid.index()] = true;
        let start = Instant::now();
        let f = self.module.func(fid);
        if !f.defined {
            return;
        }
        let info = kappa_loops::analyze(f, opts.cycles);
        let (rec, skipped) = kappa_loops::recursion_cycles(f, fid, opts.cycles);
        self.stats.cycles += (info.cycles.len() + rec.len()) as u64;
        self.stats.cycles_skipped += (info.skipped + skipped) as u64;
        let mut pending: Vec<(Loc, Pending, Vec<kappa_ir::VarId>, bool)> = vec![];
        for c in info.cycles {
            let (vars, reads) = core_registers(f, &c.core, None);
            pending.push((c.entry, Pending::Loop(c), vars, reads));
        }
        for rc in rec {
            let (vars, reads) = core_registers(f, &rc.core, Some(rc.call));
            pending.push((f.entry, Pending::Recursion(rc), vars, reads));
        }
        self.stats.template_time += start.elapsed().as_secs_f64();
        for (entry, p, vars, reads) in pending {
            let (fi, li) = (fid.index(), entry.index());
            if self.template_at.len() <= fi {
                self.template_at.resize_with(fi + 1, Vec::new);
            }
            if self.template_at[fi].len() <= li {
                self.template_at[fi].resize(li + 1, 0);
            }
            if self.template_at[fi][li] == 0 {
                self.template_headers.push(TemplateHeader::default());
                self.template_at[fi][li] = self.template_headers.len();
            }
            let h = &mut self.template_headers[self.template_at[fi][li] - 1];
            h.reads |= reads;
            h.vars.extend(vars);
            h.vars.sort();
            h.vars.dedup();
            self.pending_cycles.entry((fid, entry)).or_default().push(p);
        }
        if opts.strategy == TemplateStrategy::None {
            let keys: Vec<(FuncId, Loc)> = self
                .pending_cycles
                .keys()
                .filter(|(g, _)| *g == fid)
                .copied()
                .collect();
            for k in keys {
                self.templates_at(k);
            }
            if let Some(v) = self.template_at.get_mut(fid.index()) {
                v.clear();
            }
        }
    }

    /// The templates with entry `key`, computed on the first call
    /// (Algorithm 1 for each cycle through that entry).
    pub(crate) fn templates_at(&mut self, key: (FuncId, Loc)) -> Vec<Rc<Template>> {
        if let Some(cycles) = self.pending_cycles.remove(&key) {
            let start = Instant::now();
            let mut out = vec![];
            for p in cycles {
                let outcome = match &p {
                    Pending::Loop(c) => self.compute_template(key.0, c),
                    Pending::Recursion(rc) => match self.recursion_template(key.0, rc) {
                        Ok(t) => TemplateOutcome::Computed(Box::new(t)),
                        Err(why) => TemplateOutcome::NotApplicable(why),
                    },
                };
                if let TemplateOutcome::Computed(t) = outcome {
                    self.stats.templates += 1;
                    out.push(Rc::new(*t));
                }
            }
            self.stats.template_time += start.elapsed().as_secs_f64();
            self.templates.insert(key, out);
        }
        self.templates.get(&key).cloned().unwrap_or_default()
    }

    /// Whether a template may apply at `l` of `f` (a table lookup: this runs
    /// on every step).
    #[inline]
    pub(crate) fn has_template(&self, f: FuncId, l: Loc) -> bool {
        self.template_at
            .get(f.index())
            .and_then(|v| v.get(l.index()))
            .is_some_and(|i| *i != 0)
    }

    /// Caps the solver's time limit at `cap` (and at any cap already in
    /// force); returns the previous cap for [`Self::pop_query_cap`].
    pub(crate) fn push_query_cap(
        &mut self,
        cap: std::time::Duration,
    ) -> Option<std::time::Duration> {
        let prev = self.query_cap_now;
        let c = prev.map_or(cap, |p| p.min(cap));
        self.query_cap_now = Some(c);
        self.solver.set_query_cap(Some(c));
        prev
    }

    /// Restores the cap returned by [`Self::push_query_cap`].
    pub(crate) fn pop_query_cap(&mut self, prev: Option<std::time::Duration>) {
        self.query_cap_now = prev;
        self.solver.set_query_cap(prev);
    }

    /// A time limit for a query of compact execution: `max`, or half
    /// of the time left before the deadline if less (so attempts that may
    /// fail never eat the run's budget).
    pub(crate) fn query_cap(&self, max: std::time::Duration) -> std::time::Duration {
        self.query_cap_share(max, 2)
    }

    /// `max`, or `1/parts` of the time left before the deadline if less.
    pub(crate) fn query_cap_share(
        &self,
        max: std::time::Duration,
        parts: u32,
    ) -> std::time::Duration {
        self.cfg
            .deadline
            .map(|d| d.saturating_duration_since(std::time::Instant::now()) / parts)
            .map_or(max, |share| share.min(max))
    }

    /// Whether a template at the state's location (see [`Self::has_template`])
    /// is worth trying: not when the cycle is entered with concrete values
    /// only and reads no input (one deterministic path: the classic, fast
    /// step is exact and cheaper than quantified path conditions; choosing
    /// no template is allowed by Algorithm 2). Checked without moving the
    /// state, as a concrete loop passes here on every iteration.
    #[inline]
    pub(crate) fn template_worth_trying(&self, st: &State) -> bool {
        let regs = &st.frame().regs;
        let h = &self.template_headers[self.template_at[st.func().index()][st.loc.index()] - 1];
        h.reads
            || h.vars
                .iter()
                .any(|v| regs[v.index()].is_some_and(|e| !e.is_const()))
    }

    /// The compact step at a template entry: one successor per feasible
    /// template state (Algorithm 2, lines 9-16). `Err` (with `st` given
    /// back, unchanged but for materialised uninitialised bytes) when no
    /// template applies to this state: the caller takes the classic step.
    #[allow(clippy::result_large_err)] // the state is moved in and, unchanged, out
    pub(crate) fn compact_step(&mut self, st: State) -> Result<StepOut, State> {
        let candidates = self.templates_at((st.func(), st.loc));
        if candidates.is_empty() {
            return Err(st);
        }
        let pick = match self.compact_strategy {
            TemplateStrategy::Random if candidates.len() > 1 => {
                self.rng_state ^= self.rng_state << 13;
                self.rng_state ^= self.rng_state >> 7;
                self.rng_state ^= self.rng_state << 17;
                (self.rng_state % candidates.len() as u64) as usize
            }
            _ => 0,
        };
        let t = candidates[pick].clone();
        let key = (st.func(), st.loc, pick);
        if t.returns.is_some() && st.frame().ret_map.is_some() {
            return Err(st);
        }
        if self.template_failures.get(&key).copied().unwrap_or(0) >= MAX_TEMPLATE_FAILURES {
            return Err(st);
        }
        // (the chosen template alone may see only concrete values)
        if t.reads.is_empty()
            && t.init
                .iter()
                .all(|(v, _)| st.frame().regs[v.index()].is_none_or(|e| e.is_const()))
        {
            return Err(st);
        }
        // entry values of the template's registers in this state
        let mut entry: FxHashMap<Symbol, Expr> = FxHashMap::default();
        for (v, s) in &t.init {
            let val = match st.frame().regs[v.index()] {
                Some(e) if e.sort() == s.sort() => e,
                Some(_) => return Err(st),
                // never assigned on this path: only its κ = 0 value (never
                // read, by SSA dominance) mentions it
                None => b::sym(Symbol::fresh("undef", s.sort(), SymbolKind::Fresh)),
            };
            entry.insert(*s, val);
        }
        // fresh parameter and input arrays for this use of the template
        let kappa = Symbol::fresh("kappa", kappa_expr::Sort::Bv(64), SymbolKind::Param);
        entry.insert(t.kappa, b::sym(kappa));
        let mut arrays: Vec<Symbol> = vec![];
        for r in &t.reads {
            let a = Symbol::fresh("seq", r.array.sort(), SymbolKind::Fresh);
            entry.insert(r.array, b::sym(a));
            arrays.push(a);
        }
        // the objects the loads read: found from their addresses in
        // iteration 0, bound as arrays of their current contents
        let mut st = st;
        let pb = self.ptr_bits();
        // the objects' bytes, read as a balanced if-then-else over the
        // address (pure bitvectors: easier under quantifiers than an array)
        let mut cells: FxHashMap<Symbol, (u64, Vec<Expr>)> = FxHashMap::default();
        let mut load_objects = vec![];
        for l in &t.loads {
            let a0 = substitute(l.addr0, &|s| entry.get(&s).copied());
            // (an object of symbolic size needs the general step's bound check)
            let Some((base, size)) = self.object_of(&st, a0, false) else {
                return Err(st);
            };
            load_objects.push(base);
            let bytes: Vec<Expr> = (0..size)
                .map(|i| st.mem.read(base, b::bv(pb, i as u128), 1))
                .collect();
            cells.insert(l.mem, (base, bytes));
            entry.insert(l.base, b::bv(pb, base as u128));
            entry.insert(l.end, b::bv(pb, (base + size) as u128));
        }
        // the objects the stores write, found the same way
        let mut store_objects = vec![];
        for s in &t.stores {
            let a0 = substitute(s.start, &|x| entry.get(&x).copied());
            // (a symbolic start at a stride that is no power of two would
            // need a division per byte: Z3 may not stop in time on those)
            let mag = stores::stride_magnitude(s.stride, pb);
            if !a0.is_const() && mag > 1 && !mag.is_power_of_two() {
                return Err(st);
            }
            let Some((base, size)) = self.object_of(&st, a0, true) else {
                return Err(st);
            };
            store_objects.push((base, size));
            entry.insert(s.base, b::bv(pb, base as u128));
            entry.insert(s.end, b::bv(pb, (base + size) as u128));
        }
        // accesses that may touch a common byte of one object: classic step
        let clash = t.clashes.iter().any(|c| match *c {
            template::Clash::Load(i, k) => load_objects[i] == store_objects[k].0,
            template::Clash::Stores(k1, k2) => store_objects[k1].0 == store_objects[k2].0,
        });
        if clash {
            return Err(st);
        }
        let memo = std::cell::RefCell::new(FxHashMap::default());
        let rename = |e: Expr| {
            let e = substitute(e, &|s| entry.get(&s).copied());
            if cells.is_empty() {
                e
            } else {
                cell_reads(e, &cells, pb, &mut memo.borrow_mut())
            }
        };
        // a loop whose every way out depends on nothing but κ here has a
        // concrete trip count: classic steps are exact, finite and cheaper
        let mut leaving = t.exits.iter().filter(|x| x.leaves_loop).peekable();
        let concrete_trip = leaving.peek().is_some()
            && leaving.all(|x| {
                let (syms, _) = kappa_expr::print::free_symbols(&[rename(x.guard)]);
                syms.iter().all(|s| *s == kappa)
            });
        if concrete_trip {
            return Err(st);
        }
        let reads: Vec<IteratedRead> = t
            .reads
            .iter()
            .zip(&arrays)
            .map(|(r, a)| IteratedRead {
                array: *a,
                origin: r.origin.clone(),
                ty: r.ty,
                src: r.src,
            })
            .collect();
        let reads: Rc<[IteratedRead]> = reads.into();
        self.stats.template_uses += 1;
        let label = self.describe(st.func(), st.loc);
        let node = self
            .tree
            .as_mut()
            .map(|tr| tr.add_template(st.tree_node, label.clone(), kappa.name()));
        let cap = self.query_cap(USE_CHECK_TIMEOUT);
        let prev = self.push_query_cap(cap);
        let result = self.use_template(
            &t,
            &st,
            &rename,
            kappa,
            &reads,
            node,
            &label,
            key,
            &store_objects,
        );
        self.pop_query_cap(prev);
        let Some(out) = result else {
            return Err(st);
        };
        // no successor: every exit is infeasible, the core repeats forever
        // (a non-terminating path reaches nothing)
        Ok(self.fan_out(out))
    }

    /// The successors of `st` by the template's states (`None`: the solver
    /// could not decide one; the caller takes the classic step).
    #[allow(clippy::too_many_arguments)]
    fn use_template(
        &mut self,
        t: &Template,
        st: &State,
        rename: &dyn Fn(Expr) -> Expr,
        kappa: Symbol,
        reads: &Rc<[IteratedRead]>,
        node: Option<usize>,
        label: &str,
        key: (FuncId, Loc, usize),
        store_objects: &[(u64, u64)],
    ) -> Option<Vec<State>> {
        let f = self.module.func(st.func());
        let mut out = vec![];
        for x in &t.exits {
            let cond = rename(x.cond);
            if let Some(i) = x.ub_load {
                // some iteration's load may leave its object: undefined
                // behaviour, a failed leaf as in the classic step
                if !matches!(self.feasible(&st_uc(st), cond), Feas::Unsat) {
                    let at = self.module.describe(t.loads[i].src);
                    self.record_failed(format!(
                        "possible undefined behaviour: out-of-bounds read in a cycle at {at}"
                    ));
                }
                continue;
            }
            if let Some(k) = x.ub_store {
                // some iteration's store may leave its object
                if !matches!(self.feasible(&st_uc(st), cond), Feas::Unsat) {
                    let at = self.module.describe(t.stores[k].src);
                    self.record_failed(format!(
                        "possible undefined behaviour: out-of-bounds write in a cycle at {at}"
                    ));
                }
                continue;
            }
            let mut s = st.clone();
            s.id = self.new_state_id();
            s.witness_unchecked = true;
            if let Some(n) = node {
                s.tree_node = n;
            }
            for (v, e) in &x.regs {
                s.frame_mut().regs[v.index()] = Some(rename(*e));
            }
            if let Some(rp) = &t.returns {
                // the record of the κ folded activations (κ = 0: none)
                s.frame_mut().ret_map = Some((rp.r0, rp.value.map(rename)));
            }
            if !reads.is_empty() {
                s.inputs.push_back(Input::Iterated {
                    count: b::sym(kappa),
                    reads: reads.clone(),
                });
            }
            for j in &x.prefix_reads {
                s.inputs.push_back(Input::At {
                    read: reads[*j].clone(),
                    index: b::sym(kappa),
                });
            }
            match self.feasible(&s, cond) {
                Feas::Sat(model) => {
                    Self::constrain(&mut s, cond, model);
                    if !t.stores.is_empty() {
                        self.write_template_stores(&mut s, t, x, rename, kappa, store_objects);
                    }
                    s.visit(f.edges[x.edge.index()].src);
                    s.loc = x.to;
                    s.depth += 1;
                    if let Some(tr) = self.tree.as_mut() {
                        s.tree_node =
                            tr.add(s.tree_node, label.to_string(), cond.to_string(), None);
                    }
                    out.push(s);
                }
                Feas::Unsat => {}
                Feas::Unknown(_) => {
                    // the solver cannot decide a template state: take the
                    // classic step instead (exact; Algorithm 2 allows
                    // choosing no template), so no path is lost; a template
                    // that keeps failing is not tried again
                    self.stats.template_fallbacks += 1;
                    *self.template_failures.entry(key).or_insert(0) += 1;
                    return None;
                }
            }
        }
        self.stats.instructions += 1;
        Some(out)
    }
}
