//! SV-COMP's `__VERIFIER_*` functions and kappa's own: the error functions
//! (`reach_error`, `__VERIFIER_error`: the property's target, however they
//! are called) and `__kappa_trace` (a value recorded for differential
//! tests). (`__VERIFIER_nondet_*` and `__VERIFIER_assume` are the IR's own
//! `Nondet` and `Assume` instructions, made by the frontend.)

use super::{Call, Validate};
use crate::exec::StepOut;
use crate::state::State;
use crate::Engine;

/// The functions whose call is the error (`reach_error`).
pub(crate) const ERROR_FUNCTIONS: &[&str] = &["reach_error", "__VERIFIER_error"];

/// Whether a call of `name` reaches the error.
pub(crate) fn is_error_function(name: &str) -> bool {
    ERROR_FUNCTIONS.contains(&name)
}

/// `__kappa_trace(v)`: appends `v` to the path's trace.
pub(super) fn trace(
    eng: &mut Engine<'_>,
    mut st: State,
    c: &Call<'_>,
    _: &mut Validate<'_>,
) -> StepOut {
    if let Some(v) = c.arg(0) {
        st.trace.push_back(v);
    }
    eng.finish_external(st, c.name, None, c.dst, c.ret_loc)
}
