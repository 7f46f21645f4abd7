//! An independent check that a correctness witness's invariants compile
//! where they stand: every invariant is pasted into the program as
//! `if (!(INV)) __builtin_abort(); else ` just before the text at its
//! location (line and column; a `loop_invariant` before its loop keyword,
//! a `location_invariant` before its statement), so that the statement
//! there stays one statement (the unbraced body of an `if` or loop stays
//! the body), or as `if (!(INV)) __builtin_abort(); ` before a
//! declaration; and the program is compiled with `clang-16 -fsyntax-only`. It shares no code with kappa's
//! witness writer or validator: its own reading of the YAML (as JSON
//! values) and its own line and column arithmetic.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// Words that start a declaration in the test programs.
pub const DECLARATION_WORDS: [&str; 14] = [
    "int", "unsigned", "signed", "char", "short", "long", "_Bool", "const", "struct", "union",
    "enum", "static", "float", "double",
];

/// One invariant of a witness: type, line, column (1-based, bytes), value.
pub type Stated = (String, usize, usize, String);

/// The invariants of correctness witness `witness` (every `invariant`
/// item of every `invariant_set` entry); `Err` names what is missing.
pub fn stated_invariants(witness: &Path) -> Result<Vec<Stated>, String> {
    let text = std::fs::read_to_string(witness).map_err(|e| format!("no witness: {e}"))?;
    let v: Value = serde_yaml::from_str(&text).map_err(|e| format!("not YAML: {e}"))?;
    let mut out = vec![];
    for entry in v.as_array().ok_or("not a list")? {
        if entry["entry_type"] != "invariant_set" {
            continue;
        }
        for item in entry["content"].as_array().ok_or("no content")? {
            let inv = &item["invariant"];
            let loc = &inv["location"];
            let (Some(ty), Some(line), Some(col), Some(value)) = (
                inv["type"].as_str(),
                loc["line"].as_u64(),
                loc["column"].as_u64(),
                inv["value"].as_str(),
            ) else {
                return Err(format!(
                    "an invariant without type, line, column or value: {inv}"
                ));
            };
            out.push((
                ty.to_string(),
                line as usize,
                col as usize,
                value.to_string(),
            ));
        }
    }
    Ok(out)
}

/// `program`'s text with `if (!(INV)) __builtin_abort(); else ` pasted
/// before the byte at each invariant's line and column (without the
/// `else` before a declaration: a word of [`DECLARATION_WORDS`]).
pub fn with_invariants(program: &str, invs: &[Stated]) -> Result<String, String> {
    let mut starts = vec![0usize];
    starts.extend(program.match_indices('\n').map(|(i, _)| i + 1));
    let mut at: Vec<(usize, String)> = vec![];
    for (_, line, col, value) in invs {
        let start = *starts
            .get(line.wrapping_sub(1))
            .ok_or_else(|| format!("line {line} is not in the program"))?;
        let off = start + col - 1;
        let line_end = starts.get(*line).copied().unwrap_or(program.len());
        if *col == 0 || off >= line_end {
            return Err(format!("column {col} is not on line {line}"));
        }
        let word: String = program[off..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let tail = if DECLARATION_WORDS.contains(&word.as_str()) {
            ""
        } else {
            "else "
        };
        at.push((off, format!("if (!({value})) __builtin_abort(); {tail}")));
    }
    // from the end, so earlier offsets stay valid
    at.sort_by_key(|(off, _)| std::cmp::Reverse(*off));
    let mut out = program.to_string();
    for (off, text) in at {
        out.insert_str(off, &text);
    }
    Ok(out)
}

/// Pastes every invariant of `witness` into `program` at its location
/// and compiles the result (`clang-16 -fsyntax-only`); the number of
/// invariants, or clang's first error with the invariants.
pub fn invariants_compile(witness: &Path, program: &Path) -> Result<usize, String> {
    let invs = stated_invariants(witness)?;
    let text = std::fs::read_to_string(program).map_err(|e| format!("{e}"))?;
    let pasted = with_invariants(&text, &invs)?;
    let dir = tempfile::tempdir().map_err(|e| format!("{e}"))?;
    let ext = program.extension().and_then(|e| e.to_str()).unwrap_or("c");
    let file = dir.path().join(format!("pasted.{ext}"));
    std::fs::write(&file, &pasted).map_err(|e| format!("{e}"))?;
    let out = Command::new("clang-16")
        .args(["-fsyntax-only", "-w", "-std=gnu11"])
        .arg(&file)
        .output()
        .map_err(|e| format!("clang-16: {e}"))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let first = stderr.lines().find(|l| l.contains("error")).unwrap_or("");
        return Err(format!(
            "{}: the invariants do not compile where they stand: {first}; invariants: {invs:?}",
            program.display()
        ));
    }
    Ok(invs.len())
}
