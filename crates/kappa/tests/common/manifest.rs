//! The manifests of the end-to-end C programs: `tests/<dir>/manifest`
//! gives each program of `<dir>` its expected verdict per configuration.
//!
//! One line per program (`#` starts a comment):
//!
//! ```text
//! loop_bound_false.c  classic=false  auto=false@20  +compact=false  prove=unknown~"not applicable"
//! ```
//!
//! - `CONFIG=VERDICTS`: `kappa verify` in configuration `CONFIG` (see
//!   [`CONFIGS`]) must answer one of `VERDICTS` (`true`, `false`,
//!   `unknown`, or alternatives joined by `|`, such as `false|unknown`
//!   for a verdict that depends on the machine's speed).
//! - `@SECS`: the run's `--timeout` (default [`DEFAULT_TIMEOUT`]), set from
//!   measured times with a margin.
//! - `~"TEXT"`: the report's reason must contain `TEXT`.
//! - A leading `+`: the entry belongs to the benchmark tier (`KAPPA_TIER=full`),
//!   not to the standard tier that CI runs.
//!
//! A `true` or `false` in a manifest must agree with the program's ground
//! truth (its `// expect:` header): a manifest cannot make a wrong verdict
//! pass.

use std::path::{Path, PathBuf};

/// The `--timeout` of an entry without `@SECS`, seconds (release binary).
pub const DEFAULT_TIMEOUT: u32 = 10;

/// Every configuration a manifest may name, with its `kappa verify` flags.
pub const CONFIGS: &[(&str, &[&str])] = &[
    ("classic", &["--mode", "classic"]),
    ("auto", &["--mode", "auto"]),
    ("compact", &["--mode", "compact"]),
    (
        "navigate",
        &["--mode", "navigate", "--nav-solve", "interval"],
    ),
    (
        "navigate-exact",
        &["--mode", "navigate", "--nav-solve", "exact"],
    ),
    ("matching", &["--mode", "classic", "--state-matching"]),
    (
        "compact-matching",
        &["--mode", "compact", "--state-matching"],
    ),
    (
        "navigate-matching",
        &["--mode", "navigate", "--state-matching"],
    ),
    ("prune", &["--mode", "classic", "--prune-with-condition"]),
    (
        "prune-compact",
        &["--mode", "compact", "--prune-with-condition"],
    ),
    (
        "prune-navigate",
        &["--mode", "navigate", "--prune-with-condition"],
    ),
    ("prove", &["--mode", "prove"]),
    ("native", &["--mode", "native"]),
];

/// The flags of configuration `name`.
pub fn config_flags(name: &str) -> Option<&'static [&'static str]> {
    CONFIGS.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
}

/// One expected answer: a program under one configuration.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The program.
    pub program: PathBuf,
    /// The configuration's name (a key of [`CONFIGS`]).
    pub config: String,
    /// The verdicts accepted.
    pub verdicts: Vec<String>,
    /// `--timeout`, seconds.
    pub timeout: u32,
    /// Text the reason must contain.
    pub reason: Option<String>,
    /// Benchmark tier only.
    pub full: bool,
    /// The manifest line (`file:line`), for messages.
    pub origin: String,
}

/// Splits a manifest line into tokens: whitespace separates them, except
/// inside double quotes (kept, without the quotes' escaping).
fn tokens(line: &str) -> Result<Vec<String>, String> {
    let mut out = vec![];
    let mut cur = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                cur.push(c);
            }
            c if c.is_whitespace() && !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if quoted {
        return Err("unterminated quote".into());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    Ok(out)
}

