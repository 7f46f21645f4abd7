//! SV-COMP witnesses, format 2.0 (YAML): the document types, the input
//! files they name (hashes, tokenized text), the concrete interpreter run
//! that turns a test into the path's branch decisions and input reads, and
//! the writers of violation and correctness witnesses.
//!
//! A violation witness is one `violation_sequence` entry: segments of
//! `function_return` waypoints (every `__VERIFIER_nondet_*` value of the
//! error path, at the call's closing parenthesis), `branching` waypoints
//! (at the `if`/`while`/`for` keyword) and a final `target` waypoint at the
//! `reach_error()` call. A path of more than [`MAX_BRANCH_WAYPOINTS`]
//! inputs or branches gets the compact form (`write::violation_entry`):
//! branching waypoints only at the branches whose direction depends on an
//! input ([`depends`]), and no `function_return` waypoint past
//! [`MAX_BRANCH_WAYPOINTS`] inputs (the run is free between waypoints). A correctness witness is one `invariant_set` entry
//! with a `loop_invariant` at every loop keyword of the input files: the
//! proof stage's checked invariant for that loop, without the conjuncts
//! that name anything but source variables (registers the proof could not
//! name after a variable in scope at the loop), else `1`; a `for` loop's
//! conjuncts over its initialiser's variables stand at its body's first
//! statement instead, and a loop-free program gets a `1` at `main`'s first
//! statement ([`placement`]). Every location
//! names the function containing it when the debug info says
//! ([`kappa_ir::Module::function_at`]).

pub mod cexpr;
pub mod depends;
pub mod emit;
pub mod inductive;
pub mod invariants;
pub mod placement;
pub mod sites;
pub mod source;
pub mod write;

pub use write::{correctness_entry, violation_entry, write_yaml};

use anyhow::{anyhow, Result};
use kappa_engine::{Config, Engine, ErrorWitness, Validation, Verdict};
use kappa_ir::{Module, SrcLoc};
use serde::{Deserialize, Serialize};
use source::{Pos, Source};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The property text of `unreach-call` as witnesses state it.
pub const SPECIFICATION: &str = "G ! call(reach_error())";

/// Most `function_return` or `branching` waypoints of a full-form
/// violation witness; a longer path gets the compact form (see the module
/// doc).
pub const MAX_BRANCH_WAYPOINTS: usize = 1000;

/// One entry of a witness file (the file is a YAML list of entries).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Entry {
    /// `violation_sequence` or `invariant_set`.
    pub entry_type: String,
    /// Producer, task and format.
    pub metadata: Metadata,
    /// Segments (violation) or invariants (correctness).
    pub content: Vec<Content>,
}

/// A witness's metadata.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Metadata {
    /// `"2.0"`.
    pub format_version: String,
    /// A random UUID.
    pub uuid: String,
    /// RFC 3339 UTC time.
    pub creation_time: String,
    /// The tool that wrote it.
    pub producer: Producer,
    /// The verification task.
    pub task: TaskInfo,
}

/// The producing tool.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Producer {
    /// Tool name.
    pub name: String,
    /// Tool version.
    pub version: String,
}

/// The task a witness is about.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TaskInfo {
    /// The program files.
    pub input_files: Vec<String>,
    /// SHA-256 (lowercase hex) of each input file.
    pub input_file_hashes: BTreeMap<String, String>,
    /// The property, e.g. [`SPECIFICATION`].
    pub specification: String,
    /// `ILP32` or `LP64`.
    pub data_model: String,
    /// `C`.
    pub language: String,
}

/// One item of `content`: a segment (violation) or an invariant (correctness).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Content {
    /// Waypoints: zero or more `avoid`, then one `follow`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub segment: Option<Vec<WaypointItem>>,
    /// A loop or location invariant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invariant: Option<Invariant>,
}

/// A list item `- waypoint: {...}`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct WaypointItem {
    /// The waypoint.
    pub waypoint: Waypoint,
}

/// A waypoint of a violation witness.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Waypoint {
    /// `assumption`, `branching`, `function_enter`, `function_return` or `target`.
    #[serde(rename = "type")]
    pub ty: String,
    /// `follow` or `avoid`.
    pub action: String,
    /// Where.
    pub location: Location,
    /// What holds there (absent for `target` and `function_enter`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constraint: Option<Constraint>,
}

/// A source position.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Location {
    /// The input file.
    pub file_name: String,
    /// Line, 1-based.
    pub line: u32,
    /// Column, 1-based.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// The enclosing function.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
}

/// A waypoint's constraint.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Constraint {
    /// `"true"`/`"false"` (branching), a C or ACSL expression.
    pub value: String,
    /// `c_expression` or `acsl_expression` (absent for branching).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
}

