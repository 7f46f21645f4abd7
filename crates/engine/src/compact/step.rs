//! Compact execution as a technique of the engine's seam: the templates
//! indexed by entry location (computed lazily, per function and per entry),
//! the compact step at a template entry (Algorithm 2) and the acceleration
//! of concretely entered loops, with the data they keep between steps.

use super::recursion;
use super::{
    cell_reads, core_registers, st_uc, stores, template, CompactOptions, Pending, Template,
    TemplateHeader, TemplateOutcome, TemplateStrategy, MAX_TEMPLATE_FAILURES, USE_CHECK_TIMEOUT,
};
use crate::exec::{Feas, StepOut};
use crate::state::{Input, IteratedRead, State};
use crate::technique::{Hook, Technique};
use crate::Engine;
use crate::Failure;
use kappa_expr::build::{self as b};
use kappa_expr::{substitute, Expr, Symbol, SymbolKind};
use kappa_ir::{FuncId, Loc};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::time::Instant;

/// Compact symbolic execution plugged into the engine (see the module
/// documentation of [`super`]).
pub(crate) struct Compact {
    opts: CompactOptions,
    /// Template choice.
    strategy: TemplateStrategy,
    /// State of the pseudo-random template choice.
    rng_state: u64,
    /// Cycles by entry whose templates are not computed yet.
    pending_cycles: FxHashMap<(FuncId, Loc), Vec<Pending>>,
    /// Templates by (function, entry location).
    templates: FxHashMap<(FuncId, Loc), Vec<Rc<Template>>>,
    /// Whether the templates of each function were computed (on the first
    /// step in it).
    templates_ready: Vec<bool>,
    /// For (function, location), 1 + the index of its entry in
    /// `template_headers`, or 0 without templates.
    template_at: Vec<Vec<usize>>,
    /// Per loop header with templates, what they need.
    template_headers: Vec<TemplateHeader>,
    /// Undecided uses per (function, entry, template).
    template_failures: FxHashMap<(FuncId, Loc, usize), u32>,
    /// Per loop header, the state that last passed it with concrete values
    /// and how often in a row (see `accel`).
    pub(super) accel_passes: FxHashMap<(FuncId, Loc), (u64, u32)>,
    /// Template entries none of whose templates can be accelerated (found
    /// at the first attempt): a state with concrete values skips the hook
    /// there.
    pub(super) no_accel: rustc_hash::FxHashSet<(FuncId, Loc)>,
}

impl Compact {
    /// Compact execution with these options; `seed` seeds the random
    /// template choice.
    pub(crate) fn new(opts: CompactOptions, seed: u64) -> Self {
        Compact {
            opts,
            strategy: opts.strategy,
            rng_state: seed | 1,
            pending_cycles: FxHashMap::default(),
            templates: FxHashMap::default(),
            templates_ready: vec![],
            template_at: vec![],
            template_headers: vec![],
            template_failures: FxHashMap::default(),
            accel_passes: FxHashMap::default(),
            no_accel: Default::default(),
        }
    }

    /// Counts a use of the template at `key` that the solver could not
    /// decide and that falls back to the classic step; a template that
    /// keeps failing is not tried again ([`MAX_TEMPLATE_FAILURES`]).
    fn fell_back(&mut self, eng: &mut Engine<'_>, key: (FuncId, Loc, usize)) {
        eng.stats
            .techniques
            .get_mut::<super::CompactStats>()
            .template_fallbacks += 1;
        *self.template_failures.entry(key).or_insert(0) += 1;
    }
}

