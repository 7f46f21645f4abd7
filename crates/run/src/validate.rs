//! `kappa validate WITNESS PROGRAM`: checks an SV-COMP 2.0 witness against
//! a program and prints `confirmed`, `rejected: reason` or `unknown: reason`.
//!
//! A violation witness is checked from the witness alone: its
//! `function_return` values are the inputs, in order; the interpreter runs
//! the program on them recording the path, every waypoint must match the
//! path in order (a `follow` waypoint is the first step at its location
//! after the previous one, and must satisfy its constraint; no step before
//! it may match an `avoid` waypoint of its segment), the target must be the
//! `reach_error()` call that ends the run, and the program compiled
//! natively must reach `reach_error` on the same inputs. When the
//! interpreter cannot run the inputs to their end (a long loop), a witness
//! of inputs and target alone is checked natively (see
//! `validate_natively`). A witness without `function_return` waypoints
//! (the compact form of a long path: the run is free between waypoints)
//! is checked by kappa's symbolic execution, which searches for a run to
//! `reach_error` that follows the waypoints and replays natively (see
//! `search`). Waypoints of type
//! `assumption` and `function_enter` are not checked: such a witness gets
//! `unknown`.
//!
//! A waypoint or invariant whose `function` is not the function the
//! program's debug info puts its line in is `rejected`.
//!
//! A correctness witness is checked for its structure and its invariants'
//! locations and expressions, then instrumented, sampled and proved:
//!
//! - Every invariant must be a pure C expression (`c_expression` format):
//!   it is parsed by `witness::cexpr`; text that is not one C expression,
//!   an assignment (`=`, `op=`), an increment or decrement, a function call
//!   (builtins and calls through pointers too) or a statement expression is
//!   `rejected` with the invariant's line and the construct; so is a name
//!   the program uses only as a function (a function designator is not a
//!   program variable). A construct the parser does not read is `unknown`.
//!   Names that are not in scope at the location make the instrumented
//!   program fail to compile: `rejected`. What is pasted is the parsed
//!   tokens, not the witness's text.
//! - A `loop_invariant` must sit at a `for`/`while`/`do` keyword or at the
//!   label of a `goto` loop (else `rejected`); a `location_invariant` at the
//!   start of a statement. Every entry is instrumented
//!   (`witness::invariants::instrument`): before every evaluation of a
//!   `while`/`for` condition, at the start of every `do` iteration, before
//!   the statement (after its labels), and as `if (!CHECK) ; else S` at
//!   the unbraced body `S` of an `if`/`else`/`while`/`for` (still its one
//!   statement). An entry that cannot be placed without changing the
//!   program (unbraced `do` body, no column) makes the answer `unknown`;
//!   none is skipped.
//! - The instrumented program runs natively on a few sampled inputs (see
//!   `witness::invariants`): a falsified or non-compiling invariant is
//!   `rejected`. Then the proof stage's checker proves the invariants
//!   initial and inductive in kappa's semantics and asks whether they
//!   exclude every error (`witness::inductive`): `confirmed` only then,
//!   else `unknown` with the reason.

#[path = "validate_values.rs"]
mod values;
use crate::witness::invariants::{At, Site};
use crate::witness::write::{At as StepAt, Step, StepKind};
use crate::witness::{read_witness, Entry, Location, Sources, Waypoint};
use anyhow::Result;
use kappa_ir::{DataModel, Instr, Loc, Module, SrcLoc};
use kappa_replay::{Limits, Outcome, TestInput, TestVector};
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;
use values::Literal;

/// A validator's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The witness holds.
    Confirmed,
    /// The witness is wrong (why).
    Rejected(String),
    /// Not decided (why).
    Unknown(String),
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Confirmed => write!(f, "confirmed"),
            Answer::Rejected(r) => write!(f, "rejected: {r}"),
            Answer::Unknown(r) => write!(f, "unknown: {r}"),
        }
    }
}

/// `kappa validate`: prints the answer (exit 0 whatever it is); unreadable
/// or malformed input is an error. `interpreter_time` bounds the
/// interpreter's run of a violation witness's inputs.
pub fn validate_cmd(
    witness: &Path,
    program: &Path,
    dm: Option<DataModel>,
    interpreter_time: Duration,
) -> Result<()> {
    let entries = read_witness(witness)?;
    // the data model: the option's, else the witness's, else the task's
    let dm = dm.or_else(|| match entries[0].metadata.task.data_model.as_str() {
        "ILP32" => Some(DataModel::Ilp32),
        "LP64" => Some(DataModel::Lp64),
        _ => None,
    });
    let prog = crate::load::load_plain(program, dm)?;
    let dm = prog.module.data_model;
    let sources = Sources::read(&prog.sources)?;
    let mut answer = Answer::Confirmed;
    for e in &entries {
        let a = match e.entry_type.as_str() {
            "violation_sequence" => validate_violation(&prog, &sources, e, dm, interpreter_time)?,
            "invariant_set" => validate_correctness(&prog, &sources, e, dm)?,
            other => Answer::Unknown(format!("entry type {other} is not checked")),
        };
        answer = match (answer, a) {
            (Answer::Rejected(r), _) | (_, Answer::Rejected(r)) => Answer::Rejected(r),
            (Answer::Unknown(r), _) | (_, Answer::Unknown(r)) => Answer::Unknown(r),
            _ => Answer::Confirmed,
        };
    }
    println!("{answer}");
    Ok(())
}

