//! Rendering of a verification result: human-readable text or one JSON object.

use kappa_engine::{ErrorWitness, Reason, Stats, Verdict};
use kappa_ir::{DataModel, Module};
use serde_json::json;
use std::path::{Path, PathBuf};

/// Everything `kappa verify` reports.
pub struct Report {
    /// The input file as given.
    pub file: String,
    /// Data model used.
    pub data_model: DataModel,
    /// Analysis mode.
    pub mode: &'static str,
    /// Verdict.
    pub verdict: Verdict,
    /// Reason for `unknown` (rendered by its `Display`).
    pub reason: Option<Reason>,
    /// The confirmed error witness (for `false`).
    pub witness: Option<ErrorWitness>,
    /// The call that fails, for a `false` (see [`failing_call`]).
    pub failing_call: Option<FailingCall>,
    /// What the native replay said.
    pub replay: Option<String>,
    /// Counters.
    pub stats: Stats,
    /// Peak resident memory of the process (KiB), if known.
    pub peak_memory_kb: Option<u64>,
    /// Extra lines (files written).
    pub notes: Vec<String>,
    /// The task's expected verdict, if any (informational).
    pub expected: Option<bool>,
    /// `--mode auto`: every stage that ran, in order (empty otherwise).
    pub stages: Vec<StageReport>,
    /// The checked loop invariants of a proof: (`file:line` of the loop,
    /// C expression); shown with `--invariants` and in `--json`.
    pub invariants: Vec<(String, String)>,
}

/// One stage of `--mode auto` as reported: its name, the technique it ran,
/// its time and what it answered.
#[derive(Clone, Debug)]
pub struct StageReport {
    /// Stage name (e.g. `navigate`).
    pub name: &'static str,
    /// The mode whose statistics the stage produced (`compact`, ...).
    pub technique: &'static str,
    /// Wall time of the stage in seconds.
    pub seconds: f64,
    /// CPU time of the stage in seconds (user and system, of the stage's
    /// process or thread work and of the processes it waited for).
    pub cpu_seconds: f64,
    /// The stage's verdict.
    pub verdict: Verdict,
    /// Why it ended `unknown` (or how it proved `true`).
    pub reason: Option<String>,
    /// Whether the stage answered for the run.
    pub answered: bool,
    /// Whether the stage was skipped (and why, in `reason`).
    pub skipped: bool,
}

/// The call that makes a `false` fail: the call of the function in which
/// `reach_error` is called (`__VERIFIER_assert(...)` in its caller), or
/// the call of `reach_error` itself when `main` calls it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailingCall {
    /// `file:line` of the call (the file's base name, as the path's steps).
    pub at: String,
    /// The function called there (`__VERIFIER_assert`, `reach_error`, ...).
    pub callee: String,
    /// The source line of the call, trimmed, when the source can be read.
    pub source: Option<String>,
}

/// The failing call of witness `w` (see [`FailingCall`]): with the
/// function `f` in which `reach_error` is called (by the functions' source
/// spans), the last step of the error path outside `f`'s lines, which is
/// the line calling `f`; the call of `reach_error` itself when `f` is
/// `main` or no step lies outside it. `None` without the call's source
/// position.
pub fn failing_call(m: &Module, sources: &[PathBuf], w: &ErrorWitness) -> Option<FailingCall> {
    let src = w.error_src?;
    let f = m.function_at(src.file, src.line);
    let at_error = || FailingCall {
        at: w.location.clone(),
        callee: "reach_error".into(),
        source: source_line(sources, &w.location),
    };
    let Some(f) = f.filter(|f| f.name != "main") else {
        return Some(at_error());
    };
    let span = f.span?;
    let file = m.describe(Some(src));
    let file = file.rsplit_once(':').map_or(file.as_str(), |(f, _)| f);
    let inside = |step: &str| {
        step.rsplit_once(':').is_some_and(|(sf, l)| {
            sf == file
                && l.parse::<u32>()
                    .is_ok_and(|l| span.first <= l && l <= span.last)
        })
    };
    match w.path.iter().rev().find(|s| !inside(s)) {
        Some(step) => Some(FailingCall {
            at: step.clone(),
            callee: f.name.clone(),
            source: source_line(sources, step),
        }),
        None => Some(at_error()),
    }
}

