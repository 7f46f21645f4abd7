//! Correctness witnesses' invariants as a reader or another validator
//! sees them: pasted at their locations they compile (checked by
//! `common::invariant_compile`, which shares no code with the writer), a
//! `for` loop's invariant at its keyword names no variable the loop's
//! init clause declares, no conjunct is a weaker bound of a variable
//! already bounded, and a program without loops gets one trivially true
//! invariant. The benchmark tier does the compile check on every `true`
//! program of tests/prove and prints the invariants' lengths.

mod common;

use common::invariant_compile::{invariants_compile, stated_invariants, Stated};
use common::{c_files, full_tier, header, kappa, parallel, repo_root};
use std::path::{Path, PathBuf};

/// `kappa verify --mode prove --witness` on `program`: the verdict and
/// the witness path (in `dir`).
fn prove_with_witness(program: &Path, dir: &Path) -> (String, PathBuf) {
    let name = program.file_stem().unwrap().to_string_lossy();
    let witness = dir.join(format!("{name}.yml"));
    let src = std::fs::read_to_string(program).unwrap();
    let mut args = vec![
        "verify",
        "--mode",
        "prove",
        "--timeout",
        "60",
        "--witness",
        witness.to_str().unwrap(),
    ];
    let dm = header(&src, "data-model");
    if let Some(dm) = &dm {
        args.extend(["--data-model", dm.as_str()]);
    }
    args.push(program.to_str().unwrap());
    let out = kappa(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let verdict = stdout
        .lines()
        .find_map(|l| l.strip_prefix("verdict: "))
        .unwrap_or("?")
        .to_string();
    (verdict, witness)
}

fn validate(witness: &Path, program: &Path) -> String {
    let out = kappa(&[
        "validate",
        witness.to_str().unwrap(),
        program.to_str().unwrap(),
    ]);
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// The words of C expression `c` (identifiers and numbers).
fn words(c: &str) -> Vec<&str> {
    c.split(|x: char| !(x.is_ascii_alphanumeric() || x == '_'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The top-level `&&` operands of `c` (outer parentheses removed).
fn top_conjuncts(c: &str) -> Vec<String> {
    let mut c = c.trim();
    loop {
        let inner = c.strip_prefix('(').and_then(|s| s.strip_suffix(')'));
        // the outer pair must enclose everything
        let encloses = inner.is_some_and(|s| {
            s.chars()
                .try_fold(0i32, |d, x| match x {
                    '(' => Some(d + 1),
                    ')' if d == 0 => None,
                    ')' => Some(d - 1),
                    _ => Some(d),
                })
                .is_some()
        });
        match inner {
            Some(s) if encloses => c = s.trim(),
            _ => break,
        }
    }
    let (mut out, mut depth, mut start) = (vec![], 0i32, 0);
    let b = c.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b'|' | b'?' if depth == 0 => return vec![c.to_string()],
            b'&' if depth == 0 && b.get(i + 1) == Some(&b'&') => {
                out.push(c[start..i].trim().to_string());
                start = i + 2;
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(c[start..].trim().to_string());
    if out.len() == 1 {
        return out;
    }
    out.iter().flat_map(|o| top_conjuncts(o)).collect()
}

fn at(invs: &[Stated], ty: &str, line: usize) -> Vec<String> {
    invs.iter()
        .filter(|i| i.0 == ty && i.1 == line)
        .map(|i| i.3.clone())
        .collect()
}

#[test]
fn for_loop_variables_are_named_only_where_in_scope() {
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/prove/for_scope_true.c");
    let (verdict, w) = prove_with_witness(&p, dir.path());
    assert_eq!(verdict, "true");
    // pasted before the `for` keyword, an invariant over `k` does not compile
    invariants_compile(&w, &p).unwrap();
    let invs = stated_invariants(&w).unwrap();
    // line 17: `for (unsigned k = 0; k < n; k++) {`; line 22:
    // `for (int i = 0; ...)` with another `i` in scope at the keyword
    for (line, var) in [(17, "k"), (22, "i")] {
        let at_for = at(&invs, "loop_invariant", line);
        assert_eq!(at_for.len(), 1, "{invs:?}");
        assert!(!words(&at_for[0]).contains(&var), "{invs:?}");
    }
    // the loop's facts over k stand at the body's first statement
    let body = at(&invs, "location_invariant", 18);
    assert_eq!(body.len(), 1, "{invs:?}");
    assert!(words(&body[0]).contains(&"k"), "{invs:?}");
    assert!(body[0].contains("(s == (2u * k))"), "{invs:?}");
    let answer = validate(&w, &p);
    assert!(
        answer == "confirmed" || answer.starts_with("unknown: well-formed"),
        "{answer}"
    );
}

#[test]
fn an_unbraced_for_body_holds_the_loops_facts_over_its_variable() {
    // line 15: `for (int k = 0; k < 16; k++) A[k] = ...;`: the facts over
    // k stand at the unbraced body (a statement), and the proof needs them
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/prove/array_count_true.c");
    let (verdict, w) = prove_with_witness(&p, dir.path());
    assert_eq!(verdict, "true");
    invariants_compile(&w, &p).unwrap();
    let invs = stated_invariants(&w).unwrap();
    let body: Vec<&Stated> = invs
        .iter()
        .filter(|i| i.0 == "location_invariant" && i.1 == 15)
        .collect();
    assert_eq!(body.len(), 1, "{invs:?}");
    assert_eq!(body[0].2, 32, "the body's column: {invs:?}");
    assert!(words(&body[0].3).contains(&"k"), "{invs:?}");
    assert_eq!(validate(&w, &p), "confirmed");
}

#[test]
fn a_goto_entered_loop_has_its_invariant_at_the_labelled_statement() {
    // line 20 `middle:` labels `y++;` (line 21, column 5), where the
    // proof's cut point of the irreducible loop is; the proof needs it
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/prove/irreducible_true.c");
    let (verdict, w) = prove_with_witness(&p, dir.path());
    assert_eq!(verdict, "true");
    invariants_compile(&w, &p).unwrap();
    let invs = stated_invariants(&w).unwrap();
    let at: Vec<&Stated> = invs
        .iter()
        .filter(|i| i.0 == "location_invariant" && i.1 == 21)
        .collect();
    assert_eq!(at.len(), 1, "{invs:?}");
    assert_eq!(at[0].2, 5, "the statement's column: {invs:?}");
    assert!(words(&at[0].3).contains(&"y"), "{invs:?}");
    assert_eq!(validate(&w, &p), "confirmed");
}

#[test]
fn implied_conjuncts_are_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/prove/implied_bounds_true.c");
    let (verdict, w) = prove_with_witness(&p, dir.path());
    assert_eq!(verdict, "true");
    invariants_compile(&w, &p).unwrap();
    let invs = stated_invariants(&w).unwrap();
    let inv = at(&invs, "loop_invariant", 15);
    assert_eq!(inv.len(), 1, "{invs:?}");
    // one constant upper bound per variable at most: `(unsigned)i <= 20u`
    // and `(int)i <= 10` beside `(unsigned)i <= 10u` are implied by it
    let mut bounded: Vec<String> = vec![];
    for c in top_conjuncts(&inv[0]) {
        let w: Vec<&str> = words(&c)
            .into_iter()
            .filter(|w| !matches!(*w, "unsigned" | "int"))
            .collect();
        // `VAR <= N` or `VAR < N`, casts aside
        let upper = c.contains('<')
            && !c.contains('>')
            && w.len() == 2
            && w[1].trim_end_matches('u').parse::<u64>().is_ok()
            && c.find('<') > c.find(w[0]);
        if upper {
            assert!(!bounded.contains(&w[0].to_string()), "{} in {inv:?}", w[0]);
            bounded.push(w[0].to_string());
        }
    }
    assert!(!bounded.is_empty(), "{inv:?}");
    assert!(inv[0].len() < 200, "{inv:?}");
    let answer = validate(&w, &p);
    assert!(
        answer == "confirmed" || answer.starts_with("unknown: well-formed"),
        "{answer}"
    );
}

#[test]
fn a_loop_free_program_gets_one_trivial_invariant() {
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/prove/loop_free_true.c");
    let (verdict, w) = prove_with_witness(&p, dir.path());
    assert_eq!(verdict, "true");
    let invs = stated_invariants(&w).unwrap();
    // main's first statement, line 14: `  int x = __VERIFIER_nondet_int();`
    assert_eq!(
        invs,
        [("location_invariant".to_string(), 14, 3, "1".to_string())]
    );
    invariants_compile(&w, &p).unwrap();
    assert_eq!(validate(&w, &p), "confirmed");
}

#[test]
fn every_proof_witness_compiles_where_it_stands() {
    if !full_tier() {
        eprintln!("skipped: benchmark tier (KAPPA_TIER=full)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<PathBuf> = c_files("tests/prove")
        .into_iter()
        .filter(|p| {
            let src = std::fs::read_to_string(p).unwrap();
            header(&src, "expect").as_deref() == Some("true")
        })
        .collect();
    let lengths = std::sync::Mutex::new(vec![]);
    let fails = parallel(&files, |p| {
        let (verdict, w) = prove_with_witness(p, dir.path());
        if verdict != "true" {
            return None;
        }
        if let Err(e) = invariants_compile(&w, p) {
            return Some(e);
        }
        let invs = stated_invariants(&w).unwrap();
        lengths
            .lock()
            .unwrap()
            .extend(invs.iter().filter(|i| i.3 != "1").map(|i| i.3.len()));
        None
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    let mut l = lengths.into_inner().unwrap();
    l.sort_unstable();
    assert!(!l.is_empty());
    eprintln!(
        "{} non-trivial invariants compiled; length median {}, maximum {}",
        l.len(),
        l[l.len() / 2],
        l[l.len() - 1]
    );
}

#[test]
fn a_vla_proof_validates_with_its_quantified_invariant_found_again() {
    // `sum == 0` at the summing loop is inductive only with `forall k in
    // [0, n): a[k] == 0`, which a witness cannot state: `kappa validate`
    // finds it again and proves the witness's invariants with it; a
    // planted false invariant the sampled runs miss (`n != 99999`) is not
    // confirmed: it is not initial, with or without the quantified one
    if !full_tier() {
        eprintln!("skipped: benchmark tier (KAPPA_TIER=full)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("crates/bench/programs/arrays/vla_zero_sum_true.c");
    let (verdict, w) = prove_with_witness(&p, dir.path());
    assert_eq!(verdict, "true");
    assert_eq!(validate(&w, &p), "confirmed");
    let text = std::fs::read_to_string(&w).unwrap();
    assert!(text.contains("value: (0 <= i)"), "{text}");
    let planted = dir.path().join("planted.yml");
    std::fs::write(
        &planted,
        text.replace("value: (0 <= i)", "value: (0 <= i && n != 99999)"),
    )
    .unwrap();
    assert_ne!(validate(&planted, &p), "confirmed");
}
