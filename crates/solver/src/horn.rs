//! Constrained Horn clauses solved by Z3's fixedpoint engine (Spacer)
//! in-process: [`solve_horn`] takes an SMT-LIB `HORN` script and a
//! deadline, and answers the predicates' interpretations as plain terms
//! ([`HornTerm`]), which the caller turns into its own expressions.

use crate::watchdog::{absorb_interrupt, Watchdog};
use std::ffi::CStr;
use std::time::Instant;
use z3::ast::Ast;
use z3_sys::{Z3_ast, Z3_context};

/// A term of a predicate's interpretation, as Z3 printed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HornTerm {
    /// The predicate's argument at this position (0 is the first).
    Arg(u32),
    /// An integer numeral (a mathematical integer, or a bit-vector's
    /// unsigned value).
    Num(i128),
    /// A numeral of bit-vector sort: its unsigned value and width.
    Bv(u128, u32),
    /// An application of Z3's operator `op` (its SMT-LIB name: `bvadd`,
    /// `+`, `and`, `extract`, ...) with its integer indices (`extract`'s
    /// `hi lo`, `zero_extend`'s count) and arguments.
    App(String, Vec<i32>, Vec<HornTerm>),
    /// Something with no term here (a quantifier, a numeral too wide):
    /// an atom containing it is to be dropped.
    Opaque,
}

/// The answer of [`solve_horn`].
#[derive(Clone, Debug)]
pub enum HornAnswer {
    /// The clauses are satisfiable: an interpretation of each predicate
    /// with arguments (its name and the formula over [`HornTerm::Arg`]s).
    Sat(Vec<(String, HornTerm)>),
    /// The clauses are unsatisfiable (a query is derivable).
    Unsat,
    /// Z3 gave up (the reason, `"deadline reached"` at the deadline).
    Unknown(String),
}

/// Solves the Horn clauses of `script` (SMT-LIB, logic `HORN`, predicates
/// declared with `declare-fun`, clauses asserted as universally quantified
/// implications) with Z3's Spacer, on the thread's Z3 context, until
/// `deadline` (a watchdog thread interrupts the call then). Never panics
/// on Z3 trouble: a parse error or give-up is `Unknown`.
pub fn solve_horn(script: &str, deadline: Instant) -> HornAnswer {
    if Instant::now() >= deadline {
        return HornAnswer::Unknown(crate::DEADLINE_REASON.into());
    }
    let Ok(dog) = Watchdog::start(None) else {
        return HornAnswer::Unknown("no watchdog thread".into());
    };
    let Some(solver) = z3::Solver::new_for_logic("HORN") else {
        return HornAnswer::Unknown("no HORN solver".into());
    };
    let mut params = crate::route::thread_safe_params();
    // (Spacer itself: for finite domains the HORN solver would pick the
    // datalog engine, which builds tables of every value and never checks
    // for an interrupt)
    params.set_symbol("engine", "spacer");
    // (every predicate keeps an interpretation: inlined ones would be
    // missing from the model)
    params.set_bool("xform.inline_linear", false);
    params.set_bool("xform.inline_eager", false);
    solver.set_params(&params);
    if script.contains('\0') {
        return HornAnswer::Unknown("a NUL byte in the script".into());
    }
    solver.from_string(script);
    dog.arm(deadline);
    let res = solver.check();
    let fired = dog.disarm();
    if fired.is_some() {
        absorb_interrupt();
        return HornAnswer::Unknown(crate::DEADLINE_REASON.into());
    }
    match res {
        z3::SatResult::Unsat => HornAnswer::Unsat,
        z3::SatResult::Unknown => HornAnswer::Unknown(
            solver
                .get_reason_unknown()
                .unwrap_or_else(|| "unknown".into()),
        ),
        z3::SatResult::Sat => {
            let Some(model) = solver.get_model() else {
                return HornAnswer::Unknown("no model".into());
            };
            let ctx = z3::Context::thread_local().get_z3_context();
            let mut out = vec![];
            for f in model.iter() {
                if f.arity() == 0 {
                    continue;
                }
                if let Some(fi) = model.get_func_interp(&f) {
                    let e = fi.get_else();
                    out.push((f.name(), term(ctx, e.get_z3_ast(), 0)));
                }
            }
            HornAnswer::Sat(out)
        }
    }
}

