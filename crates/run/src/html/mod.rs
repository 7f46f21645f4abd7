//! The HTML report of `kappa verify --html FILE`: one self-contained page
//! (inline CSS and SVG, no script, no network) rendered from a [`Page`].
//!
//! Every piece of program text (source lines, input origins, templates,
//! conditions, reasons) goes through [`escape`]; the trees are SVG drawn by
//! Graphviz `dot` from the engine's DOT text (whose labels Graphviz escapes
//! as XML) and are dropped if they hold anything active (see [`safe_svg`]).
//! A Content-Security-Policy meta tag forbids scripts and every fetch as a
//! second line of defence. Stable ids and classes, for the tests and for
//! readers: `#verdict`, `#reason`, `#stages` (`tr.stage`), `#inputs`
//! (`tr.input`), `#source` (`pre.source`, `span.line` with `on-path`,
//! `input-line`, `error-line`, `failing-line`), `#path` (`li.step`), `#trees`
//! (`figure.tree svg`), `#templates`, `#condition`, `#chains`,
//! `#invariants` (`tr.invariant`), `#stats`, `#notes`; `#failing-call`
//! in the summary.

pub mod condition;
pub mod gather;

use crate::report::{stage_reason, verdict_str, Report, StageReport};
use kappa_engine::Verdict;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// Trees with more nodes than this are not drawn (Graphviz takes long and
/// the drawing is unreadable); the page says so instead.
pub const MAX_DRAWN_NODES: usize = 2000;

/// One source file of the program, as shown on the page.
pub struct SourceFile {
    /// The name the report's `file:line` steps use (the file's base name).
    pub name: String,
    /// The file's text (lossily decoded).
    pub text: String,
}

/// One symbolic execution tree to draw.
pub struct TreeFigure {
    /// What ran (`classic`, `compact`, or an auto stage's name).
    pub label: String,
    /// The drawing: inline SVG markup, or why there is none.
    pub svg: Result<String, String>,
    /// Number of nodes.
    pub nodes: usize,
    /// Whether the tree hit its size limit.
    pub truncated: bool,
}

/// A loop invariant of the correctness witness.
pub struct InvariantRow {
    /// `file:line:column` of the loop keyword.
    pub at: String,
    /// The C expression.
    pub value: String,
}

/// A text section computed by a technique (`kappa templates`,
/// `kappa chains`): its text, or why there is none.
pub struct TextSection {
    /// Element id (`templates`, `chains`).
    pub id: &'static str,
    /// Heading.
    pub title: &'static str,
    /// The command's output, or the error that stopped it.
    pub text: Result<String, String>,
}

/// Everything the page shows.
pub struct Page<'a> {
    /// The report `kappa verify` printed.
    pub report: &'a Report,
    /// The program's source files.
    pub sources: Vec<SourceFile>,
    /// The trees the run recorded (empty: none).
    pub trees: Vec<TreeFigure>,
    /// Why there is no tree, when `trees` is empty.
    pub no_tree: Option<String>,
    /// Templates and chain form: those computed.
    pub sections: Vec<TextSection>,
    /// The necessary condition, when a run computed it (or why it could
    /// not be shown).
    pub condition: Option<Result<condition::ConditionView, String>>,
    /// Loop invariants (for `true`).
    pub invariants: Vec<InvariantRow>,
}

/// `s` with `&`, `<`, `>`, `"` and `'` replaced by character references:
/// safe in element content and in quoted attribute values.
pub use kappa_replay::escape;

/// The `<svg>` element of Graphviz's SVG output (prolog and doctype cut
/// off), or `None` when it holds anything that could be active in a page
/// (a script, a foreign object, an event handler, a link, an entity
/// declaration) or no `<svg` element at all.
pub fn safe_svg(svg: &str) -> Option<String> {
    let start = svg.find("<svg")?;
    let body = &svg[start..];
    let lower = body.to_ascii_lowercase();
    let active = [
        "<script",
        "<foreignobject",
        "javascript:",
        "href",
        "<!entity",
        "<iframe",
    ];
    if active.iter().any(|a| lower.contains(a)) {
        return None;
    }
    // an event handler attribute: ` on...=` inside a tag
    let mut in_tag = false;
    let b = lower.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'<' => in_tag = true,
            b'>' => in_tag = false,
            b'o' if in_tag
                && i > 0
                && b[i - 1].is_ascii_whitespace()
                && b.get(i + 1) == Some(&b'n') =>
            {
                let name_end = b[i..]
                    .iter()
                    .position(|c| !c.is_ascii_alphanumeric())
                    .map(|p| i + p);
                if name_end.is_some_and(|e| {
                    b[e..].iter().find(|c| !c.is_ascii_whitespace()) == Some(&b'=')
                }) {
                    return None;
                }
            }
            _ => {}
        }
    }
    Some(body.trim_end().to_string())
}

