//! The stage and its checker on small C programs compiled by the frontend.

use super::*;
use kappa_frontend::FrontendOptions;
use kappa_ir::VarId;

fn module_of(name: &str, body: &str) -> Module {
    let dir = std::env::temp_dir().join(format!("kappa-prove-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.c"));
    let src = format!(
        "extern unsigned __VERIFIER_nondet_uint(void);\nextern int __VERIFIER_nondet_int(void);\n\
         extern void abort(void);\nvoid reach_error(void) {{ abort(); }}\n\
         void __VERIFIER_assert(int c) {{ if (!c) {{ reach_error(); abort(); }} }}\n\
         void assume_abort_if_not(int c) {{ if (!c) abort(); }}\n{body}"
    );
    std::fs::write(&path, src).unwrap();
    kappa_frontend::load(&path, &FrontendOptions::default())
        .unwrap()
        .module
}

const LOCKSTEP: &str = "int main(void) { unsigned n = __VERIFIER_nondet_uint(); \
    unsigned x = 0, y = 0; while (x < n) { x++; y += 2; } __VERIFIER_assert(y == 2*x); return 0; }";

fn proved(o: &Outcome) -> bool {
    matches!(o, Outcome::Proved { .. })
}

#[test]
fn lockstep_counters_are_proved_with_a_checked_invariant() {
    let m = module_of("lockstep", LOCKSTEP);
    let o = prove(&m, &Options::default());
    let Outcome::Proved {
        invariants: inv, ..
    } = &o
    else {
        panic!("{o:?}")
    };
    assert_eq!(inv.len(), 1);
    assert!(inv[0].c.contains('y'), "{}", inv[0].c);
}

#[test]
fn a_false_twin_is_not_proved() {
    let m = module_of(
        "lockstep_false",
        "int main(void) { unsigned n = __VERIFIER_nondet_uint(); \
         unsigned x = 0, y = 0; while (x < n) { x++; y += 2; } __VERIFIER_assert(y == 2*x + 1); return 0; }",
    );
    assert!(!proved(&prove(&m, &Options::default())));
}

#[test]
fn division_by_zero_in_the_loop_blocks_the_proof() {
    let m = module_of(
        "div",
        "int main(void) { int n = __VERIFIER_nondet_int(); int x = 0, y = 1; \
         while (x < 10) { y = 100 / (n - x); x++; } return y; }",
    );
    assert!(!proved(&prove(&m, &Options::default())));
}

#[test]
fn stack_objects_and_calls_are_not_applicable() {
    let m = module_of(
        "vla",
        "int main(void) { unsigned n = __VERIFIER_nondet_uint(); if (n == 0 || n > 8) return 0; \
         int a[n]; for (unsigned i = 0; i < n; i++) a[i] = i; __VERIFIER_assert(a[0] == 0); return 0; }",
    );
    let o = prove(&m, &Options::default());
    assert!(
        matches!(&o, Outcome::NotApplicable(w) if w.contains("stack object")),
        "{o:?}"
    );
    let m = module_of(
        "call",
        "int f(int x); int main(void) { int s = 0; for (int i = 0; i < 4; i++) s += f(i); \
         __VERIFIER_assert(s != 7); return 0; }",
    );
    let o = prove(&m, &Options::default());
    assert!(
        matches!(&o, Outcome::NotApplicable(w) if w.contains("call of f")),
        "{o:?}"
    );
}

/// The system of LOCKSTEP, its header's registers `x` and `y`.
fn lockstep_system() -> (system::System, Expr, Expr, Expr) {
    let m = module_of("lockstep_cert", LOCKSTEP);
    let sys = system::build(&m).unwrap();
    let f = m.func(sys.func);
    let reg = |n: &str| {
        let i = f.vars.iter().position(|v| v.name == n).unwrap();
        b::sym(sys.state[VarId(i as u32).index()])
    };
    let (x, y, n) = (reg("%x.0"), reg("%y.0"), reg("%call"));
    (sys, x, y, n)
}

#[test]
fn the_checker_accepts_the_right_invariant() {
    let (sys, x, y, _) = lockstep_system();
    let good = b::eq(y, b::mul(b::bv(32, 2), x));
    assert_eq!(check::check(&sys, &[b::tru(), good], None), Ok(()));
}

