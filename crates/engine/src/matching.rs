//! State matching at loop headers: explicit control, symbolic data (the
//! model-checking use of symbolic computation in Lauko, Ročkai, Barnat,
//! ICTAC 2018, Section 5.3, after Bauch et al.'s control-explicit
//! data-symbolic checking). With [`MatchingOptions`] set, every
//! state reaching a loop header is compared with the states stored there;
//! a state *covered* by a stored one ends (its behaviours are those of the
//! stored state, explored from it), otherwise it is stored. Loops that come
//! back to a state already seen therefore end, and a program whose
//! reachable state space is finite (a `while (1)` event loop over inputs)
//! is explored completely: `true` when no error was found.
//!
//! Coverage of a new state `s'` by a stored `s` (sound, never assumed):
//! - the same control: location, call stack (functions and return points),
//!   memory layout (objects, sizes, kinds, allocation cursor), and program
//!   phase with the registered exit handlers (see `structors`; their
//!   arguments and the exit status are data);
//! - the same concrete data, compared exactly: the registers live at the
//!   location (and, for callers, at their return points) and every byte of
//!   memory; a value concrete in one state and symbolic in the other is a
//!   mismatch (no attempt to prove it constant);
//! - symbolic data compared semantically: for the pairs `(v_i, v'_i)` of
//!   symbolic values, every valuation of `s'` is one of `s`:
//!   `pc' ∧ ¬∃Y. (pc ∧ ∧_i v_i = v'_i)` is unsatisfiable, where `Y` are the
//!   symbols of `s` (renamed apart from those of `s'`; the path conditions
//!   are sliced to the constraints connected to the values, which is exact
//!   because the rest is satisfiable on its own; a symbol of `Y` that is
//!   itself some `v_i` is replaced by `v'_i`, the one-point rule, exact, so
//!   the quantifier often goes away). Undecided means no match.
//!   Two states holding the same symbolic expression are compared too: their
//!   path conditions may admit different values of it (e.g. two paths that
//!   compared input array elements differently but counted the same).
//!   With no symbolic pair the data are equal constants: one concrete state
//!   each, equal, whatever the path conditions say about dead inputs.
//!
//! Dead registers are not compared (see `kappa_loops::live`): the future of
//! a state depends only on live registers, memory and future inputs (fresh
//! symbols in both states). A matched state that was incomplete (see
//! `State::incomplete`) still marks the run incomplete.

use crate::state::State;
use crate::Engine;
use kappa_expr::build::{self as b};
use kappa_expr::{substitute, Expr, Symbol, SymbolKind};
use kappa_ir::{FuncId, Loc};
use kappa_solver::SatResult;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::time::Duration;

/// Most states stored; past it new states are no longer stored (they are
/// still matched against the stored ones).
pub const MAX_STORED_STATES: usize = 200_000;

/// States stored without any state covered, after which matching stops
/// for the rest of the run (it is only a saving: the states are explored
/// as without it). Where matching helps, it covers early: at most 1 433
/// states were stored before the first cover on the bundled SV-COMP-style
/// tasks, the corpus and tests/matching; on a generated program where
/// it covered nothing, matching made classic execution 4 times slower
/// (29 594 states stored: 2.5 s against 0.64 s).
pub const MAX_STORED_UNCOVERED: usize = 4096;

/// Most pairs of different symbolic values a semantic comparison takes on.
pub const MAX_SYMBOLIC_PAIRS: usize = 64;

/// Time limit of one semantic comparison (less when less is left of the
/// comparisons' budget, see [`SEMANTIC_SHARE`]).
pub const MATCH_QUERY_TIMEOUT: Duration = Duration::from_millis(500);

/// Most semantic comparisons (solver queries) for one state at a header;
/// the other candidates count as no match.
pub const MAX_QUERIES_PER_VISIT: usize = 4;

/// Share of the run's time so far that semantic comparisons may have used
/// (beyond [`SEMANTIC_GRACE`]); past it a state with symbolic pairs counts
/// as not covered (always sound: it is explored). On programs whose loops
/// do not come back to covered states (e.g. sorting six inputs) the
/// quantified comparisons cost several times the exploration itself;
/// where coverage ends the exploration they succeed and the run is short.
pub const SEMANTIC_SHARE: f64 = 0.25;