/// Time given to the interpreter's re-run of an error test whose path is
/// not known (see [`failing_call_replayed`]).
pub const FAILING_CALL_RUN_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// The failing call of witness `w` of `prog` ([`failing_call`]); when `w`
/// has no source position of its `reach_error` call (a `false` from the
/// native back end, whose path is not a symbolic trace), from the
/// interpreter's re-run of its inputs (at most [`FAILING_CALL_RUN_TIME`],
/// not past `deadline`, for a test of at most
/// [`crate::witness::emit::MAX_WITNESS_INPUTS`] inputs); `None` when that
/// run does not reach `reach_error` in time.
pub fn failing_call_replayed(
    prog: &kappa_frontend::Program,
    w: &ErrorWitness,
    deadline: Option<std::time::Instant>,
) -> Option<FailingCall> {
    if w.error_src.is_some() {
        return failing_call(&prog.module, &prog.sources, w);
    }
    if w.inputs.len() > crate::witness::emit::MAX_WITNESS_INPUTS {
        return None;
    }
    let inputs = w.inputs.iter().map(|i| i.bits).collect();
    match crate::witness::concrete_run(&prog.module, inputs, FAILING_CALL_RUN_TIME, deadline) {
        Ok(crate::witness::ConcreteEnd::Error(rec)) => {
            failing_call(&prog.module, &prog.sources, &rec)
        }
        _ => None,
    }
}

/// The trimmed text of line `file:line` of the source among `sources`
/// whose base name is `file`.
fn source_line(sources: &[PathBuf], at: &str) -> Option<String> {
    let (file, line) = at.rsplit_once(':')?;
    let line: usize = line.parse().ok()?;
    let path = sources
        .iter()
        .find(|p| p.file_name().and_then(|n| n.to_str()) == Some(file))?;
    let text = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(&text);
    let l = text.lines().nth(line.checked_sub(1)?)?.trim();
    (!l.is_empty()).then(|| l.to_string())
}

/// What a stage's reason cell and line say: its reason, or for an answer
/// without one (an exploration that was complete, or an error found and
/// replayed) what the verdict rests on.
pub fn stage_reason(st: &StageReport) -> Option<String> {
    if let Some(r) = &st.reason {
        return Some(r.clone());
    }
    match st.verdict {
        Verdict::True => Some("every path explored; none reaches an error".into()),
        Verdict::False => {
            Some("an error path found; its inputs replayed natively to reach_error".into())
        }
        Verdict::Unknown => None,
    }
}

/// Peak resident set size from /proc (KiB).
pub fn peak_memory_kb() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The verdict's name in reports (`true`, `false`, `unknown`).
pub fn verdict_str(v: Verdict) -> &'static str {
    match v {
        Verdict::True => "true",
        Verdict::False => "false",
        Verdict::Unknown => "unknown",
    }
}

impl Report {
    /// A report for a program kappa cannot even start on (unsupported construct).
    pub fn unknown_without_run(file: &Path, reason: impl Into<Reason>) -> Report {
        Report {
            file: file.display().to_string(),
            data_model: DataModel::default(),
            mode: "classic",
            verdict: Verdict::Unknown,
            reason: Some(reason.into()),
            witness: None,
            failing_call: None,
            replay: None,
            stats: Stats::default(),
            peak_memory_kb: peak_memory_kb(),
            notes: vec![],
            expected: None,
            stages: vec![],
            invariants: vec![],
        }
    }

    /// Prints the report on stdout, if this thread can claim the output
    /// (see [`crate::watchdog::claim_output`]); otherwise the watchdog is
    /// printing a verdict and ending the process, and this never returns.
    pub fn print(&self, as_json: bool) {
        let text = self.render(as_json);
        if !crate::watchdog::claim_output() {
            crate::watchdog::park_forever();
        }
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    }

