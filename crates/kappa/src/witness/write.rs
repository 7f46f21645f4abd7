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

fn location(sources: &Sources, at: At) -> Location {
    Location {
        file_name: sources.name(at.file).to_string(),
        line: at.line,
        column: at.col,
        function: None,
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
                    location: location(sources, at),
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
/// exactly one loop keyword is on that line and the expression names only
/// variables of the source ([`c_over_source`]); else `1`.
pub fn correctness_entry(
    sources: &Sources,
    dm: DataModel,
    invariants: &[(String, String)],
) -> Entry {
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
                .filter(|(_, c)| on_line == 1 && c_over_source(c, sources.source(k)))
                .map_or_else(|| "1".to_string(), |(_, c)| c.clone());
            content.push(Content {
                segment: None,
                invariant: Some(Invariant {
                    ty: "loop_invariant".into(),
                    location: location(
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
    Entry {
        entry_type: "invariant_set".into(),
        metadata: metadata(sources, dm),
        content,
    }
}

/// Whether every identifier of C expression `c` (besides type names) is a
/// variable of `src` (an identifier of the source not followed by `(`):
/// the proof names registers after their source variables, but a register
/// with no source name (a call's result) or two versions of one variable
/// (`c.0`, `c.1`) would make the expression mean nothing to a validator.
pub fn c_over_source(c: &str, src: &super::source::Source) -> bool {
    const TYPES: [&str; 7] = [
        "unsigned", "signed", "int", "char", "short", "long", "_Bool",
    ];
    if c.contains(['.', '#', '%']) {
        return false;
    }
    let b = c.as_bytes();
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
    use super::c_over_source;
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
    }
}
