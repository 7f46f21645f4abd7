//! φ̂ of small C programs compiled through the frontend.

use super::*;
use kappa_frontend::FrontendOptions;

pub(crate) fn module_of(name: &str, src: &str) -> Module {
    let dir = std::env::temp_dir().join(format!("kappa-cond-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.c"));
    std::fs::write(&path, src).unwrap();
    kappa_frontend::load(&path, &FrontendOptions::default())
        .unwrap()
        .module
}

pub(crate) const HEAD: &str = "extern int __VERIFIER_nondet_int(void);\nextern unsigned __VERIFIER_nondet_uint(void);\nextern void reach_error(void);\n";

#[test]
fn straight_line_condition_is_the_path_condition() {
    let m = module_of(
        "straight",
        &format!("{HEAD}int main(void) {{ int x = __VERIFIER_nondet_int(); if (x > 3) reach_error(); return 0; }}"),
    );
    let c = compute(&m, &Options::default()).unwrap();
    assert_eq!(c.backbones, 1);
    assert_eq!(c.inputs.len(), 1);
    assert!(c.inputs[0].engine_mappable);
    let s = c.phi.to_string();
    assert!(s.contains("3 < in_"), "{s}");
}

#[test]
fn summary_rules_give_closed_forms_or_star() {
    let m = module_of(
        "rules",
        &format!(
            "{HEAD}int main(void) {{ int n = __VERIFIER_nondet_int(); int a = __VERIFIER_nondet_int();
               int s = 0; int last = 0; int flag = 0; int prod = 1;
               for (int k = 0; k < n; k++) {{ s += 3; last = k; prod = prod * 2; }}
               for (int j = 0; j < n; j++) {{ if (a > 3) flag = 1; }}
               if (s + last + flag + prod == 100) reach_error(); return 0; }}"
        ),
    );
    let c = compute(&m, &Options::default()).unwrap();
    let l = &c.summaries[0];
    let get = |name: &str| {
        l.theta
            .iter()
            .find(|(n, _)| n.starts_with(name))
            .map(|(_, v)| v.map(|e| e.to_string()))
            .unwrap_or_else(|| panic!("{name} not in {:?}", l.theta))
    };
    // rule 2: s̲ + 3κ (mod 2^32)
    assert!(
        get("%s.").unwrap().contains("3 * (kappa"),
        "{:?}",
        get("%s.")
    );
    // rule 4: the previous iteration's counter
    assert!(
        get("%last.").unwrap().contains("-1 +"),
        "{:?}",
        get("%last.")
    );
    // a geometric progression has no rule here: ⋆
    assert_eq!(get("%prod."), None);
    // rule 3 in the second loop: set to 1 by one of its two iterations
    let l2 = &c.summaries[1];
    let flag = l2
        .theta
        .iter()
        .find(|(n, _)| n.starts_with("%flag."))
        .and_then(|(_, v)| v.map(|e| e.to_string()))
        .expect("flag has a closed form");
    assert!(flag.ends_with(": 1") || flag.contains("? 1 :"), "{flag}");
}

#[test]
fn calls_inline_and_recursion_stays_a_call_that_may_reach() {
    let m = module_of(
        "calls",
        &format!(
            "{HEAD}static int twice(int x) {{ return 2 * x; }}
               static int rec(int x) {{ if (x > 0) {{ if (x == 7) reach_error(); return rec(x - 1); }} return 0; }}
               int main(void) {{ int x = __VERIFIER_nondet_int();
               if (twice(x) == 6) rec(x); return 0; }}"
        ),
    );
    let c = compute(&m, &Options::default()).unwrap();
    assert_eq!(c.kept_calls, vec!["rec".to_string()]);
    // reach_error inside rec's inlined copy and the kept recursive call
    assert!(c.targets >= 2, "{}", c.targets);
    let s = c.phi.to_string();
    assert!(s.contains("6 == (2 * in_"), "{s}");
}

#[test]
fn no_target_gives_false_and_a_line_target_must_exist() {
    let m = module_of(
        "notarget",
        &format!("{HEAD}int main(void) {{ int x = __VERIFIER_nondet_int(); return x; }}"),
    );
    let c = compute(&m, &Options::default()).unwrap();
    assert_eq!(c.phi.as_bool_const(), Some(false));
    let e = compute(
        &m,
        &Options {
            target: Target::Line {
                file: "notarget.c".into(),
                line: 99,
            },
            ..Default::default()
        },
    );
    assert!(matches!(e, Err(CondError::NoSuchLine { line: 99, .. })));
}

