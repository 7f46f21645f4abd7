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
use crate::Engine;
use kappa_expr::{build as b, Expr, Symbol};
use kappa_ir::SrcLoc;
use std::time::Duration;

/// A necessary condition to prune with. Default: none (see
/// [`crate::Config::prune`]).
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

impl Engine<'_> {
    /// Whether the condition proves `reach_error` unreachable: it is
    /// constantly `false` or the solver finds it unsatisfiable. It is implied
    /// by every run reaching `reach_error`, so then no run does, whatever the
    /// loops do (the caller's contract on [`Prune::cond`]).
    /// The solver gets at most [`PROOF_CAP`] (or half the time left).
    pub(crate) fn prune_proves_safe(&mut self) -> bool {
        let Some(p) = &self.cfg.prune else {
            return false;
        };
        let c = p.cond;
        if let Some(v) = c.as_bool_const() {
            return !v;
        }
        let prev = self.push_query_cap(self.query_cap(PROOF_CAP));
        let r = self.solver.check(&[], c);
        self.pop_query_cap(prev);
        matches!(r, kappa_solver::SatResult::Unsat)
    }

    /// The condition with the matched inputs of `st` substituted; `None`
    /// when no input is matched (the condition alone was not found
    /// unsatisfiable at the start, and it shares no symbol with the path).
    fn prune_goal(&self, st: &State) -> Option<Expr> {
        let p = self.cfg.prune.as_ref()?;
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
    /// condition (counted in `Stats::pruned`); undecided checks keep the
    /// state. Only states whose newest constraint mentions a matched input
    /// are checked: otherwise the part of the path condition that matters
    /// changed at most through older links, and skipping a check only
    /// prunes less.
    pub(crate) fn prune_fork(&mut self, states: Vec<State>) -> Vec<State> {
        if self.cfg.prune.as_ref().is_none_or(|p| p.inputs.is_empty())
            || self.stats.prune_undecided >= MAX_UNDECIDED
        {
            // nothing of a path can meet the condition's inputs, or the
            // checks do not pay
            return states;
        }
        let mut kept = Vec::with_capacity(states.len());
        for st in states {
            // cheap test first: the newest constraint mentions a matched input
            let linked = st.pc.last().is_some_and(|c| {
                let mine = self.symbols_of(*c);
                mine.iter().any(|s| self.prune_seen.contains(s))
            });
            if !linked {
                kept.push(st);
                continue;
            }
            let Some(goal) = self.prune_goal(&st) else {
                kept.push(st);
                continue;
            };
            self.stats.prune_checks += 1;
            let prev = self.push_query_cap(self.query_cap(CHECK_CAP));
            let r = self.feasible(&st, goal);
            self.pop_query_cap(prev);
            match r {
                Feas::Unsat => self.stats.pruned += 1,
                Feas::Unknown(_) => {
                    self.stats.prune_undecided += 1;
                    kept.push(st);
                }
                Feas::Sat(_) => kept.push(st),
            }
        }
        kept
    }

    /// Records that engine input `sym` was read at `src` (if the condition
    /// matches that position).
    pub(crate) fn prune_note_input(&mut self, sym: Symbol, src: Option<SrcLoc>) {
        let Some(p) = &self.cfg.prune else { return };
        if src.is_some_and(|s| p.inputs.iter().any(|(at, _)| *at == s)) {
            self.prune_seen.insert(sym);
        }
    }

    /// The hinted value for the input read at `src`, if any.
    pub(crate) fn prune_hint(&self, src: Option<SrcLoc>) -> Option<u128> {
        let p = self.cfg.prune.as_ref()?;
        let src = src?;
        p.hints.iter().find(|(at, _)| *at == src).map(|(_, v)| *v)
    }
}
