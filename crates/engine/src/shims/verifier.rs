//! SV-COMP's `__VERIFIER_*` functions and kappa's own that have a model
//! here: `__kappa_trace` (a value recorded for differential tests). The
//! others are no library calls for the engine: `__VERIFIER_nondet_*` and
//! `__VERIFIER_assume` are the IR's own `Nondet` and `Assume` instructions,
//! made by the frontend, and a call of an error function (`reach_error`,
//! `__VERIFIER_error`, [`crate::exec::ERROR_FUNCTIONS`]) is the property's
//! target, which the core's call step ends as an error before any model.

use super::{Call, Validate};
use crate::exec::StepOut;
use crate::state::State;
use crate::Engine;

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