/// An invariant of a correctness witness.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Invariant {
    /// `loop_invariant` or `location_invariant`.
    #[serde(rename = "type")]
    pub ty: String,
    /// For a loop invariant, the first character of the loop keyword.
    pub location: Location,
    /// A C expression.
    pub value: String,
    /// `c_expression`.
    pub format: String,
}

/// The input files of a task, as named in witnesses, with their text.
pub struct Sources {
    files: Vec<SourceFile>,
    /// [`Sources::index_of_module_file`]'s answers by module file name: a
    /// path of millions of steps asks for the same few files millions of
    /// times, and each answer canonicalizes a path (system calls).
    by_module_file: std::sync::Mutex<std::collections::HashMap<String, Option<usize>>>,
}

struct SourceFile {
    /// The name witnesses use (the path as kappa was given it).
    name: String,
    /// Canonical path, to match debug-info file names.
    canon: Option<PathBuf>,
    /// SHA-256, lowercase hex.
    sha256: String,
    src: Source,
}

impl Sources {
    /// Reads the input files (an unreadable one is an error naming it),
    /// each named by its path as given.
    pub fn read(paths: &[PathBuf]) -> Result<Sources> {
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        Sources::read_named(paths, &names)
    }

    /// Reads the input files of `prog` named as a witness names them
    /// ([`witness_names`]).
    pub fn read_for_witness(prog: &kappa_frontend::Program) -> Result<Sources> {
        Sources::read_named(&prog.sources, &witness_names(prog))
    }

