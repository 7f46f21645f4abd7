//! Sampled check of a correctness witness's invariants, and the
//! instrumentation it shares with the proof (`witness::inductive`): the
//! program is rewritten so that every time control reaches an invariant's
//! location the invariant is evaluated first ([`instrument`]: a
//! `while`/`for` condition `C` becomes `__kappa_inv((INV)) && (C)`, a `do`
//! body and a statement get `__kappa_inv((INV));` in front; an invariant
//! that cannot be placed is an error, never skipped), compiled natively and
//! run on a few input samples; an invariant that evaluates to 0 ends the
//! run with exit status [`FALSE_INVARIANT_EXIT`]. A sample can refute an
//! invariant, never prove one.

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

/// Where a witness's invariant is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// At the loop whose keyword (`for`, `while`, `do`) starts at the
    /// position: before every evaluation of a `while`/`for` condition, at
    /// the start of every iteration of a `do` body.
    Loop,
    /// Before the statement starting at the position, after its labels:
    /// a `location_invariant`, or a `loop_invariant` at the label of a
    /// `goto` loop.
    Statement,
}

/// An invariant to instrument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    /// The input file.
    pub file: usize,
    /// The witness's position (line and column).
    pub pos: Pos,
    /// How it is checked there.
    pub at: At,
    /// The C expression, checked pure (see `witness::cexpr`).
    pub value: String,
}

/// `text` (the program's one file) with a call `__kappa_inv((INV))` for
/// every site's invariant `INV` other than `1`: a `while`/`for` condition
/// `C` becomes `__kappa_inv((INV)) && (C)` (a `for` without condition gets
/// `__kappa_inv((INV))`), a `do` body `{ B }` becomes
/// `{ __kappa_inv((INV)); B }`, a statement `S` (after its labels)
/// becomes `__kappa_inv((INV)); S`, and the unbraced body `S` of an `if`,
/// `else`, `while` or `for` becomes `if (!__kappa_inv((INV))) ; else S`
/// (still one statement); and the number of invariants
/// instrumented. `Err` says which invariant cannot be placed and why (the
/// caller must then not call the witness confirmed). `__kappa_inv` is the
/// caller's to declare.
pub fn instrument(
    text: &str,
    sources: &Sources,
    sites: &[Site],
) -> Result<(String, usize), String> {
    let mut edits = vec![];
    for site in sites {
        if site.value.trim() == "1" {
            continue; // true everywhere
        }
        let src = sources.source(site.file);
        let p = site.pos;
        let inv = format!("__kappa_inv(({}))", site.value);
        let place = |q: Pos| offset(text, q).ok_or_else(|| "outside the file".to_string());
        let edit = match site.at {
            At::Loop => match src.loop_condition(p) {
                Some((from, to)) => place(from).and_then(|a| {
                    let b = place(to)?;
                    let cond = &text[a.min(b)..b];
                    let new = if cond.trim().is_empty() {
                        inv.clone()
                    } else {
                        format!("{inv} && ({cond})")
                    };
                    Ok((a.min(b), b, new))
                }),
                None => src
                    .do_body_start(p)
                    .and_then(place)
                    .map(|a| (a, a, format!("{inv}; "))),
            },
            At::Statement => match src.statement_start(p) {
                Ok(q) => place(q).map(|a| (a, a, format!("{inv}; "))),
                // the unbraced body of an if, else or loop stays its body
                Err(_) if src.is_unbraced_body(p) => {
                    place(p).map(|a| (a, a, format!("if (!{inv}) ; else ")))
                }
                Err(why) => Err(why),
            },
        };
        match edit {
            Ok(e) => edits.push(e),
            Err(why) => {
                return Err(format!(
                    "the invariant at line {} column {} is not instrumented: {why}",
                    p.line, p.col
                ))
            }
        }
    }
    let checked = edits.len();
    // from the end, so earlier offsets stay valid; overlapping edits (a
    // check inside a condition being replaced) are refused
    edits.sort_by_key(|e| std::cmp::Reverse((e.0, e.1)));
    for w in edits.windows(2) {
        if w[1].1 > w[0].0 {
            return Err("two invariants' checks overlap in the text".into());
        }
    }
    let mut out = text.to_string();
    for (a, b, new) in edits {
        out.replace_range(a..b, &new);
    }
    Ok((out, checked))
}