/// Checks of the metadata: format 2.0 and the input files' hashes.
fn check_metadata(sources: &Sources, e: &Entry) -> Option<Answer> {
    if e.metadata.format_version != "2.0" {
        return Some(Answer::Unknown(format!(
            "format version {} (kappa checks 2.0)",
            e.metadata.format_version
        )));
    }
    for (name, hash) in &e.metadata.task.input_file_hashes {
        let Some(k) = sources.index_of_name(name) else {
            return Some(Answer::Rejected(format!(
                "the witness names input file {name}, not one of the program's"
            )));
        };
        if !hash.eq_ignore_ascii_case(sources.sha256(k)) {
            return Some(Answer::Rejected(format!(
                "input file {name} has another SHA-256 than the witness states"
            )));
        }
    }
    None
}

/// The validator's own reading of its re-run `w` (recorded with
/// `record_events`) as steps a waypoint can name, apart from the writer's
/// (`witness::write::steps`), so that a mistake in the writer's placing
/// is not repeated here: a nondet read is at the closing parenthesis of
/// its call (the place the format gives a `function_return` waypoint), a
/// two-way branch of a whole `if`/`while`/`for` condition at its keyword,
/// the end at `reach_error`'s call. Reads whose value the run does not
/// hold, and events outside the input files, give no located step.
fn run_steps(module: &Module, sources: &Sources, w: &kappa_engine::ErrorWitness) -> Vec<Step> {
    use kappa_engine::PathEvent;
    let place = |src: Option<SrcLoc>| {
        sources
            .locate(module, src)
            .map(|(file, p)| (file, p, sources.source(file)))
    };
    let mut path = Vec::with_capacity(w.events.len() + 1);
    for ev in &w.events {
        let step = match *ev {
            PathEvent::Input { src, index } => w.inputs.get(index as usize).map(|v| {
                let at = place(src).map(|(file, p, text)| match text.call_close(p) {
                    Some(close) => StepAt {
                        file,
                        line: close.line,
                        col: Some(close.col),
                    },
                    None => StepAt {
                        file,
                        line: p.line,
                        col: None,
                    },
                });
                let kind = StepKind::Return {
                    value: v.decimal(),
                    bits: v.bits,
                    width: v.ty.bits(),
                };
                Step { at, kind }
            }),
            PathEvent::Branch {
                src: Some(loc),
                taken,
                of: 2,
            } => place(Some(loc)).and_then(|(file, p, text)| {
                let kw = text.branch_keyword(p)?;
                Some(Step {
                    at: Some(StepAt {
                        file,
                        line: kw.line,
                        col: Some(kw.col),
                    }),
                    kind: StepKind::Branch {
                        src: loc,
                        first: taken == 0,
                    },
                })
            }),
            PathEvent::Branch { .. } => None,
        };
        path.extend(step);
    }
    let at = place(w.error_src).map(|(file, p, _)| StepAt {
        file,
        line: p.line,
        col: if p.col == 0 { None } else { Some(p.col) },
    });
    path.push(Step {
        at,
        kind: StepKind::Target,
    });
    path
}

/// Whether step `s` is at `loc` (the column must agree when the waypoint has one).
fn at(sources: &Sources, s: &Step, loc: &Location) -> bool {
    let Some(a) = s.at else { return false };
    sources.index_of_name(&loc.file_name) == Some(a.file)
        && a.line == loc.line
        && (loc.column.is_none() || loc.column == a.col)
}

/// Why `loc` is wrong when it names a function other than the one the
/// program's debug info puts its line in (a location without `function`,
/// or on a line of no known function, is not judged).
fn wrong_function(module: &kappa_ir::Module, sources: &Sources, loc: &Location) -> Option<String> {
    let named = loc.function.as_deref()?;
    let k = sources.index_of_name(&loc.file_name)?;
    let file = sources
        .module_files(module)
        .iter()
        .position(|f| *f == Some(k))?;
    let actual = module.function_at(file as u32, loc.line)?;
    (actual.name != named).then(|| {
        format!(
            "{}:{} is in function {}, not {named}",
            loc.file_name, loc.line, actual.name
        )
    })
}

