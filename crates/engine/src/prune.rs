//! Pruning with a necessary condition for reaching `reach_error` (Section 5
//! of "Abstracting Path Conditions"): a state created at a fork whose path
//! condition contradicts the condition cannot reach `reach_error` and is
//! dropped; an unsatisfiable condition proves the program safe before any
//! step; candidate inputs from a model of the condition seed the witness.
//!
//! The engine does not compute the condition (it does not depend on
//! `kappa-condition`): the caller passes it with the correspondence between
//! its input symbols and the engine's inputs, by source position (see
//! [`Prune::inputs`]). Every other symbol of the condition is its own,
//! unconstrained (existentially read), so the check is `pc ∧ φ̂[inputs]`.

use crate::exec::Feas;
use crate::state::{Input, State};
use crate::technique::Technique;
use crate::Engine;
use kappa_expr::{build as b, Expr, Symbol};
use kappa_ir::SrcLoc;
use std::time::Duration;

/// Pruning's registration: not turned on by name (the caller computes the
/// condition and sets a [`Prune`] in [`crate::Config::techniques`]).
pub const REGISTRATION: crate::registry::Registration = crate::registry::Registration {
    name: "prune",
    about: "drop fork successors that contradict a necessary condition for reaching reach_error (--prune-with-condition)",
    flags: &[],
    parse: None,
    install: install_pruning,
};

fn install_pruning<'m>(
    cfg: &crate::Config,
    _m: &'m kappa_ir::Module,
) -> Option<Box<dyn Technique<'m> + 'm>> {
    let p = cfg.techniques.get::<Prune>()?;
    Some(Box::new(Pruning::new(p.clone())))
}

impl crate::registry::OptionData for Prune {}

/// A necessary condition to prune with: pruning is on when one is set in
/// [`crate::Config::techniques`].
#[derive(Clone, Debug)]
pub struct Prune {
    /// A quantifier-free boolean expression implied by the inputs of every
    /// run that reaches `reach_error` (e.g. φ̂^K). `false` means the program
    /// is safe.
    pub cond: Expr,
    /// Input symbols of `cond` the engine identifies with its own: the input
    /// read by the nondet call at this source position. The caller
    /// guarantees that a run executes each such call at most once, so on a
    /// path at most one input has that position; a position seen twice on a
    /// path is left unmatched (its symbol stays unconstrained: still sound).
    pub inputs: Vec<(SrcLoc, Symbol)>,
    /// Candidate input values (a model of the condition) by source position:
    /// the first read at that position gets the value in the state's witness
    /// (only a hint for the search; any `false` is still executed and
    /// replayed natively).
    pub hints: Vec<(SrcLoc, u128)>,
}

/// Time cap of the check that the condition is unsatisfiable.
const PROOF_CAP: Duration = Duration::from_millis(500);

/// Time cap of one pruning check.
const CHECK_CAP: Duration = Duration::from_millis(300);

/// Undecided pruning checks after which pruning stops (they cost time and
/// keep every state).
const MAX_UNDECIDED: u64 = 8;

/// Pruning plugged into the engine's seam: the proof before execution, the
/// check at forks, and the inputs the condition names.
pub(crate) struct Pruning {
    p: Prune,
    /// The engine input symbols read at a position the condition matches,
    /// on any path.
    seen: rustc_hash::FxHashSet<Symbol>,
}

/// Pruning's counters, reported under `prune` (with the run's inputs
/// whose witness value came from the condition's model).
#[derive(Clone, Debug, Default)]
pub struct PruneStats {
    /// Fork successors checked against the condition.
    pub checks: u64,
    /// States dropped because their path condition contradicts it.
    pub pruned: u64,
    /// Checks the solver could not decide in time (after
    /// [`MAX_UNDECIDED`], pruning stops).
    pub undecided: u64,
}

impl crate::technique_stats::TechniqueStats for PruneStats {
    fn key(&self) -> &'static str {
        "prune"
    }
    fn json(&self, run: &crate::Stats) -> serde_json::Value {
        serde_json::json!({
            "checks": self.checks, "pruned_states": self.pruned,
            "hinted_inputs": run.hinted_inputs, "undecided": self.undecided,
        })
    }
    fn text(&self, run: &crate::Stats) -> Option<String> {
        Some(format!(
            "prune: {} states pruned by the necessary condition ({} checked), {} inputs hinted",
            self.pruned, self.checks, run.hinted_inputs
        ))
    }
}

impl Pruning {
    /// Pruning with condition `p`.
    pub(crate) fn new(p: Prune) -> Self {
        Pruning {
            p,
            seen: Default::default(),
        }
    }
}

