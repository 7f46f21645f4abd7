//! Concrete acceleration of cycles with templates: a state that keeps
//! running a loop with concrete values only (no template is worth a
//! parametric use there, see `Compact::template_worth_trying`) jumps over
//! all its iterations at once. This is Algorithm 2 with the parameter κ
//! fixed to the trip count, which kappa computes: the template whose core
//! the state follows now (its iteration condition holds at τ = 0) iterates
//! exactly `κ* = min { τ | ¬θ_*[τ](φ) }` times (the first iteration that
//! leaves the core), found by evaluation for short loops and otherwise by
//! quantifier-free queries `∃τ < m. ¬θ_*[τ](φ)` (a model gives an upper
//! bound, so the search halves the interval or better at each step). The
//! state then continues at the exit whose condition holds in iteration κ*,
//! with every register given by the template's closed forms at κ*, all
//! concrete. Exactness is the template's (closed forms exact modulo 2^w);
//! anything unexpected (a symbolic value, an undecided query, no exit or a
//! UB exit holding at κ*) leaves the state to the classic step.
//!
//! Only templates without input reads, loads, stores or recursion are accelerated,
//! and only after [`ACCELERATE_AFTER`] classic passes of the same state
//! through the header (short loops stay classic: cheaper). With loads the
//! first exit depends on the memory element by element, and stores write
//! one value per iteration, so a jump is no cheaper than the iterations:
//! evaluating one iteration's condition over concrete memory measured
//! 1.3 µs, interpreting a strlen-style iteration about 0.3 µs. A state
//! with concrete values at an entry where no template can be accelerated
//! skips the hook (`Compact::no_accel`).

use super::Template;
use crate::exec::StepOut;
use crate::state::State;
use crate::Engine;
use kappa_expr::build::{self as b};
use kappa_expr::{eval::eval_bool, substitute, Assignment, Expr, Symbol, SymbolKind};
use kappa_solver::SatResult;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Classic passes of one state through a loop header before acceleration
/// is tried there.
pub const ACCELERATE_AFTER: u32 = 1000;

/// Iterations checked by evaluation before asking the solver.
const EVAL_ITERATIONS: u128 = 64;