/// Parses one `CONFIG=VERDICTS[@SECS][~"TEXT"]` token (with an optional `+`).
fn parse_entry(tok: &str, program: &Path, origin: &str) -> Result<Entry, String> {
    let (full, tok) = match tok.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, tok),
    };
    let (tok, reason) = match tok.split_once('~') {
        Some((a, r)) => {
            let r = r
                .strip_prefix('"')
                .and_then(|r| r.strip_suffix('"'))
                .ok_or_else(|| format!("reason text not in quotes: {r}"))?;
            (a, Some(r.to_string()))
        }
        None => (tok, None),
    };
    let (config, rest) = tok
        .split_once('=')
        .ok_or_else(|| format!("`{tok}` is not CONFIG=VERDICT"))?;
    if config_flags(config).is_none() {
        return Err(format!("unknown configuration `{config}`"));
    }
    let (verdicts, timeout) = match rest.split_once('@') {
        Some((v, t)) => (
            v,
            t.parse::<u32>().map_err(|_| format!("bad timeout `{t}`"))?,
        ),
        None => (rest, DEFAULT_TIMEOUT),
    };
    let verdicts: Vec<String> = verdicts.split('|').map(str::to_string).collect();
    if let Some(v) = verdicts
        .iter()
        .find(|v| !matches!(v.as_str(), "true" | "false" | "unknown"))
    {
        return Err(format!("unknown verdict `{v}`"));
    }
    Ok(Entry {
        program: program.to_path_buf(),
        config: config.to_string(),
        verdicts,
        timeout,
        reason,
        full,
        origin: origin.to_string(),
    })
}

/// The entries of the manifest of directory `dir` (every program it names
/// must exist, and every `.c` file of `dir` must be named).
pub fn read(dir: &Path) -> Result<Vec<Entry>, String> {
    let path = dir.join("manifest");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = vec![];
    let mut named = std::collections::BTreeSet::new();
    for (i, raw) in text.lines().enumerate() {
        let origin = format!("{}:{}", path.display(), i + 1);
        let line = raw.split_once('#').map_or(raw, |(a, _)| a);
        // (a `#` inside a quoted reason would be cut: reasons avoid it)
        let toks = tokens(line).map_err(|e| format!("{origin}: {e}"))?;
        let Some((name, rest)) = toks.split_first() else {
            continue;
        };
        let program = dir.join(name);
        if !program.is_file() {
            return Err(format!("{origin}: no program {name}"));
        }
        if !named.insert(name.clone()) {
            return Err(format!("{origin}: {name} is named twice"));
        }
        for t in rest {
            out.push(parse_entry(t, &program, &origin).map_err(|e| format!("{origin}: {e}"))?);
        }
    }
    let files = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for f in files.filter_map(|e| e.ok().map(|e| e.path())) {
        if f.extension().is_none_or(|e| e != "c") {
            continue;
        }
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        if !named.contains(&name) {
            return Err(format!("{}: {name} has no line", path.display()));
        }
    }
    Ok(out)
}

/// The directories under `tests/` that have a manifest, sorted.
pub fn dirs(root: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root.join("tests"))
        .expect("tests dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("manifest").is_file())
        .collect();
    v.sort();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_parse_with_timeouts_reasons_and_tiers() {
        let p = Path::new("x.c");
        let e = parse_entry("+prove=false|unknown@20~\"not applicable\"", p, "m:1").unwrap();
        assert!(e.full);
        assert_eq!(e.config, "prove");
        assert_eq!(e.verdicts, ["false", "unknown"]);
        assert_eq!(e.timeout, 20);
        assert_eq!(e.reason.as_deref(), Some("not applicable"));
        let e = parse_entry("classic=true", p, "m:1").unwrap();
        assert!(!e.full && e.timeout == DEFAULT_TIMEOUT && e.reason.is_none());
        assert!(parse_entry("klassic=true", p, "m:1").is_err());
        assert!(parse_entry("classic=maybe", p, "m:1").is_err());
        assert!(parse_entry("classic", p, "m:1").is_err());
        assert_eq!(
            tokens("a.c  x=true~\"two words\" y=false").unwrap(),
            ["a.c", "x=true~\"two words\"", "y=false"]
        );
    }
}