/// Time semantic comparisons may use before [`SEMANTIC_SHARE`] applies,
/// and at most [`SEMANTIC_GRACE_SHARE`] of the run's time: a short run
/// (auto's last stage, 0.4-0.7 s at a 3 s timeout) would otherwise spend
/// most of its time comparing (measured on a generated program whose 33
/// comparisons covered nothing: 1.08 s with matching, 0.22 s without).
pub const SEMANTIC_GRACE: Duration = Duration::from_millis(500);

/// Share of the run's time (from the first state at a loop header to the
/// deadline) that bounds [`SEMANTIC_GRACE`].
pub const SEMANTIC_GRACE_SHARE: f64 = 0.125;

/// State matching's options (none: it is on when this is set in
/// [`crate::Config::techniques`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct MatchingOptions;

impl crate::registry::OptionData for MatchingOptions {}

/// State matching's registration (`--technique state-matching`, or
/// `--state-matching`).
pub const REGISTRATION: crate::registry::Registration = crate::registry::Registration {
    name: "state-matching",
    about: "end a state at a loop header when a state stored there covers it",
    flags: &[],
    parse: Some(|_| Ok(Box::new(MatchingOptions))),
    install: install_matching,
};

fn install_matching<'m>(
    cfg: &crate::Config,
    _m: &'m kappa_ir::Module,
) -> Option<Box<dyn crate::technique::Technique<'m> + 'm>> {
    cfg.techniques.get::<MatchingOptions>()?;
    Some(Box::new(Matching::default()))
}

/// State matching's counters, reported under `state_matching` (left out
/// of the report when no state was stored).
#[derive(Clone, Debug, Default)]
pub struct MatchingStats {
    /// States stored at loop headers.
    pub stored: u64,
    /// States ended because a stored state covers them.
    pub matched: u64,
    /// Whether matching stopped after [`MAX_STORED_UNCOVERED`] states were
    /// stored with none covered.
    pub stopped: bool,
}

impl crate::technique_stats::TechniqueStats for MatchingStats {
    fn key(&self) -> &'static str {
        "state_matching"
    }
    fn json(&self, _run: &crate::Stats) -> serde_json::Value {
        if self.stored == 0 {
            return serde_json::Value::Null;
        }
        serde_json::json!({ "stored": self.stored, "matched": self.matched, "stopped": self.stopped })
    }
    fn text(&self, _run: &crate::Stats) -> Option<String> {
        (self.stored > 0).then(|| {
            format!(
                "state matching: {} states stored at loop headers, {} covered by a stored state{}",
                self.stored,
                self.matched,
                if self.stopped {
                    " (stopped: none covered)"
                } else {
                    ""
                }
            )
        })
    }
}

/// Loop headers and live registers of one function.
struct FuncInfo {
    header: Vec<bool>,
    live: Vec<Vec<bool>>,
}

/// The visited states, by a hash of their control and concrete data.
#[derive(Default)]
pub(crate) struct Matcher {
    /// When the first state reached the matcher (the start of the budget).
    since: Option<std::time::Instant>,
    /// Time spent in semantic comparisons.
    semantic: Duration,
    /// [`SEMANTIC_GRACE`], bounded by the run's time (set with `since`).
    grace: Duration,
    funcs: Vec<Option<Rc<FuncInfo>>>,
    stored: FxHashMap<u64, Vec<State>>,
    count: usize,
    /// Set when [`MAX_STORED_UNCOVERED`] states were stored and none was
    /// covered: the stored states are dropped and no state is matched.
    stopped: bool,
}

/// One compared value: equal constants in both states, or a pair of
/// symbolic values to compare semantically (even the same expression: the
/// path conditions may give it different sets of values); `None` from the
/// comparison means a mismatch.
fn pair(a: Option<Expr>, b: Option<Expr>, pairs: &mut Vec<(Expr, Expr)>) -> Option<()> {
    match (a, b) {
        (None, None) => Some(()),
        (Some(x), Some(y)) if x == y && x.is_const() => Some(()),
        (Some(x), Some(y)) if !x.is_const() && !y.is_const() && x.sort() == y.sort() => {
            pairs.push((x, y));
            Some(())
        }
        _ => None,
    }
}