    /// The report as printed: one JSON line, or the human text.
    pub fn render(&self, as_json: bool) -> String {
        if as_json {
            format!("{}\n", self.json())
        } else {
            self.text()
        }
    }

    /// The JSON object.
    pub fn json(&self) -> serde_json::Value {
        let test = self.witness.as_ref().map(|w| {
            json!({
                "inputs": w.inputs.iter().map(|i| json!({
                    "origin": i.origin, "type": i.ty.to_string(), "value": i.decimal(), "at": i.at,
                })).collect::<Vec<_>>(),
                "error_location": w.location,
                "error_path": w.path,
                "error_path_elided": w.path_elided,
                "failing_call": self.failing_call.as_ref().map(|c| json!({
                    "at": c.at, "callee": c.callee, "source": c.source,
                })),
            })
        });
        let s = &self.stats;
        let mut v = json!({
            "verdict": verdict_str(self.verdict),
            "reason": self.reason.as_ref().map(ToString::to_string),
            "file": self.file,
            "data_model": self.data_model.to_string(),
            "mode": self.mode,
            "test": test,
            "replay": self.replay,
            "stats": {
                "states": s.states, "paths": s.paths, "forks": s.forks, "instructions": s.instructions,
                "solver_queries": s.queries, "z3_queries": s.z3_queries, "solver_time_s": round3(s.solver_time),
                "failed_leaves": s.failed_leaves, "max_pending_states": s.max_pending,
                "wall_time_s": round3(s.wall_time), "peak_memory_kb": self.peak_memory_kb,
                "solver_routes": s.solver_routes.iter().map(|(name, n, unknown, t)| {
                    (name.clone(), json!({"z3_calls": n, "unknown": unknown, "time_s": round3(*t)}))
                }).collect::<serde_json::Map<_, _>>(),
            },
            "expected_verdict": self.expected,
        });
        if !self.invariants.is_empty() {
            v["invariants"] = json!(self
                .invariants
                .iter()
                .map(|(at, c)| json!({ "loop": at, "invariant": c }))
                .collect::<Vec<_>>());
        }
        if self.mode == "native" {
            // the back end's figures (transform, link, explorer, runs)
            v["notes"] = json!(self.notes);
        }
        // each technique's own counters (compact: the paper's Table 1
        // columns; navigate: Table 3's), under its key
        for t in s.techniques.iter() {
            let j = t.json(s);
            if !j.is_null() {
                v["stats"][t.key()] = j;
            }
        }
        if !self.stages.is_empty() {
            set_stages_json(&mut v, &self.stages);
        }
        v
    }

    /// The human-readable text.
    pub fn text(&self) -> String {
        let (head, tail) = self.text_parts();
        format!("{head}{}{tail}", stage_lines(&self.stages))
    }

    /// The human-readable text without its stage lines: what comes before
    /// them and what after (the notes), so that a parent process can put
    /// in the lines of every stage (see `crate::stages`).
    pub fn text_parts(&self) -> (String, String) {
        use std::fmt::Write;
        let mut o = String::new();
        let _ = writeln!(
            o,
            "kappa {} ({}, {} symbolic execution)",
            self.file, self.data_model, self.mode
        );
        let _ = writeln!(o, "verdict: {}", verdict_str(self.verdict));
        if let Some(r) = &self.reason {
            let _ = writeln!(o, "reason: {r}");
        }
        if let Some(c) = &self.failing_call {
            let _ = match &c.source {
                Some(src) => writeln!(o, "failing call: {} at {}: {src}", c.callee, c.at),
                None => writeln!(o, "failing call: {} at {}", c.callee, c.at),
            };
        }
        if let Some(w) = &self.witness {
            // (the line's form is kept for scripts that read the location)
            let _ = writeln!(o, "reach_error() is called at {}", w.location);
            let _ = writeln!(o, "inputs ({}):", w.inputs.len());
            for line in input_lines(&w.inputs) {
                let _ = writeln!(o, "{line}");
            }
            let path = if w.path_elided > 0 {
                let shown = w.path.len().min(20);
                let mut p = vec![format!(
                    "... {} steps ...",
                    w.path_elided + (w.path.len() - shown) as u64
                )];
                p.extend_from_slice(&w.path[w.path.len() - shown..]);
                p
            } else if w.path.len() > 40 {
                let mut p = w.path[..20].to_vec();
                p.push(format!("... {} steps ...", w.path.len() - 40));
                p.extend_from_slice(&w.path[w.path.len() - 20..]);
                p
            } else {
                w.path.clone()
            };
            if !path.is_empty() {
                let _ = writeln!(o, "error path: {}", path.join(" -> "));
            }
        }
        if let Some(r) = &self.replay {
            let _ = writeln!(o, "native replay: {r}");
        }
        for (at, c) in &self.invariants {
            let _ = writeln!(o, "invariant at {at}: {c}");
        }
        let _ = writeln!(o, "{}", self.stats_line());
        let s = &self.stats;
        for line in s.techniques.iter().filter_map(|t| t.text(s)) {
            let _ = writeln!(o, "{line}");
        }
        let mut tail = String::new();
        for n in &self.notes {
            let _ = writeln!(tail, "{n}");
        }
        (o, tail)
    }
}

