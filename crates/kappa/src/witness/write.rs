//! From a recorded error path to witness waypoints (the steps a witness can
//! name, shared with the validator), and the writers of violation and
//! correctness entries and of the YAML file.

use super::{
    metadata, Constraint, Content, Entry, Invariant, Location, Sources, Waypoint, WaypointItem,
    MAX_BRANCH_WAYPOINTS,
};
use anyhow::{anyhow, Result};
use kappa_engine::{ErrorWitness, PathEvent};
use kappa_ir::{DataModel, Module};
use std::path::Path;

/// Where a step happens in the input files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// Index of the input file (see [`Sources`]).
    pub file: usize,
    /// Line.
    pub line: u32,
    /// Column, when known.
    pub col: Option<u32>,
}

/// What happens at a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// A `__VERIFIER_nondet_*` call returned this value (`bits` of width `width`).
    Return {
        /// The value as C prints it.
        value: String,
        /// Its bits.
        bits: u128,
        /// Its width.
        width: u32,
    },
    /// The condition of an `if`/`while`/`for` evaluated to this.
    Branch(bool),
    /// `reach_error()` was called.
    Target,
}

/// One step of an error path a witness can name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Where (`None`: not in the input files, so no waypoint can name it).
    pub at: Option<At>,
    /// What.
    pub kind: StepKind,
}

/// The steps of a recorded error path (`w` from a run with
/// `record_events`): every input read, every two-way branch whose
/// condition is a whole `if`/`while`/`for` condition, and the target.
pub fn steps(module: &Module, sources: &Sources, w: &ErrorWitness) -> Vec<Step> {
    let mut out = vec![];
    for ev in &w.events {
        match *ev {
            PathEvent::Input { src, index } => {
                let Some(input) = w.inputs.get(index as usize) else {
                    continue;
                };
                let at = sources.locate(module, src).map(|(file, p)| {
                    let close = sources.source(file).call_close(p);
                    At {
                        file,
                        line: close.map_or(p.line, |c| c.line),
                        col: close.map(|c| c.col),
                    }
                });
                out.push(Step {
                    at,
                    kind: StepKind::Return {
                        value: input.decimal(),
                        bits: input.bits,
                        width: input.ty.bits(),
                    },
                });
            }
            PathEvent::Branch { src, taken, of } => {
                if of != 2 {
                    continue;
                }
                let Some((file, p)) = sources.locate(module, src) else {
                    continue;
                };
                let Some(kw) = sources.source(file).branch_keyword(p) else {
                    continue;
                };
                out.push(Step {
                    at: Some(At {
                        file,
                        line: kw.line,
                        col: Some(kw.col),
                    }),
                    kind: StepKind::Branch(taken == 0),
                });
            }
        }
    }
    let at = sources.locate(module, w.error_src).map(|(file, p)| At {
        file,
        line: p.line,
        col: (p.col > 0).then_some(p.col),
    });
    out.push(Step {
        at,
        kind: StepKind::Target,
    });
    out
}

/// Names the function containing a position of the input files.
struct Functions<'a> {
    module: &'a Module,
    /// Each module file's input file.
    files: Vec<Option<usize>>,
}

