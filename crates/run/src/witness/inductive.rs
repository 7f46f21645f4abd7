//! Proof of a correctness witness's loop invariants in kappa's semantics:
//! the program is instrumented so that each loop first evaluates its
//! invariant and a false one calls `reach_error` from a file of its own
//! (`while (C)` becomes `while (__kappa_inv((INV)) && (C))`, a `do` body and
//! a statement with a location invariant get `__kappa_inv((INV));` in
//! front, see [`super::invariants::instrument`]; with
//! `__kappa_inv` defined after `#line 1 "`[`MARKER`]`"`), lowered by the
//! frontend like any program, and given to the proof stage's checker
//! ([`kappa_prove::check_marked`]): the invariants must be initial and
//! inductive, and then the answer says whether they also exclude every
//! error (the program is then proved correct with them).
//!
//! A `for` loop's facts over its init clause's variables can only stand
//! at its body's first statement (see `witness::placement`); when the
//! invariants as stated do not prove the program, the check is asked
//! again with each such location invariant also claimed at its loop's
//! header (conjoined to the loop's invariant, in the condition, where
//! those variables are in scope): a stronger claim, checked in full, which
//! implies every stated invariant (the condition has no side effect, so
//! the body's first statement sees the header's state).

use super::invariants::{write_instrumented, At, Site};
use super::Sources;
use kappa_ir::DataModel;
use kappa_prove::MarkedCheck;
use std::path::Path;
use std::time::{Duration, Instant};

/// The file name of the instrumentation's code (its `reach_error` calls
/// are the invariants' violations).
pub const MARKER: &str = "kappa-invariant-check";

/// Most time the proof takes.
pub const BUDGET: Duration = Duration::from_secs(10);

/// Checks the invariants `invs` of the one-file program `program` in
/// kappa's semantics. Loops without an invariant (or with `1`) get `true`.
/// When they do not prove the program, the sites of [`at_headers`] are
/// checked instead; their proof is the answer, else the first answer.
pub fn check(program: &Path, sources: &Sources, invs: &[Site], dm: DataModel) -> MarkedCheck {
    let first = check_as_stated(program, sources, invs, dm);
    if first == MarkedCheck::Proved {
        return first;
    }
    match at_headers(sources, invs) {
        Some(stronger)
            if check_as_stated(program, sources, &stronger, dm) == MarkedCheck::Proved =>
        {
            MarkedCheck::Proved
        }
        _ => first,
    }
}

/// `invs` with every location invariant that stands at the first
/// statement of a `for` loop's body, reached only from the loop's
/// side-effect-free condition ([`super::source::ForDeclarations`]), also
/// claimed at that loop's header: conjoined to the loop's invariant, or
/// as its invariant. `None` when there is no such location invariant.
pub fn at_headers(sources: &Sources, invs: &[Site]) -> Option<Vec<Site>> {
    let mut out = invs.to_vec();
    let mut changed = false;
    for s in invs {
        if s.at != At::Statement || s.value.trim() == "1" {
            continue;
        }
        let src = sources.source(s.file);
        let Some(l) = src.loops().into_iter().find(|l| {
            src.for_declarations(l.pos)
                .is_some_and(|d| d.body_start == Some(s.pos))
        }) else {
            continue;
        };
        changed = true;
        match out
            .iter_mut()
            .find(|o| o.file == s.file && o.pos == l.pos && o.at == At::Loop)
        {
            Some(o) if o.value.trim() != "1" => o.value = format!("({}) && ({})", o.value, s.value),
            Some(o) => o.value = s.value.clone(),
            None => out.push(Site {
                file: s.file,
                pos: l.pos,
                at: At::Loop,
                value: s.value.clone(),
            }),
        }
    }
    changed.then_some(out)
}

fn check_as_stated(program: &Path, sources: &Sources, invs: &[Site], dm: DataModel) -> MarkedCheck {
    // the program keeps its line numbers (`#line 1`); the check's own code
    // sits in the marker file
    let after = format!(
        "\n#line 1 \"{MARKER}\"\nvoid reach_error(void);\nstatic int __kappa_inv(int v) {{ if (!v) reach_error(); return 1; }}\n"
    );
    let before = "static int __kappa_inv(int);\n#line 1\n";
    let (_dir, inst, _) = match write_instrumented(program, sources, invs, before, &after) {
        Ok(w) => w,
        Err(why) => return MarkedCheck::NotChecked(why),
    };
    let opts = kappa_frontend::FrontendOptions {
        data_model: Some(dm),
        ..Default::default()
    };
    let prog = match kappa_frontend::load(&inst, &opts) {
        Ok(p) => p,
        Err(e) => {
            return MarkedCheck::NotChecked(format!(
                "the program with the invariants is not loaded: {}",
                e.to_string().lines().next().unwrap_or_default()
            ))
        }
    };
    kappa_prove::check_marked(&prog.module, MARKER, Some(Instant::now() + BUDGET))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::witness::source::Pos;

    #[test]
    fn body_facts_of_for_loops_are_also_claimed_at_their_headers() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("p.c");
        let text = "int main(void) {\n  int s = 0;\n  for (int k = 0; k < 3; k++) {\n    s++;\n  }\n  for (int j = 0; j++ < 3;) {\n    s++;\n  }\n  return s;\n}\n";
        std::fs::write(&f, text).unwrap();
        let sources = Sources::read(&[f]).unwrap();
        let site = |line, col, at, value: &str| Site {
            file: 0,
            pos: Pos { line, col },
            at,
            value: value.into(),
        };
        let invs = [
            site(3, 3, At::Loop, "s >= 0"),
            site(4, 5, At::Statement, "s == k"),
        ];
        let got = at_headers(&sources, &invs).unwrap();
        assert_eq!(got[0].value, "(s >= 0) && (s == k)");
        assert_eq!(got[1], invs[1]);
        // no loop invariant yet: one is added
        let got = at_headers(&sources, &invs[1..]).unwrap();
        assert_eq!(got[1], site(3, 3, At::Loop, "s == k"));
        // a condition with a side effect, a statement not first in a body
        assert_eq!(
            at_headers(&sources, &[site(7, 5, At::Statement, "s == j")]),
            None
        );
        assert_eq!(
            at_headers(&sources, &[site(9, 3, At::Statement, "s == 3")]),
            None
        );
    }
}
