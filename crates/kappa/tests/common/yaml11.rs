//! Witness files read with a YAML 1.1 loader (PyYAML) and checked against
//! tests/witness/witness-2.0.schema.json by Python's `jsonschema`
//! (tests/witness/check_schema.py; scripts/setup.sh installs both).

use crate::common::repo_root;
use std::path::Path;
use std::process::Command;

/// Checks `witnesses` in one Python run; returns how many were checked, or
/// the failures (a missing Python module is a failure too).
pub fn schema_check(witnesses: &[&Path]) -> Result<usize, String> {
    if witnesses.is_empty() {
        return Ok(0);
    }
    let root = repo_root();
    let out = Command::new("python3")
        .arg(root.join("tests/witness/check_schema.py"))
        .arg(root.join("tests/witness/witness-2.0.schema.json"))
        .args(witnesses)
        .output()
        .map_err(|e| format!("python3: {e}"))?;
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("YAML 1.1 schema check: {text}"));
    }
    let want = format!("checked {}, failed 0", witnesses.len());
    if !text.contains(&want) {
        return Err(format!("YAML 1.1 schema check: {text}"));
    }
    Ok(witnesses.len())
}