impl<'m> Technique<'m> for Compact {
    fn name(&self) -> &'static str {
        "compact"
    }

    fn register_stats(&self, stats: &mut crate::technique_stats::TechniqueCounters) {
        stats.get_mut::<super::CompactStats>();
    }

    /// Template entries only, and there not a state with concrete values
    /// where no template can be accelerated.
    fn wants(&mut self, eng: &mut Engine<'m>, st: &mut State) -> bool {
        self.ensure_templates(eng, st.func());
        self.has_template(st.func(), st.loc)
            && (self.no_accel.is_empty()
                || !self.no_accel.contains(&(st.func(), st.loc))
                || self.template_worth_trying(st))
    }

    /// At a template entry: the compact step, or the acceleration of a loop
    /// entered with concrete values; else (or when neither applies) the
    /// state passes to the classic step.
    fn at_location(&mut self, eng: &mut Engine<'m>, st: State) -> Hook {
        self.ensure_templates(eng, st.func());
        if !self.has_template(st.func(), st.loc) {
            return Hook::Pass(st);
        }
        let tried = if self.template_worth_trying(&st) {
            self.compact_step(eng, st)
        } else {
            self.accelerate(eng, st)
        };
        match tried {
            Ok(out) => Hook::Took(out),
            Err(st) => Hook::Pass(st),
        }
    }
}

