//! The BenchExec tool-info module (benchexec/tools/kappa.py) passes
//! BenchExec's own `test_tool_info` (run by scripts/benchexec.sh, which
//! installs BenchExec from PyPI into .venv-benchexec when missing): it finds
//! this build's kappa, reads its version, builds command lines with the
//! task's data model and the limits, and maps each verdict line to its
//! BenchExec result.

mod common;

use common::repo_root;
use std::process::Command;

#[test]
fn tool_info_module_passes_test_tool_info() {
    // the module looks for target/release/kappa under the tool directory
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("target/release");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_kappa"), bin.join("kappa")).unwrap();
    let out = Command::new("bash")
        .arg(repo_root().join("scripts/benchexec.sh"))
        .arg("test-tool-info")
        .arg(dir.path())
        .output()
        .expect("run scripts/benchexec.sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let version = format!("Version: “{}”", env!("CARGO_PKG_VERSION"));
    assert!(stdout.contains(&version), "{stdout}");
}