/// Deepest term read back; deeper ones are [`HornTerm::Opaque`].
const MAX_DEPTH: u32 = 200;

/// Z3's AST `a` as a [`HornTerm`].
fn term(ctx: Z3_context, a: Z3_ast, depth: u32) -> HornTerm {
    use z3_sys::*;
    if depth > MAX_DEPTH {
        return HornTerm::Opaque;
    }
    // SAFETY: `a` is an AST of the thread's live context, referenced by
    // the model the caller holds; every call below only reads it.
    unsafe {
        match Z3_get_ast_kind(ctx, a) {
            AstKind::Var => HornTerm::Arg(Z3_get_index_value(ctx, a)),
            AstKind::Numeral => {
                let s = CStr::from_ptr(Z3_get_numeral_string(ctx, a)).to_string_lossy();
                let Some(sort) = Z3_get_sort(ctx, a) else {
                    return HornTerm::Opaque;
                };
                match Z3_get_sort_kind(ctx, sort) {
                    SortKind::BV => match s.parse::<u128>() {
                        Ok(v) => HornTerm::Bv(v, Z3_get_bv_sort_size(ctx, sort)),
                        Err(_) => HornTerm::Opaque,
                    },
                    SortKind::Int => s.parse::<i128>().map_or(HornTerm::Opaque, HornTerm::Num),
                    _ => HornTerm::Opaque,
                }
            }
            AstKind::App => {
                let Some(app) = Z3_to_app(ctx, a) else {
                    return HornTerm::Opaque;
                };
                let Some(d) = Z3_get_app_decl(ctx, app) else {
                    return HornTerm::Opaque;
                };
                let Some(sym) = Z3_get_decl_name(ctx, d) else {
                    return HornTerm::Opaque;
                };
                let name = CStr::from_ptr(Z3_get_symbol_string(ctx, sym))
                    .to_string_lossy()
                    .into_owned();
                let params = (0..Z3_get_decl_num_parameters(ctx, d))
                    .map(|i| Z3_get_decl_int_parameter(ctx, d, i))
                    .collect();
                let args = (0..Z3_get_app_num_args(ctx, app))
                    .map(|i| {
                        Z3_get_app_arg(ctx, app, i)
                            .map_or(HornTerm::Opaque, |x| term(ctx, x, depth + 1))
                    })
                    .collect();
                HornTerm::App(name, params, args)
            }
            _ => HornTerm::Opaque,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    const COUNTER: &str = "(set-logic HORN)
(declare-fun inv ((_ BitVec 8)) Bool)
(assert (forall ((x (_ BitVec 8))) (=> (= x #x00) (inv x))))
(assert (forall ((x (_ BitVec 8))) (=> (and (inv x) (bvult x #x0a)) (inv (bvadd x #x01)))))
(assert (forall ((x (_ BitVec 8))) (=> (and (inv x) (bvugt x #x0a)) false)))";

    #[test]
    fn safe_counter_has_an_interpretation() {
        let r = solve_horn(COUNTER, Instant::now() + Duration::from_secs(20));
        let HornAnswer::Sat(interp) = r else {
            panic!("{r:?}")
        };
        assert_eq!(interp.len(), 1);
        assert_eq!(interp[0].0, "inv");
        assert!(matches!(interp[0].1, HornTerm::App(..)), "{interp:?}");
    }

    #[test]
    fn unsafe_counter_is_unsat() {
        let s = COUNTER.replace("bvugt x #x0a", "bvugt x #x09");
        let r = solve_horn(&s, Instant::now() + Duration::from_secs(20));
        assert!(matches!(r, HornAnswer::Unsat), "{r:?}");
    }

    #[test]
    fn wide_counter_is_solved_by_spacer() {
        let s = COUNTER
            .replace("BitVec 8", "BitVec 32")
            .replace("#x00", "#x00000000")
            .replace("#x01", "#x00000001")
            .replace("#x0a", "#x0000000a")
            .replace("#x0b", "#x0000000b");
        let r = solve_horn(&s, Instant::now() + Duration::from_secs(20));
        assert!(matches!(r, HornAnswer::Sat(_)), "{r:?}");
    }

    #[test]
    fn past_deadline_is_unknown() {
        let r = solve_horn(COUNTER, Instant::now());
        assert!(matches!(r, HornAnswer::Unknown(_)), "{r:?}");
    }
}