/// A value's contribution to the hash: its bits when concrete, a mark when
/// symbolic.
fn hash_value(e: Option<Expr>, h: &mut FxHasher) {
    match e {
        None => 0u8.hash(h),
        Some(x) if x.is_const() => x.hash(h),
        Some(_) => 1u8.hash(h),
    }
}

impl Matcher {
    fn info(&mut self, m: &kappa_ir::Module, f: FuncId) -> Rc<FuncInfo> {
        if self.funcs.len() <= f.index() {
            self.funcs.resize_with(f.index() + 1, || None);
        }
        self.funcs[f.index()]
            .get_or_insert_with(|| {
                let func = m.func(f);
                let mut header = vec![false; func.locs.len()];
                if func.defined && !func.locs.is_empty() {
                    for h in kappa_loops::loop_headers(func) {
                        header[h.index()] = true;
                    }
                }
                Rc::new(FuncInfo {
                    header,
                    live: kappa_loops::live::live_registers(func),
                })
            })
            .clone()
    }

    /// For each frame: the location it continues at and the register its
    /// callee's result goes to (not compared: the return assigns it).
    fn resume_points(st: &State) -> Vec<(Loc, Option<kappa_ir::VarId>)> {
        let n = st.frames.len();
        (0..n)
            .map(|i| {
                if i + 1 == n {
                    (st.loc, None)
                } else {
                    st.frames[i + 1].ret.unwrap_or((st.loc, None))
                }
            })
            .collect()
    }
}

/// State matching plugged into the engine's seam: at a loop header a state
/// covered by a stored one ends, any other is stored.
#[derive(Default)]
pub(crate) struct Matching {
    mt: Matcher,
}

impl<'m> crate::technique::Technique<'m> for Matching {
    fn name(&self) -> &'static str {
        "state matching"
    }

    fn register_stats(&self, stats: &mut crate::technique_stats::TechniqueCounters) {
        stats.get_mut::<MatchingStats>();
    }

    /// Loop headers only, until matching stops ([`MAX_STORED_UNCOVERED`]).
    fn wants(&mut self, eng: &mut Engine<'m>, st: &mut State) -> bool {
        !self.mt.stopped && self.mt.info(eng.module, st.func()).header[st.loc.index()]
    }

    fn at_location(&mut self, eng: &mut Engine<'m>, st: State) -> crate::technique::Hook {
        if eng.match_or_store(&mut self.mt, &st) {
            // covered by a state already seen at this loop header
            crate::technique::Hook::End(st)
        } else {
            crate::technique::Hook::Pass(st)
        }
    }
}