/// φ̂ of `src` for `target`, decided (no loops here: no quantifier).
fn decided(name: &str, src: &str, target: Target) -> (NecessaryCondition, race::Answer) {
    let m = module_of(name, &format!("{HEAD}{src}"));
    let c = compute(
        &m,
        &Options {
            target,
            ..Default::default()
        },
    )
    .unwrap();
    let a = race::check_one(c.phi, std::time::Duration::from_secs(10)).answer;
    (c, a)
}

use race::Answer::{Sat, Unsat};

#[test]
fn unsupported_edges_are_targets() {
    // the flowgraph stops at the long double code, the native run goes on
    let (c, a) = decided(
        "fp",
        "int main(void) { int x = __VERIFIER_nondet_int(); long double d = x; d = d * 0.5L;
           if (d > 1e10L) reach_error(); return 0; }",
        Target::Errors,
    );
    assert!(c.targets >= 1, "{c:?}");
    assert_eq!(a, Sat, "{}", c.phi);
    // on an infeasible branch only: unreachable
    let (_, a) = decided(
        "fp_dead",
        "int main(void) { int x = __VERIFIER_nondet_int();
           if (x > 5 && x < 3) { long double d = x; if (d > 1.0L) reach_error(); } return 0; }",
        Target::Errors,
    );
    assert_eq!(a, Unsat);
}

#[test]
fn float_values_are_unconstrained() {
    // d * 0.5 > 1e10 is impossible for an int, but the condition does not
    // model floats: some value, so reach_error stays possible
    let (_, a) = decided(
        "float",
        "int main(void) { int x = __VERIFIER_nondet_int(); double d = x; d = d * 0.5;
           if (d > 1e10) reach_error(); return 0; }",
        Target::Errors,
    );
    assert_eq!(a, Sat);
    // the integer part still decides: float code on a dead branch only
    let (_, a) = decided(
        "float_dead",
        "int main(void) { int x = __VERIFIER_nondet_int();
           if (x > 5 && x < 3) { double d = x; if (d > 1.0) reach_error(); } return 0; }",
        Target::Errors,
    );
    assert_eq!(a, Unsat);
}

#[test]
fn calls_through_pointers_that_may_reach_are_targets() {
    let call = "static void call(void (*f)(void)) { f(); }\n";
    let (c, a) = decided(
        "fptr",
        &format!("{call}int main(void) {{ int x = __VERIFIER_nondet_int(); if (x == 42) call(reach_error); return 0; }}"),
        Target::Errors,
    );
    assert_eq!(c.targets, 1);
    assert_eq!(a, Sat);
    assert!(c.phi.to_string().contains("42 =="), "{}", c.phi);
    let (_, a) = decided(
        "fptr_dead",
        &format!("{call}int main(void) {{ int x = __VERIFIER_nondet_int(); if (x == 42 && x > 50) call(reach_error); return 0; }}"),
        Target::Errors,
    );
    assert_eq!(a, Unsat);
    // a pointer to a function that calls reach_error
    let (c, a) = decided(
        "fptr_caller",
        "static void bad(void) { reach_error(); } void (*hook)(void);
         int main(void) { hook = bad; if (__VERIFIER_nondet_int() == 1) hook(); return 0; }",
        Target::Errors,
    );
    assert!(c.targets >= 1);
    assert_eq!(a, Sat);
    // no address-taken function reaches it: the indirect call is no target
    let (_, a) = decided(
        "fptr_harmless",
        "static void ok(void) { } static void bad(void) { reach_error(); } void (*hook)(void);
         int main(void) { int x = __VERIFIER_nondet_int(); hook = ok; hook();
           if (x > 5 && x < 3) bad(); return 0; }",
        Target::Errors,
    );
    assert_eq!(a, Unsat);
}

