//! End-to-end checks of the `<string.h>` models where the answer must be
//! `unknown`: possible undefined behaviour inside a string function (reads
//! or writes past an object, overlapping copies, writes to read-only
//! memory) is a failed leaf with its reason, and a result whose magnitude
//! C leaves unspecified never yields `true`.

mod common;
use common::*;

/// Verifies `src` and returns the JSON report.
fn verify(src: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("prog.c");
    std::fs::write(&p, src).unwrap();
    let ps = p.to_string_lossy().into_owned();
    let out = kappa(&["verify", "--json", "--timeout", "60", &ps]);
    serde_json::from_str(&String::from_utf8_lossy(&out.stdout)).expect("JSON report")
}

const HEAD: &str = "#include <string.h>\nextern void reach_error(void);\n\
extern char __VERIFIER_nondet_char(void);\nextern unsigned int __VERIFIER_nondet_uint(void);\n";

/// The verdict must be `unknown` with a reason containing `want`.
fn unknown_because(body: &str, want: &str) {
    let v = verify(&format!("{HEAD}{body}"));
    assert_eq!(v["verdict"], "unknown", "{body}\n{v}");
    let reason = v["reason"].as_str().unwrap_or("");
    assert!(reason.contains(want), "{body}\nreason: {reason}");
}

#[test]
fn strlen_of_an_unterminated_buffer_is_undefined() {
    unknown_because(
        "int main(void) { char b[4]; for (int i = 0; i < 4; i++) b[i] = __VERIFIER_nondet_char();\n\
         if (strlen(b) > 100) reach_error(); return 0; }",
        "possible undefined behaviour: strlen reads past the end of an object",
    );
}

#[test]
fn strcpy_into_a_short_buffer_is_undefined() {
    unknown_because(
        "int main(void) { char s[8], d[4]; for (int i = 0; i < 7; i++) s[i] = __VERIFIER_nondet_char();\n\
         s[7] = 0; strcpy(d, s); return 0; }",
        "possible undefined behaviour: strcpy reads or writes past the end of an object",
    );
}

#[test]
fn overlapping_strcpy_is_undefined() {
    unknown_because(
        "int main(void) { char b[8] = \"ab\"; b[1] = __VERIFIER_nondet_char();\n\
         strcpy(b + 1, b); return 0; }",
        "possible undefined behaviour: strcpy between overlapping objects",
    );
}

#[test]
fn strncpy_longer_than_the_destination_is_undefined() {
    unknown_because(
        "int main(void) { char d[4]; unsigned n = __VERIFIER_nondet_uint();\n\
         strncpy(d, \"hi\", n); return 0; }",
        "possible undefined behaviour: strncpy writes past the end of an object",
    );
}

#[test]
fn memcmp_past_the_end_is_undefined_even_after_a_difference() {
    unknown_because(
        "int main(void) { char a[4] = \"xbc\"; if (memcmp(a, \"abcdef\", 6) == 0) reach_error(); return 0; }",
        "possible undefined behaviour: memcmp reads past the end of an object",
    );
}

#[test]
fn strcpy_to_a_string_literal_is_undefined() {
    unknown_because(
        "int main(void) { strcpy((char *)\"abc\", \"x\"); return 0; }",
        "possible undefined behaviour: strcpy writes to read-only memory",
    );
}

#[test]
fn long_symbolic_strings_are_cut_with_a_reason() {
    // the terminator may lie beyond the positions a call examines
    unknown_because(
        "char b[6000]; int main(void) { for (int i = 0; i < 5999; i++) b[i] = __VERIFIER_nondet_char();\n\
         if (strlen(b) == 5000) reach_error(); return 0; }",
        "unsupported: strlen over more than",
    );
}

#[test]
fn copies_at_a_symbolic_offset_with_many_values_are_cut_with_a_reason() {
    unknown_because(
        "int main(void) { char s[48], d[48]; for (int i = 0; i < 48; i++) s[i] = 'a' + i % 7;\n\
         s[47] = 0; unsigned k = __VERIFIER_nondet_uint(); if (k >= 40) return 0;\n\
         strcpy(d, s + k); if (d[0] == 'q') reach_error(); return 0; }",
        "(offset of argument 2 of strcpy",
    );
}

#[test]
fn reads_at_a_symbolic_offset_into_a_large_object_are_cut_with_a_reason() {
    unknown_because(
        "char b[1000]; int main(void) { for (int i = 0; i < 999; i++) b[i] = 'a' + i % 5;\n\
         unsigned k = __VERIFIER_nondet_uint(); if (k >= 900) return 0;\n\
         if (strlen(b + k) == 0) reach_error(); return 0; }",
        "(offset of argument 1 of strlen",
    );
}

#[test]
fn the_magnitude_of_strcmp_is_not_assumed() {
    // glibc returns a byte difference here, but C fixes only the sign: the
    // model must not claim that the error is unreachable
    let v = verify(&format!(
        "{HEAD}int main(void) {{ char a[2]; a[0] = __VERIFIER_nondet_char(); a[1] = 0;\n\
         if (strcmp(a, \"c\") == 2) reach_error(); return 0; }}"
    ));
    assert_ne!(v["verdict"], "true", "{v}");
    if v["verdict"] == "false" {
        assert_eq!(v["replay"], "reach_error reached", "{v}");
    }
}
