//! Rendering of a verification result: human-readable text or one JSON object.

use kappa_engine::{ErrorWitness, Stats, Verdict};
use kappa_ir::DataModel;
use serde_json::json;
use std::path::Path;

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
    /// Reason for `unknown`.
    pub reason: Option<String>,
    /// The confirmed error witness (for `false`).
    pub witness: Option<ErrorWitness>,
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
    pub fn unknown_without_run(file: &Path, reason: String) -> Report {
        Report {
            file: file.display().to_string(),
            data_model: DataModel::default(),
            mode: "classic",
            verdict: Verdict::Unknown,
            reason: Some(reason),
            witness: None,
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
            })
        });
        let s = &self.stats;
        let mut v = json!({
            "verdict": verdict_str(self.verdict),
            "reason": self.reason,
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
        if let Some(w) = &self.witness {
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
        let s = &self.stats;
        let _ = writeln!(
            o,
            "stats: {} states, {} paths, {} forks, {} instructions, {} solver queries ({} to Z3, {:.3}s), {} failed leaves, {:.3}s wall{}",
            s.states,
            s.paths,
            s.forks,
            s.instructions,
            s.queries,
            s.z3_queries,
            s.solver_time,
            s.failed_leaves,
            s.wall_time,
            self.peak_memory_kb.map(|k| format!(", {:.1} MiB peak", k as f64 / 1024.0)).unwrap_or_default()
        );
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
        let why = st
            .reason
            .as_deref()
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
            "verdict": verdict_str(st.verdict), "reason": st.reason,
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
    use super::input_lines;
    use kappa_engine::TestInput;
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
}
