//! Models of external functions (library shims), one file per family,
//! dispatched by name through one table ([`SHIMS`]):
//!
//! - `stdio` (and `stdio/format`): the `printf` family and the output
//!   functions without a format;
//! - `strings` (and `strings/formulas`): the `<string.h>` functions and the
//!   memory functions `memset`/`memcpy`/`memmove` (and LLVM's intrinsics);
//! - `stdlib`: heap management (`malloc`, `calloc`, `valloc`, `free`,
//!   `realloc`);
//! - `process`: exit handler registration (`atexit`, `on_exit`,
//!   `__cxa_atexit`), `exit`, and the functions that end the process
//!   (`abort`, `_exit`, failed assertions, traps) when called through a
//!   pointer;
//! - `verifier`: SV-COMP's `__VERIFIER_*` and kappa's own functions that
//!   have a model (`__kappa_trace`; the error functions are the core's
//!   `exec::ERROR_FUNCTIONS`, the inputs and assumptions IR instructions).
//!
//! Any other external function makes the path a failed leaf (its effect is
//! unknown).

use crate::exec::StepOut;
use crate::state::State;
use crate::Failure;
use crate::{End, Engine, ErrorWitness, Validation};
use kappa_expr::build::{self as b};
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{FuncId, Loc, SrcLoc, Ty, VarId};

/// Ends the path of `$st` as a failed leaf with the formatted reason and
/// returns `StepOut::Done` from the handler.
macro_rules! fail {
    ($eng:ident, $st:ident, $v:ident, $($t:tt)*) => {{
        $eng.terminate($st, $crate::End::Failed($crate::Failure::from(format!($($t)*))), $v);
        return $crate::exec::StepOut::Done;
    }};
}

/// The value of `$e` made concrete (the path keeps that value only), or
/// the path fails.
macro_rules! conc {
    ($eng:ident, $st:ident, $v:ident, $e:expr, $what:expr, $at:expr) => {
        match $eng.concretize(&mut $st, $e, $what) {
            Some(v) => v,
            None => fail!($eng, $st, $v, "solver could not concretize the {} at {}", $what, $at),
        }
    };
}

mod process;
mod stdio;
mod stdlib;
pub(crate) mod strings;
pub(crate) mod verifier;

/// One call of an external function, as its handler sees it.
pub(crate) struct Call<'c> {
    /// The function called.
    pub target: FuncId,
    /// Its name as called (`llvm.memcpy.p0.p0.i64`).
    pub name: &'c str,
    /// The name without LLVM's type suffixes (`llvm.memcpy`): its first two
    /// dot-separated parts.
    pub base: &'c str,
    /// The arguments.
    pub args: &'c [Expr],
    /// Where the result goes.
    pub dst: Option<VarId>,
    /// Where the caller goes on.
    pub ret_loc: Loc,
    /// The call's source position.
    pub src: Option<SrcLoc>,
    /// The call's position as text (`file:line`).
    pub at: &'c str,
}

impl Call<'_> {
    /// Argument `i`, if passed.
    pub fn arg(&self, i: usize) -> Option<Expr> {
        self.args.get(i).copied()
    }
}

/// The validator of error witnesses, passed through every step.
pub(crate) type Validate<'v> = dyn FnMut(&ErrorWitness) -> Validation + 'v;

/// A model: runs the call on the state and steps on.
type Handler = fn(&mut Engine<'_>, State, &Call<'_>, &mut Validate<'_>) -> StepOut;

/// An entry of the table: the functions it models and how.
struct Shim {
    /// The names it models (a call's name, or its [`Call::base`]).
    names: &'static [&'static str],
    /// Arguments that must be concrete: a call with a symbolic one forks
    /// over its few possible values first (one call each).
    concrete: &'static [usize],
    /// The model.
    run: Handler,
}

/// Every modelled external function.
const SHIMS: &[Shim] = &[
    Shim {
        names: strings::STRING_FUNCTIONS,
        concrete: &[],
        run: strings::string_function,
    },
    Shim {
        names: &["memset", "llvm.memset"],
        concrete: &[],
        run: strings::memset,
    },
    Shim {
        names: &["memcpy", "memmove", "llvm.memcpy", "llvm.memmove"],
        concrete: &[],
        run: strings::memcpy,
    },
    Shim {
        names: stdio::PRINTF_FUNCTIONS,
        concrete: &[],
        run: stdio::printf,
    },
    Shim {
        names: stdio::OUTPUT_FUNCTIONS,
        concrete: &[],
        run: stdio::output,
    },
    Shim {
        names: &["malloc", "calloc", "valloc"],
        concrete: &[],
        run: stdlib::malloc,
    },
    Shim {
        names: &["free"],
        concrete: &[0],
        run: stdlib::free,
    },
    Shim {
        names: &["realloc"],
        concrete: &[0],
        run: stdlib::realloc,
    },
    Shim {
        // the handler: one registration per possible function
        names: &["atexit", "on_exit", "__cxa_atexit"],
        concrete: &[0],
        run: process::register_handler,
    },
    Shim {
        names: &["exit"],
        concrete: &[],
        run: process::exit,
    },
    Shim {
        names: process::HALT_FUNCTIONS,
        concrete: &[],
        run: process::halt,
    },
    Shim {
        names: &["__kappa_trace"],
        concrete: &[],
        run: verifier::trace,
    },
];

