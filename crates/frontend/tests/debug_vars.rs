//! Source variables at loop headers (from `llvm.dbg.value` records) and the
//! source spans of functions, through `kappa_frontend::load`.

use kappa_frontend::{load, FrontendOptions};
use kappa_ir::{Function, Module};

fn module_of(src: &str) -> Module {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.c");
    std::fs::write(&p, src).unwrap();
    load(&p, &FrontendOptions::default()).expect("loads").module
}

fn main_of(m: &Module) -> &Function {
    m.func(m.function_by_name("main").unwrap())
}

/// The source variables of each location that has some, in location
/// order, as `name=register` (`name=?` without a register).
fn headers(f: &Function) -> Vec<Vec<String>> {
    f.locs
        .iter()
        .filter(|l| !l.src_vars.is_empty())
        .map(|l| {
            l.src_vars
                .iter()
                .map(|v| match v.reg {
                    Some(r) => format!("{}={}", v.name, f.vars[r.index()].name),
                    None => format!("{}=?", v.name),
                })
                .collect()
        })
        .collect()
}

const PRELUDE: &str = "extern unsigned __VERIFIER_nondet_uint(void);\n";

#[test]
fn nested_loops_name_each_ssa_version_where_it_holds_the_variable() {
    let m = module_of(&format!(
        "{PRELUDE}int main(void) {{\n  unsigned n = __VERIFIER_nondet_uint();\n  unsigned c = 0, i = 0;\n  \
         while (i < n) {{\n    unsigned j = 0;\n    while (j < 10) {{ j++; c++; }}\n    i++;\n  }}\n  \
         return c;\n}}\n"
    ));
    let h = headers(main_of(&m));
    assert_eq!(h.len(), 2, "{h:?}");
    // n is the nondet call's result; c is the outer phi at the outer loop
    assert_eq!(h[0], ["n=%call", "c=%c.0", "i=%i.0"], "{h:?}");
    // and the inner phi at the inner loop, where c.0 holds no variable
    assert_eq!(h[1], ["n=%call", "c=%c.1", "i=%i.0", "j=%j.0"], "{h:?}");
}

#[test]
fn scopes_shadowing_and_declaration_order_decide_what_is_visible() {
    let m = module_of(&format!(
        "{PRELUDE}int main(void) {{\n  unsigned n = __VERIFIER_nondet_uint();\n  unsigned x = 0;\n  \
         for (unsigned i = 0; i < n; i++) x++;\n  unsigned late = x;\n  {{\n    unsigned x = 7;\n    \
         while (x < n) x++;\n  }}\n  return late;\n}}\n"
    ));
    let h = headers(main_of(&m));
    assert_eq!(h.len(), 2, "{h:?}");
    // `late` is declared after the first loop; `i` only in it
    assert_eq!(h[0], ["n=%call", "x=%x.0", "i=%i.0"], "{h:?}");
    // the inner `x` shadows the outer one
    let inner: Vec<&String> = h[1].iter().filter(|v| v.starts_with("x=")).collect();
    assert_eq!(inner.len(), 1, "{h:?}");
    assert_ne!(inner[0], "x=%x.0", "{h:?}");
    assert!(h[1].iter().any(|v| v.starts_with("late=")), "{h:?}");
    assert!(!h[1].iter().any(|v| v.starts_with("i=")), "{h:?}");
}

#[test]
fn copies_memory_and_path_dependent_values() {
    let m = module_of(&format!(
        "{PRELUDE}extern void touch(unsigned *);\nint main(void) {{\n  unsigned n = __VERIFIER_nondet_uint();\n  \
         unsigned y = n;\n  unsigned m = 0;\n  touch(&m);\n  unsigned z = 0;\n  if (n > 5) z = 1; else z = 2;\n  \
         while (m < y) m++;\n  return z;\n}}\n"
    ));
    let f = main_of(&m);
    let h = headers(f);
    assert_eq!(h.len(), 1, "{h:?}");
    // n and y are both the call's result; m lives in memory; z is a phi
    // of the if (named: it holds z from the join on)
    assert!(h[0].contains(&"n=%call".to_string()), "{h:?}");
    assert!(h[0].contains(&"y=%call".to_string()), "{h:?}");
    assert!(h[0].contains(&"m=?".to_string()), "{h:?}");
    assert!(h[0].contains(&"z=%z.0".to_string()), "{h:?}");
    // the register is named after the variable declared first
    let l = f.locs.iter().find(|l| !l.src_vars.is_empty()).unwrap();
    let call = f.vars.iter().position(|v| v.name == "%call").unwrap();
    assert_eq!(l.src_name(kappa_ir::VarId(call as u32)), Some("n"));
    assert!(l.has_src_var("m") && !l.has_src_var("q"));
}

#[test]
fn functions_span_their_bodies_also_after_inlining() {
    let m = module_of(
        "extern int __VERIFIER_nondet_int(void);\n\
         int get(void) {\n  int v = __VERIFIER_nondet_int();\n  return v < 0 ? 0 : v;\n}\n\
         \n\
         int main(void) {\n  int s = 0;\n  for (int i = 0; i < 2; i++)\n    s += get();\n  return s;\n}\n",
    );
    // get is a leaf, inlined into main: main's edges now carry get's lines
    let name = |line| m.function_at(0, line).map(|f| f.name.as_str());
    assert_eq!(name(2), Some("get"));
    assert_eq!(name(3), Some("get"));
    assert_eq!(name(5), None, "the closing brace has no instruction");
    assert_eq!(name(7), Some("main"));
    assert_eq!(name(9), Some("main"));
    assert_eq!(name(11), Some("main"));
    assert_eq!(name(12), None);
}