/// The value `V` of a `\result == V` constraint.
fn result_value(w: &Waypoint) -> Option<i128> {
    let v = values::constraint_value(w)?;
    let v = v.trim_end_matches(['u', 'U', 'l', 'L']);
    let (neg, digits) = match v.strip_prefix('-') {
        Some(d) => (true, d.trim()),
        None => (false, v),
    };
    let mag = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(h) => i128::from_str_radix(h, 16).ok()?,
        None => digits.parse::<i128>().ok()?,
    };
    Some(if neg { -mag } else { mag })
}

/// How a step stands to a waypoint at its location: `Ok(())` when it
/// satisfies the constraint, else what it does instead. `dir` is a
/// branch step's direction ([`Directions::c_value`]).
fn satisfies(s: &Step, dir: Option<bool>, w: &Waypoint) -> Result<(), String> {
    match (&s.kind, w.ty.as_str()) {
        (StepKind::Return { value, bits, width }, "function_return") => {
            if let Some(Literal::Real(t)) = values::literal(w) {
                return if values::real_matches(&t, *bits, *width) {
                    Ok(())
                } else {
                    Err(format!("the call returns {value}"))
                };
            }
            let want = result_value(w).ok_or("unreadable function_return constraint")?;
            let mask = if *width >= 128 {
                u128::MAX
            } else {
                (1u128 << width) - 1
            };
            if (want as u128) & mask == *bits {
                Ok(())
            } else {
                Err(format!("the call returns {value}"))
            }
        }
        (StepKind::Branch { .. }, "branching") => {
            let want = w.constraint.as_ref().map(|c| c.value.trim());
            let Some(b) = dir else {
                return Err(
                    "kappa cannot tell which branch of the condition the run takes \
                            there (it continues at no source position inside or after the \
                            statement)"
                        .into(),
                );
            };
            match want {
                Some("true") | Some("false") if Some(b.to_string().as_str()) == want => Ok(()),
                Some("true") | Some("false") => Err(format!("the condition is {b}")),
                _ => Err("unreadable branching constraint".into()),
            }
        }
        (StepKind::Target, "target") => Ok(()),
        _ => Err("another kind of step is there".into()),
    }
}

/// The validator's own reading of which branch of a C condition a run
/// took (it does not use the writer's, which reads clang's block names):
/// the source position where the run continues after the edge taken.
/// Inside the `then` statement or loop body (after the header's `)`,
/// before its last token) is
/// the condition's true branch; after that statement, or before the
/// keyword (the run left the statement to an enclosing loop's header) is
/// its false branch; anywhere else (an empty body whose jump carries the
/// condition's own position) is not judged, and the edge is then the
/// opposite of the other edge when that one is judged.
struct Directions<'a> {
    module: &'a Module,
    sources: &'a Sources,
    /// The two-way branches at each branch instruction position: function
    /// index and location.
    at: HashMap<SrcLoc, Vec<(usize, Loc)>>,
}