/// The table's entry for a call of `name` (by its name, else by its base).
fn shim_of(name: &str, base: &str) -> Option<&'static Shim> {
    let find = |n: &str| SHIMS.iter().find(|s| s.names.contains(&n));
    find(name).or_else(|| find(base))
}

impl Engine<'_> {
    /// Calls the external function `target`: its model from [`SHIMS`], or a
    /// failed leaf when it has none.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call_external(
        &mut self,
        st: State,
        target: FuncId,
        args: Vec<Expr>,
        dst: Option<VarId>,
        ret_loc: Loc,
        src: Option<SrcLoc>,
        validate: &mut Validate<'_>,
    ) -> StepOut {
        let name = self.module.func(target).name.clone();
        let at = self.module.describe(src);
        let base = name.split('.').take(2).collect::<Vec<_>>().join(".");
        let call = Call {
            target,
            name: &name,
            base: &base,
            args: &args,
            dst,
            ret_loc,
            src,
            at: &at,
        };
        let Some(shim) = shim_of(&name, &base) else {
            let why = format!("unsupported: call to external function `{name}` at {at}");
            self.terminate(st, End::Failed(Failure::from(why)), validate);
            return StepOut::Done;
        };
        let symbolic = |i: &&usize| args.get(**i).is_some_and(|a| !a.is_const());
        if let Some(&i) = shim.concrete.iter().find(symbolic) {
            return self.call_for_each_value(
                st,
                &call,
                i,
                &format!("argument of {name}"),
                validate,
            );
        }
        (shim.run)(self, st, &call, validate)
    }

    /// Forks `call` over the few possible values of its argument `i` (see
    /// `for_each_value`; `what` names the argument in a failure) and calls
    /// the function again with each.
    pub(crate) fn call_for_each_value(
        &mut self,
        st: State,
        call: &Call<'_>,
        i: usize,
        what: &str,
        validate: &mut Validate<'_>,
    ) -> StepOut {
        let e = call.args[i];
        let (target, dst, ret_loc, src) = (call.target, call.dst, call.ret_loc, call.src);
        let args = call.args.to_vec();
        self.for_each_value(st, e, what, call.at, &mut |this, s, v| {
            let mut a = args.clone();
            a[i] = b::bv(e.width(), v);
            this.call_external(s, target, a, dst, ret_loc, src, validate)
        })
    }

    /// Stores the result of an external call (`None`: an unconstrained
    /// value) in `dst` and continues at `ret_loc`.
    pub(crate) fn finish_external(
        &mut self,
        mut st: State,
        name: &str,
        result: Option<Expr>,
        dst: Option<VarId>,
        ret_loc: Loc,
    ) -> StepOut {
        if let Some(d) = dst {
            let ty = self.module.func(st.func()).vars[d.index()].ty;
            let v = match result {
                Some(v) if v.sort() == Sort::Bv(ty.bits()) => v,
                _ => {
                    let sort = if ty == Ty::Bool {
                        Sort::Bool
                    } else {
                        Sort::Bv(ty.bits())
                    };
                    b::sym(Symbol::fresh(
                        &format!("ret_{name}"),
                        sort,
                        SymbolKind::Fresh,
                    ))
                }
            };
            st.frame_mut().regs[d.index()] = Some(v);
        }
        st.loc = ret_loc;
        StepOut::Continue(st)
    }

    /// Applies `f` to each of the `n` bytes at `addr` (concrete length). Only
    /// single-object accesses are supported: a pointer that may reach several
    /// objects makes the path fail. Returns the state (None if it ended) and
    /// whether it may go on.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn for_each_byte(
        &mut self,
        st: State,
        addr: Expr,
        n: u64,
        write: bool,
        src: Option<SrcLoc>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
        f: &mut dyn FnMut(&mut State, u64, Expr),
    ) -> (Option<State>, bool) {
        if n == 0 {
            return (Some(st), true);
        }
        let pb = self.ptr_bits();
        let mut targets = self.resolve(st, addr, n, write, src, validate);
        if targets.len() != 1 {
            let at = self.module.describe(src);
            if !targets.is_empty() {
                let (s, _, _) = targets.remove(0);
                self.terminate(s, End::Failed(Failure::Unsupported(format!("unsupported: memory operation through a pointer to several objects at {at}"))), validate);
            }
            return (None, false);
        }
        let (mut s, base, off) = targets.pop().unwrap();
        for i in 0..n {
            let o = b::add(off, b::bv(pb, i as u128));
            f(&mut s, base, o);
        }
        (Some(s), true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_one_model_and_the_families_lists_are_their_models() {
        let mut seen = std::collections::HashSet::new();
        for s in SHIMS {
            for n in s.names {
                assert!(seen.insert(*n), "{n} is in two entries of the table");
            }
        }
        for n in strings::STRING_FUNCTIONS {
            assert!(strings::models(n), "{n} has no string model");
        }
        for n in stdio::PRINTF_FUNCTIONS {
            assert!(stdio::models(n), "{n} has no printf model");
        }
        assert!(shim_of("llvm.memcpy.p0.p0.i64", "llvm.memcpy").is_some());
        assert!(shim_of("__builtin_strlen", "__builtin_strlen").is_some());
        assert!(shim_of("fopen", "fopen").is_none());
    }
}
