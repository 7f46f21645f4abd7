//! The process: exit handler registration (`atexit`, `on_exit`,
//! `__cxa_atexit`), `exit` (through `structors`' exit sequence), and the
//! functions that end the process at once when called through a pointer
//! (direct calls are `Halt` edges of the IR already).

use super::{Call, Validate};
use crate::exec::StepOut;
use crate::state::State;
use crate::structors::ExitEntry;
use crate::{End, Engine};
use kappa_expr::build::{self as b};

/// Functions that end the process without running exit handlers.
pub(super) const HALT_FUNCTIONS: &[&str] = &[
    "abort",
    "_exit",
    "_Exit",
    "__assert_fail",
    "__assert_perror_fail",
    "__assert",
    "__assert_rtn",
    "llvm.trap",
    "llvm.debugtrap",
];

/// `atexit`, `on_exit`, `__cxa_atexit` (of a concrete handler): registers
/// the handler; registration succeeds.
pub(super) fn register_handler(
    eng: &mut Engine<'_>,
    mut st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    let (name, at) = (c.name, c.at);
    let Some(h) = c.arg(0).and_then(|h| h.as_bv_const()) else {
        fail!(eng, st, validate, "{name} without a handler at {at}")
    };
    let f = match eng.func_of_addr(h as u64) {
        Ok(f) => f,
        Err(why) => fail!(
            eng,
            st,
            validate,
            "{why} (handler passed to {name} at {at})"
        ),
    };
    let pb = eng.ptr_bits();
    let data = c.arg(1).unwrap_or_else(|| b::bv(pb, 0));
    let entry = match c.base {
        "atexit" => ExitEntry::Atexit(f),
        "on_exit" => ExitEntry::OnExit(f, data),
        _ => ExitEntry::Cxa(f, data),
    };
    Engine::register_handler(&mut st, entry);
    // registration succeeds (glibc's list grows on demand)
    let result = Some(b::bv(32, 0));
    eng.finish_external(st, name, result, c.dst, c.ret_loc)
}

/// `exit`: begins the exit sequence (handlers, destructors).
pub(super) fn exit(
    eng: &mut Engine<'_>,
    st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    eng.begin_exit(st, None, c.arg(0), c.src, validate)
}

/// [`HALT_FUNCTIONS`]: the path ends (normally: no error).
pub(super) fn halt(
    eng: &mut Engine<'_>,
    st: State,
    _: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    eng.terminate(st, End::Exit, validate);
    StepOut::Done
}