impl<'a> Directions<'a> {
    fn new(module: &'a Module, sources: &'a Sources) -> Directions<'a> {
        let mut at: HashMap<SrcLoc, Vec<(usize, Loc)>> = HashMap::new();
        for (fi, f) in module.functions.iter().enumerate() {
            for (l, succs) in f.succs.iter().enumerate() {
                if let [a, b] = succs[..] {
                    let (ea, eb) = (&f.edges[a.index()], &f.edges[b.index()]);
                    if let (Instr::Assume(_), Instr::Assume(_), Some(src)) =
                        (&ea.instr, &eb.instr, ea.src)
                    {
                        at.entry(src).or_default().push((fi, Loc(l as u32)));
                    }
                }
            }
        }
        Directions {
            module,
            sources,
            at,
        }
    }

    /// Whether branch step `s` took the true branch of its C condition;
    /// `None` when not a branch step or not judged (every copy of the
    /// branch must agree).
    fn c_value(&self, s: &Step) -> Option<bool> {
        let (StepKind::Branch { src, first }, Some(kw)) = (&s.kind, s.at) else {
            return None;
        };
        let kw_pos = crate::witness::source::Pos {
            line: kw.line,
            col: kw.col?,
        };
        let (close, last, end) = self.sources.source(kw.file).branch_extent(kw_pos)?;
        let mut answer = None;
        for &(fi, l) in self.at.get(src)? {
            let f = &self.module.functions[fi];
            // each edge's side; an edge not judged is the other's opposite
            let side = |k: usize| -> Option<bool> {
                let to = f.edges[f.succs[l.index()][k].index()].to;
                let (next, jump) = self.continuation(f, l, to, *src)?;
                let (file, p) = self.sources.locate(self.module, Some(next))?;
                if file != kw.file || p.col == 0 {
                    return None;
                }
                // clang puts a jump at the end of the then statement or
                // body (`{}`) and a jump out of the statement to an
                // enclosing loop at the statement's end: not judged there
                if jump && p >= last && p <= end {
                    None
                } else if p > close && p <= end {
                    Some(true)
                } else if p > end || p < kw_pos {
                    Some(false)
                } else {
                    None
                }
            };
            let (taken, other) = if *first { (0, 1) } else { (1, 0) };
            let v = match (side(taken), side(other)) {
                (Some(a), Some(b)) if a == b => return None,
                (Some(a), _) => a,
                (None, Some(b)) => !b,
                (None, None) => return None,
            };
            if answer.is_some_and(|a| a != v) {
                return None;
            }
            answer = Some(v);
        }
        answer
    }

    /// The source position of the first instruction run after entering
    /// `to` from the branch at `from` (whose instruction is at `src`),
    /// past the branch's own phi moves and unlocated instructions, and
    /// whether that instruction is a jump; `None` when the next
    /// instruction carries the branch's own position (an empty body) or
    /// none is found nearby.
    fn continuation(
        &self,
        f: &kappa_ir::Function,
        from: Loc,
        mut to: Loc,
        src: SrcLoc,
    ) -> Option<(SrcLoc, bool)> {
        let block = &f.locs[from.index()].block;
        for _ in 0..16 {
            let out = &f.succs[to.index()];
            let e = &f.edges[out.first()?.index()];
            match e.src {
                Some(s) if s != src && s.line > 0 => {
                    return Some((s, matches!(e.instr, Instr::Phi(_))))
                }
                Some(s) if s == src && &f.locs[to.index()].block != block => return None,
                _ if out.len() == 1 => to = e.to,
                _ => return None,
            }
        }
        None
    }
}

fn describe(w: &Waypoint) -> String {
    let col = w
        .location
        .column
        .map(|c| format!(":{c}"))
        .unwrap_or_default();
    let c = w
        .constraint
        .as_ref()
        .map(|c| format!(" ({})", c.value))
        .unwrap_or_default();
    format!(
        "{} waypoint at {}:{}{col}{c}",
        w.ty, w.location.file_name, w.location.line
    )
}

/// The structure of a violation sequence: every segment is `avoid`
/// waypoints then one `follow`; the last follow is the only target.
fn check_segments(e: &Entry) -> Result<Vec<Vec<&Waypoint>>, String> {
    let mut segs = vec![];
    for (k, c) in e.content.iter().enumerate() {
        let seg = c
            .segment
            .as_ref()
            .ok_or_else(|| format!("content item {} is not a segment", k + 1))?;
        let wps: Vec<&Waypoint> = seg.iter().map(|i| &i.waypoint).collect();
        let Some((last, avoids)) = wps.split_last() else {
            return Err(format!("segment {} is empty", k + 1));
        };
        if last.action != "follow" || avoids.iter().any(|w| w.action != "avoid") {
            return Err(format!(
                "segment {} is not avoid waypoints then one follow",
                k + 1
            ));
        }
        let is_last = k + 1 == e.content.len();
        if (last.ty == "target") != is_last || avoids.iter().any(|w| w.ty == "target") {
            return Err("the target must be the last segment's follow waypoint".into());
        }
        segs.push(wps);
    }
    if segs.is_empty() {
        return Err("no segment".into());
    }
    Ok(segs)
}

