//! Execution of edges: the step that dispatches one location's outgoing
//! edges, and the outcomes shared by its parts (evaluation, feasibility and
//! slicing, branching, instructions, inputs, calls and returns, path ends),
//! each in its own module under `exec/`.

mod branch;
mod calls;
mod ends;
mod eval;
mod feasible;
mod inputs;
mod instr;

pub(crate) use ends::dummy_state;
pub(crate) use eval::{bool_of, initial_memory, loaded_value};

use crate::state::State;
use crate::Failure;
use crate::{End, Engine, ErrorWitness, Validation};
use kappa_expr::{Assignment, Expr, Symbol};

/// The functions whose call is the error, the property's target
/// (`reach_error`; direct calls are the IR's `Error` edges already).
pub(crate) const ERROR_FUNCTIONS: &[&str] = &["reach_error", "__VERIFIER_error"];

/// Whether a call of `name` reaches the error ([`ERROR_FUNCTIONS`]).
pub(crate) fn is_error_function(name: &str) -> bool {
    ERROR_FUNCTIONS.contains(&name)
}

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

impl Engine<'_> {
    /// Executes the outgoing edges of `st`'s location: one edge in place,
    /// several as a branch; a location without successors is a failed path.
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
                self.terminate(
                    st,
                    End::Failed(Failure::from(format!("no successor at {at}"))),
                    validate,
                );
                StepOut::Done
            }
            1 => self.exec_edge(st, succs[0], validate),
            _ => self.branch(st, succs, validate),
        }
    }

    /// The step outcome of a list of successors: none is `Done`, one goes
    /// on, more fork.
    pub(crate) fn fan_out(&mut self, mut outs: Vec<State>) -> StepOut {
        match outs.len() {
            0 => StepOut::Done,
            1 => StepOut::Continue(outs.pop().unwrap()),
            _ => StepOut::Fork(outs),
        }
    }
}