impl<'a> Functions<'a> {
    fn new(module: &'a Module, sources: &Sources) -> Functions<'a> {
        Functions {
            module,
            files: sources.module_files(module),
        }
    }

    /// The defined function whose body contains `at`
    /// ([`Module::function_at`]), when the debug info says.
    fn at(&self, at: At) -> Option<String> {
        let file = self.files.iter().position(|k| *k == Some(at.file))?;
        self.module
            .function_at(file as u32, at.line)
            .map(|f| f.name.clone())
    }

    /// The witness location of `at`, with its function.
    fn location(&self, sources: &Sources, at: At) -> Location {
        Location {
            file_name: sources.name(at.file).to_string(),
            line: at.line,
            column: at.col,
            function: self.at(at),
        }
    }
}

/// The violation witness entry of a recorded error path (see [`steps`]).
/// Fails when an input read or the target lies outside the input files.
pub fn violation_entry(
    module: &Module,
    sources: &Sources,
    w: &ErrorWitness,
    dm: DataModel,
) -> Result<Entry> {
    let steps = steps(module, sources, w);
    let branches = steps
        .iter()
        .filter(|s| matches!(s.kind, StepKind::Branch(_)))
        .count();
    let functions = Functions::new(module, sources);
    let mut content = vec![];
    for s in &steps {
        let (ty, constraint) = match &s.kind {
            StepKind::Branch(_) if branches > MAX_BRANCH_WAYPOINTS => continue,
            StepKind::Branch(b) => (
                "branching",
                Some(Constraint {
                    value: b.to_string(),
                    format: None,
                }),
            ),
            StepKind::Return { value, .. } => (
                "function_return",
                Some(Constraint {
                    value: format!("\\result == {value}"),
                    format: Some("acsl_expression".into()),
                }),
            ),
            StepKind::Target => ("target", None),
        };
        let at = s.at.ok_or_else(|| {
            anyhow!(
                "the error path's {} is not in the input files",
                if ty == "target" {
                    "reach_error() call"
                } else {
                    "nondet call"
                }
            )
        })?;
        content.push(Content {
            segment: Some(vec![WaypointItem {
                waypoint: Waypoint {
                    ty: ty.into(),
                    action: "follow".into(),
                    location: functions.location(sources, at),
                    constraint,
                },
            }]),
            invariant: None,
        });
    }
    Ok(Entry {
        entry_type: "violation_sequence".into(),
        metadata: metadata(sources, dm),
        content,
    })
}

/// The correctness witness entry: a `loop_invariant` at every loop keyword
/// of the input files. Its value is the proof's checked invariant for that
/// loop (`invariants`: `file:line` of the loop header, C expression) when
/// exactly one loop keyword is on that line, without the conjuncts that
/// name anything but variables of the source ([`over_source`]); else `1`.
/// Then placed in scope ([`super::placement::place_in_scope`]: a `for`
/// loop's conjuncts over its init clause's variables move into its body
/// or are left out; no loop gives a `1` at `main`'s first statement).
/// Locations name their function (see [`Module::function_at`]).
pub fn correctness_entry(
    module: &Module,
    sources: &Sources,
    dm: DataModel,
    invariants: &[(String, String)],
) -> Entry {
    let functions = Functions::new(module, sources);
    let mut content = vec![];
    for k in 0..sources.len() {
        let loops = sources.source(k).loops();
        for l in &loops {
            let on_line = loops.iter().filter(|o| o.pos.line == l.pos.line).count();
            let value = invariants
                .iter()
                .find(|(at, _)| {
                    at.rsplit_once(':').is_some_and(|(file, line)| {
                        line.parse() == Ok(l.pos.line) && sources.index_of_name(file) == Some(k)
                    })
                })
                .filter(|_| on_line == 1)
                .and_then(|(_, c)| over_source(c, sources.source(k)))
                .unwrap_or_else(|| "1".to_string());
            content.push(Content {
                segment: None,
                invariant: Some(Invariant {
                    ty: "loop_invariant".into(),
                    location: functions.location(
                        sources,
                        At {
                            file: k,
                            line: l.pos.line,
                            col: Some(l.pos.col),
                        },
                    ),
                    value,
                    format: "c_expression".into(),
                }),
            });
        }
    }
    super::placement::place_in_scope(&mut content, sources);
    Entry {
        entry_type: "invariant_set".into(),
        metadata: metadata(sources, dm),
        content,
    }
}

/// The part of invariant `c` (a C expression as the proof prints it) that
/// is over variables of `src`: `c` itself when [`c_over_source`] holds,
/// else the conjunction of its top-level conjuncts that are (a part of an
/// invariant holds wherever it does), else `None`.
pub fn over_source(c: &str, src: &super::source::Source) -> Option<String> {
    if c_over_source(c, src) {
        return Some(c.to_string());
    }
    let kept: Vec<&str> = conjuncts(c)
        .into_iter()
        .filter(|a| c_over_source(a, src))
        .collect();
    match kept.as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        more => Some(format!("({})", more.join(" && "))),
    }
}

/// The top-level conjuncts of C expression `c`, where a conjunction is
/// written as the proof prints it: `(A && B)` with every operand
/// parenthesized or atomic (`(A && (B && C))` gives `A`, `B`, `C`). An
/// expression that is not such a conjunction is its own only conjunct.
fn conjuncts(c: &str) -> Vec<&str> {
    let c = c.trim();
    let b = c.as_bytes();
    // the parenthesis closing the one at 0 must be the last character
    let mut depth = 0i32;
    let mut close = None;
    for (i, &x) in b.iter().enumerate() {
        match x {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(i);
                    break;
                }
            }
            _ => {}
        }
    }
    if !c.starts_with('(') || close != Some(b.len() - 1) {
        return vec![c];
    }
    let inner = &c[1..c.len() - 1];
    let ib = inner.as_bytes();
    // operators at depth 0 of the inner text: all `&&`, or not a conjunction
    let (mut depth, mut cuts, mut other) = (0i32, vec![], false);
    let mut i = 0;
    while i < ib.len() {
        match ib[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b'&' if depth == 0 && ib.get(i + 1) == Some(&b'&') => {
                cuts.push(i);
                i += 1;
            }
            b'|' | b'?' | b',' if depth == 0 => other = true,
            _ => {}
        }
        i += 1;
    }
    if cuts.is_empty() || other {
        return vec![c];
    }
    let mut out = vec![];
    let mut start = 0;
    for cut in cuts.into_iter().chain([inner.len()]) {
        out.extend(conjuncts(&inner[start..cut]));
        start = cut + 2;
    }
    out
}