fn validate_violation(
    prog: &kappa_frontend::Program,
    sources: &Sources,
    e: &Entry,
    dm: DataModel,
    interpreter_time: Duration,
) -> Result<Answer> {
    if let Some(a) = check_metadata(sources, e) {
        return Ok(a);
    }
    let segs = match check_segments(e) {
        Ok(s) => s,
        Err(r) => {
            return Ok(Answer::Rejected(format!(
                "malformed violation sequence: {r}"
            )))
        }
    };
    for w in segs.iter().flatten() {
        match w.ty.as_str() {
            "function_return" | "branching" | "target" => {}
            "assumption" | "function_enter" => {
                return Ok(Answer::Unknown(format!(
                    "{} waypoints are not checked by kappa",
                    w.ty
                )))
            }
            other => return Ok(Answer::Rejected(format!("unknown waypoint type {other}"))),
        }
        if let Some(why) = wrong_function(&prog.module, sources, &w.location) {
            return Ok(Answer::Rejected(why));
        }
    }
    // the inputs: the function_return values followed, in order (a real
    // one as the bits of the float or double read there)
    let reals = values::RealReads::new(&prog.module, sources);
    let mut values = vec![];
    let mut inputs = vec![];
    for w in segs.iter().filter_map(|s| s.last()) {
        if w.ty != "function_return" {
            continue;
        }
        let Some(v) = values::literal(w) else {
            return Ok(Answer::Rejected(format!(
                "{}: constraint is not `\\result == VALUE`",
                describe(w)
            )));
        };
        let bits = match &v {
            Literal::Int(i) => *i as u128,
            Literal::Real(t) => {
                let width = reals.width_at(sources, w);
                match width.and_then(|width| values::real_bits(t, width)) {
                    Some(b) => b,
                    None => {
                        return Ok(Answer::Rejected(format!(
                            "{}: a real value that no float or double input read there can return",
                            describe(w)
                        )))
                    }
                }
            }
        };
        values.push(v);
        inputs.push(bits);
    }
    if values.is_empty() {
        return Ok(search(prog, sources, &segs, dm, interpreter_time));
    }
    let rec = match crate::witness::concrete_run(&prog.module, inputs, interpreter_time, None)? {
        crate::witness::ConcreteEnd::Error(w) => w,
        crate::witness::ConcreteEnd::Other(why) => {
            return Ok(Answer::Rejected(format!("on the witness's inputs, {why}")))
        }
        crate::witness::ConcreteEnd::Inconclusive(why) => {
            return Ok(validate_natively(prog, sources, &segs, &values, dm, &why))
        }
    };
    let path = run_steps(&prog.module, sources, &rec);
    let reads = path
        .iter()
        .filter(|s| matches!(s.kind, StepKind::Return { .. }))
        .count();
    if reads != values.len() {
        return Ok(Answer::Rejected(format!(
            "the run reads {reads} nondet values, the witness gives {}",
            values.len()
        )));
    }
    let directions = Directions::new(&prog.module, sources);
    if let Err(why) = follows(sources, &directions, &path, &segs) {
        return Ok(Answer::Rejected(why));
    }
    // the interpreter agrees; the native program must too
    Ok(native_reaches_error(prog, dm, &values))
}

/// Whether the native program reaches `reach_error` on `values`.
fn native_reaches_error(
    prog: &kappa_frontend::Program,
    dm: DataModel,
    values: &[impl ToString],
) -> Answer {
    let (test, limits) = native_run(values);
    match kappa_replay::replay(&prog.sources, dm, &test, &limits) {
        Ok(r) if r.outcome == Outcome::ReachedError => Answer::Confirmed,
        Ok(r) => Answer::Rejected(format!(
            "the native run does not reach reach_error ({:?})",
            r.outcome
        )),
        Err(e) => Answer::Unknown(format!("native replay failed: {e}")),
    }
}

/// Whether the run `path` (ending at its `reach_error` call) follows the
/// segments `segs`: each follow waypoint is the first step at its
/// location after the previous one's and satisfies its constraint, no
/// step before it satisfies an avoid waypoint of its segment, and the
/// target is the run's last step. Else why not.
fn follows(
    sources: &Sources,
    directions: &Directions,
    path: &[Step],
    segs: &[Vec<&Waypoint>],
) -> Result<(), String> {
    let dir = |j: usize| directions.c_value(&path[j]);
    let mut cursor = 0usize;
    for seg in segs {
        let (follow, avoids) = seg.split_last().expect("checked non-empty");
        let Some(j) = (cursor..path.len()).find(|&j| at(sources, &path[j], &follow.location))
        else {
            return Err(format!("{} is not reached by the run", describe(follow)));
        };
        for a in avoids {
            let passed = path[cursor..j].iter().enumerate().any(|(i, s)| {
                at(sources, s, &a.location) && satisfies(s, dir(cursor + i), a).is_ok()
            });
            if passed {
                return Err(format!("the run passes the {}", describe(a)));
            }
        }
        satisfies(&path[j], dir(j), follow)
            .map_err(|why| format!("{}: {why}", describe(follow)))?;
        if follow.ty == "target" && j + 1 != path.len() {
            return Err(format!(
                "{} is not where the run calls reach_error",
                describe(follow)
            ));
        }
        cursor = j + 1;
    }
    Ok(())
}

/// Marks the reasons [`search`] gives the engine for an error path that
/// does not follow the witness.
const NOT_FOLLOWED: &str = "the witness's waypoints: ";