#[test]
fn the_checker_rejects_planted_wrong_invariants() {
    let (sys, x, y, n) = lockstep_system();
    let two_x = b::mul(b::bv(32, 2), x);
    // safe and initial, but not inductive: y == 2x only while x <= 5
    let not_inductive = b::and(b::eq(y, two_x), b::ule(x, b::bv(32, 5)));
    assert!(matches!(
        check::check(&sys, &[b::tru(), not_inductive], None),
        Err(check::Rejection::NotInductive(_))
    ));
    // inductive and safe, but x starts at 0, not 1
    let not_initial = b::and(b::eq(y, two_x), b::ne(x, b::bv(32, 0)));
    assert!(matches!(
        check::check(&sys, &[b::tru(), not_initial], None),
        Err(check::Rejection::NotInitial(_))
    ));
    // inductive and initial, but does not exclude the error
    let unsafe_inv = b::ule(x, b::bv(32, u32::MAX as u128));
    assert!(matches!(
        check::check(&sys, &[b::tru(), unsafe_inv], None),
        Err(check::Rejection::Unsafe(_))
    ));
    // y == 2x + 2n - 2n holds too; an integer reading of x <= n would be
    // fine, but y <= 2n is false modulo 2^32 for n >= 2^31
    let integer_only = b::and(b::eq(y, two_x), b::ule(y, b::mul(b::bv(32, 2), n)));
    assert!(check::check(&sys, &[b::tru(), integer_only], None).is_err());
    // malformed: the entry's invariant must be `true`
    assert!(matches!(
        check::check(&sys, &[b::fls(), b::eq(y, two_x)], None),
        Err(check::Rejection::Malformed(_))
    ));
    // malformed: a symbol that is not a register
    let k = b::sym(kappa_expr::Symbol::fresh(
        "k",
        kappa_expr::Sort::Bv(32),
        kappa_expr::SymbolKind::Fresh,
    ));
    assert!(matches!(
        check::check(&sys, &[b::tru(), b::eq(y, k)], None),
        Err(check::Rejection::Malformed(_))
    ));
}

#[test]
fn unsigned_wrap_around_is_modelled() {
    // x counts down from 0 through the wrap: x != 0 after the first step
    // under an integer reading, but x reaches 0 again modulo 2^8
    let m = module_of(
        "wrap",
        "int main(void) { unsigned char x = 0; unsigned char n = 0; \
         do { x++; n++; } while (x != 0); __VERIFIER_assert(n == 0); return 0; }",
    );
    let o = prove(&m, &Options::default());
    assert!(proved(&o), "{o:?}");
}

#[test]
fn scalar_globals_are_state_and_array_reads_are_unknown_but_in_bounds() {
    let m = module_of(
        "globals",
        "int g = 3; unsigned A[8]; int main(void) { unsigned n = __VERIFIER_nondet_uint(); \
         unsigned k = 0; for (unsigned i = 0; i < 8; i++) { if (A[i] == n) k++; g++; } \
         __VERIFIER_assert(k <= 8 && g == 11); return 0; }",
    );
    let o = prove(&m, &Options::default());
    assert!(proved(&o), "{o:?}");
    // one step too far: A[8] is out of bounds, an error
    let m = module_of(
        "globals_oob",
        "unsigned A[8]; int main(void) { unsigned k = 0; \
         for (unsigned i = 0; i <= 8; i++) { if (A[i] == 1) k++; } \
         __VERIFIER_assert(k <= 9); return 0; }",
    );
    assert!(!proved(&prove(&m, &Options::default())));
}

#[test]
fn memory_functions_are_checked_for_bounds() {
    let body = |n: u32| {
        format!(
            "struct S {{ int a; int b; }}; int main(void) {{ struct S s = {{1, 2}}, t; int A[4]; t = s; \
             __builtin_memset(A, 0, {n}); int c = 0; for (int i = 0; i < 4; i++) if (A[i] == t.a) c++; \
             __VERIFIER_assert(c <= 4); return 0; }}"
        )
    };
    assert!(proved(&prove(
        &module_of("memset_in", &body(16)),
        &Options::default()
    )));
    // 20 bytes into a 16-byte array: an error the proof must not ignore
    let o = prove(&module_of("memset_out", &body(20)), &Options::default());
    assert!(!proved(&o), "{o:?}");
}
