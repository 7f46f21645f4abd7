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

/// The invariants of `m`'s proof (the test fails when it is not proved).
fn invariants_of(m: &Module) -> Vec<Invariant> {
    match prove(m, &Options::default()) {
        Outcome::Proved { invariants, .. } => invariants,
        o => panic!("not proved: {o:?}"),
    }
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
fn stack_objects_in_loops_and_calls_are_not_applicable() {
    // (a VLA outside every loop is modelled: crate::quant_tests)
    let m = module_of(
        "vla",
        "int main(void) { unsigned n = __VERIFIER_nondet_uint(); if (n == 0 || n > 8) return 0; \
         for (unsigned j = 0; j < 2; j++) { int a[n]; for (unsigned i = 0; i < n; i++) a[i] = i; \
         __VERIFIER_assert(a[0] == 0); } return 0; }",
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

/// A 32-bit symbol that is no register of any system.
fn foreign() -> Expr {
    b::sym(kappa_expr::Symbol::fresh(
        "k",
        kappa_expr::Sort::Bv(32),
        kappa_expr::SymbolKind::Fresh,
    ))
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
    let k = foreign();
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

/// A global that `main` reads and writes whole is a state variable; a
/// helper (walked through) that writes part of it must change it, not
/// vanish (issue 32: these programs were proved, and reach the error).
#[test]
fn partial_writes_to_a_scalar_global_in_helpers_are_not_dropped() {
    let reachable = [
        // a byte written by a loop-free helper
        "unsigned g; __attribute__((noinline)) void poke(void) { ((unsigned char *)&g)[1] = 1; } \
         int main(void) { g = 5; if (__VERIFIER_nondet_int()) poke(); __VERIFIER_assert(g == 5); return 0; }",
        // the upper half, through &g passed down two helpers
        "unsigned g; __attribute__((noinline)) void hi(unsigned *p) { ((unsigned short *)p)[1] = 7; } \
         __attribute__((noinline)) void mid(void) { hi(&g); } \
         int main(void) { g = 1; if (__VERIFIER_nondet_int()) mid(); __VERIFIER_assert(g == 1); return 0; }",
        // a byte incremented by a helper called in a loop
        "unsigned g; __attribute__((noinline)) void bump(void) { ((unsigned char *)&g)[2]++; } \
         int main(void) { g = 0; unsigned n = __VERIFIER_nondet_uint(); \
         for (unsigned i = 0; i < n && i < 3; i++) bump(); __VERIFIER_assert(g <= 1u); return 0; }",
        // a byte written in main through a pointer a helper returned
        "unsigned g; __attribute__((noinline)) unsigned char *top(void) { return (unsigned char *)&g + 3; } \
         int main(void) { g = 1; unsigned char *p = top(); if (__VERIFIER_nondet_int()) *p = 7; \
         __VERIFIER_assert(g == 1u); return 0; }",
        // memset of one byte in a helper
        "unsigned g; __attribute__((noinline)) void clr(void) { __builtin_memset(&g, 0xff, 1); } \
         int main(void) { g = 0; if (__VERIFIER_nondet_int()) clr(); __VERIFIER_assert(g <= 1u); return 0; }",
    ];
    for (i, body) in reachable.iter().enumerate() {
        let o = prove(
            &module_of(&format!("partial{i}"), body),
            &Options::default(),
        );
        assert!(!proved(&o), "program {i} proved: {o:?}");
    }
    // exact where the offset is known: the same writes of the bytes the
    // global already has leave it unchanged, and that is proved
    let m = module_of(
        "partial_same",
        "unsigned g; __attribute__((noinline)) void poke(void) { ((unsigned char *)&g)[1] = 0; } \
         int main(void) { g = 5; if (__VERIFIER_nondet_int()) poke(); __VERIFIER_assert(g == 5); return 0; }",
    );
    let o = prove(&m, &Options::default());
    assert!(proved(&o), "{o:?}");
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

#[test]
fn invariants_name_the_source_variables_at_each_header() {
    // the nondet result is `n`; the outer loop's `c` is a register of no
    // variable at the inner loop (where `c` is the inner phi)
    let m = module_of(
        "nested_names",
        "int main(void) { unsigned n = __VERIFIER_nondet_uint();\n\
         unsigned c = 0, i = 0;\n\
         while (i < n) {\n  unsigned j = 0;\n  while (j < 10) { j++; c++; }\n  i++;\n}\n\
         __VERIFIER_assert(c == 10 * i); return 0; }",
    );
    let inv = invariants_of(&m);
    assert_eq!(inv.len(), 2);
    // (a variable of the unsigned type of its width is read without a cast)
    assert!(
        inv[0].c.contains("(c == ") && !inv[0].c.contains('%'),
        "{}",
        inv[0].c
    );
    // (a register of no variable there prints as its IR name, when the
    // invariant needs it: with the data's `c == 10*i + j` it does not)
    assert!(
        inv[1].c.contains("(unsigned)%c.0") || !inv[1].c.contains('%'),
        "{}",
        inv[1].c
    );
    assert!(inv[1].c.contains("(j <= "), "{}", inv[1].c);
}

#[test]
fn a_global_shadowed_at_a_header_keeps_its_ir_name() {
    let m = module_of(
        "shadowed_global",
        "unsigned cnt = 0;\nint main(void) { unsigned n = __VERIFIER_nondet_uint();\n\
         if (n > 100) return 0;\n\
         for (unsigned i = 0; i < n; i++) cnt += 2;\n\
         {\n  unsigned cnt = 5;\n  for (unsigned i = 0; i < n; i++) cnt++;\n  \
         __VERIFIER_assert(cnt == n + 5);\n}\n\
         __VERIFIER_assert(cnt == 2 * n); return 0; }",
    );
    let inv = invariants_of(&m);
    assert_eq!(inv.len(), 2);
    // the global is `cnt` at the first loop, `@cnt` where a local shadows it
    // (a global keeps its cast: its declared type is not looked up)
    assert!(inv[0].c.contains("(unsigned)cnt"), "{}", inv[0].c);
    assert!(!inv[0].c.contains('@'), "{}", inv[0].c);
    assert!(inv[1].c.contains("(unsigned)@cnt"), "{}", inv[1].c);
    assert!(inv[1].c.contains("(cnt "), "{}", inv[1].c);
}

const SWAP: &str = "int main(void) { unsigned x = 0, y = 0; \
    while (__VERIFIER_nondet_int()) { unsigned t = x; x = y; y = t + STEP; } \
    __VERIFIER_assert(x % 2 == 0); return 0; }";

/// The system of SWAP with `y = t + step`, and its header's `x`.
fn swap_system(step: u32) -> (system::System, Expr) {
    let m = module_of(
        &format!("swap{step}"),
        &SWAP.replace("STEP", &step.to_string()),
    );
    let sys = system::build(&m).unwrap();
    let f = m.func(sys.func);
    let i = f.vars.iter().position(|v| v.name == "%x.0").unwrap();
    let x = b::sym(sys.state[i]);
    (sys, x)
}

fn even(x: Expr) -> Expr {
    b::eq(
        b::bin(kappa_expr::BvOp::URem, x, b::bv(32, 2)),
        b::bv(32, 0),
    )
}

#[test]
fn a_two_inductive_property_is_proved_by_k_induction_only() {
    let m = module_of("swap_prove", &SWAP.replace("STEP", "2"));
    let o = prove(&m, &Options::default());
    assert!(matches!(&o, Outcome::Proved { k: Some(2), .. }), "{o:?}");
    let m = module_of("swap_prove_false", &SWAP.replace("STEP", "1"));
    assert!(!proved(&prove(&m, &Options::default())));
}

#[test]
fn the_k_induction_checker_rejects_planted_wrong_certificates() {
    let (sys, x) = swap_system(2);
    let inv = [b::tru(), b::tru()];
    let none = vec![vec![], vec![]];
    // the loop exits on an input, so "no error enabled" is "x is even":
    // 2-inductive (y is x's next value), not 1-inductive
    assert_eq!(check::check_k(&sys, &inv, &none, 2, None), Ok(()));
    assert_eq!(
        check::check_k(&sys, &inv, &none, 1, None),
        Err(check::Rejection::NotKInductive(1))
    );
    // the same with the atom spelled out
    let atoms = vec![vec![], vec![even(x)]];
    assert_eq!(check::check_k(&sys, &inv, &atoms, 2, None), Ok(()));
    // an atom false at the loop's entry: the base case refutes it
    let odd = vec![vec![], vec![b::not(even(x))]];
    assert!(matches!(
        check::check_k(&sys, &inv, &odd, 2, None),
        Err(check::Rejection::BaseCase(_))
    ));
    // the false twin (y = t + 1): x is odd after 3 transitions; its step
    // case of k = 4 holds (no 4 safe states in a row inside the loop), so
    // only the base case stands between it and a wrong proof
    let (sys1, _) = swap_system(1);
    assert_eq!(
        check::check_k(&sys1, &inv, &none, 4, None),
        Err(check::Rejection::BaseCase(3))
    );
    // a wrong invariant is rejected before the unrolling
    let zero = [b::tru(), b::eq(x, b::bv(32, 0))];
    assert!(matches!(
        check::check_k(&sys, &zero, &none, 2, None),
        Err(check::Rejection::NotInductive(_))
    ));
    // malformed: k = 0, atoms over something else than registers
    assert!(matches!(
        check::check_k(&sys, &inv, &none, 0, None),
        Err(check::Rejection::Malformed(_))
    ));
    let k = foreign();
    assert!(matches!(
        check::check_k(&sys, &inv, &[vec![], vec![b::eq(x, k)]], 2, None),
        Err(check::Rejection::Malformed(_))
    ));
}

/// Bounded model checking of `body` from depth 1, without a deadline.
fn bmc_of(name: &str, body: &str) -> bmc::Bmc {
    bounded(&module_of(name, body), 1, None)
        .expect("encodable")
        .0
}

#[test]
fn bmc_finds_the_inputs_of_a_deep_narrow_error_in_call_order() {
    // the error needs 3 then 5 then 250: the inputs come back in the
    // order the program reads them, at the depth of the trace
    let b = bmc_of(
        "bmc_narrow",
        "int main(void) { unsigned s = 0; for (int i = 0; i < 3; i++) { \
         unsigned x = __VERIFIER_nondet_uint(); if (x > 255) return 0; s = s * 256 + x; } \
         __VERIFIER_assert(s != 0x0305fa); return 0; }",
    );
    let bmc::Bmc::Found(f) = b else {
        panic!("{b:?}")
    };
    assert_eq!(f.inputs, vec![3, 5, 250]);
    assert_eq!(f.depth, 4, "entry to header, three iterations");
    assert!(f.error.starts_with("reach_error"), "{}", f.error);
}

#[test]
fn bmc_is_exhaustive_on_bounded_loops_and_never_on_unbounded_ones() {
    let safe = bmc_of(
        "bmc_bounded",
        "int main(void) { int x = 0; for (int i = 0; i < 20; i++) \
         if (__VERIFIER_nondet_int()) x++; __VERIFIER_assert(x <= 20); return 0; }",
    );
    assert_eq!(safe, bmc::Bmc::Safe { depth: 32 });
    // the same property with an input bound: no depth is exhaustive
    let open = bmc_of("bmc_unbounded", LOCKSTEP);
    let bmc::Bmc::NotFound { depth, why } = open else {
        panic!("{open:?}")
    };
    assert_eq!(depth, bmc::MAX_DEPTH, "{why}");
}

#[test]
fn bmc_reports_an_off_by_one_bound_that_exhaustion_would_hide() {
    // 21 increments in a loop meant for 20: an error at the last step
    let b = bmc_of(
        "bmc_off_by_one",
        "int main(void) { int x = 0; for (int i = 0; i <= 20; i++) \
         if (__VERIFIER_nondet_int()) x++; __VERIFIER_assert(x <= 20); return 0; }",
    );
    let bmc::Bmc::Found(f) = b else {
        panic!("{b:?}")
    };
    assert_eq!(f.inputs.len(), 21);
    assert!(f.inputs.iter().all(|v| *v != 0), "{:?}", f.inputs);
}

const SUM: &str = "unsigned sum(unsigned n) { if (n == 0) return 0; return n + sum(n - 1); }\n\
    int main(void) { unsigned n = __VERIFIER_nondet_uint(); if (n > 1000) return 0; \
    __VERIFIER_assert(2 * sum(n) == n * (n + 1)); return 0; }";

#[test]
fn a_recursive_sum_gets_an_exact_summary_that_proves_the_caller() {
    let m = module_of("rec_sum", SUM);
    let sys = system::build(&m).unwrap();
    assert_eq!(sys.summaries.len(), 1);
    let text = describe_summaries(&m, &sys).join("");
    assert!(text.starts_with("sum(n): "), "{text}");
    assert!(text.contains("2u * (unsigned)\\result"), "{text}");
    let (b, _) = bounded(&m, 1, None).unwrap();
    assert!(matches!(b, bmc::Bmc::Safe { .. }), "{b:?}");
}

#[test]
fn the_summary_checker_rejects_planted_wrong_summaries() {
    let m = module_of("rec_sum_planted", SUM);
    let sys = system::build(&m).unwrap();
    let good = sys.summaries[0].clone();
    // the paths of `sum`, walked again as the summary search walks them
    let paths = system::summary_paths(&m, &sys, good.func, &good.params).unwrap();
    summary::check(&good, &paths, None).expect("the found summary checks");
    let r = b::sym(good.ret);
    let n = b::sym(good.params[0]);
    for planted in [
        // off by one: sum(n) == n*(n+1)/2 + 1
        b::eq(
            b::mul(b::bv(32, 2), r),
            b::add(b::mul(n, b::add(n, b::bv(32, 1))), b::bv(32, 2)),
        ),
        // a bound that fails at n = 2
        b::ule(r, n),
        // nothing about the result but false-at-zero
        b::ne(r, b::bv(32, 0)),
    ] {
        let bad = summary::Summary {
            relation: planted,
            ..good.clone()
        };
        assert!(
            summary::check(&bad, &paths, None).is_err(),
            "planted summary accepted: {planted:?}"
        );
    }
}

#[test]
fn an_exhaustive_bound_is_checked_again_and_a_short_one_is_rejected() {
    let m = module_of(
        "bmc_bound_check",
        "int main(void) { int x = 0; for (int i = 0; i < 20; i++) \
         if (__VERIFIER_nondet_int()) x++; __VERIFIER_assert(x <= 20); return 0; }",
    );
    let sys = system::build(&m).unwrap();
    assert_eq!(bmc::search(&sys, 1, None), bmc::Bmc::Safe { depth: 32 });
    bmc::check_safe(&sys, 32, None).expect("the bound checks");
    // the entry, 20 iterations: 21 transitions at most; 20 are not all
    bmc::check_safe(&sys, 21, None).expect("the tight bound checks");
    let e = bmc::check_safe(&sys, 20, None).unwrap_err();
    assert!(e.contains("a longer trace"), "{e}");
}

/// A counter that wraps: `x >= 0` holds over the integers at the loop
/// header (what the integer encoding of the clauses assumes), not modulo
/// 2^32, so the program is unsafe.
const WRAP: &str = "int main(void) { int x = 0; while (__VERIFIER_nondet_int()) { x++; } \
    __VERIFIER_assert(x >= 0); return 0; }";

#[test]
fn the_checker_rejects_a_planted_wrong_spacer_candidate() {
    let m = module_of("spacer_wrap", WRAP);
    let sys = system::build(&m).unwrap();
    let f = m.func(sys.func);
    let i = f.vars.iter().position(|v| v.name == "%x.0").unwrap();
    let x = b::sym(sys.state[i]);
    // the integer encoding's answer, planted as Spacer's candidate: it is
    // dropped (not inductive modulo 2^32) and no certificate remains
    let planted = vec![vec![], vec![b::sle(b::bv(32, 0), x)]];
    assert!(checked(&sys, planted, None).is_none());
    assert!(check::check(&sys, &[b::tru(), b::sle(b::bv(32, 0), x)], None).is_err());
    // what Spacer says over the integers, whatever it is, does not prove it
    let until = Instant::now() + std::time::Duration::from_secs(20);
    if let Ok(found) = horn::solve(&sys, horn::Encoding::Int, until) {
        assert!(checked(&sys, found.cuts, None).is_none());
    }
}

#[test]
fn spacer_proves_a_loop_whose_invariant_houdini_lacks() {
    // (the counters' parity: no candidate atom of the pool states it)
    let m = module_of("spacer_swap", &SWAP.replace("STEP", "2"));
    let sys = system::build(&m).unwrap();
    let until = Instant::now() + std::time::Duration::from_secs(20);
    let found = horn::solve(&sys, horn::Encoding::Bv, until).expect("Spacer answers");
    assert!(checked(&sys, found.cuts, None).is_some());
}

const EVEN_ODD: &str = "int isOdd(int n);\n\
    int isEven(int n) { if (n == 0) return 1; return isOdd(n - 1); }\n\
    int isOdd(int n) { if (n == 0) return 0; return isEven(n - 1); }\n\
    int main(void) { int n = __VERIFIER_nondet_int(); if (n < 0) return 0; \
    int r = isEven(n); __VERIFIER_assert(r == 0 || r == 1); return 0; }";

#[test]
fn mutual_recursion_is_summarized_by_predicates() {
    let m = module_of("even_odd", EVEN_ODD);
    // not applicable before: no Houdini summary for mutual recursion
    assert!(system::build(&m).is_err());
    let o = prove(&m, &Options::default());
    let Outcome::Proved {
        summaries, method, ..
    } = &o
    else {
        panic!("{o:?}")
    };
    assert!(matches!(method, Method::Spacer(_)), "{method:?}");
    assert_eq!(summaries.len(), 2, "{summaries:?}");
}

#[test]
fn the_group_checker_rejects_planted_wrong_recursive_summaries() {
    let m = module_of("even_odd_planted", EVEN_ODD);
    let sys = system::build_open(&m, None).unwrap();
    assert_eq!(sys.open.len(), 2);
    let sum = |k: usize, rel: &dyn Fn(Expr) -> Expr| summary::Summary {
        func: sys.open[k].func,
        params: sys.open[k].params.clone(),
        ret: sys.open[k].ret,
        relation: rel(b::sym(sys.open[k].ret)),
    };
    let bit = |r: Expr| b::ule(r, b::bv(32, 1));
    let good = vec![sum(0, &bit), sum(1, &bit)];
    recursion::check_group(&m, &sys.open, &good, None).expect("0 or 1 checks");
    let one = |r: Expr| b::eq(r, b::bv(32, 1));
    let tru = |_: Expr| b::tru();
    for planted in [
        // one function's result claimed constant: its base case refutes it
        vec![sum(0, &one), sum(1, &bit)],
        vec![sum(0, &bit), sum(1, &one)],
        // one function's summary alone: the other's result is unknown at
        // its call, so the induction across the functions fails
        vec![sum(0, &bit), sum(1, &tru)],
        vec![sum(0, &tru), sum(1, &bit)],
        // not one summary per open function
        vec![sum(0, &bit)],
        vec![sum(1, &bit), sum(0, &bit)],
    ] {
        assert!(
            recursion::check_group(&m, &sys.open, &planted, None).is_err(),
            "planted summaries accepted: {planted:?}"
        );
    }
    // Houdini over the group drops the wrong atoms and keeps the right ones
    let r0 = b::sym(sys.open[0].ret);
    let r1 = b::sym(sys.open[1].ret);
    let atoms = vec![vec![one(r0), bit(r0)], vec![one(r1), bit(r1)]];
    let sums = recursion::weaken(&m, &sys.open, atoms, None).unwrap();
    assert_eq!(sums[0].relation, bit(r0));
    assert_eq!(sums[1].relation, bit(r1));
}