/// A violation witness without `function_return` waypoints (the compact
/// form: the run is free between waypoints): kappa's symbolic execution
/// searches, within `time`, for a run to `reach_error` that follows the
/// waypoints ([`follows`]) and whose inputs reach `reach_error` natively.
/// `confirmed` when one is found; `rejected` when the search ends with
/// every run to `reach_error` explored and none follows; else `unknown`.
fn search(
    prog: &kappa_frontend::Program,
    sources: &Sources,
    segs: &[Vec<&Waypoint>],
    dm: DataModel,
    time: Duration,
) -> Answer {
    use kappa_engine::{Config, Engine, ErrorWitness, Validation, Verdict};
    let cfg = Config {
        record_events: true,
        timeout: Some(time),
        ..Config::default()
    };
    let solver = kappa_solver::build_solver(&kappa_solver::SolverConfig::default());
    let mut engine = match Engine::new(&prog.module, cfg, solver) {
        Ok(e) => e,
        Err(e) => return Answer::Unknown(format!("kappa cannot run the program: {e}")),
    };
    let directions = Directions::new(&prog.module, sources);
    let mut missed = 0u64;
    let mut last_why = String::new();
    let mut check = |w: &ErrorWitness| {
        let path = run_steps(&prog.module, sources, w);
        if let Err(why) = follows(sources, &directions, &path, segs) {
            missed += 1;
            last_why = why.clone();
            return Validation::Rejected(format!("{NOT_FOLLOWED}{why}"));
        }
        let values: Vec<String> = w.inputs.iter().map(|i| i.decimal()).collect();
        match native_reaches_error(prog, dm, &values) {
            Answer::Confirmed => Validation::Confirmed,
            Answer::Rejected(why) | Answer::Unknown(why) => Validation::Rejected(why),
        }
    };
    let r = engine.run(&mut check, &mut |_| {});
    match r.verdict {
        Verdict::False => Answer::Confirmed,
        Verdict::True => Answer::Rejected("no run of the program reaches reach_error".into()),
        Verdict::Unknown => {
            // complete but for the runs that do not follow the witness
            let only_missed = match &r.reason {
                Some(kappa_engine::Reason::Incomplete(leaves)) => leaves
                    .counts
                    .iter()
                    .all(|(f, _)| f.text().contains(NOT_FOLLOWED)),
                _ => false,
            } && r.stats.failed_leaves == missed;
            let reason = r.reason.map(|r| r.to_string()).unwrap_or_default();
            if only_missed && missed > 0 {
                Answer::Rejected(format!(
                    "no run to reach_error follows the waypoints ({missed} runs explored; \
                     the last: {last_why})"
                ))
            } else {
                Answer::Unknown(format!(
                    "the witness gives no input values, and kappa's search for a run that \
                     follows its waypoints ended without one: {reason}"
                ))
            }
        }
    }
}

/// A violation witness whose inputs the interpreter cannot run to their
/// end (`why`): `rejected` unless the program compiled natively reaches
/// `reach_error` after reading exactly the witness's values; then
/// confirmed when it has no `branching` waypoint, its `function_return`
/// waypoints are at calls of `__VERIFIER_nondet_*` functions and its
/// target at a `reach_error()` call that is the only one in the input
/// files; otherwise `unknown`.
fn validate_natively(
    prog: &kappa_frontend::Program,
    sources: &Sources,
    segs: &[Vec<&Waypoint>],
    values: &[Literal],
    dm: DataModel,
    why: &str,
) -> Answer {
    let unknown = |what: String| Answer::Unknown(format!("on the witness's inputs, {why}; {what}"));
    // the calls of a function in the input files: (file, closing `)`, name)
    let calls = |name: &str| -> Vec<(
        usize,
        crate::witness::source::Pos,
        crate::witness::source::Pos,
    )> {
        (0..sources.len())
            .flat_map(|k| {
                sources
                    .source(k)
                    .calls_of(name)
                    .into_iter()
                    .map(move |(n, c)| (k, c, n))
            })
            .collect()
    };
    let nondet: Vec<&str> = prog
        .module
        .functions
        .iter()
        .map(|f| f.name.as_str())
        .filter(|n| n.starts_with("__VERIFIER_nondet_"))
        .collect();
    let (test, limits) = native_run(values);
    // the native run first: its failure is a rejection whatever the waypoints
    match kappa_replay::replay(&prog.sources, dm, &test, &limits) {
        Ok(r)
            if r.outcome == Outcome::ReachedError
                && r.inputs_used == values.len()
                && !r.inputs_exhausted => {}
        Ok(r) if r.outcome == Outcome::ReachedError => {
            return Answer::Rejected(format!(
                "the native run reads {} of the witness's {} values before reach_error",
                r.inputs_used,
                values.len()
            ))
        }
        Ok(r) => {
            return Answer::Rejected(format!(
                "the native run does not reach reach_error ({:?})",
                r.outcome
            ))
        }
        Err(e) => return unknown(format!("native replay failed: {e}")),
    }
    let errors = calls("reach_error");
    for w in segs.iter().flatten() {
        let file = sources.index_of_name(&w.location.file_name);
        let here = |(k, p): (usize, crate::witness::source::Pos)| {
            Some(k) == file
                && p.line == w.location.line
                && w.location.column.is_none_or(|c| c == p.col)
        };
        let ok = match w.ty.as_str() {
            "function_return" => nondet
                .iter()
                .flat_map(|n| calls(n))
                .any(|(k, close, _)| here((k, close))),
            "target" => errors.iter().any(|&(k, _, name)| here((k, name))),
            _ => {
                return unknown(format!(
                    "its {} waypoints are not checked without the interpreter's run",
                    w.ty
                ))
            }
        };
        if !ok {
            return unknown(format!("{} is not at such a call", describe(w)));
        }
    }
    if errors.len() != 1 {
        return unknown("the program has several reach_error() calls".into());
    }
    Answer::Confirmed
}