impl Compact {
    /// Prepares compact execution of function `fid` the first time a state
    /// runs in it: enumerates its cycles (and call cycles) and indexes them
    /// by entry location, with what they read and write. Templates are
    /// computed per entry the first time they are needed
    /// ([`Self::templates_at`]): functions never run and loops only ever
    /// entered with concrete values cost no template computation. With the
    /// strategy `none` every template is computed at once (for statistics).
    #[inline]
    pub(crate) fn ensure_templates(&mut self, eng: &mut Engine<'_>, fid: FuncId) {
        let opts = self.opts;
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
                .resize(eng.module.functions.len().max(fid.index() + 1), false);
        }
        self.templates_ready[fid.index()] = true;
        let start = Instant::now();
        let f = eng.module.func(fid);
        if !f.defined {
            return;
        }
        let info = kappa_loops::analyze(f, opts.cycles);
        let (rec, skipped) = kappa_loops::recursion_cycles(f, fid, opts.cycles);
        eng.stats.techniques.get_mut::<super::CompactStats>().cycles +=
            (info.cycles.len() + rec.len()) as u64;
        eng.stats
            .techniques
            .get_mut::<super::CompactStats>()
            .cycles_skipped += (info.skipped + skipped) as u64;
        let mut pending: Vec<(Loc, Pending, Vec<kappa_ir::VarId>, bool)> = vec![];
        for c in info.cycles {
            let (vars, reads) = core_registers(f, &c.core, None);
            pending.push((c.entry, Pending::Loop(c), vars, reads));
        }
        for rc in rec {
            let (vars, reads) = core_registers(f, &rc.core, Some(rc.call));
            pending.push((f.entry, Pending::Recursion(rc), vars, reads));
        }
        eng.stats
            .techniques
            .get_mut::<super::CompactStats>()
            .template_time += start.elapsed().as_secs_f64();
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
                self.templates_at(eng, k);
            }
            if let Some(v) = self.template_at.get_mut(fid.index()) {
                v.clear();
            }
        }
    }

    /// The templates with entry `key`, computed on the first call
    /// (Algorithm 1 for each cycle through that entry).
    pub(crate) fn templates_at(
        &mut self,
        eng: &mut Engine<'_>,
        key: (FuncId, Loc),
    ) -> Vec<Rc<Template>> {
        if let Some(cycles) = self.pending_cycles.remove(&key) {
            let start = Instant::now();
            let mut out = vec![];
            for p in cycles {
                let outcome = match &p {
                    Pending::Loop(c) => eng.compute_template(key.0, c),
                    Pending::Recursion(rc) => match eng.recursion_template(key.0, rc) {
                        Ok(t) => TemplateOutcome::Computed(Box::new(t)),
                        Err(why) => TemplateOutcome::NotApplicable(why),
                    },
                };
                if let TemplateOutcome::Computed(t) = outcome {
                    eng.stats
                        .techniques
                        .get_mut::<super::CompactStats>()
                        .templates += 1;
                    out.push(Rc::new(*t));
                }
            }
            eng.stats
                .techniques
                .get_mut::<super::CompactStats>()
                .template_time += start.elapsed().as_secs_f64();
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
    pub(crate) fn compact_step(
        &mut self,
        eng: &mut Engine<'_>,
        st: State,
    ) -> Result<StepOut, State> {
        let candidates = self.templates_at(eng, (st.func(), st.loc));
        if candidates.is_empty() {
            return Err(st);
        }
        let pick = match self.strategy {
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
        if t.returns.is_some() && st.frame().slots.get::<recursion::Folded>().is_some() {
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
        let pb = eng.ptr_bits();
        // the objects' bytes, read as a balanced if-then-else over the
        // address (pure bitvectors: easier under quantifiers than an array)
        let mut cells: FxHashMap<Symbol, (u64, Vec<Expr>)> = FxHashMap::default();
        let mut load_objects = vec![];
        for l in &t.loads {
            let a0 = substitute(l.addr0, &|s| entry.get(&s).copied());
            // (an object of symbolic size needs the general step's bound check)
            let Some((base, size)) = eng.object_of(&st, a0, false) else {
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
            let Some((base, size)) = eng.object_of(&st, a0, true) else {
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
        if concrete_trip || short_trip_to_dead_ends(eng.module.func(st.func()), &t, &rename, kappa)
        {
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
        eng.stats
            .techniques
            .get_mut::<super::CompactStats>()
            .template_uses += 1;
        let label = eng.describe(st.func(), st.loc);
        let node = eng
            .tree
            .as_mut()
            .map(|tr| tr.add_template(st.tree_node, label.clone(), kappa.name()));
        let cap = eng.query_cap(USE_CHECK_TIMEOUT);
        let prev = eng.push_query_cap(cap);
        let result = self.use_template(
            eng,
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
        eng.pop_query_cap(prev);
        let Some(out) = result else {
            return Err(st);
        };
        // no successor: every exit is infeasible, the core repeats forever
        // (a non-terminating path reaches nothing)
        Ok(eng.fan_out(out))
    }

    /// The successors of `st` by the template's states (`None`: the solver
    /// could not decide one; the caller takes the classic step).
    #[allow(clippy::too_many_arguments)]
    fn use_template(
        &mut self,
        eng: &mut Engine<'_>,
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
        let f = eng.module.func(st.func());
        let mut out = vec![];
        for x in &t.exits {
            let cond = rename(x.cond);
            let ub = match (x.ub_load, x.ub_store) {
                (Some(i), _) => Some(("read", t.loads[i].src)),
                (None, Some(k)) => Some(("write", t.stores[k].src)),
                (None, None) => None,
            };
            if let Some((what, src)) = ub {
                // some iteration's load (store) may leave its object:
                // undefined behaviour, a failed leaf as in the classic
                // step; a query the solver cannot decide takes the classic
                // step instead (exact: it checks each access it executes),
                // rather than a failed leaf that no access may cause
                match eng.feasible(&st_uc(st), cond) {
                    Feas::Unsat => {}
                    Feas::Sat(_) => {
                        let at = eng.module.describe(src);
                        eng.record_failed(Failure::PossibleUb(format!(
                            "possible undefined behaviour: out-of-bounds {what} in a cycle at {at}"
                        )));
                    }
                    Feas::Unknown(_) => {
                        self.fell_back(eng, key);
                        return None;
                    }
                }
                continue;
            }
            let mut s = st.clone();
            s.id = eng.new_state_id();
            s.witness_unchecked = true;
            if let Some(n) = node {
                s.tree_node = n;
            }
            for (v, e) in &x.regs {
                s.frame_mut().regs[v.index()] = Some(rename(*e));
            }
            if let Some(rp) = &t.returns {
                // the record of the κ folded activations (κ = 0: none)
                s.frame_mut().slots.set(recursion::Folded {
                    r0: rp.r0,
                    value: rp.value.map(rename),
                });
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
            match eng.feasible(&s, cond) {
                Feas::Sat(model) => {
                    Engine::constrain(&mut s, cond, model);
                    if !t.stores.is_empty() {
                        eng.write_template_stores(&mut s, t, x, rename, kappa, store_objects);
                    }
                    s.visit(f.edges[x.edge.index()].src);
                    s.loc = x.to;
                    s.depth += 1;
                    if let Some(tr) = eng.tree.as_mut() {
                        s.tree_node =
                            tr.add(s.tree_node, label.to_string(), cond.to_string(), None);
                    }
                    out.push(s);
                }
                Feas::Unsat => {}
                Feas::Unknown(_) => {
                    // the solver cannot decide a template state: take the
                    // classic step instead (exact; Algorithm 2 allows
                    // choosing no template), so no path is lost
                    self.fell_back(eng, key);
                    return None;
                }
            }
        }
        eng.stats.instructions += 1;
        Some(out)
    }
}

/// Iterations up to which a loop with a concrete bound is run by classic
/// steps when its other exits are dead ends ([`short_trip_to_dead_ends`]).
pub const SHORT_TRIP: u128 = 64;

/// Edges searched from an exit's target for [`dead_end`].
const DEAD_END_EDGES: usize = 32;

/// Whether the template's loop is better run by classic steps: some exit
/// leaving the loop has a guard over κ alone that holds at some κ ≤
/// [`SHORT_TRIP`] (so the core runs at most that many times more: the exit
/// edge and the core's edge are the two sides of one branch), and every
/// other exit that is not a UB exit is a dead end (the
/// `__VERIFIER_assert` failure branch of a loop over a constant-size
/// array). Classic steps then make at most `SHORT_TRIP + 1` states, each
/// decided by a quantifier-free query, where the template's states carry
/// quantifiers over the whole array, measured 30 ms a query on an
/// insertion sort of six elements against 1 ms classically. Choosing the
/// classic step is always exact (Algorithm 2 may choose no template).
fn short_trip_to_dead_ends(
    f: &kappa_ir::Function,
    t: &Template,
    rename: &dyn Fn(Expr) -> Expr,
    kappa: Symbol,
) -> bool {
    let bounded = |x: &template::TemplateExit| {
        let g = rename(x.guard);
        let (syms, _) = kappa_expr::print::free_symbols(&[g]);
        if !syms.iter().all(|s| *s == kappa) {
            return false;
        }
        let mut a = kappa_expr::Assignment::default();
        (0..=SHORT_TRIP).any(|k| {
            a.set(kappa, k);
            kappa_expr::eval::eval_bool(g, &a) == Some(true)
        })
    };
    let normal = |x: &&template::TemplateExit| x.ub_load.is_none() && x.ub_store.is_none();
    let Some(b) = t
        .exits
        .iter()
        .filter(normal)
        .find(|x| x.leaves_loop && bounded(x))
    else {
        return false;
    };
    t.exits
        .iter()
        .filter(normal)
        .filter(|x| x.edge != b.edge)
        .all(|x| dead_end(f, x.to, t.cycle.entry))
}

/// Whether every path from `from` ends by `reach_error`, a halt or an
/// unsupported construct within [`DEAD_END_EDGES`] edges, without a call,
/// a return or passing `avoid`: a state there makes no state after it.
fn dead_end(f: &kappa_ir::Function, from: Loc, avoid: Loc) -> bool {
    use kappa_ir::Instr;
    let mut stack = vec![(from, 0usize)];
    let mut seen = 0usize;
    while let Some((l, depth)) = stack.pop() {
        if l == avoid || l == f.exit || depth >= DEAD_END_EDGES {
            return false;
        }
        seen += 1;
        if seen > 4 * DEAD_END_EDGES {
            return false;
        }
        for (_, e) in f.out_edges(l) {
            match e.instr {
                Instr::Error | Instr::Halt | Instr::Unsupported(_) => {}
                Instr::Call { .. } | Instr::Return(_) => return false,
                _ => stack.push((e.to, depth + 1)),
            }
        }
        if f.out_edges(l).next().is_none() && l != f.sink {
            return false;
        }
    }
    true
}