impl Report {
    /// The `stats:` line: the exploration's counters, or, when the run that
    /// answered executed no state of the program (a proof, the necessary
    /// condition, a program that could not be run), what it did instead.
    pub fn stats_line(&self) -> String {
        let s = &self.stats;
        let peak = self
            .peak_memory_kb
            .map(|k| format!(", {:.1} MiB peak", k as f64 / 1024.0))
            .unwrap_or_default();
        if s.instructions == 0 && s.paths == 0 {
            let answered = self.stages.iter().find(|st| st.answered);
            let technique = answered.map_or(self.mode, |st| st.technique);
            let condition = answered.is_some_and(|st| st.name == "condition")
                || self
                    .reason
                    .as_ref()
                    .is_some_and(|r| r.to_string().starts_with("the necessary condition"));
            let what = if condition {
                Some("the necessary condition was solved instead (see its line)")
            } else if technique == "prove" {
                Some("the proof stage solved formulas instead (see the prove line)")
            } else if technique == "navigate" && self.verdict == Verdict::True {
                Some("the constraint systems of the chains were solved instead (see the navigate line)")
            } else if s.states == 0 {
                Some("the program was not run")
            } else {
                // (a run stopped before its first step: its counters)
                None
            };
            if let Some(what) = what {
                return self.no_state_line(what, &peak);
            }
        }
        format!(
            "stats: {} states, {} paths, {} forks, {} instructions, {} solver queries ({} to Z3, {:.3}s), {} failed leaves, {:.3}s wall{peak}",
            s.states,
            s.paths,
            s.forks,
            s.instructions,
            s.queries,
            s.z3_queries,
            s.solver_time,
            s.failed_leaves,
            s.wall_time,
        )
    }

    /// The `stats:` line of a run that executed no state: `what` it did.
    fn no_state_line(&self, what: &str, peak: &str) -> String {
        let s = &self.stats;
        let queries = match s.queries {
            0 => String::new(),
            1 => "; 1 solver query".to_string(),
            n => format!("; {n} solver queries"),
        };
        format!(
            "stats: no program state executed: {what}{queries}; {:.3}s wall{peak}",
            s.wall_time
        )
    }
}

/// The text lines of auto's stages: one per stage, with its wall and CPU
/// time, verdict and reason, the one that answered marked.
pub fn stage_lines(stages: &[StageReport]) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    for st in stages {
        let what = if st.skipped {
            "skipped".to_string()
        } else {
            format!(
                "{:.3}s wall, {:.3}s CPU, {}",
                st.seconds,
                st.cpu_seconds,
                verdict_str(st.verdict)
            )
        };
        let why = stage_reason(st)
            .map(|r| format!(" ({r})"))
            .unwrap_or_default();
        let mark = if st.answered { " <- answered" } else { "" };
        let _ = writeln!(o, "stage {}: {what}{why}{mark}", st.name);
    }
    o
}