/// Names a program may use as types in an invariant's casts without a
/// `typedef` in its text (the standard headers').
const HEADER_TYPES: [&str; 18] = [
    "bool",
    "size_t",
    "ssize_t",
    "ptrdiff_t",
    "intptr_t",
    "uintptr_t",
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "uint64_t",
    "intmax_t",
    "uintmax_t",
    "wchar_t",
    "off_t",
];

/// The expression of invariant `inv` (at `what`, e.g. `line 12`) as it is
/// pasted into the program, or the answer when it is not accepted: text
/// that is not a C expression, or an expression with a side effect, is
/// `rejected`, as is one naming a function; a construct kappa's parser
/// does not read is `unknown`.
fn pure_invariant(
    module: &kappa_ir::Module,
    source: &crate::witness::source::Source,
    inv: &crate::witness::Invariant,
    what: &str,
) -> Result<String, Answer> {
    use crate::witness::cexpr::{parse, ParseError};
    let typedefs = source.typedef_names();
    let is_type = |n: &str| typedefs.iter().any(|t| t == n) || HEADER_TYPES.contains(&n);
    let parsed = match parse(&inv.value, &is_type) {
        Ok(p) => p,
        Err(e @ ParseError::Syntax(_)) => {
            return Err(Answer::Rejected(format!("invariant at {what}: {e}")))
        }
        Err(e @ ParseError::Unsupported(_)) => {
            return Err(Answer::Unknown(format!(
                "invariant at {what}: {e} by kappa's expression parser"
            )))
        }
    };
    if let Some(construct) = parsed.expr.impurity() {
        return Err(Answer::Rejected(format!(
            "invariant at {what} is not a pure expression: {construct}"
        )));
    }
    for name in parsed.expr.identifiers() {
        // a name the program uses only as a function (a builtin always is)
        let builtin = name.starts_with("__builtin");
        let function = module.function_by_name(name).is_some() || source.is_function_name(name);
        if builtin || (function && !source.has_variable(name)) {
            return Err(Answer::Rejected(format!(
                "invariant at {what} names function {name}, not a variable"
            )));
        }
    }
    Ok(parsed.text)
}

/// Where and how an invariant entry is checked, or the answer when it
/// cannot be: a `loop_invariant` at a loop keyword or at the label of a
/// `goto` loop, a `location_invariant` at a statement.
fn invariant_site(
    prog: &kappa_frontend::Program,
    sources: &Sources,
    inv: &crate::witness::Invariant,
    k: usize,
) -> Result<Site, Answer> {
    let loc = &inv.location;
    if let Some(why) = wrong_function(&prog.module, sources, loc) {
        return Err(Answer::Rejected(why));
    }
    let Some(file) = sources.index_of_name(&loc.file_name) else {
        return Err(Answer::Rejected(format!(
            "invariant {} names file {}, not one of the program's",
            k + 1,
            loc.file_name
        )));
    };
    if inv.format != "c_expression" {
        return Err(Answer::Unknown(format!(
            "invariant format {} is not checked",
            inv.format
        )));
    }
    let line = loc.line;
    let Some(col) = loc.column else {
        return Err(match inv.ty.as_str() {
            "loop_invariant" => {
                Answer::Rejected(format!("loop invariant at line {line} has no column"))
            }
            _ => Answer::Unknown(format!(
                "{} at line {line} has no column (kappa checks one at a statement's start)",
                inv.ty
            )),
        });
    };
    let pos = crate::witness::source::Pos { line, col };
    let src = sources.source(file);
    let at = match inv.ty.as_str() {
        "loop_invariant" if src.is_loop_keyword(pos) => At::Loop,
        "loop_invariant" if src.is_label(pos) => At::Statement,
        "loop_invariant" => {
            return Err(Answer::Rejected(format!(
                "loop invariant at {}:{line}:{col} is not at a loop keyword or a label",
                loc.file_name
            )))
        }
        "location_invariant" => At::Statement,
        other => return Err(Answer::Rejected(format!("unknown invariant type {other}"))),
    };
    let what = format!("line {line}");
    let value = pure_invariant(&prog.module, src, inv, &what)?;
    Ok(Site {
        file,
        pos,
        at,
        value,
    })
}