/// The one-file program `program` with the invariants `invs`
/// instrumented ([`instrument`]) between `before` and `after`, written
/// into a fresh temporary directory under the program's file name: (the
/// directory, which must outlive the file; the file; the loops
/// instrumented). `Err` says why not.
pub fn write_instrumented(
    program: &Path,
    sources: &Sources,
    invs: &[Site],
    before: &str,
    after: &str,
) -> Result<(tempfile::TempDir, std::path::PathBuf, usize), String> {
    if sources.len() != 1 {
        return Err("programs of several files are not instrumented".into());
    }
    let text =
        std::fs::read_to_string(program).map_err(|e| format!("{}: {e}", program.display()))?;
    let (body, checked) = instrument(&text, sources, invs)?;
    let dir = tempfile::tempdir().map_err(|e| format!("temporary directory: {e}"))?;
    let name = program.file_name().unwrap_or_else(|| "program.c".as_ref());
    let inst = dir.path().join(name);
    std::fs::write(&inst, format!("{before}{body}{after}"))
        .map_err(|e| format!("{}: {e}", inst.display()))?;
    Ok((dir, inst, checked))
}

/// Checks the invariants `invs` of a one-file program on [`SAMPLES`]
/// native runs.
pub fn check(program: &Path, sources: &Sources, invs: &[Site], dm: DataModel) -> Sampled {
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
                    "an invariant is false on sample run {s} (inputs {})",
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

    fn site(line: u32, col: u32, at: At, value: &str) -> Site {
        Site {
            file: 0,
            pos: Pos { line, col },
            at,
            value: value.into(),
        }
    }

    #[test]
    fn every_loop_kind_and_statement_is_instrumented() {
        let text = "int main() {\n  int i = 0;\n  while (i < 3) i++;\n  do { i--; } while (i);\n  for (;;) break;\nl:\n  if (i) return 1;\n  return 0;\n}\n";
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("p.c");
        std::fs::write(&f, text).unwrap();
        let sources = Sources::read(&[f]).unwrap();
        let sites = [
            site(3, 3, At::Loop, "a"),
            site(4, 3, At::Loop, "b"),
            site(5, 3, At::Loop, "c"),
            site(6, 1, At::Statement, "d"),
            site(8, 3, At::Statement, "e"),
            site(2, 3, At::Statement, "1"),
        ];
        let (out, n) = instrument(text, &sources, &sites).unwrap();
        assert_eq!(n, 5);
        for want in [
            "while (__kappa_inv((a)) && (i < 3)) i++;",
            "do { __kappa_inv((b)); i--; } while (i);",
            "for (;__kappa_inv((c));) break;",
            "l:\n  __kappa_inv((d)); if (i)",
            "__kappa_inv((e)); return 0;",
        ] {
            assert!(out.contains(want), "{want} not in {out}");
        }
        // the unbraced body of the if stays its one statement
        let (out, n) = instrument(text, &sources, &[site(7, 10, At::Statement, "f")]).unwrap();
        assert_eq!(n, 1);
        assert!(
            out.contains("if (i) if (!__kappa_inv((f))) ; else return 1;"),
            "{out}"
        );
        // not at a statement's start: refused, never skipped
        let e = instrument(text, &sources, &[site(7, 7, At::Statement, "f")]).unwrap_err();
        assert!(e.contains("line 7 column 7"), "{e}");
        // a loop invariant not at a loop
        assert!(instrument(text, &sources, &[site(2, 3, At::Loop, "g")]).is_err());
    }

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
