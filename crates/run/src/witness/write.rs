//! From a recorded error path to witness waypoints (the steps a witness can
//! name: their types are shared with the validator, which reads its own
//! runs apart, `validate::run_steps`), and the writers of violation and
//! correctness entries and of the YAML file.

use super::{
    metadata, Constraint, Content, Entry, Invariant, Location, Sources, Waypoint, WaypointItem,
    MAX_BRANCH_WAYPOINTS,
};
use anyhow::{anyhow, Result};
use kappa_engine::{ErrorWitness, PathEvent};
use kappa_ir::{DataModel, Instr, Module, SrcLoc};
use std::collections::HashMap;
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
    /// The two-way branch of an `if`/`while`/`for` condition, whose
    /// instruction is at `src`, took its first edge (LLVM's true
    /// successor: not always the C condition's true branch, since clang
    /// swaps the successors of a negated condition) or its second.
    Branch {
        /// The branch instruction's source position.
        src: SrcLoc,
        /// Whether the first edge (LLVM's true successor) was taken.
        first: bool,
    },
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
                let (Some(loc), 2) = (src, of) else {
                    continue;
                };
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
                    kind: StepKind::Branch {
                        src: loc,
                        first: taken == 0,
                    },
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

    /// A segment of one `follow` waypoint of type `ty` at `at`.
    fn follow(
        &self,
        sources: &Sources,
        ty: &str,
        at: At,
        constraint: Option<Constraint>,
    ) -> Content {
        Content {
            segment: Some(vec![WaypointItem {
                waypoint: Waypoint {
                    ty: ty.into(),
                    action: "follow".into(),
                    location: self.location(sources, at),
                    constraint,
                },
            }]),
            invariant: None,
        }
    }
}

/// Which edge of each two-way branch of `module` enters the true branch
/// of its C condition, read from the names clang gives the blocks it
/// branches to (`-fno-discard-value-names`): `if.then`, `while.body`,
/// `for.body`, `do.body` are the true branch; `if.else`, `if.end`,
/// `while.end`, `for.end`, `do.end` the false one (with clang's numeric
/// suffixes). For each branch instruction position: `Some(true)` when the
/// first edge (LLVM's true successor) is the C condition's true branch,
/// `Some(false)` when clang swapped the successors (`if (!x)`), `None`
/// when the names do not say or two branches at that position disagree
/// (no waypoint is written there).
pub fn c_true_is_first(module: &Module) -> HashMap<SrcLoc, Option<bool>> {
    let mut out: HashMap<SrcLoc, Option<bool>> = HashMap::new();
    for f in &module.functions {
        for (l, succs) in f.succs.iter().enumerate() {
            let [a, b] = succs[..] else { continue };
            let (ea, eb) = (&f.edges[a.index()], &f.edges[b.index()]);
            let (Instr::Assume(_), Instr::Assume(_), Some(src)) = (&ea.instr, &eb.instr, ea.src)
            else {
                continue;
            };
            let from = &f.locs[l].block;
            let kind = |e: &kappa_ir::Edge| block_kind(target_block(f, e.to, from));
            let dir = match (kind(ea), kind(eb)) {
                (Some(true), Some(false)) => Some(true),
                (Some(false), Some(true)) => Some(false),
                _ => None,
            };
            let seen = out.entry(src).or_insert(dir);
            if *seen != dir {
                *seen = None;
            }
        }
    }
    out
}

/// The block an edge into `to` enters: `to`'s, or, when `to` only holds
/// the phi moves of the edge (a location of the branching block `from`
/// with one `Phi` edge), that edge's target's.
fn target_block<'f>(f: &'f kappa_ir::Function, to: kappa_ir::Loc, from: &str) -> &'f str {
    let info = &f.locs[to.index()];
    if info.block == from {
        if let [e] = f.succs[to.index()][..] {
            let e = &f.edges[e.index()];
            if matches!(e.instr, Instr::Phi(_)) {
                return &f.locs[e.to.index()].block;
            }
        }
    }
    &info.block
}