/// Whether every identifier of C expression `c` (besides type names) is a
/// variable of `src` (an identifier of the source not followed by `(`):
/// the proof names a register after the source variable it holds at the
/// loop, and a register holding none (a call's result used directly, a
/// variable's value from an outer loop) by its IR name (`%call`, `%c.0`,
/// `@g`), which would make the expression mean nothing to a validator.
/// `%` as an operator (`x % 2u`) is C.
pub fn c_over_source(c: &str, src: &super::source::Source) -> bool {
    const TYPES: [&str; 7] = [
        "unsigned", "signed", "int", "char", "short", "long", "_Bool",
    ];
    let b = c.as_bytes();
    let ident = |x: u8| x.is_ascii_alphanumeric() || x == b'_';
    let ir_name = b
        .windows(2)
        .any(|w| matches!(w[0], b'%' | b'@') && (ident(w[1]) || w[1] == b'.'));
    if ir_name || c.contains(['.', '#', '@']) {
        return false;
    }
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphanumeric() || b[i] == b'_' {
            let j = (i..b.len())
                .find(|&j| !(b[j].is_ascii_alphanumeric() || b[j] == b'_'))
                .unwrap_or(b.len());
            let word = &c[i..j];
            let numeric = b[i].is_ascii_digit();
            if !numeric && !TYPES.contains(&word) && !src.has_variable(word) {
                return false;
            }
            i = j;
        } else {
            i += 1;
        }
    }
    true
}

/// Writes `entries` as a witness file.
pub fn write_yaml(path: &Path, entries: &[Entry]) -> Result<()> {
    let text = serde_yaml::to_string(entries).map_err(|e| anyhow!("{e}"))?;
    std::fs::write(path, text).map_err(|e| anyhow!("{}: cannot write: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::{c_over_source, conjuncts, over_source};
    use crate::witness::source::Source;

    #[test]
    fn only_expressions_over_source_variables_are_taken() {
        let src = Source::new(
            "int x, y; int f(int q);\nint main(void) { unsigned n = f(x); while (y < n) y++; }",
        );
        assert!(c_over_source("((unsigned)y <= (unsigned)n)", &src));
        assert!(c_over_source("(4294967295u + (unsigned)x) == 0u", &src));
        // not variables of the source, or not C
        assert!(!c_over_source("(unsigned)call <= 3u", &src));
        assert!(!c_over_source("(unsigned)f <= 3u", &src));
        assert!(!c_over_source("(unsigned)c.0#1 == 0u", &src));
        assert!(!c_over_source("(unsigned)%c.0 == 0u", &src));
        assert!(!c_over_source("(unsigned)%x == 0u", &src), "a register");
        assert!(!c_over_source("(unsigned)@x == 0u", &src), "a global");
        // the remainder operator is C
        assert!(c_over_source("(0u == ((unsigned)x % 2u))", &src));
    }

    #[test]
    fn conjunctions_split_at_their_top_level() {
        assert_eq!(
            conjuncts("((x <= 1u) && ((unsigned)y == (2u * (unsigned)x)))"),
            ["(x <= 1u)", "((unsigned)y == (2u * (unsigned)x))"]
        );
        assert_eq!(conjuncts("(a && (b && (c && d)))"), ["a", "b", "c", "d"]);
        // not conjunctions: one conjunct
        for c in [
            "(a || (b && c))",
            "((unsigned)x <= 3u)",
            "!((a && b))",
            "(a && b) || c",
            "(unsigned)x",
            "(a ? b && c : d)",
        ] {
            assert_eq!(conjuncts(c), [c]);
        }
    }

    #[test]
    fn the_source_part_of_an_invariant_is_kept() {
        let src = Source::new("int main(void) { unsigned x, y, n; while (x < n) x++; }");
        let full = "((unsigned)x <= (unsigned)n)";
        assert_eq!(over_source(full, &src).as_deref(), Some(full));
        let mixed = "(((unsigned)%c.0 == 0u) && (((unsigned)x <= 10u) && ((unsigned)y == (unsigned)%call)))";
        assert_eq!(
            over_source(mixed, &src).as_deref(),
            Some("((unsigned)x <= 10u)")
        );
        let two = "((x <= 1u) && ((y <= 2u) && (%z <= 3u)))";
        assert_eq!(
            over_source(two, &src).as_deref(),
            Some("((x <= 1u) && (y <= 2u))")
        );
        assert_eq!(over_source("((unsigned)%call <= 3u)", &src), None);
    }
}