/// Sets `stats.stages` (every stage: name, technique, `time_s` and
/// `wall_s` its wall time, `cpu_s` its CPU time, verdict, reason, answered,
/// skipped), `stats.jobs` (how many ran at once) and `stage` (the one that
/// answered) of a JSON report.
pub fn set_stages_json(v: &mut serde_json::Value, stages: &[StageReport]) {
    if let Some(n) = crate::stages::jobs() {
        v["stats"]["jobs"] = json!(n);
    }
    v["stats"]["stages"] = json!(stages
        .iter()
        .map(|st| json!({
            "name": st.name, "technique": st.technique, "time_s": round3(st.seconds),
            "wall_s": round3(st.seconds), "cpu_s": round3(st.cpu_seconds),
            "verdict": verdict_str(st.verdict), "reason": stage_reason(st),
            "answered": st.answered, "skipped": st.skipped,
        }))
        .collect::<Vec<_>>());
    if let Some(a) = stages.iter().find(|s| s.answered) {
        v["stage"] = json!(a.name);
    }
}

/// CPU time (user and system, in seconds) of this process and of the child
/// processes it has waited for.
pub fn cpu_seconds() -> f64 {
    let mut total = 0.0;
    for who in [libc::RUSAGE_SELF, libc::RUSAGE_CHILDREN] {
        // SAFETY: getrusage fills the zeroed struct.
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(who, &mut ru) } == 0 {
            total += rusage_seconds(&ru);
        }
    }
    total
}