/// Whether clang's block name `name` is a true branch (`Some(true)`) or a
/// false branch (`Some(false)`) of an `if`/`while`/`for`/`do` condition.
fn block_kind(name: &str) -> Option<bool> {
    match name.trim_end_matches(|c: char| c.is_ascii_digit()) {
        "if.then" | "while.body" | "for.body" | "do.body" => Some(true),
        "if.else" | "if.end" | "while.end" | "for.end" | "do.end" => Some(false),
        _ => None,
    }
}

/// The violation witness entry of a recorded error path (see [`steps`]).
/// A `branching` waypoint's value is whether the true branch of the C
/// condition was taken ([`c_true_is_first`]); a branch whose direction
/// the block names do not tell gets no waypoint. Fails when an input read
/// or the target lies outside the input files.
pub fn violation_entry(
    module: &Module,
    sources: &Sources,
    w: &ErrorWitness,
    dm: DataModel,
) -> Result<Entry> {
    let convention = c_true_is_first(module);
    let c_true =
        |src: &SrcLoc, first: bool| convention.get(src).copied().flatten().map(|t| t == first);
    let steps: Vec<(Step, Option<bool>)> = steps(module, sources, w)
        .into_iter()
        .filter_map(|s| match s.kind {
            StepKind::Branch { src, first } => c_true(&src, first).map(|b| (s, Some(b))),
            _ => Some((s, None)),
        })
        .collect();
    let form = Form::of(module, &steps);
    let functions = Functions::new(module, sources);
    let mut content = vec![];
    for (s, c_value) in &steps {
        let (ty, constraint) = match (&s.kind, c_value) {
            (StepKind::Branch { .. }, _) if !form.branch(s) => continue,
            (StepKind::Return { .. }, _) if !form.inputs => continue,
            (StepKind::Branch { .. }, b) => (
                "branching",
                Some(Constraint {
                    value: b.unwrap_or_default().to_string(),
                    format: None,
                }),
            ),
            (StepKind::Return { value, .. }, _) => (
                "function_return",
                Some(Constraint {
                    value: format!("\\result == {value}"),
                    format: Some("acsl_expression".into()),
                }),
            ),
            (StepKind::Target, _) => ("target", None),
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
        content.push(functions.follow(sources, ty, at, constraint));
    }
    Ok(Entry {
        entry_type: "violation_sequence".into(),
        metadata: metadata(sources, dm),
        content,
    })
}

/// Which waypoints a violation witness of a path writes. The full form
/// (a path of at most [`MAX_BRANCH_WAYPOINTS`] inputs and as many
/// branches) has them all. A longer path gets the compact form: only the
/// branches whose direction depends on an input
/// ([`super::depends::input_dependent_branches`]), when at most
/// [`MAX_BRANCH_WAYPOINTS`] of them are on the path (else none), and no
/// `function_return` waypoint when the path reads more than
/// [`MAX_BRANCH_WAYPOINTS`] inputs, unless it also passes more than
/// [`MAX_BRANCH_WAYPOINTS`] input-dependent branches (then the inputs
/// are the witness's only hold on the path, e.g. `while (nondet())`).
struct Form {
    /// Write `function_return` waypoints.
    inputs: bool,
    /// Where branch waypoints are written (`None`: at every branch). A
    /// position holding an input-dependent branch gets the waypoints of
    /// every branch there (the validator matches waypoints to the first
    /// step at their position: none may be left out before one written).
    branches: Option<std::collections::HashSet<(usize, u32, Option<u32>)>>,
}

impl Form {
    fn of(module: &Module, steps: &[(Step, Option<bool>)]) -> Form {
        let reads = steps
            .iter()
            .filter(|(s, _)| matches!(s.kind, StepKind::Return { .. }))
            .count();
        let branches = steps.iter().filter(|(_, b)| b.is_some()).count();
        if reads <= MAX_BRANCH_WAYPOINTS && branches <= MAX_BRANCH_WAYPOINTS {
            return Form {
                inputs: true,
                branches: None,
            };
        }
        let dependent = super::depends::input_dependent_branches(module);
        let mut at: std::collections::HashSet<_> = steps
            .iter()
            .filter_map(|(s, _)| match (&s.kind, s.at) {
                (StepKind::Branch { src, .. }, Some(a)) if dependent.contains(src) => {
                    Some((a.file, a.line, a.col))
                }
                _ => None,
            })
            .collect();
        let on_path = steps
            .iter()
            .filter(|(s, _)| {
                matches!(s.kind, StepKind::Branch { .. })
                    && s.at.is_some_and(|a| at.contains(&(a.file, a.line, a.col)))
            })
            .count();
        if on_path > MAX_BRANCH_WAYPOINTS {
            at.clear();
        }
        Form {
            inputs: reads <= MAX_BRANCH_WAYPOINTS || on_path > MAX_BRANCH_WAYPOINTS,
            branches: Some(at),
        }
    }

    /// Whether branch step `s` gets its waypoint.
    fn branch(&self, s: &Step) -> bool {
        let Some(at) = &self.branches else {
            return true;
        };
        matches!(s.kind, StepKind::Branch { .. })
            && s.at.is_some_and(|a| at.contains(&(a.file, a.line, a.col)))
    }
}

/// The violation witness entry of a `false` whose error test the
/// interpreter could not re-run to its end (a long loop before the error):
/// a `function_return` waypoint for every input, at its call, and the
/// `target` at the `reach_error()` call; no `branching` waypoint. The call
/// sites are `sites` when given (see [`super::sites::native_sites`]); else
/// an input's call is the one the test names (`file:line` with one call
/// of the input's function on that line), else the only call of that
/// function in the input files, and the target is at the test's
/// `reach_error` call position, else at the only `reach_error()` call.
/// Fails when a call is not determined so.
pub fn inputs_entry(
    module: &Module,
    sources: &Sources,
    w: &ErrorWitness,
    dm: DataModel,
    sites: Option<&(Vec<super::sites::Site>, super::sites::Site)>,
) -> Result<Entry> {
    let (reads, target) = match sites {
        Some((reads, (file, name, _))) => (
            reads
                .iter()
                .map(|&(file, _, close)| At {
                    file,
                    line: close.line,
                    col: Some(close.col),
                })
                .collect(),
            At {
                file: *file,
                line: name.line,
                col: Some(name.col),
            },
        ),
        None => test_sites(module, sources, w)?,
    };
    let functions = Functions::new(module, sources);
    let waypoint = |ty: &str, at: At, constraint: Option<Constraint>| {
        functions.follow(sources, ty, at, constraint)
    };
    let mut content = vec![];
    for (input, at) in w.inputs.iter().zip(reads) {
        let value = format!("\\result == {}", input.decimal());
        content.push(waypoint(
            "function_return",
            at,
            Some(Constraint {
                value,
                format: Some("acsl_expression".into()),
            }),
        ));
    }
    content.push(waypoint("target", target, None));
    Ok(Entry {
        entry_type: "violation_sequence".into(),
        metadata: metadata(sources, dm),
        content,
    })
}

/// The call sites of `w`'s inputs and of its `reach_error()` call as
/// the test names them or the input files' text determines them (see
/// [`inputs_entry`]).
fn test_sites(module: &Module, sources: &Sources, w: &ErrorWitness) -> Result<(Vec<At>, At)> {
    // the call of `name`: on `line` of input file `file` when given, else the only one
    let call = |name: &str, on: Option<(usize, u32)>, at_name: bool| -> Option<At> {
        let mut found = vec![];
        for k in 0..sources.len() {
            for (n, close) in sources.source(k).calls_of(name) {
                let p = if at_name { n } else { close };
                if on.is_none_or(|(f, l)| f == k && l == p.line) {
                    found.push(At {
                        file: k,
                        line: p.line,
                        col: Some(p.col),
                    });
                }
            }
        }
        (found.len() == 1).then(|| found[0])
    };
    let named_line = |at: &str| -> Option<(usize, u32)> {
        let (file, line) = at.rsplit_once(':')?;
        Some((sources.index_of_name(file)?, line.parse().ok()?))
    };
    let mut reads = vec![];
    for (k, input) in w.inputs.iter().enumerate() {
        let at = named_line(&input.at)
            .and_then(|on| call(&input.origin, Some(on), false))
            .or_else(|| call(&input.origin, None, false))
            .ok_or_else(|| {
                anyhow!(
                    "input #{k}'s call of {} is not determined in the input files",
                    input.origin
                )
            })?;
        reads.push(at);
    }
    let target = sources
        .locate(module, w.error_src)
        .filter(|(_, p)| p.col > 0)
        .map(|(file, p)| At {
            file,
            line: p.line,
            col: Some(p.col),
        })
        .or_else(|| call("reach_error", None, true))
        .ok_or_else(|| anyhow!("the reach_error() call is not determined in the input files"))?;
    Ok((reads, target))
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
    labelled_invariants(&mut content, &functions, sources, invariants);
    super::placement::place_in_scope(&mut content, sources);
    Entry {
        entry_type: "invariant_set".into(),
        metadata: metadata(sources, dm),
        content,
    }
}

/// The invariants at no loop keyword (`invariants` as in
/// [`correctness_entry`]): a cut point of irreducible control flow, where a
/// loop is entered by a `goto`, is the statement its label names. Each
/// becomes a `location_invariant` at the first labelled statement that
/// starts on its line; the others are left out (a witness may say less
/// than the proof).
fn labelled_invariants(
    content: &mut Vec<Content>,
    functions: &Functions,
    sources: &Sources,
    invariants: &[(String, String)],
) {
    for (at, c) in invariants {
        let Some((file, line)) = at.rsplit_once(':') else {
            continue;
        };
        let (Some(k), Ok(line)) = (sources.index_of_name(file), line.parse::<u32>()) else {
            continue;
        };
        let src = sources.source(k);
        if src.loops().iter().any(|l| l.pos.line == line) {
            continue;
        }
        let (Some(p), Some(value)) = (src.labelled_statement_on_line(line), over_source(c, src))
        else {
            continue;
        };
        content.push(Content {
            segment: None,
            invariant: Some(Invariant {
                ty: "location_invariant".into(),
                location: functions.location(
                    sources,
                    At {
                        file: k,
                        line: p.line,
                        col: Some(p.col),
                    },
                ),
                value,
                format: "c_expression".into(),
            }),
        });
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
/// expression that is not such a conjunction is its own only conjunct; a
/// flat `(A && B && C)` (as witnesses write it) gives `A`, `B`, `C` too.
pub(crate) fn conjuncts(c: &str) -> Vec<&str> {
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

/// Writes `entries` as a witness file. `creation_time` is quoted: a YAML
/// 1.1 loader (PyYAML, and so Python tooling) reads an unquoted RFC 3339
/// time as a timestamp, not the string the format requires.
pub fn write_yaml(path: &Path, entries: &[Entry]) -> Result<()> {
    let text = serde_yaml::to_string(entries).map_err(|e| anyhow!("{e}"))?;
    let text = quote_creation_times(&text);
    std::fs::write(path, text).map_err(|e| anyhow!("{}: cannot write: {e}", path.display()))
}

/// `text` with every `creation_time: VALUE` line's unquoted value in
/// single quotes (the value is an RFC 3339 time: no quote inside).
fn quote_creation_times(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        let key = body.trim_start();
        match key.strip_prefix("creation_time: ") {
            Some(v) if !v.starts_with(['\'', '"']) => {
                let indent = &body[..body.len() - key.len()];
                out.push_str(&format!("{indent}creation_time: '{v}'"));
                out.push_str(&line[body.len()..]);
            }
            _ => out.push_str(line),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{c_over_source, conjuncts, over_source, quote_creation_times};

    #[test]
    fn creation_times_are_quoted() {
        let text = "- metadata:\n    creation_time: 2026-11-28T09:31:00Z\n    uuid: x\n";
        assert_eq!(
            quote_creation_times(text),
            "- metadata:\n    creation_time: '2026-11-28T09:31:00Z'\n    uuid: x\n"
        );
        let quoted = "    creation_time: '2026-11-28T09:31:00Z'\n";
        assert_eq!(quote_creation_times(quoted), quoted);
    }
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