impl Engine<'_> {
    fn match_or_store(&mut self, mt: &mut Matcher, st: &State) -> bool {
        if mt.since.is_none() {
            let now = std::time::Instant::now();
            mt.since = Some(now);
            // the run's time left: to its deadline or its timeout (counted
            // from here, an upper bound)
            let left = match (self.cfg.deadline, self.cfg.timeout) {
                (Some(d), t) => Some(
                    t.map_or(d, |t| d.min(now + t))
                        .saturating_duration_since(now),
                ),
                (None, t) => t,
            };
            mt.grace = left.map_or(SEMANTIC_GRACE, |l| {
                l.mul_f64(SEMANTIC_GRACE_SHARE).min(SEMANTIC_GRACE)
            });
        }
        if !mt.info(self.module, st.func()).header[st.loc.index()] {
            return false;
        }
        let points = Matcher::resume_points(st);
        let infos: Vec<Rc<FuncInfo>> = st
            .frames
            .iter()
            .map(|f| mt.info(self.module, f.func))
            .collect();
        // the hash of control and concrete data
        let mut h = FxHasher::default();
        st.loc.hash(&mut h);
        st.mem.next_address().hash(&mut h);
        for ((fr, (at, dst)), info) in st.frames.iter().zip(&points).zip(&infos) {
            fr.func.hash(&mut h);
            fr.ret.hash(&mut h);
            fr.slots.is_empty().hash(&mut h);
            for (v, live) in info.live[at.index()].iter().enumerate() {
                if *live && Some(kappa_ir::VarId(v as u32)) != *dst {
                    hash_value(fr.regs[v], &mut h);
                }
            }
        }
        st.life.phase.hash(&mut h);
        for e in st.life.handlers.iter() {
            e.shape().hash(&mut h);
            hash_value(e.values(), &mut h);
        }
        hash_value(st.life.status, &mut h);
        for o in st.mem.objects() {
            (o.base, o.size, o.read_only, o.bound.is_some()).hash(&mut h);
            match &*o.contents {
                crate::memory::Contents::Flat(cells) => {
                    cells.iter().for_each(|c| hash_value(*c, &mut h))
                }
                crate::memory::Contents::Sparse { zeroed, bytes } => {
                    zeroed.hash(&mut h);
                    for (off, c) in bytes {
                        off.hash(&mut h);
                        hash_value(Some(*c), &mut h);
                    }
                }
                crate::memory::Contents::Array(_) => 2u8.hash(&mut h),
            }
        }
        let key = h.finish();
        let candidates = mt.stored.get(&key).cloned().unwrap_or_default();
        let mut queries = 0;
        for old in candidates.iter().rev() {
            if let Some(pairs) = self.compare(old, st, &points, &infos) {
                if pairs.is_empty() {
                    self.stats.techniques.get_mut::<MatchingStats>().matched += 1;
                    return true;
                }
                // (quantified path conditions of compact execution would
                // nest quantifiers: not compared)
                let since = *mt.since.get_or_insert_with(std::time::Instant::now);
                let allowed = mt.grace + since.elapsed().mul_f64(SEMANTIC_SHARE);
                let over_budget = mt.semantic >= allowed;
                if queries >= MAX_QUERIES_PER_VISIT
                    || over_budget
                    || old.witness_unchecked
                    || st.witness_unchecked
                    || self
                        .cfg
                        .deadline
                        .is_some_and(|d| std::time::Instant::now() >= d)
                {
                    continue;
                }
                queries += 1;
                let t = std::time::Instant::now();
                // (each comparison gets at most what is left of the budget)
                let cap = MATCH_QUERY_TIMEOUT.min(allowed - mt.semantic);
                let covered = self.covers(old, st, &pairs, cap);
                mt.semantic += t.elapsed();
                if covered {
                    self.stats.techniques.get_mut::<MatchingStats>().matched += 1;
                    return true;
                }
            }
        }
        if mt.count < MAX_STORED_STATES {
            mt.count += 1;
            self.stats.techniques.get_mut::<MatchingStats>().stored += 1;
            mt.stored.entry(key).or_default().push(st.clone());
        }
        let stats = self.stats.techniques.get_mut::<MatchingStats>();
        if stats.matched == 0 && mt.count >= MAX_STORED_UNCOVERED {
            mt.stopped = true;
            mt.stored = FxHashMap::default();
            stats.stopped = true;
        }
        false
    }

    /// The pairs of different symbolic values of two states with the same
    /// control and concrete data; `None` when they differ otherwise.
    fn compare(
        &self,
        old: &State,
        new: &State,
        points: &[(Loc, Option<kappa_ir::VarId>)],
        infos: &[Rc<FuncInfo>],
    ) -> Option<Vec<(Expr, Expr)>> {
        if old.loc != new.loc
            || old.frames.len() != new.frames.len()
            || old.mem.next_address() != new.mem.next_address()
        {
            return None;
        }
        let mut pairs = vec![];
        for (i, (a, bf)) in old.frames.iter().zip(&new.frames).enumerate() {
            if a.func != bf.func
                || a.ret != bf.ret
                || a.allocas != bf.allocas
                || !a.slots.is_empty()
                || !bf.slots.is_empty()
            {
                return None;
            }
            let (at, dst) = points[i];
            for (v, live) in infos[i].live[at.index()].iter().enumerate() {
                if *live && Some(kappa_ir::VarId(v as u32)) != dst {
                    pair(a.regs[v], bf.regs[v], &mut pairs)?;
                }
            }
        }
        // the registered exit handlers (and their arguments) and the status
        let (l1, l2) = (&old.life, &new.life);
        if l1.phase != l2.phase || l1.handlers.len() != l2.handlers.len() {
            return None;
        }
        for (x, y) in l1.handlers.iter().zip(l2.handlers.iter()) {
            if x.shape() != y.shape() {
                return None;
            }
            pair(x.values(), y.values(), &mut pairs)?;
        }
        pair(l1.status, l2.status, &mut pairs)?;
        if old.mem.len() != new.mem.len() {
            return None;
        }
        for (x, y) in old.mem.objects().zip(new.mem.objects()) {
            if x.base != y.base
                || x.size != y.size
                || x.kind != y.kind
                || x.read_only != y.read_only
                || x.bound != y.bound
            {
                return None;
            }
            // (shared contents still go through the comparison: their
            // symbolic bytes may take different values under the two path
            // conditions)
            use crate::memory::Contents::*;
            match (&*x.contents, &*y.contents) {
                (Flat(p), Flat(q)) if p.len() == q.len() => {
                    for (c, d) in p.iter().zip(q) {
                        pair(*c, *d, &mut pairs)?;
                    }
                }
                (
                    Sparse {
                        zeroed: z1,
                        bytes: p,
                    },
                    Sparse {
                        zeroed: z2,
                        bytes: q,
                    },
                ) if z1 == z2 && p.len() == q.len() => {
                    for ((o1, c), (o2, d)) in p.iter().zip(q) {
                        if o1 != o2 {
                            return None;
                        }
                        pair(Some(*c), Some(*d), &mut pairs)?;
                    }
                }
                (Array(p), Array(q)) if p == q => {}
                _ => return None,
            }
            if pairs.len() > MAX_SYMBOLIC_PAIRS {
                return None;
            }
        }
        (pairs.len() <= MAX_SYMBOLIC_PAIRS).then_some(pairs)
    }

    /// Whether every valuation of `new`'s symbolic values is one of `old`'s
    /// (the semantic comparison of the module documentation).
    fn covers(&mut self, old: &State, new: &State, pairs: &[(Expr, Expr)], cap: Duration) -> bool {
        // (slices from the symbols themselves: an equation of a value with
        // itself would simplify away and take its constraints with it)
        let olds: Vec<Expr> = pairs.iter().map(|(x, _)| *x).collect();
        let news: Vec<Expr> = pairs.iter().map(|(_, y)| *y).collect();
        let (old_syms, f1) = kappa_expr::print::free_symbols(&olds);
        let (new_syms, f2) = kappa_expr::print::free_symbols(&news);
        if !f1.is_empty() || !f2.is_empty() {
            return false;
        }
        let (old_pc, old_reached) = self.slice_from(old, old_syms.into_iter().collect());
        let (new_pc, _) = self.slice_from(new, new_syms.into_iter().collect());
        // rename the old state's symbols apart and bind them
        let mut fresh: FxHashMap<Symbol, Symbol> = FxHashMap::default();
        for s in old_reached {
            if !matches!(s.sort(), kappa_expr::Sort::Bool | kappa_expr::Sort::Bv(_)) {
                return false; // (arrays are not bound here)
            }
            fresh
                .entry(s)
                .or_insert_with(|| Symbol::fresh(&s.name(), s.sort(), SymbolKind::Fresh));
        }
        let ren = |e: Expr| substitute(e, &|s| fresh.get(&s).map(|t| b::sym(*t)));
        // the one-point rule: a pair whose old value is a symbol `y` binds
        // it, ∃y. (y = v' ∧ ψ(y)) ≡ ψ(v') (exact: `v'` has only the new
        // state's symbols), so the query has fewer or no quantified symbols
        // (a stored value is often an input symbol itself)
        let mut bind: FxHashMap<Symbol, Expr> = FxHashMap::default();
        let mut eqs = vec![];
        for (x, y) in pairs {
            let x = ren(*x);
            match x.kind() {
                kappa_expr::Kind::Sym(s) if !bind.contains_key(&s) => {
                    bind.insert(s, *y);
                }
                _ => eqs.push((x, *y)),
            }
        }
        let one_point = |e: Expr| substitute(e, &|s| bind.get(&s).copied());
        let mut body = eqs.iter().fold(b::tru(), |acc, (x, y)| {
            b::and(acc, b::eq(one_point(*x), *y))
        });
        for c in &old_pc {
            body = b::and(body, one_point(ren(*c)));
        }
        let mut bound: Vec<Symbol> = fresh
            .values()
            .filter(|s| !bind.contains_key(s))
            .copied()
            .collect();
        bound.sort();
        let goal = b::not(b::exists(bound, body));
        let prev = self.push_query_cap(self.query_cap(cap));
        let r = self.solver.check(&new_pc, goal);
        self.pop_query_cap(prev);
        r == SatResult::Unsat
    }
}