    /// Reads the files `paths`, named `names` (one each).
    fn read_named(paths: &[PathBuf], names: &[String]) -> Result<Sources> {
        use sha2::Digest;
        let mut files = vec![];
        for (p, name) in paths.iter().zip(names) {
            let bytes =
                std::fs::read(p).map_err(|e| anyhow!("{}: cannot read file: {e}", p.display()))?;
            let sha256 = sha2::Sha256::digest(&bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            files.push(SourceFile {
                name: name.clone(),
                canon: std::fs::canonicalize(p).ok(),
                sha256,
                src: Source::new(&String::from_utf8_lossy(&bytes)),
            });
        }
        Ok(Sources {
            files,
            by_module_file: Default::default(),
        })
    }

    /// The input file a module file name (debug info) stands for.
    fn index_of_module_file(&self, module_file: &str) -> Option<usize> {
        let mut known = self
            .by_module_file
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        // (looked up before inserting: a key is allocated once per file,
        // not once per step)
        if let Some(k) = known.get(module_file) {
            return *k;
        }
        let canon = std::fs::canonicalize(module_file).ok();
        let k = self
            .files
            .iter()
            .position(|f| f.canon.is_some() && f.canon == canon);
        known.insert(module_file.to_string(), k);
        k
    }

    /// The input file a witness's `file_name` names: the same name, else the
    /// same canonical path, else the only file with that base name.
    pub fn index_of_name(&self, name: &str) -> Option<usize> {
        if let Some(k) = self.files.iter().position(|f| f.name == name) {
            return Some(k);
        }
        let canon = std::fs::canonicalize(name).ok();
        if canon.is_some() {
            if let Some(k) = self.files.iter().position(|f| f.canon == canon) {
                return Some(k);
            }
        }
        let base = |s: &str| {
            Path::new(s)
                .file_name()
                .map(|b| b.to_string_lossy().into_owned())
        };
        let same: Vec<usize> = (0..self.files.len())
            .filter(|&k| base(&self.files[k].name) == base(name))
            .collect();
        (same.len() == 1).then(|| same[0])
    }

    /// Input file index and position of an IR source location.
    pub fn locate(&self, module: &Module, src: Option<SrcLoc>) -> Option<(usize, Pos)> {
        let s = src?;
        let file = module.files.get(s.file as usize)?;
        let k = self.index_of_module_file(file)?;
        Some((
            k,
            Pos {
                line: s.line,
                col: s.col,
            },
        ))
    }

    /// For each file of `module` (debug info), the input file it stands for.
    pub fn module_files(&self, module: &Module) -> Vec<Option<usize>> {
        module
            .files
            .iter()
            .map(|f| self.index_of_module_file(f))
            .collect()
    }

    /// The tokenized text of input file `k`.
    pub fn source(&self, k: usize) -> &Source {
        &self.files[k].src
    }

    /// The witness name of input file `k`.
    pub fn name(&self, k: usize) -> &str {
        &self.files[k].name
    }

    /// The SHA-256 of input file `k`.
    pub fn sha256(&self, k: usize) -> &str {
        &self.files[k].sha256
    }

    /// Number of input files.
    pub fn len(&self) -> usize {
        self.files.len()
    }
}

/// The names a witness gives the input files of `prog` (`input_files`,
/// hashes, locations): for a task, each file as the task's `input_files`
/// names it (relative to the task file when the task's name is relative,
/// whatever path the task itself was given by); for a program given
/// directly, its path as given when relative, else its file name alone (a
/// witness names no directory of the machine that wrote it).
pub fn witness_names(prog: &kappa_frontend::Program) -> Vec<String> {
    let task_dir = prog
        .task
        .as_ref()
        .map(|t| t.path.parent().unwrap_or(Path::new("")).to_path_buf());
    prog.sources
        .iter()
        .map(|p| {
            let named = match &task_dir {
                Some(dir) => p.strip_prefix(dir).unwrap_or(p),
                None => p,
            };
            let named = if named.is_absolute() && task_dir.is_none() {
                named.file_name().map(Path::new).unwrap_or(named)
            } else {
                named
            };
            named.display().to_string()
        })
        .collect()
}

/// How a concrete interpreter run with given inputs ended.
pub enum ConcreteEnd {
    /// It called `reach_error`: the witness holds the recorded events.
    Error(Box<ErrorWitness>),
    /// It ended without calling `reach_error`; how.
    Other(String),
    /// It could not be run to its end (timeout, unsupported feature); why.
    Inconclusive(String),
}

/// Runs `module` on the interpreter with `inputs` (in call order; missing
/// ones are 0) recording the path's branch decisions and input reads, for
/// at most `timeout` and not past `deadline`.
pub fn concrete_run(
    module: &Module,
    inputs: Vec<u128>,
    timeout: Duration,
    deadline: Option<std::time::Instant>,
) -> Result<ConcreteEnd> {
    // the engine's timeout is what its reason names: no more than the time left
    let timeout = deadline.map_or(timeout, |d| {
        timeout.min(d.saturating_duration_since(std::time::Instant::now()))
    });
    let cfg = Config {
        concrete_inputs: Some(inputs),
        record_events: true,
        timeout: Some(timeout),
        deadline,
        ..Config::default()
    };
    let solver = kappa_solver::build_solver(&kappa_solver::SolverConfig::default());
    let mut engine = Engine::new(module, cfg, solver).map_err(|e| anyhow!("{e}"))?;
    let mut validate = |_: &ErrorWitness| Validation::Confirmed;
    let r = engine.run(&mut validate, &mut |_| {});
    Ok(match (r.verdict, r.witness) {
        (Verdict::False, Some(w)) => ConcreteEnd::Error(Box::new(w)),
        (Verdict::True, _) => ConcreteEnd::Other("the run ends without calling reach_error".into()),
        (_, _) => ConcreteEnd::Inconclusive(format!(
            "the interpreter's run is inconclusive: {}",
            r.reason.unwrap_or_else(|| "no reason given".into())
        )),
    })
}

/// The metadata of a witness written now by this kappa for `sources`.
pub fn metadata(sources: &Sources, data_model: kappa_ir::DataModel) -> Metadata {
    let input_files: Vec<String> = (0..sources.len())
        .map(|k| sources.name(k).to_string())
        .collect();
    let input_file_hashes = (0..sources.len())
        .map(|k| (sources.name(k).to_string(), sources.sha256(k).to_string()))
        .collect();
    Metadata {
        format_version: "2.0".into(),
        uuid: uuid_v4(),
        creation_time: kappa_replay::rfc3339_utc(std::time::SystemTime::now()),
        producer: Producer {
            name: "kappa".into(),
            version: env!("CARGO_PKG_VERSION").into(),
        },
        task: TaskInfo {
            input_files,
            input_file_hashes,
            specification: SPECIFICATION.into(),
            data_model: data_model.to_string(),
            language: "C".into(),
        },
    }
}

/// A random (version 4) UUID from /dev/urandom, else from the clock and pid.
fn uuid_v4() -> String {
    use std::io::Read;
    let mut b = [0u8; 16];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut b));
    if read.is_err() {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let x = t ^ ((std::process::id() as u128) << 64);
        b = x.to_le_bytes();
    }
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// Reads a witness file: a YAML list of entries (an error names the file).
pub fn read_witness(path: &Path) -> Result<Vec<Entry>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow!("{}: cannot read witness: {e}", path.display()))?;
    let entries: Vec<Entry> = serde_yaml::from_str(&text)
        .map_err(|e| anyhow!("{}: not a witness 2.0 file: {e}", path.display()))?;
    if entries.is_empty() {
        return Err(anyhow!("{}: the witness has no entry", path.display()));
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_are_version_4() {
        let u = uuid_v4();
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
        assert!(matches!(&u[19..20], "8" | "9" | "a" | "b"));
        assert_ne!(u, uuid_v4());
    }
}