impl Engine<'_> {
    /// `None`: the state does not follow `t`'s core now; `Some(None)`: it
    /// does but the jump was not computed; `Some(Some(s))`: the state after
    /// the loop's iterations on that core.
    pub(super) fn accelerate_with(
        &mut self,
        t: &Rc<Template>,
        st: &State,
    ) -> Option<Option<State>> {
        let mut entry: FxHashMap<Symbol, Expr> = FxHashMap::default();
        for (v, s) in &t.init {
            match st.frame().regs[v.index()] {
                Some(e) if e.is_const() && e.sort() == s.sort() => {
                    entry.insert(*s, e);
                }
                // never assigned yet: only the κ = 0 value mentions it
                None => {}
                Some(_) => return None,
            }
        }
        let rename = |e: Expr| substitute(e, &|s| entry.get(&s).copied());
        let body = rename(t.iter_cond);
        let (syms, funcs) = kappa_expr::print::free_symbols(&[body]);
        if !funcs.is_empty() || syms.iter().any(|s| *s != t.tau) {
            return None;
        }
        let at = |tau: u128| {
            let mut a = Assignment::default();
            a.set(t.tau, tau);
            eval_bool(body, &a)
        };
        if at(0) != Some(true) {
            return None;
        }
        let trip = self.first_exit(t.tau, body, &at)?;
        let trip = trip?;
        // the exit taken in iteration `trip` (by substitution: the result
        // must simplify to a constant; entry symbols of registers not yet
        // assigned only matter at κ = 0, and trip ≥ 1)
        let kc = b::bv(64, trip);
        let at_trip = |e: Expr| substitute(rename(e), &|s| (s == t.kappa).then_some(kc));
        let mut out = None;
        for x in &t.exits {
            match at_trip(x.here).as_bool_const() {
                Some(true) => {}
                Some(false) => continue,
                None => return Some(None),
            }
            if x.ub_load.is_some() || out.is_some() {
                return Some(None);
            }
            let mut s = st.clone();
            s.id = self.new_state_id();
            for (v, e) in &x.regs {
                let val = at_trip(*e);
                if val.is_const() {
                    s.frame_mut().regs[v.index()] = Some(val);
                } else if st.frame().regs[v.index()].is_some() {
                    return Some(None);
                }
                // (a register not assigned on this path stays unassigned)
            }
            let f = self.module.func(st.func());
            s.visit(f.edges[x.edge.index()].src);
            s.loc = x.to;
            out = Some(s);
        }
        Some(out)
    }

    /// The first τ at which `body` (over `tau` only, true at 0) is false:
    /// `Some(None)` when undecided, `None` when never (the core repeats
    /// forever).
    fn first_exit(
        &mut self,
        tau: Symbol,
        body: Expr,
        at: &dyn Fn(u128) -> Option<bool>,
    ) -> Option<Option<u128>> {
        for i in 1..EVAL_ITERATIONS {
            match at(i) {
                Some(true) => {}
                Some(false) => return Some(Some(i)),
                None => return Some(None),
            }
        }
        let t = Symbol::fresh("trip", kappa_expr::Sort::Bv(64), SymbolKind::Fresh);
        let fails = b::not(substitute(body, &|s| (s == tau).then(|| b::sym(t))));
        let below = |m: u128| b::and(b::ult(b::sym(t), b::bv(64, m)), fails);
        // some failing iteration at all? its value bounds the first one
        let mut hi = match self.solver.check(&[], fails) {
            SatResult::Sat(m) => m.get(t),
            SatResult::Unsat => return None,
            SatResult::Unknown(_) => return Some(None),
        };
        let mut lo = EVAL_ITERATIONS; // no failure below lo; one at hi
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.solver.check(&[], below(mid + 1)) {
                SatResult::Sat(m) => hi = m.get(t).min(mid),
                SatResult::Unsat => lo = mid + 1,
                SatResult::Unknown(_) => return Some(None),
            }
        }
        // (the search's invariant gives `hi`; check it by evaluation too)
        match at(hi) {
            Some(false) => Some(Some(hi)),
            _ => Some(None),
        }
    }
}

impl super::Compact {
    /// The accelerated successor of `st` at a template header entered with
    /// concrete values (see the module documentation); `Err` gives the
    /// state back for the classic step.
    #[allow(clippy::result_large_err)] // the state is moved in and, unchanged, out
    pub(crate) fn accelerate(&mut self, eng: &mut Engine<'_>, st: State) -> Result<StepOut, State> {
        let key = (st.func(), st.loc);
        let e = self.accel_passes.entry(key).or_insert((u64::MAX, 0));
        if e.0 != st.id {
            *e = (st.id, 0);
        }
        e.1 += 1;
        if e.1 < ACCELERATE_AFTER {
            return Err(st);
        }
        e.1 = 0;
        let candidates = self.templates_at(eng, key);
        let accelerable = |t: &Template| {
            t.reads.is_empty() && t.loads.is_empty() && t.stores.is_empty() && t.returns.is_none()
        };
        if !candidates.iter().any(|t| accelerable(t)) {
            self.no_accel.insert(key);
        }
        for t in candidates {
            if !accelerable(&t) {
                continue;
            }
            match eng.accelerate_with(&t, &st) {
                Some(Some(s)) => {
                    eng.stats
                        .techniques
                        .get_mut::<super::CompactStats>()
                        .accelerations += 1;
                    eng.stats.instructions += 1;
                    return Ok(StepOut::Continue(s));
                }
                Some(None) => return Err(st), // this template, but not decided
                None => continue,             // the state follows another core
            }
        }
        Err(st)
    }
}