const STYLE: &str = "
body{font-family:sans-serif;margin:1.5em;color:#222;max-width:110em}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.4em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.4em 0}
td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left;vertical-align:top}
th{background:#f3f3f3}
.verdict{font-weight:bold;padding:.1em .5em;border-radius:.2em}
.verdict-true{background:#d8f0d8;color:#135c13}
.verdict-false{background:#f8d7d7;color:#8a1111}
.verdict-unknown{background:#f3ecd0;color:#6b5400}
tr.answered{background:#eef6ff;font-weight:bold}
tr.skipped{color:#888}
pre{background:#fafafa;border:1px solid #ddd;padding:.5em;overflow:auto;font-size:.85em}
pre.source{padding:0}
.line{display:block;padding:0 .5em;white-space:pre}
.ln{display:inline-block;width:4em;color:#999;user-select:none}
.on-path{background:#fff3b0}
.input-line{background:#d9ecff}
.error-line{background:#ffc9c9;font-weight:bold}
.failing-line{background:#ffd8a8;font-weight:bold}
.note{color:#666;font-style:italic;margin-left:1em}
.trees{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
figure.tree{flex:1 1 40em;min-width:20em;max-height:50em;margin:0;border:1px solid #ddd;padding:.5em;overflow:auto}
figure.tree svg{max-width:100%;height:auto}
figure.tree input.full{display:none}
figure.tree label{font-weight:normal;font-size:.85em;color:#36c;cursor:pointer;margin-left:1em;text-decoration:underline}
figure.tree input.full:checked~svg{max-width:none}
figcaption{font-weight:bold;margin-bottom:.3em}
";

/// The page's HTML text.
pub fn render(p: &Page) -> String {
    let r = p.report;
    let mut o = String::new();
    let v = verdict_str(r.verdict);
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>kappa: {} is {v}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>kappa verify: <code>{}</code></h1>\n",
        escape(&r.file),
        escape(&r.file)
    );
    summary(&mut o, r);
    if !r.stages.is_empty() {
        stages(&mut o, &r.stages);
    }
    let steps = path_steps(r);
    if let Some(w) = &r.witness {
        let _ = writeln!(
            o,
            "<section id=\"inputs\">\n<h2>Inputs ({})</h2>\n<table>\n<tr><th>#</th><th>origin</th><th>type</th><th>value</th><th>read at</th></tr>",
            w.inputs.len()
        );
        for (k, i) in w.inputs.iter().enumerate() {
            let _ = writeln!(
                o,
                "<tr class=\"input\"><td>{k}</td><td>{}</td><td>{}</td><td class=\"value\">{}</td><td>{}</td></tr>",
                escape(&i.origin),
                escape(&i.ty.to_string()),
                escape(&i.decimal()),
                escape(&i.at)
            );
        }
        o.push_str("</table>\n</section>\n");
    }
    source(&mut o, p, &steps);
    if let Some(w) = &r.witness {
        let _ = writeln!(
            o,
            "<section id=\"path\">\n<h2>Error path</h2>\n<details{}>\n<summary>{} source steps{}, reach_error() called at {}</summary>\n<ol>",
            if w.path.len() <= 40 { " open" } else { "" },
            w.path.len(),
            if w.path_elided > 0 {
                format!(" (the {} before them not kept)", w.path_elided)
            } else {
                String::new()
            },
            escape(&w.location)
        );
        for s in &w.path {
            let _ = writeln!(o, "<li class=\"step\">{}</li>", escape(s));
        }
        o.push_str("</ol>\n</details>\n</section>\n");
    }
    trees(&mut o, p);
    for s in &p.sections {
        let _ = write!(
            o,
            "<section id=\"{}\">\n<h2>{}</h2>\n<details open>\n<summary>{}</summary>\n",
            s.id,
            escape(s.title),
            match &s.text {
                Ok(t) => format!("{} lines", t.lines().count()),
                Err(_) => "not computed".into(),
            }
        );
        match &s.text {
            Ok(t) => {
                let _ = writeln!(o, "<pre>{}</pre>", escape(t));
            }
            Err(e) => {
                let _ = writeln!(o, "<p class=\"note\">{}</p>", escape(e));
            }
        }
        o.push_str("</details>\n</section>\n");
    }
    if let Some(c) = &p.condition {
        condition::render(&mut o, c, &p.sources);
    }
    if r.verdict == Verdict::True {
        let _ = writeln!(
            o,
            "<section id=\"invariants\">\n<h2>Loop invariants ({})</h2>",
            p.invariants.len()
        );
        if p.invariants.is_empty() {
            o.push_str("<p class=\"note\">the program has no loop</p>\n");
        } else {
            o.push_str("<p class=\"note\">those of the correctness witness");
            if p.invariants.iter().all(|i| i.value == "1") {
                o.push_str(
                    " (kappa has no better invariant for these loops: each is <code>1</code>)",
                );
            }
            o.push_str("</p>\n<table>\n<tr><th>loop at</th><th>invariant</th></tr>\n");
            for i in &p.invariants {
                let _ = writeln!(
                    o,
                    "<tr class=\"invariant\"><td>{}</td><td><code>{}</code></td></tr>",
                    escape(&i.at),
                    escape(&i.value)
                );
            }
            o.push_str("</table>\n");
        }
        o.push_str("</section>\n");
    }
    stats(&mut o, r);
    let _ = writeln!(
        o,
        "<footer><p class=\"note\">kappa {}</p></footer>\n</body>\n</html>",
        env!("CARGO_PKG_VERSION")
    );
    o
}

fn summary(o: &mut String, r: &Report) {
    let v = verdict_str(r.verdict);
    let _ = writeln!(
        o,
        "<table id=\"summary\">\n<tr><th>verdict</th><td><span id=\"verdict\" class=\"verdict verdict-{v}\">{v}</span></td></tr>\n\
         <tr><th>mode</th><td id=\"mode\">{}</td></tr>\n<tr><th>data model</th><td>{}</td></tr>",
        escape(r.mode),
        r.data_model
    );
    if let Some(reason) = &r.reason {
        let _ = writeln!(
            o,
            "<tr><th>reason</th><td id=\"reason\">{}</td></tr>",
            escape(&reason.to_string())
        );
    }
    if let Some(c) = &r.failing_call {
        let _ = writeln!(
            o,
            "<tr><th>failing call</th><td id=\"failing-call\">{} at {}{}</td></tr>",
            escape(&c.callee),
            escape(&c.at),
            c.source
                .as_ref()
                .map(|s| format!(": <code>{}</code>", escape(s)))
                .unwrap_or_default()
        );
    }
    if let Some(w) = &r.witness {
        let _ = writeln!(
            o,
            "<tr><th>reach_error() called at</th><td id=\"error-location\">{}</td></tr>",
            escape(&w.location)
        );
    }
    if let Some(rep) = &r.replay {
        let _ = writeln!(
            o,
            "<tr><th>native replay</th><td id=\"replay\">{}</td></tr>",
            escape(rep)
        );
    }
    if let Some(e) = r.expected {
        let _ = writeln!(o, "<tr><th>expected (task)</th><td>{e}</td></tr>");
    }
    o.push_str("</table>\n");
}

fn stages(o: &mut String, st: &[StageReport]) {
    o.push_str("<section id=\"stages\">\n<h2>Stages</h2>\n<table>\n<tr><th>stage</th><th>technique</th><th>time (s)</th><th>verdict</th><th>reason</th></tr>\n");
    for s in st {
        let class = if s.answered {
            "stage answered"
        } else if s.skipped {
            "stage skipped"
        } else {
            "stage"
        };
        let verdict = if s.skipped {
            "skipped"
        } else {
            verdict_str(s.verdict)
        };
        let _ = writeln!(
            o,
            "<tr class=\"{class}\"><td>{}</td><td>{}</td><td>{:.3}</td><td>{verdict}{}</td><td>{}</td></tr>",
            escape(s.name),
            escape(s.technique),
            s.seconds,
            if s.answered { " (answered)" } else { "" },
            escape(stage_reason(s).as_deref().unwrap_or(""))
        );
    }
    o.push_str("</table>\n</section>\n");
}

/// Per file name: line → the positions (1-based) of the steps of the error
/// path on that line; plus the input lines and the error line.
#[derive(Default)]
struct Marks {
    path: BTreeMap<(String, u32), Vec<usize>>,
    inputs: BTreeMap<(String, u32), Vec<usize>>,
    error: BTreeSet<(String, u32)>,
    /// The failing call's line, when it is not the error line.
    failing: Option<(String, u32)>,
}

/// `file:line` split at its last colon (`None` when the line is no number).
fn file_line(s: &str) -> Option<(String, u32)> {
    let (f, l) = s.rsplit_once(':')?;
    Some((base_name(f), l.trim().parse().ok()?))
}

fn base_name(f: &str) -> String {
    std::path::Path::new(f)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| f.to_string())
}

fn path_steps(r: &Report) -> Marks {
    let mut m = Marks::default();
    let Some(w) = &r.witness else {
        return m;
    };
    let first = w.path_elided as usize + 1;
    for (k, s) in w.path.iter().enumerate() {
        if let Some(fl) = file_line(s) {
            m.path.entry(fl).or_default().push(first + k);
        }
    }
    for (k, i) in w.inputs.iter().enumerate() {
        if let Some(fl) = file_line(&i.at) {
            m.inputs.entry(fl).or_default().push(k);
        }
    }
    if let Some(fl) = file_line(&w.location) {
        m.error.insert(fl);
    }
    m.failing = r
        .failing_call
        .as_ref()
        .and_then(|c| file_line(&c.at))
        .filter(|fl| !m.error.contains(fl));
    m
}

fn source(o: &mut String, p: &Page, marks: &Marks) {
    o.push_str("<section id=\"source\">\n<h2>Source</h2>\n");
    if p.report.witness.is_some() {
        let _ = writeln!(
            o,
            "<p class=\"note\">highlighted: <span class=\"on-path\">lines of the error path</span>, <span class=\"input-line\">lines reading inputs</span>, <span class=\"error-line\">the reach_error() call</span>{}</p>",
            if marks.failing.is_some() {
                ", <span class=\"failing-line\">the failing call</span>"
            } else {
                ""
            }
        );
    }
    if p.sources.is_empty() {
        o.push_str("<p class=\"note\">no source text</p>\n");
    }
    for f in &p.sources {
        let _ = writeln!(
            o,
            "<details open>\n<summary>{}</summary>\n<pre class=\"source\" data-file=\"{}\">",
            escape(&f.name),
            escape(&f.name)
        );
        for (k, line) in f.text.lines().enumerate() {
            let n = k as u32 + 1;
            let key = (f.name.clone(), n);
            let mut classes = vec!["line"];
            let mut title = vec![];
            if let Some(steps) = marks.path.get(&key) {
                classes.push("on-path");
                title.push(format!("path steps {}", join(steps)));
            }
            if let Some(ins) = marks.inputs.get(&key) {
                classes.push("input-line");
                title.push(format!("inputs #{}", join(ins)));
            }
            if marks.error.contains(&key) {
                classes.push("error-line");
                title.push("reach_error() called".into());
            }
            if marks.failing.as_ref() == Some(&key) {
                classes.push("failing-line");
                title.push("the failing call".into());
            }
            let title = if title.is_empty() {
                String::new()
            } else {
                format!(" title=\"{}\"", escape(&title.join("; ")))
            };
            // (no newline between lines: each is a block)
            let _ = write!(
                o,
                "<span class=\"{}\" data-line=\"{n}\"{title}><span class=\"ln\">{n}</span>{}</span>",
                classes.join(" "),
                escape(line)
            );
        }
        o.push_str("</pre>\n</details>\n");
    }
    o.push_str("</section>\n");
}

fn join(v: &[usize]) -> String {
    let shown: Vec<String> = v.iter().take(12).map(|x| x.to_string()).collect();
    let more = if v.len() > 12 { ", ..." } else { "" };
    format!("{}{more}", shown.join(", "))
}

fn trees(o: &mut String, p: &Page) {
    o.push_str("<section id=\"trees\">\n<h2>Symbolic execution trees</h2>\n");
    if p.trees.is_empty() {
        let _ = writeln!(
            o,
            "<p class=\"note\">{}</p>",
            escape(p.no_tree.as_deref().unwrap_or("no tree was recorded"))
        );
    }
    o.push_str("<div class=\"trees\">\n");
    for (k, t) in p.trees.iter().enumerate() {
        // the drawing is scaled down to the box's width, so that its root
        // (at the top, above the middle of its subtrees) is in view; a
        // checkbox (no script) shows it at its own size
        let toggle = if t.svg.is_ok() {
            format!(" <label for=\"tree-full-{k}\">actual size</label>")
        } else {
            String::new()
        };
        let _ = writeln!(
            o,
            "<figure class=\"tree\" data-label=\"{}\">\n<figcaption>{} ({} node{}{}){toggle}</figcaption>",
            escape(&t.label),
            escape(&t.label),
            t.nodes,
            if t.nodes == 1 { "" } else { "s" },
            if t.truncated {
                ", truncated at the size limit"
            } else {
                ""
            }
        );
        match &t.svg {
            Ok(svg) => {
                let _ = writeln!(
                    o,
                    "<input type=\"checkbox\" class=\"full\" id=\"tree-full-{k}\">"
                );
                o.push_str(svg)
            }
            Err(why) => {
                let _ = write!(o, "<p class=\"note\">{}</p>", escape(why));
            }
        }
        o.push_str("\n</figure>\n");
    }
    o.push_str("</div>\n</section>\n");
}

fn stats(o: &mut String, r: &Report) {
    let s = &r.stats;
    let rows: [(&str, String); 10] = [
        ("states", s.states.to_string()),
        ("paths", s.paths.to_string()),
        ("forks", s.forks.to_string()),
        ("instructions", s.instructions.to_string()),
        ("solver queries", s.queries.to_string()),
        ("queries to Z3", s.z3_queries.to_string()),
        ("solver time (s)", format!("{:.3}", s.solver_time)),
        ("failed leaves", s.failed_leaves.to_string()),
        ("wall time (s)", format!("{:.3}", s.wall_time)),
        (
            "peak memory (MiB)",
            r.peak_memory_kb
                .map(|k| format!("{:.1}", k as f64 / 1024.0))
                .unwrap_or_else(|| "?".into()),
        ),
    ];
    o.push_str("<section id=\"stats\">\n<h2>Statistics</h2>\n");
    // a run that executed no state says what it did, as the text does
    if let Some(what) = r
        .stats_line()
        .strip_prefix("stats: no program state executed: ")
    {
        let _ = writeln!(
            o,
            "<p id=\"no-state\">no program state executed: {}</p>",
            escape(what)
        );
    }
    // each technique's line of the text report (`prove: ...`, `compact: ...`)
    for line in s.techniques.iter().filter_map(|t| t.text(s)) {
        let _ = writeln!(o, "<p class=\"technique\">{}</p>", escape(&line));
    }
    o.push_str("<details>\n<summary>counters</summary>\n<table>\n");
    for (k, v) in rows {
        let _ = writeln!(o, "<tr><th>{k}</th><td>{}</td></tr>", escape(&v));
    }
    o.push_str("</table>\n</details>\n");
    // every counter of the run, as `--json` reports them
    let json = serde_json::to_string_pretty(&r.json()["stats"]).unwrap_or_default();
    let _ = writeln!(
        o,
        "<details>\n<summary>all counters (as in --json)</summary>\n<pre id=\"stats-json\">{}</pre>\n</details>",
        escape(&json)
    );
    o.push_str("</section>\n");
    if !r.notes.is_empty() {
        o.push_str("<section id=\"notes\">\n<h2>Notes</h2>\n<ul>\n");
        for n in &r.notes {
            let _ = writeln!(o, "<li>{}</li>", escape(n));
        }
        o.push_str("</ul>\n</section>\n");
    }
}

#[cfg(test)]
mod tests;
