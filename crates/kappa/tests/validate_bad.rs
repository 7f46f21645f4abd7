//! `kappa validate` on the hand-made correctness witnesses of
//! tests/witness/validate/ (written by its make_witnesses.py): witnesses
//! whose invariants have side effects, sit at `do` loops, `goto` loops or
//! statements (`location_invariant`), are false, or belong to another
//! program must not be `confirmed` (most must be `rejected`, with the
//! reason), and the good witnesses of the same programs must be.

mod common;

use common::{kappa, parallel, repo_root};

/// What an answer must be.
enum Want {
    /// `rejected: ...` containing the text.
    Rejected(&'static str),
    /// `unknown: ...` containing the text.
    Unknown(&'static str),
    /// Anything but `confirmed`.
    NotConfirmed,
    /// `confirmed`.
    Confirmed,
}

/// (witness, program, wanted answer), files of tests/witness/validate/.
const CASES: &[(&str, &str, Want)] = &[
    // side effects that made a `false` program's witness confirmed
    (
        "effects_assign.yml",
        "effects_false.c",
        Want::Rejected("invariant at line 14 is not a pure expression: assignment"),
    ),
    (
        "effects_compound.yml",
        "effects_false.c",
        Want::Rejected("not a pure expression: compound assignment"),
    ),
    (
        "effects_call.yml",
        "effects_false.c",
        Want::Rejected("not a pure expression: function call"),
    ),
    (
        "effects_abort.yml",
        "effects_false.c",
        Want::Rejected("not a pure expression: function call"),
    ),
    (
        "effects_stmt_expr.yml",
        "effects_false.c",
        Want::Rejected("not a pure expression: statement expression"),
    ),
    (
        "steps_decrement.yml",
        "steps_false.c",
        Want::Rejected("invariant at line 10 is not a pure expression: decrement"),
    ),
    (
        "steps_increment.yml",
        "steps_false.c",
        Want::Rejected("invariant at line 14 is not a pure expression: increment"),
    ),
    // text that closes the pasted call's parentheses
    (
        "effects_comment.yml",
        "effects_false.c",
        Want::Rejected("not a C expression"),
    ),
    (
        "effects_function_name.yml",
        "effects_false.c",
        Want::Rejected("names function reset, not a variable"),
    ),
    // false invariants at a do loop, a goto loop, a statement, a while loop
    (
        "mixed_do_false.yml",
        "mixed_true.c",
        Want::Rejected("false"),
    ),
    (
        "do_false_invariant.yml",
        "do_true.c",
        Want::Rejected("false"),
    ),
    (
        "goto_false_invariant.yml",
        "goto_true.c",
        Want::Rejected("false"),
    ),
    (
        "mixed_location_zero.yml",
        "mixed_true.c",
        Want::Rejected("false"),
    ),
    (
        "mixed_false_invariant.yml",
        "mixed_true.c",
        Want::Rejected("false"),
    ),
    // a location invariant false on inputs the samples miss
    (
        "mixed_location_rare.yml",
        "mixed_true.c",
        Want::NotConfirmed,
    ),
    // a location invariant at the unbraced body of an `if` (instrumented
    // as `if (!CHECK) ; else S`, still the if's one statement): `0` holds
    // there, since the body is never reached
    (
        "mixed_location_unbraced.yml",
        "mixed_true.c",
        Want::Confirmed,
    ),
    // a location invariant where no statement starts: not placed, so not
    // checked
    (
        "mixed_location_inside.yml",
        "mixed_true.c",
        Want::Unknown("is not instrumented"),
    ),
    // another program's witness, as written and relabelled for this one
    (
        "mixed_wrong_program.yml",
        "mixed_false.c",
        Want::Rejected("not one of the program's"),
    ),
    (
        "mixed_wrong_program_rehashed.yml",
        "mixed_false.c",
        Want::NotConfirmed,
    ),
    ("do_wrong_program.yml", "do_false.c", Want::NotConfirmed),
    ("goto_wrong_program.yml", "goto_false.c", Want::NotConfirmed),
    // the good witnesses: so the cases above fail for their reason
    ("effects_good.yml", "effects_true.c", Want::Confirmed),
    ("steps_good.yml", "steps_true.c", Want::Confirmed),
    ("mixed_good.yml", "mixed_true.c", Want::Confirmed),
    ("do_good.yml", "do_true.c", Want::Confirmed),
    ("goto_good.yml", "goto_true.c", Want::Confirmed),
    ("goto_location_good.yml", "goto_true.c", Want::Confirmed),
];

fn validate(witness: &str, program: &str) -> String {
    let dir = repo_root().join("tests/witness/validate");
    let (w, p) = (dir.join(witness), dir.join(program));
    let out = kappa(&["validate", w.to_str().unwrap(), p.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "kappa validate {witness} {program} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn bad_correctness_witnesses_are_not_confirmed() {
    let fails = parallel(CASES, |(witness, program, want)| {
        let a = validate(witness, program);
        let ok = match want {
            Want::Rejected(why) => a.starts_with("rejected: ") && a.contains(why),
            Want::Unknown(why) => a.starts_with("unknown: ") && a.contains(why),
            Want::NotConfirmed => a != "confirmed",
            Want::Confirmed => a == "confirmed",
        };
        (!ok).then(|| format!("{witness} on {program}: {a}"))
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}