fn validate_correctness(
    prog: &kappa_frontend::Program,
    sources: &Sources,
    e: &Entry,
    dm: DataModel,
) -> Result<Answer> {
    if let Some(a) = check_metadata(sources, e) {
        return Ok(a);
    }
    let mut sites = vec![];
    // every entry is placed and checked pure before anything runs: a
    // rejection wins over an unknown
    let mut unknown = None;
    for (k, c) in e.content.iter().enumerate() {
        let Some(inv) = &c.invariant else {
            return Ok(Answer::Rejected(format!(
                "content item {} is not an invariant",
                k + 1
            )));
        };
        match invariant_site(prog, sources, inv, k) {
            Ok(site) => sites.push(site),
            Err(a @ Answer::Rejected(_)) => return Ok(a),
            Err(a) => unknown = unknown.or(Some(a)),
        }
    }
    if let Some(a) = unknown {
        return Ok(a);
    }
    // an invariant that cannot be placed in the program is not checked
    if let [file] = &prog.sources[..] {
        let text = std::fs::read_to_string(file)
            .map_err(|e| anyhow::anyhow!("{}: cannot read file: {e}", file.display()))?;
        if let Err(why) = crate::witness::invariants::instrument(&text, sources, &sites) {
            return Ok(Answer::Unknown(why));
        }
    }
    use crate::witness::invariants::{check, Sampled, SAMPLES};
    let sampled = match check(&prog.sources[0], sources, &sites, dm) {
        Sampled::Held { checked } => {
            format!("{checked} non-trivial ones held on {SAMPLES} sampled native runs")
        }
        Sampled::Falsified(why) | Sampled::Malformed(why) => return Ok(Answer::Rejected(why)),
        Sampled::NotRun(why) => format!("not run on samples ({why})"),
    };
    // confirmed only when the invariants prove the program correct in
    // kappa's semantics: initial, inductive, excluding every error
    use kappa_prove::MarkedCheck;
    let proof = match crate::witness::inductive::check(&prog.sources[0], sources, &sites, dm) {
        MarkedCheck::Proved => return Ok(Answer::Confirmed),
        MarkedCheck::Inductive(why) => {
            format!("the invariants are inductive but do not prove the program correct ({why})")
        }
        MarkedCheck::NotInductive(why) => {
            format!("the invariants are not shown inductive ({why})")
        }
        MarkedCheck::NotChecked(why) => format!("the invariants are not checked ({why})"),
    };
    Ok(Answer::Unknown(format!(
        "well-formed, {} pure invariants at loops and statements, {sampled}; {proof}",
        e.content.len()
    )))
}

/// The test vector of `values` and the limits of the native run that
/// replays a witness's inputs (10 s, 1 GiB).
fn native_run(values: &[impl ToString]) -> (TestVector, Limits) {
    let test = TestVector {
        inputs: values
            .iter()
            .map(|v| TestInput::new("", v.to_string()))
            .collect(),
    };
    let limits = Limits {
        time: Duration::from_secs(10),
        memory_bytes: 1 << 30,
        deadline: None,
    };
    (test, limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ret(v: &str) -> Waypoint {
        Waypoint {
            ty: "function_return".into(),
            action: "follow".into(),
            location: Location {
                file_name: "a.c".into(),
                line: 1,
                column: None,
                function: None,
            },
            constraint: Some(crate::witness::Constraint {
                value: v.into(),
                format: Some("acsl_expression".into()),
            }),
        }
    }

    #[test]
    fn result_values() {
        assert_eq!(result_value(&ret("\\result == 42")), Some(42));
        assert_eq!(result_value(&ret("\\result==-7")), Some(-7));
        assert_eq!(result_value(&ret("\\result == 0xffU")), Some(255));
        assert_eq!(result_value(&ret("\\result > 3")), None);
        assert_eq!(result_value(&ret("x == 3")), None);
    }

    #[test]
    fn return_values_compare_modulo_the_width() {
        let s = Step {
            at: None,
            kind: StepKind::Return {
                value: "255".into(),
                bits: 255,
                width: 8,
            },
        };
        assert!(satisfies(&s, None, &ret("\\result == -1")).is_ok());
        assert!(satisfies(&s, None, &ret("\\result == 254")).is_err());
    }
}
