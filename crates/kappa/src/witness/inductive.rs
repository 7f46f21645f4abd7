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

use super::invariants::{write_instrumented, Site};
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
pub fn check(program: &Path, sources: &Sources, invs: &[Site], dm: DataModel) -> MarkedCheck {
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
