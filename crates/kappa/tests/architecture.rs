//! The dependency rules of docs/architecture.md ("Dependency rules"),
//! checked by reading the crates' `Cargo.toml` dependencies and the
//! engine's `use`, `mod` and path lines: the core names no technique, no
//! technique names another, only the frontends read LLVM, only the solver
//! crate talks to Z3, only the binaries use the run library (which parses
//! no command line) and the binary stays small. Each exception is listed
//! here with its reason, as in the document.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The engine's loop techniques: module name (a file `NAME.rs` or a
/// directory `NAME/` under `crates/engine/src`), read from the one
/// registration line of `engine/src/lib.rs`, `techniques![a, b, ...];`.
fn techniques() -> &'static [String] {
    static T: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let lib = std::fs::read_to_string(crates_dir().join("engine/src/lib.rs")).unwrap();
        let line = lib
            .lines()
            .find(|l| l.starts_with("techniques!["))
            .expect("engine/src/lib.rs has its `techniques![...];` line");
        let inner = line
            .trim_start_matches("techniques![")
            .trim_end_matches("];");
        inner
            .split(',')
            .map(|m| m.trim().to_string())
            .filter(|m| !m.is_empty())
            .collect()
    })
}

/// Engine files of the core allowed to name a technique, and which.
const CORE_EXCEPTIONS: &[(&str, &[&str], &str)] = &[
    (
        "lib.rs",
        &["compact", "navigate", "matching", "prune"],
        "the `techniques!` line (the one registration point) and the re-exports of their statistics",
    ),
    (
        "witness.rs",
        &["compact"],
        "solves compact execution's κ instances of input sequences (issue 36 item 3)",
    ),
];

/// Crates that are techniques (stages of the portfolio); none may depend
/// on another, except as listed.
const TECHNIQUE_CRATES: &[&str] = &["kappa-condition", "kappa-prove"];
const TECHNIQUE_CRATE_EXCEPTIONS: &[(&str, &str, &str)] = &[(
    "kappa-prove",
    "kappa-condition",
    "the memory functions' one definition (`targets::mem_call`) and globals' initial arrays",
)];

/// Crates that read LLVM (bitcode or the C API).
const LLVM_CRATES: &[&str] = &["llvm-ir", "llvm-sys", "inkwell"];
const LLVM_READERS: &[(&str, &str)] = &[
    ("kappa-frontend", "the frontend"),
    (
        "kappa-symbolize",
        "native mode's instrumentation pass (LLVM to LLVM)",
    ),
];

/// Crates that talk to Z3.
const Z3_CRATES: &[&str] = &["z3", "z3-sys"];
const Z3_USERS: &[(&str, &str)] = &[
    ("kappa-solver", "the solver crate"),
    (
        "kappa-condition",
        "race.rs interrupts the losing Z3 of the condition's race",
    ),
];
/// Within a crate that may talk to Z3 (other than the solver), the files
/// that do.
const Z3_FILES: &[&str] = &["condition/src/race.rs"];

/// The `[dependencies]` of a `Cargo.toml` (not dev-dependencies).
fn dependencies(toml: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut in_deps = false;
    for line in toml.lines() {
        let l = line.trim();
        if l.starts_with('[') {
            in_deps = l == "[dependencies]";
            continue;
        }
        if !in_deps || l.is_empty() || l.starts_with('#') {
            continue;
        }
        let name: String = l
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if !name.is_empty() {
            out.insert(name);
        }
    }
    out
}

/// Every crate: (package name, its directory, its dependencies).
fn crates() -> Vec<(String, PathBuf, BTreeSet<String>)> {
    let mut out = vec![];
    for e in std::fs::read_dir(crates_dir()).unwrap() {
        let dir = e.unwrap().path();
        let Ok(toml) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let name = toml
            .lines()
            .find_map(|l| l.trim().strip_prefix("name = "))
            .map(|n| n.trim_matches('"').to_string())
            .unwrap();
        out.push((name, dir, dependencies(&toml)));
    }
    assert!(out.len() >= 10, "crates found: {}", out.len());
    out
}

