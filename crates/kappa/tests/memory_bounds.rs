//! Objects of symbolic size (VLAs, `malloc(n)`, `calloc(n, m)`): an access
//! that may fall outside the object's symbolic bound is never answered
//! `true`; the report names the out-of-bounds access. Accesses proved within
//! the bound are not flagged.

mod common;
use common::*;

const HEAD: &str = "#include <stdlib.h>\nextern void reach_error(void);\n\
extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\n";

fn verify(body: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("prog.c");
    std::fs::write(&p, format!("{HEAD}{body}")).unwrap();
    let ps = p.to_string_lossy().into_owned();
    let out = kappa(&["verify", "--json", "--timeout", "60", &ps]);
    serde_json::from_str(&String::from_utf8_lossy(&out.stdout)).expect("JSON report")
}

fn assert_out_of_bounds(v: &serde_json::Value) {
    assert_eq!(v["verdict"], "unknown", "{v}");
    assert!(
        v["reason"].as_str().unwrap().contains("out-of-bounds"),
        "the reason names the access: {v}"
    );
}

#[test]
fn vla_off_by_one_write_is_not_true() {
    // the loop writes a[n]: one past the end for every n
    let v = verify(
        "int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 1 && n <= 8);\n\
         int a[n]; for (int i = 0; i <= n; i++) a[i] = i; return a[0]; }\n",
    );
    assert_out_of_bounds(&v);
}

#[test]
fn vla_read_at_an_input_index_beyond_the_length_is_not_true() {
    // k < 10 but n may be smaller: a possible out-of-bounds read at a symbolic offset
    let v = verify(
        "int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 1 && n <= 10);\n\
         int a[n]; for (int i = 0; i < n; i++) a[i] = 0;\n\
         int k = __VERIFIER_nondet_int(); __VERIFIER_assume(k >= 0 && k < 10);\n\
         if (a[k] == 1) reach_error(); return 0; }\n",
    );
    assert_out_of_bounds(&v);
}

#[test]
fn malloc_of_symbolic_size_overrun_is_not_true() {
    let v = verify(
        "int main(void) { unsigned n = (unsigned)__VERIFIER_nondet_int(); __VERIFIER_assume(n <= 16);\n\
         char *p = malloc(n); p[3] = 1; free(p); return 0; }\n",
    );
    assert_out_of_bounds(&v);
}

#[test]
fn calloc_of_symbolic_count_overrun_is_not_true() {
    let v = verify(
        "int main(void) { unsigned n = (unsigned)__VERIFIER_nondet_int(); __VERIFIER_assume(n >= 1 && n <= 16);\n\
         int *p = calloc(n, sizeof(int)); int s = p[n - 1] + p[n]; free(p); return s; }\n",
    );
    assert_out_of_bounds(&v);
}

#[test]
fn accesses_within_a_symbolic_bound_are_fine() {
    let v = verify(
        "int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 5 && n <= 8);\n\
         int a[n]; a[3] = 1; a[n - 1] = 2; int *p = malloc(n * sizeof(int)); p[n - 1] = a[3];\n\
         if (p[n - 1] != 1) reach_error(); free(p); return 0; }\n",
    );
    assert_eq!(v["verdict"], "true", "{v}");
}

#[test]
fn memset_of_a_symbolic_length_past_a_vla_is_not_true() {
    let v = verify(
        "#include <string.h>\nint main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 1 && n <= 8);\n\
         int a[n]; memset(a, 0, (n + 1) * sizeof(int)); return a[0]; }\n",
    );
    assert_out_of_bounds(&v);
}

#[test]
fn read_past_a_block_shrunk_by_realloc_is_not_true() {
    let v = verify(
        "int main(void) { int *p = malloc(8 * sizeof(int)); for (int i = 0; i < 8; i++) p[i] = i;\n\
         unsigned n = (unsigned)__VERIFIER_nondet_int(); __VERIFIER_assume(n >= 1 && n <= 8);\n\
         int *q = realloc(p, n * sizeof(int)); int s = q[5]; free(q); return s; }\n",
    );
    assert_out_of_bounds(&v);
}
