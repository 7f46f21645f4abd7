//! Collecting what the HTML report shows after a verdict (source files,
//! trees drawn by Graphviz, templates, necessary condition, chain form,
//! invariants) and writing the page `--html` names.

use super::{render, safe_svg, InvariantRow, Page, SourceFile, TextSection, TreeFigure};
use crate::options::{Mode, VerifyOptions};
use crate::report::Report;
use anyhow::{anyhow, Result};
use kappa_engine::{ExecTree, Verdict};
use kappa_frontend::Program;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Time the necessary condition's solver race gets on the page.
pub const CONDITION_TIME: Duration = Duration::from_secs(2);

/// Longest Graphviz may take to draw one tree.
pub const DOT_TIME: Duration = Duration::from_secs(20);

/// Largest source file shown (bytes); a larger one is named only.
pub const MAX_SOURCE_BYTES: u64 = 4 << 20;

/// Creates (or truncates) the page's file before the run, so that a path
/// that cannot be written is a one-line error before any work.
pub fn check_writable(path: &Path) -> Result<()> {
    std::fs::write(path, "")
        .map_err(|e| anyhow!("{}: cannot write the HTML report: {e}", path.display()))
}

/// The trees a run recorded, labelled by what ran: `earlier` (the auto
/// stages before the last) and the last run's `tree` under `label`.
pub fn labelled_trees(
    earlier: Vec<(String, ExecTree)>,
    label: &str,
    tree: Option<&ExecTree>,
) -> Vec<(String, ExecTree)> {
    let mut v = earlier;
    if let Some(t) = tree {
        v.push((label.to_string(), t.clone()));
    }
    v
}

/// Writes the page for report `r` to `--html`'s file, if asked for. Called
/// after the verdict is printed: a failure prints a one-line error and
/// ends the process with status 2 (the verdict stands).
pub fn write_if_asked(
    args: &VerifyOptions,
    r: &Report,
    prog: Option<&Program>,
    trees: Vec<(String, ExecTree)>,
) {
    let Some(path) = &args.html else {
        return;
    };
    if let Err(e) = write_page(path, args, r, prog, trees) {
        eprintln!("kappa: error: {e}");
        crate::watchdog::exit_now(2);
    }
}

fn write_page(
    path: &Path,
    args: &VerifyOptions,
    r: &Report,
    prog: Option<&Program>,
    trees: Vec<(String, ExecTree)>,
) -> Result<()> {
    let source_paths: Vec<PathBuf> = match prog {
        Some(p) => p.sources.clone(),
        None => c_file(&args.file),
    };
    let no_tree = if trees.is_empty() {
        Some(match args.mode {
            Mode::Native => "native mode records no tree".to_string(),
            _ if r.stats.states == 0 => "no state was run".to_string(),
            _ => "no tree was recorded".to_string(),
        })
    } else {
        None
    };
    let page = Page {
        report: r,
        sources: source_paths.iter().filter_map(|p| source_file(p)).collect(),
        trees: trees
            .iter()
            .map(|(label, t)| TreeFigure {
                label: label.clone(),
                svg: draw(t),
                nodes: t.nodes.len(),
                truncated: t.truncated,
            })
            .collect(),
        no_tree,
        sections: prog.map(|p| sections(args, r, p)).unwrap_or_default(),
        condition: prog
            .filter(|_| args.prune_with_condition || ran(r, "condition"))
            .map(|p| super::condition::view(&p.module, CONDITION_TIME)),
        invariants: match (prog, r.verdict) {
            (Some(p), Verdict::True) => invariants(p, &r.invariants),
            _ => vec![],
        },
    };
    std::fs::write(path, render(&page))
        .map_err(|e| anyhow!("{}: cannot write the HTML report: {e}", path.display()))
}

/// `file` when it is C source (`.c`, `.i`), as the sources to show of a
/// run that has no loaded program.
fn c_file(file: &Path) -> Vec<PathBuf> {
    let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
    if matches!(ext, "c" | "i" | "h") {
        vec![file.to_path_buf()]
    } else {
        vec![]
    }
}

/// The page of a verdict the watchdog gives (the run overran its time or
/// memory): the report and the source, nothing the run computed. A
/// failure to write is said on stderr; the verdict stands.
pub fn write_plain_page(path: &Path, r: &Report) {
    let page = Page {
        report: r,
        sources: c_file(Path::new(&r.file))
            .iter()
            .filter_map(|p| source_file(p))
            .collect(),
        trees: vec![],
        no_tree: Some("the run was stopped before it could hand over its tree".into()),
        sections: vec![],
        condition: None,
        invariants: vec![],
    };
    if let Err(e) = std::fs::write(path, render(&page)) {
        eprintln!(
            "kappa: error: {}: cannot write the HTML report: {e}",
            path.display()
        );
    }
}