/// `text` without comments and the contents of string and char literals
/// (so that prose and messages do not count as paths).
fn code_only(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            '/' if b.get(i + 1) == Some(&'/') => {
                while i < b.len() && b[i] != '\n' {
                    i += 1;
                }
            }
            '/' if b.get(i + 1) == Some(&'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == '*' && b[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            }
            '"' => {
                i += 1;
                while i < b.len() && b[i] != '"' {
                    if b[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push_str("\"\"");
            }
            // a char literal ('x', '\n', '"'), not a lifetime ('a)
            '\'' if b.get(i + 2) == Some(&'\'') || b.get(i + 1) == Some(&'\\') => {
                i += 1;
                while i < b.len() && b[i] != '\'' {
                    if b[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push_str("' '");
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// The module path of an engine source file (`compact/step.rs` →
/// `[compact, step]`, `lib.rs` → `[]`, `compact/mod.rs` → `[compact]`).
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The `use` trees of `code` flattened to paths (`use a::{b, c::d};` →
/// `a::b`, `a::c::d`).
fn use_paths(code: &str) -> Vec<String> {
    fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
        let tree = tree.trim();
        if let Some(open) = tree.find('{') {
            let head = tree[..open].trim().trim_end_matches("::");
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let base = join(prefix, head);
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&base, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            expand(&base, &inner[start..], out);
        } else if !tree.is_empty() {
            let path = tree.split(" as ").next().unwrap().trim();
            out.push(join(prefix, path));
        }
    }
    fn join(a: &str, b: &str) -> String {
        match (a.is_empty(), b.is_empty()) {
            (true, _) => b.to_string(),
            (_, true) => a.to_string(),
            _ => format!("{a}::{b}"),
        }
    }
    let mut out = vec![];
    let bytes = code.as_bytes();
    for (i, _) in code.match_indices("use") {
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let word_start = before.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == b'_'));
        let followed = bytes.get(i + 3).is_some_and(|c| c.is_ascii_whitespace());
        if word_start && followed {
            if let Some(end) = code[i..].find(';') {
                expand("", code[i + 3..i + end].trim(), &mut out);
            }
        }
    }
    out
}

/// The engine's top-level modules that the file at `rel` (under
/// `crates/engine/src`) names: in `use` trees and paths (`crate::M`,
/// `super::…` resolved, and, in the crate root, `M::` and `mod M`).
fn named_modules(rel: &Path, text: &str) -> BTreeSet<String> {
    let code = code_only(text);
    let here = module_path(rel);
    let mut paths: Vec<String> = use_paths(&code);
    // paths in code: every `crate::…` and `super::…` run of segments
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        for (i, _) in code.match_indices(start) {
            if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || b"_:".contains(&bytes[i - 1])) {
                continue;
            }
            let run: String = code[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            paths.push(run);
        }
    }
    let mut out = BTreeSet::new();
    for p in paths {
        let segs: Vec<&str> = p.split("::").filter(|s| !s.is_empty()).collect();
        let mut base: Vec<String> = match segs.first() {
            Some(&"crate") => vec![],
            Some(&"super") | Some(&"self") => here.clone(),
            _ if here.is_empty() => vec![],
            _ => continue, // an external crate or a name in scope
        };
        let mut rest = &segs[..];
        if segs.first() == Some(&"crate") {
            rest = &segs[1..];
        }
        while let Some(s) = rest.first() {
            match *s {
                "super" => {
                    base.pop();
                }
                "self" => {}
                _ => break,
            }
            rest = &rest[1..];
        }
        let top = base.first().map(String::as_str).or(rest.first().copied());
        if let Some(t) = top {
            out.insert(t.to_string());
        }
    }
    if here.is_empty() {
        // the crate root names modules bare: `mod m;`, `m::X`
        for m in techniques() {
            let bare = format!("{m}::");
            let declared = format!("mod {m};");
            let named = code.match_indices(&bare).any(|(i, _)| {
                i == 0
                    || !(bytes[i - 1].is_ascii_alphanumeric()
                        || bytes[i - 1] == b'_'
                        || bytes[i - 1] == b':')
            });
            if named || code.contains(&declared) {
                out.insert(m.to_string());
            }
        }
    }
    out
}

/// The technique an engine file belongs to, or `None` for the core.
fn owner(rel: &Path) -> Option<&'static str> {
    let first = module_path(rel).into_iter().next()?;
    techniques()
        .iter()
        .find(|t| **t == first)
        .map(String::as_str)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every violation of the engine's rules: the core names no technique
/// (except [`CORE_EXCEPTIONS`]), no technique names another; and the
/// exceptions that were needed, as (file, technique).
fn engine_violations(src: &Path) -> (Vec<String>, BTreeSet<(String, String)>) {
    let mut used = BTreeSet::new();
    let mut files = vec![];
    rust_files(src, &mut files);
    files.sort();
    let mut bad = vec![];
    for f in files {
        let rel = f.strip_prefix(src).unwrap();
        let text = std::fs::read_to_string(&f).unwrap();
        let named = named_modules(rel, &text);
        let relname = rel.to_string_lossy();
        for m in named.iter().filter(|m| techniques().contains(m)) {
            match owner(rel) {
                Some(own) if own == m => {}
                Some(own) => bad.push(format!(
                    "engine/src/{relname}: technique `{own}` names technique `{m}`"
                )),
                None => {
                    let allowed = CORE_EXCEPTIONS
                        .iter()
                        .any(|(f, ms, _)| *f == relname && ms.contains(&m.as_str()));
                    if allowed {
                        used.insert((relname.to_string(), m.clone()));
                    } else {
                        bad.push(format!(
                            "engine/src/{relname}: the core names technique `{m}`"
                        ));
                    }
                }
            }
        }
    }
    (bad, used)
}

#[test]
fn the_engine_core_names_no_technique_and_no_technique_names_another() {
    let (bad, used) = engine_violations(&crates_dir().join("engine/src"));
    // an exception no longer needed is dropped from the list (and the doc)
    for (f, ms, why) in CORE_EXCEPTIONS {
        for m in *ms {
            assert!(
                used.contains(&(f.to_string(), m.to_string())),
                "engine/src/{f} no longer names `{m}`: drop the exception ({why})"
            );
        }
    }
    assert!(
        bad.is_empty(),
        "dependency rules broken:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_techniques_are_read_from_the_registration_line() {
    let t = techniques();
    for m in ["prune", "matching", "navigate", "compact", "loop_visits"] {
        assert!(t.iter().any(|x| x == m), "{m} not in {t:?}");
    }
    let src = crates_dir().join("engine/src");
    for m in t {
        assert!(
            src.join(format!("{m}.rs")).is_file() || src.join(m).join("mod.rs").is_file(),
            "technique `{m}` has no module"
        );
    }
}

#[test]
fn the_reader_sees_uses_paths_and_the_root_s_modules() {
    // (the checker itself: each way of naming a module is seen)
    let names = |rel: &str, text: &str| named_modules(Path::new(rel), text);
    let t = names(
        "searcher.rs",
        "use crate::{state::State, compact::template::{a, b as c}};",
    );
    assert!(t.contains("compact") && t.contains("state"), "{t:?}");
    let t = names(
        "navigate/forms.rs",
        "use super::super::compact::X;\nfn f() {}",
    );
    assert!(t.contains("compact"), "{t:?}");
    let t = names("navigate/forms.rs", "use super::system::Y;");
    assert_eq!(t, BTreeSet::from(["navigate".to_string()]));
    let t = names("exec/instr.rs", "fn f() { crate::prune::g(); }");
    assert!(t.contains("prune"), "{t:?}");
    let t = names("lib.rs", "mod matching;\npub use navigate::NavStats;");
    assert!(t.contains("matching") && t.contains("navigate"), "{t:?}");
    // comments and strings are not paths
    let t = names(
        "exec/instr.rs",
        "// see crate::compact::x\nfn f() { g(\"crate::prune::h\"); let c = '\"'; }",
    );
    assert!(t.is_empty(), "{t:?}");
}

#[test]
fn only_the_frontends_read_llvm_and_only_the_solver_talks_to_z3() {
    let mut bad = vec![];
    for (name, dir, deps) in crates() {
        for d in deps.iter().filter(|d| LLVM_CRATES.contains(&d.as_str())) {
            if !LLVM_READERS.iter().any(|(c, _)| *c == name) {
                bad.push(format!(
                    "{name} depends on {d} (only the frontends read LLVM)"
                ));
            }
        }
        for d in deps.iter().filter(|d| Z3_CRATES.contains(&d.as_str())) {
            if !Z3_USERS.iter().any(|(c, _)| *c == name) {
                bad.push(format!(
                    "{name} depends on {d} (only the solver crate talks to Z3)"
                ));
            }
        }
        if name != "kappa-solver" {
            let mut files = vec![];
            rust_files(&dir.join("src"), &mut files);
            for f in files {
                let code = code_only(&std::fs::read_to_string(&f).unwrap());
                let talks = use_paths(&code)
                    .iter()
                    .any(|p| p.starts_with("z3::") || p.starts_with("z3_sys::") || p == "z3")
                    || code.contains("z3::")
                    || code.contains("z3_sys::");
                let rel = f
                    .strip_prefix(crates_dir())
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                if talks && !Z3_FILES.contains(&rel.as_str()) {
                    bad.push(format!("{rel} talks to Z3 (only the solver crate does)"));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "dependency rules broken:\n{}",
        bad.join("\n")
    );
}

#[test]
fn no_technique_crate_depends_on_another() {
    let all: BTreeMap<String, BTreeSet<String>> =
        crates().into_iter().map(|(n, _, d)| (n, d)).collect();
    for t in TECHNIQUE_CRATES {
        assert!(all.contains_key(*t), "no crate {t}");
    }
    let mut bad = vec![];
    for t in TECHNIQUE_CRATES {
        for d in all[*t]
            .iter()
            .filter(|d| TECHNIQUE_CRATES.contains(&d.as_str()))
        {
            if !TECHNIQUE_CRATE_EXCEPTIONS
                .iter()
                .any(|(a, b, _)| a == t && b == d)
            {
                bad.push(format!("{t} depends on technique crate {d}"));
            }
        }
        // the engine is below the techniques: it names none of them
        if all["kappa-engine"].contains(*t) {
            bad.push(format!("kappa-engine depends on technique crate {t}"));
        }
    }
    for (a, b, why) in TECHNIQUE_CRATE_EXCEPTIONS {
        assert!(
            all[*a].contains(*b),
            "{a} no longer depends on {b}: drop the exception ({why})"
        );
    }
    assert!(
        bad.is_empty(),
        "dependency rules broken:\n{}",
        bad.join("\n")
    );
}

/// Crates that may depend on the run library (the binaries on top).
const RUN_USERS: &[&str] = &["kappa", "kappa-bench"];
/// The kappa crates the binary may depend on: the run library, and for
/// what it does itself the data model type and the race's solver side.
const BINARY_DEPS: &[&str] = &["kappa-run", "kappa-ir", "kappa-condition"];
/// The most lines the binary's sources may have (it parses and prints).
const BINARY_MAX_LINES: usize = 1_500;

/// Rule 5's violations among `crates` (name, dependencies) and the
/// binary's source line count.
fn top_layer_violations(crates: &[(String, BTreeSet<String>)], binary_lines: usize) -> Vec<String> {
    let mut bad = vec![];
    for (name, deps) in crates {
        if deps.contains("kappa-run") && !RUN_USERS.contains(&name.as_str()) {
            bad.push(format!(
                "{name} depends on kappa-run (only the binaries do)"
            ));
        }
        if name == "kappa-run" && deps.contains("clap") {
            bad.push("kappa-run depends on clap (the binary parses the command line)".into());
        }
        if name == "kappa" {
            for d in deps.iter().filter(|d| d.starts_with("kappa-")) {
                if !BINARY_DEPS.contains(&d.as_str()) {
                    bad.push(format!("the binary depends on {d} (it calls kappa-run)"));
                }
            }
        }
    }
    if binary_lines > BINARY_MAX_LINES {
        bad.push(format!(
            "crates/kappa/src has {binary_lines} lines (at most {BINARY_MAX_LINES}: the runs belong in kappa-run)"
        ));
    }
    bad
}

#[test]
fn the_run_library_is_the_top_layer_and_the_binary_parses_and_prints() {
    let all: Vec<(String, BTreeSet<String>)> =
        crates().into_iter().map(|(n, _, d)| (n, d)).collect();
    assert!(
        all.iter().any(|(n, _)| n == "kappa-run"),
        "no crate kappa-run"
    );
    let mut files = vec![];
    rust_files(&crates_dir().join("kappa/src"), &mut files);
    let lines: usize = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap().lines().count())
        .sum();
    let bad = top_layer_violations(&all, lines);
    assert!(
        bad.is_empty(),
        "dependency rules broken:\n{}",
        bad.join("\n")
    );
    // (the checker itself: each breach is seen)
    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    let planted = vec![
        ("kappa-engine".to_string(), set(&["kappa-run"])),
        ("kappa-run".to_string(), set(&["clap"])),
        ("kappa".to_string(), set(&["kappa-run", "kappa-engine"])),
    ];
    assert_eq!(
        top_layer_violations(&planted, BINARY_MAX_LINES + 1).len(),
        4
    );
}

/// Whether the validator's source calls one of the witness writer's
/// functions (a check of an output format shares no code with its
/// writer; the step types and the C tokenizer aside).
fn validator_uses_the_writer(text: &str) -> Vec<String> {
    let code = code_only(text);
    let mut out: Vec<String> = use_paths(&code)
        .into_iter()
        .filter(|p| {
            p.strip_prefix("crate::witness::write::")
                .is_some_and(|name| !["Step", "StepKind", "At"].contains(&name))
        })
        .collect();
    if code.contains("write::steps") {
        out.push("write::steps".into());
    }
    out
}

#[test]
fn the_validator_reads_its_runs_apart_from_the_witness_writer() {
    let text = std::fs::read_to_string(crates_dir().join("run/src/validate.rs")).unwrap();
    let bad = validator_uses_the_writer(&text);
    assert!(
        bad.is_empty(),
        "validate.rs uses the witness writer's {bad:?}"
    );
    // (the checker itself)
    let planted = "use crate::witness::write::{steps, Step};\nfn f() { write::steps(); }";
    assert_eq!(validator_uses_the_writer(planted).len(), 2);
    assert!(validator_uses_the_writer(
        "use crate::witness::write::{At as StepAt, Step, StepKind};"
    )
    .is_empty());
}

#[test]
fn the_manifest_reader_sees_dependencies_only() {
    let toml = "[package]\nname = \"x\"\n[dependencies]\nkappa-ir.workspace = true\n# z3 = 1\nz3-sys = \"=0.10.9\"\n[dev-dependencies]\nkappa-frontend.workspace = true\n";
    let d = dependencies(toml);
    assert_eq!(
        d,
        BTreeSet::from(["kappa-ir".to_string(), "z3-sys".to_string()])
    );
}