impl<'m> Technique<'m> for Pruning {
    fn name(&self) -> &'static str {
        "pruning"
    }

    fn register_stats(&self, stats: &mut crate::technique_stats::TechniqueCounters) {
        stats.get_mut::<PruneStats>();
    }

    /// (no `at_location` hook: pruning acts at forks and inputs)
    fn wants(&mut self, _eng: &mut Engine<'m>, _st: &mut State) -> bool {
        false
    }

    fn prepare(&mut self, eng: &mut Engine<'m>, _main: kappa_ir::FuncId) -> Option<String> {
        // the condition is implied by every run reaching reach_error
        // (caller's contract): unsatisfiable, no run reaches it
        self.proves_safe(eng).then(|| {
            "the necessary condition for reaching reach_error is unsatisfiable".to_string()
        })
    }

    fn on_fork(
        &mut self,
        eng: &mut Engine<'m>,
        _at: kappa_ir::Loc,
        states: Vec<State>,
    ) -> Vec<State> {
        self.fork(eng, states)
    }

    fn on_input(
        &mut self,
        _eng: &mut Engine<'m>,
        sym: Symbol,
        src: Option<SrcLoc>,
    ) -> Option<u128> {
        self.note_input(sym, src);
        self.hint(src)
    }
}

impl Pruning {
    /// Whether the condition proves `reach_error` unreachable: it is
    /// constantly `false` or the solver finds it unsatisfiable. It is implied
    /// by every run reaching `reach_error`, so then no run does, whatever the
    /// loops do (the caller's contract on [`Prune::cond`]).
    /// The solver gets at most [`PROOF_CAP`] (or half the time left).
    fn proves_safe(&self, eng: &mut Engine<'_>) -> bool {
        let c = self.p.cond;
        if let Some(v) = c.as_bool_const() {
            return !v;
        }
        let prev = eng.push_query_cap(eng.query_cap(PROOF_CAP));
        let r = eng.solver.check(&[], c);
        eng.pop_query_cap(prev);
        matches!(r, kappa_solver::SatResult::Unsat)
    }

    /// The condition with the matched inputs of `st` substituted; `None`
    /// when no input is matched (the condition alone was not found
    /// unsatisfiable at the start, and it shares no symbol with the path).
    fn goal(&self, st: &State) -> Option<Expr> {
        let p = &self.p;
        let mut found: Vec<(Symbol, Option<Symbol>)> = vec![];
        for inp in st.inputs.iter() {
            let Input::One(rec) = inp else { continue };
            let Some(src) = rec.src else { continue };
            let Some((_, s)) = p.inputs.iter().find(|(at, _)| *at == src) else {
                continue;
            };
            match found.iter_mut().find(|(x, _)| x == s) {
                // seen twice on this path: leave it unconstrained
                Some(slot) => slot.1 = None,
                None => found.push((*s, Some(rec.sym))),
            }
        }
        let map: Vec<(Symbol, Symbol)> = found
            .into_iter()
            .filter_map(|(s, e)| e.filter(|e| e.sort() == s.sort()).map(|e| (s, e)))
            .collect();
        if map.is_empty() {
            return None;
        }
        Some(kappa_expr::substitute(p.cond, &|s| {
            map.iter().find(|(x, _)| *x == s).map(|(_, e)| b::sym(*e))
        }))
    }

    /// Drops the states of a fork whose path condition contradicts the
    /// condition (counted in [`PruneStats::pruned`]); undecided checks keep the
    /// state. Only states whose newest constraint mentions a matched input
    /// are checked: otherwise the part of the path condition that matters
    /// changed at most through older links, and skipping a check only
    /// prunes less.
    fn fork(&mut self, eng: &mut Engine<'_>, states: Vec<State>) -> Vec<State> {
        if self.p.inputs.is_empty()
            || eng.stats.techniques.get_mut::<PruneStats>().undecided >= MAX_UNDECIDED
        {
            // nothing of a path can meet the condition's inputs, or the
            // checks do not pay
            return states;
        }
        let mut kept = Vec::with_capacity(states.len());
        for st in states {
            // cheap test first: the newest constraint mentions a matched input
            let linked = st.pc.last().is_some_and(|c| {
                let mine = eng.symbols_of(*c);
                mine.iter().any(|s| self.seen.contains(s))
            });
            if !linked {
                kept.push(st);
                continue;
            }
            let Some(goal) = self.goal(&st) else {
                kept.push(st);
                continue;
            };
            eng.stats.techniques.get_mut::<PruneStats>().checks += 1;
            let prev = eng.push_query_cap(eng.query_cap(CHECK_CAP));
            let r = eng.feasible(&st, goal);
            eng.pop_query_cap(prev);
            match r {
                Feas::Unsat => eng.stats.techniques.get_mut::<PruneStats>().pruned += 1,
                Feas::Unknown(_) => {
                    eng.stats.techniques.get_mut::<PruneStats>().undecided += 1;
                    kept.push(st);
                }
                Feas::Sat(_) => kept.push(st),
            }
        }
        kept
    }

    /// Records that engine input `sym` was read at `src` (if the condition
    /// matches that position).
    fn note_input(&mut self, sym: Symbol, src: Option<SrcLoc>) {
        if src.is_some_and(|s| self.p.inputs.iter().any(|(at, _)| *at == s)) {
            self.seen.insert(sym);
        }
    }

    /// The hinted value for the input read at `src`, if any.
    fn hint(&self, src: Option<SrcLoc>) -> Option<u128> {
        let src = src?;
        self.p
            .hints
            .iter()
            .find(|(at, _)| *at == src)
            .map(|(_, v)| *v)
    }
}
