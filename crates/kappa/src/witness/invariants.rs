//! Sampled check of a correctness witness's loop invariants: the program is
//! instrumented so that every evaluation of a `while`/`for` condition first
//! evaluates the invariant (`while (C)` becomes
//! `while (__kappa_inv((INV)) && (C))`), compiled natively and run on a few
//! input samples; an invariant that evaluates to 0 ends the run with exit
//! status [`FALSE_INVARIANT_EXIT`]. `do` loops are not instrumented.
//! A sample can refute an invariant, never prove one.

use super::source::Pos;
use super::Sources;
use kappa_ir::DataModel;
use kappa_replay::{Limits, Outcome, ReplayError, TestInput, TestVector};
use std::path::Path;
use std::time::Duration;

/// The exit status of an instrumented run whose invariant failed.
pub const FALSE_INVARIANT_EXIT: i32 = 213;

/// Number of input samples run.
pub const SAMPLES: usize = 8;

/// Inputs per sample (later nondet calls get 0).
const SAMPLE_LEN: usize = 64;

/// What the sampled runs say.
#[derive(Debug, PartialEq, Eq)]
pub enum Sampled {
    /// No sample falsified an invariant (`checked` invariants were
    /// instrumented; the trivial `1` is not).
    Held {
        /// Invariants instrumented.
        checked: usize,
    },
    /// An invariant is false on a sample (why, with the sample).
    Falsified(String),
    /// The invariants could not be instrumented or compiled (why).
    Malformed(String),
    /// The samples could not be run (why).
    NotRun(String),
}

/// Byte offset of `p` in `text` (columns count bytes).
fn offset(text: &str, p: Pos) -> Option<usize> {
    let mut line_start = 0usize;
    for _ in 1..p.line {
        line_start += text[line_start..].find('\n')? + 1;
    }
    let off = line_start + p.col.checked_sub(1)? as usize;
    (off <= text.len()).then_some(off)
}

/// The sample values of run `s` (0: all zero; then a fixed pseudo-random
/// mix of small, boundary and negative values).
fn sample(s: usize) -> TestVector {
    const POOL: [i64; 14] = [
        0,
        1,
        -1,
        2,
        3,
        5,
        7,
        10,
        100,
        -100,
        255,
        65535,
        2147483647,
        -2147483648,
    ];
    let mut x = (s as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let values = (0..SAMPLE_LEN).map(|_| {
        if s == 0 {
            return "0".to_string();
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        POOL[(x % POOL.len() as u64) as usize].to_string()
    });
    TestVector {
        inputs: values.map(|v| TestInput::new("", v)).collect(),
    }
}

/// `text` (the program's one file) with every loop condition `C` of an
/// invariant `INV` in `invs` (other than `1`) replaced by
/// `__kappa_inv((INV)) && (C)` (a `for` loop without a condition gets
/// `__kappa_inv((INV))`; `do` loops are left alone), and the number of
/// loops instrumented. `__kappa_inv` is the caller's to declare.
pub fn instrument(text: &str, sources: &Sources, invs: &[(usize, Pos, String)]) -> (String, usize) {
    let mut edits = vec![];
    for (file, p, value) in invs {
        if value.trim() == "1" {
            continue; // true everywhere
        }
        let Some((from, to)) = sources.source(*file).loop_condition(*p) else {
            continue; // a do loop
        };
        let (Some(a), Some(b)) = (offset(text, from), offset(text, to)) else {
            continue;
        };
        let cond = &text[a.min(b)..b];
        let inv = format!("__kappa_inv(({value}))");
        let new = if cond.trim().is_empty() {
            inv
        } else {
            format!("{inv} && ({cond})")
        };
        edits.push((a.min(b), b, new));
    }
    let checked = edits.len();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (a, b, new) in edits {
        out.replace_range(a..b, &new);
    }
    (out, checked)
}

/// The one-file program `program` with the invariants `invs`
/// instrumented ([`instrument`]) between `before` and `after`, written
/// into a fresh temporary directory under the program's file name: (the
/// directory, which must outlive the file; the file; the loops
/// instrumented). `Err` says why not.
pub fn write_instrumented(
    program: &Path,
    sources: &Sources,
    invs: &[(usize, Pos, String)],
    before: &str,
    after: &str,
) -> Result<(tempfile::TempDir, std::path::PathBuf, usize), String> {
    if sources.len() != 1 {
        return Err("programs of several files are not instrumented".into());
    }
    let text =
        std::fs::read_to_string(program).map_err(|e| format!("{}: {e}", program.display()))?;
    let (body, checked) = instrument(&text, sources, invs);
    let dir = tempfile::tempdir().map_err(|e| format!("temporary directory: {e}"))?;
    let name = program.file_name().unwrap_or_else(|| "program.c".as_ref());
    let inst = dir.path().join(name);
    std::fs::write(&inst, format!("{before}{body}{after}"))
        .map_err(|e| format!("{}: {e}", inst.display()))?;
    Ok((dir, inst, checked))
}

/// Checks the loop invariants `invs` (file index, keyword position, C
/// expression) of a one-file program on [`SAMPLES`] native runs.
pub fn check(
    program: &Path,
    sources: &Sources,
    invs: &[(usize, Pos, String)],
    dm: DataModel,
) -> Sampled {
    let header = format!(
        "extern void _exit(int);\nstatic int __kappa_inv(int v) {{ if (!v) _exit({FALSE_INVARIANT_EXIT}); return 1; }}\n"
    );
    let (_dir, inst, checked) = match write_instrumented(program, sources, invs, &header, "") {
        Ok(w) => w,
        Err(why) => return Sampled::NotRun(why),
    };
    if checked == 0 {
        return Sampled::Held { checked };
    }
    let prepared = match kappa_replay::prepare(&[inst], dm, None) {
        Ok(p) => p,
        Err(ReplayError::Compile { stderr, .. }) => {
            let first = stderr
                .lines()
                .find(|l| l.contains("error:"))
                .map(|l| l.split("error:").nth(1).unwrap_or(l).trim().to_string())
                .unwrap_or_default();
            return Sampled::Malformed(format!(
                "the program with the invariants does not compile ({first})"
            ));
        }
        Err(e) => return Sampled::NotRun(e.to_string()),
    };
    let limits = Limits {
        time: Duration::from_secs(2),
        memory_bytes: 1 << 30,
        deadline: None,
    };
    for s in 0..SAMPLES {
        let test = sample(s);
        match prepared.run(&test, &limits) {
            Ok(r) if r.outcome == Outcome::Exited(FALSE_INVARIANT_EXIT) => {
                let shown: Vec<&str> = test.inputs[..r.inputs_used.min(8)]
                    .iter()
                    .map(|i| i.value.as_str())
                    .collect();
                return Sampled::Falsified(format!(
                    "a loop invariant is false on sample run {s} (inputs {})",
                    shown.join(" ")
                ));
            }
            Ok(_) => {}
            Err(e) => return Sampled::NotRun(e.to_string()),
        }
    }
    Sampled::Held { checked }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_count_bytes_from_line_starts() {
        let t = "ab\ncd\n";
        assert_eq!(offset(t, Pos { line: 1, col: 1 }), Some(0));
        assert_eq!(offset(t, Pos { line: 2, col: 2 }), Some(4));
        assert_eq!(offset(t, Pos { line: 4, col: 1 }), None);
    }

    #[test]
    fn samples_differ_and_the_first_is_zero() {
        assert!(sample(0).inputs.iter().all(|i| i.value == "0"));
        assert_ne!(sample(1), sample(2));
        assert_eq!(sample(1).inputs.len(), SAMPLE_LEN);
    }
}