/// User plus system time of a `rusage`, in seconds.
pub fn rusage_seconds(ru: &libc::rusage) -> f64 {
    let t = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 / 1e6;
    t(ru.ru_utime) + t(ru.ru_stime)
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The text lines of a witness's inputs: one per input, except that a run
/// of at least [`INPUT_RUN`] consecutive inputs with the same origin, value
/// and source position is one line naming its first and last index and
/// its length (a loop that reads an input per iteration: 100 000 equal
/// lines said nothing more). Lossless: every input is on a line.
fn input_lines(inputs: &[kappa_engine::TestInput]) -> Vec<String> {
    let key = |i: &kappa_engine::TestInput| (i.origin.clone(), i.decimal(), i.at.clone());
    let mut out = vec![];
    let mut k = 0;
    while k < inputs.len() {
        let first = key(&inputs[k]);
        let mut end = k + 1;
        while end < inputs.len() && key(&inputs[end]) == first {
            end += 1;
        }
        let (origin, value, at) = first;
        // (native mode knows no source position of an input)
        let at = if at.is_empty() {
            String::new()
        } else {
            format!(" at {at}")
        };
        if end - k >= INPUT_RUN {
            let idx = format!("#{k}-#{}", end - 1);
            let line = format!(
                "  {idx:<4} {origin:<28} = {value:<12}{at} ({} times)",
                end - k
            );
            out.push(line);
            k = end;
        } else {
            for j in k..end {
                let line = format!("  #{j:<3} {origin:<28} = {value:<12}{at}");
                out.push(line.trim_end().to_string());
            }
            k = end;
        }
    }
    out
}

/// The shortest run of equal inputs that [`input_lines`] writes as one line.
const INPUT_RUN: usize = 4;

#[cfg(test)]
mod tests {
    use super::{input_lines, Report, StageReport};
    use kappa_engine::{TestInput, Verdict};
    use kappa_ir::Ty;

    fn input(bits: u128) -> TestInput {
        TestInput {
            origin: "__VERIFIER_nondet_bool".into(),
            ty: Ty::Int(8),
            bits,
            at: "loop.c:3".into(),
        }
    }

    #[test]
    fn runs_of_equal_inputs_are_one_line_and_short_runs_are_not() {
        let mut v: Vec<TestInput> = (0..5).map(|_| input(1)).collect();
        v.push(input(0));
        v.extend((0..3).map(|_| input(1)));
        let lines = input_lines(&v);
        assert_eq!(
            lines,
            [
                "  #0-#4 __VERIFIER_nondet_bool       = 1            at loop.c:3 (5 times)",
                "  #5   __VERIFIER_nondet_bool       = 0            at loop.c:3",
                "  #6   __VERIFIER_nondet_bool       = 1            at loop.c:3",
                "  #7   __VERIFIER_nondet_bool       = 1            at loop.c:3",
                "  #8   __VERIFIER_nondet_bool       = 1            at loop.c:3",
            ]
        );
    }

    fn answered_by(stage: &'static str, mode: &'static str, reason: &str) -> Report {
        let mut r = Report::unknown_without_run(std::path::Path::new("p.c"), reason);
        r.verdict = Verdict::True;
        r.mode = mode;
        r.peak_memory_kb = None;
        r.stats.wall_time = 0.25;
        if mode == "auto" {
            r.stages = vec![StageReport {
                name: stage,
                technique: stage,
                seconds: 0.2,
                cpu_seconds: 0.1,
                verdict: Verdict::True,
                reason: None,
                answered: true,
                skipped: false,
            }];
        }
        r
    }

    #[test]
    fn runs_that_execute_no_state_say_what_they_did() {
        let line = |r: &Report| r.stats_line();
        assert_eq!(
            line(&answered_by("condition", "auto", "x")),
            "stats: no program state executed: the necessary condition was solved instead (see its line); 0.250s wall"
        );
        assert_eq!(
            line(&answered_by(
                "x",
                "classic",
                "the necessary condition for reaching reach_error is unsatisfiable"
            )),
            "stats: no program state executed: the necessary condition was solved instead (see its line); 0.250s wall"
        );
        assert_eq!(
            line(&answered_by("prove", "auto", "x")),
            "stats: no program state executed: the proof stage solved formulas instead (see the prove line); 0.250s wall"
        );
        let mut nav = answered_by("x", "navigate", "proved by chain constraint systems");
        nav.stats.states = 1;
        nav.stats.queries = 3;
        assert_eq!(
            line(&nav),
            "stats: no program state executed: the constraint systems of the chains were solved instead (see the navigate line); 3 solver queries; 0.250s wall"
        );
        let mut unknown = answered_by("x", "classic", "unsupported: x");
        unknown.verdict = Verdict::Unknown;
        assert_eq!(
            line(&unknown),
            "stats: no program state executed: the program was not run; 0.250s wall"
        );
        // a run that stopped before its first step keeps its counters
        unknown.stats.states = 1;
        assert!(line(&unknown).starts_with("stats: 1 states, 0 paths"));
        // an exploration prints its counters
        let mut ran = answered_by("x", "classic", "x");
        ran.stats.instructions = 7;
        ran.stats.paths = 1;
        assert!(line(&ran).starts_with("stats: 0 states, 1 paths, 0 forks, 7 instructions"));
    }

    #[test]
    fn a_witness_without_positions_gets_its_failing_call_from_a_replay() {
        // a `false` of the native back end: inputs only, no source position
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let p = root.join("tests/snap/assert_call.c");
        let prog = crate::load::load_plain(&p, None).unwrap();
        let w = kappa_engine::ErrorWitness {
            inputs: vec![TestInput {
                origin: "__VERIFIER_nondet_int".into(),
                ty: Ty::Int(32),
                bits: 7,
                at: String::new(),
            }],
            path: vec![],
            path_elided: 0,
            location: "?".into(),
            error_src: None,
            events: vec![],
        };
        assert_eq!(super::failing_call(&prog.module, &prog.sources, &w), None);
        let c = super::failing_call_replayed(&prog, &w, None).expect("a failing call");
        assert_eq!(
            (c.callee.as_str(), c.at.as_str(), c.source.as_deref()),
            (
                "__VERIFIER_assert",
                "assert_call.c:19",
                Some("__VERIFIER_assert(s != 14);")
            )
        );
        // inputs that do not fail: no call
        let mut ok = w.clone();
        ok.inputs[0].bits = 3;
        assert_eq!(super::failing_call_replayed(&prog, &ok, None), None);
    }
}