/// A C (or preprocessed) source file's text; `None` for LLVM files and
/// files that cannot be read.
fn source_file(p: &Path) -> Option<SourceFile> {
    let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
    if matches!(ext, "bc" | "ll") {
        return None;
    }
    let name = super::base_name(&p.to_string_lossy());
    let len = std::fs::metadata(p).ok()?.len();
    let text = if len > MAX_SOURCE_BYTES {
        format!("({len} bytes: too large to show)")
    } else {
        String::from_utf8_lossy(&std::fs::read(p).ok()?).into_owned()
    };
    Some(SourceFile { name, text })
}

/// The tree as inline SVG (Graphviz `dot -Tsvg`), or why not.
fn draw(t: &ExecTree) -> Result<String, String> {
    if t.nodes.len() > super::MAX_DRAWN_NODES {
        return Err(format!(
            "{} nodes: too many to draw (at most {}); use --tree FILE.dot",
            t.nodes.len(),
            super::MAX_DRAWN_NODES
        ));
    }
    let svg = dot_svg(&t.to_dot())?;
    safe_svg(&svg).ok_or_else(|| "Graphviz's drawing was not plain SVG: left out".to_string())
}

/// Runs `dot -Tsvg` on `dot`; its standard output. Graphviz is killed
/// after [`DOT_TIME`] (wide trees take it minutes).
fn dot_svg(dot: &str) -> Result<String, String> {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run Graphviz `dot` ({e}): install graphviz"))?;
    let mut stdin = child.stdin.take().expect("piped");
    let text = dot.to_string();
    // (written and read from threads: dot may fill its output pipe before
    // reading all its input)
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        stdout.read_to_string(&mut out).map(|_| out)
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait().map_err(|e| e.to_string())? {
            Some(st) => break st,
            None if start.elapsed() > DOT_TIME => {
                let _ = child.kill();
                let _ = child.wait();
                let _ = writer.join();
                let _ = reader.join();
                return Err(format!(
                    "Graphviz did not draw the tree within {}s; use --tree FILE.dot",
                    DOT_TIME.as_secs()
                ));
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    let _ = writer.join();
    let out = reader
        .join()
        .map_err(|_| "reading Graphviz's output failed".to_string())?
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("Graphviz `dot` failed on the tree".into());
    }
    Ok(out)
}

/// Whether technique `t` ran: the mode itself, or an auto stage of it that
/// was not skipped.
fn ran(r: &Report, t: &str) -> bool {
    r.mode == t || r.stages.iter().any(|s| s.technique == t && !s.skipped)
}

/// The templates (compact ran) and the chain form (navigate ran); the
/// necessary condition (pruning or the condition stage ran) is the page's
/// own panel (see [`super::condition`]).
fn sections(args: &VerifyOptions, r: &Report, p: &Program) -> Vec<TextSection> {
    let m = &p.module;
    let mut v = vec![];
    if ran(r, "compact") {
        v.push(TextSection {
            id: "templates",
            title: "Templates (kappa templates)",
            text: crate::templates::templates_text(m, args.max_cycles).map_err(|e| e.to_string()),
        });
    }
    if ran(r, "navigate") {
        v.push(TextSection {
            id: "chains",
            title: "Chain program form (kappa chains)",
            text: crate::chains::chains_text(m, args.max_chain_pieces).map_err(|e| e.to_string()),
        });
    }
    v
}

/// The loop invariants of the correctness witness kappa writes (with the
/// proof's `proved` invariants, see `witness::correctness_entry`).
fn invariants(p: &Program, proved: &[(String, String)]) -> Vec<InvariantRow> {
    let Ok(sources) = crate::witness::Sources::read(&p.sources) else {
        return vec![];
    };
    let entry = crate::witness::correctness_entry(&p.module, &sources, p.module.data_model, proved);
    entry
        .content
        .into_iter()
        .filter_map(|c| c.invariant)
        .map(|i| InvariantRow {
            at: format!(
                "{}:{}{}",
                i.location.file_name,
                i.location.line,
                i.location
                    .column
                    .map(|c| format!(":{c}"))
                    .unwrap_or_default()
            ),
            value: i.value,
        })
        .collect()
}