#[test]
fn external_calls_that_may_call_back_are_targets() {
    let head = "#include <stdlib.h>\n";
    let (c, a) = decided(
        "qsort_reach",
        &format!("{head}static int cmp(const void *a, const void *b) {{ if (*(const int *)a == 7) reach_error(); return 0; }}
           int main(void) {{ int a[2] = {{1, 2}}; qsort(a, 2, sizeof(int), cmp); return 0; }}"),
        Target::Errors,
    );
    assert_eq!(c.targets, 1, "the call of qsort");
    assert_eq!(a, Sat);
    let (_, a) = decided(
        "qsort_harmless",
        &format!(
            "{head}static int cmp(const void *a, const void *b) {{ return 0; }}
           int main(void) {{ int a[2] = {{1, 2}}; qsort(a, 2, sizeof(int), cmp); return 0; }}"
        ),
        Target::Errors,
    );
    assert_eq!(a, Unsat);
}

#[test]
fn exit_handlers_make_returns_and_exits_targets() {
    let dtor = |body: &str| {
        format!(
            "int g; __attribute__((destructor)) static void fini(void) {{ {body} }}
           int main(void) {{ g = __VERIFIER_nondet_int(); return 0; }}"
        )
    };
    let (_, a) = decided("dtor", &dtor("if (g == 3) reach_error();"), Target::Errors);
    assert_eq!(a, Sat);
    // a destructor that cannot reach reach_error changes nothing for it ...
    let (_, a) = decided("dtor_harmless", &dtor("g = 0;"), Target::Errors);
    assert_eq!(a, Unsat);
    // ... but may fail, as far as the failures target knows
    let (_, a) = decided("dtor_harmless", &dtor("g = 0;"), Target::ErrorsAndFailures);
    assert_eq!(a, Sat);
    // exit in a call left in place (recursion) runs the destructor too
    let (_, a) = decided(
        "dtor_rec_exit",
        "#include <stdlib.h>\nint g; __attribute__((destructor)) static void fini(void) { if (g == 3) reach_error(); }
         static void rec(int n) { if (n == 0) exit(0); rec(n - 1); }
         int main(void) { g = __VERIFIER_nondet_int(); rec(2); for (;;) {} }",
        Target::Errors,
    );
    assert_eq!(a, Sat);
    let (_, a) = decided(
        "atexit",
        "#include <stdlib.h>\nint g; static void h(void) { if (g == 3) reach_error(); }
         int main(void) { atexit(h); g = __VERIFIER_nondet_int(); exit(0); }",
        Target::Errors,
    );
    assert_eq!(a, Sat);
}

#[test]
fn constructors_run_first() {
    let (c, a) = decided(
        "ctor",
        "__attribute__((constructor)) static void init(void) { if (__VERIFIER_nondet_int() == 5) reach_error(); }
         int main(void) { return 0; }",
        Target::Errors,
    );
    assert_eq!(a, Sat);
    assert_eq!(c.inputs.len(), 1);
    assert!(!c.inputs[0].engine_mappable, "read outside main");
}

#[test]
fn failures_are_targets_under_their_fail_condition() {
    let div = |guard: &str| {
        format!(
            "int main(void) {{ int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();
           int z = 0; if ({guard}) z = x / y; return z; }}"
        )
    };
    // no reach_error: nothing to reach ...
    let (_, a) = decided("div", &div("y != 0"), Target::Errors);
    assert_eq!(a, Unsat);
    // ... but INT_MIN / -1 is possible
    let (c, a) = decided("div", &div("y != 0"), Target::ErrorsAndFailures);
    assert_eq!(a, Sat, "{}", c.phi);
    let (c, a) = decided(
        "div_safe",
        &div("y != 0 && !(x == -2147483647 - 1 && y == -1)"),
        Target::ErrorsAndFailures,
    );
    assert_eq!(a, Unsat, "{}", c.phi);
    // accesses: in bounds of a live local array, or possibly not
    let arr = |index: &str| {
        format!(
            "int main(void) {{ int a[4] = {{0}}; int i = __VERIFIER_nondet_int();
           a[{index}] = 1; return a[{index}]; }}"
        )
    };
    let (c, a) = decided("arr_in", &arr("i & 3"), Target::ErrorsAndFailures);
    assert_eq!(a, Unsat, "{}", c.phi);
    let (c, a) = decided("arr_out", &arr("i"), Target::ErrorsAndFailures);
    assert_eq!(a, Sat, "{}", c.phi);
    // a callee writing through a pointer to its caller's live local
    let (c, a) = decided(
        "callee_write",
        "static void set(int *p) { *p = 1; }
         int main(void) { int x = __VERIFIER_nondet_int(); set(&x); return x; }",
        Target::ErrorsAndFailures,
    );
    assert_eq!(a, Unsat, "{}", c.phi);
    // a dangling pointer to a returned callee's local
    let (c, a) = decided(
        "dangling",
        "static int *f(int v) { int x = v; int *p = &x; return p; }
         int main(void) { int *q = f(__VERIFIER_nondet_int()); return *q; }",
        Target::ErrorsAndFailures,
    );
    assert_eq!(a, Sat, "{}", c.phi);
}
