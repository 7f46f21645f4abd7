//! Soundness of the static proofs (issue 15): the necessary condition
//! (`--prune-with-condition`) and loop navigation (`--mode navigate`) never
//! answer `true` where a construct they cannot model, a possible undefined
//! behaviour, a call through a pointer or code run before or after `main`
//! may end the run in `false` or `unknown`.
//!
//! The programs `tests/programs/sound_*.c` and `tests/condition/*.c` run
//! under `--prune-with-condition` with each mode and under `--mode
//! navigate` from their manifests (`programs.rs`).
//! The programs of `tests/soundness` (constructors, destructors, `atexit`
//! and `qsort` callbacks) need the engine to run that code for their
//! expected verdict, so for them only the proofs are checked: neither may
//! claim them safe, and with a `// prune: none` header (every path ends
//! where the handlers run) no state may be dropped.

mod common;
use common::*;

const CONFIGS: [&[&str]; 4] = [
    &["--prune-with-condition", "--mode", "classic"],
    &["--prune-with-condition", "--mode", "compact"],
    &["--prune-with-condition", "--mode", "navigate"],
    &["--mode", "navigate"],
];

#[test]
fn code_before_or_after_main_blocks_the_proofs() {
    let files = c_files("tests/soundness");
    assert!(files.len() >= 6, "found {} programs", files.len());
    let fails = parallel(&files, |f| {
        let src = std::fs::read_to_string(f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let p = f.to_str().unwrap();
        let mut bad = vec![];
        let cond = kappa_stdout(&["condition", "--failures", "--timeout", "5", p]);
        if cond.lines().any(|l| l == "unsat") {
            bad.push(format!("{name}: the condition is unsat:\n{cond}"));
        }
        let chains = kappa_stdout(&["chains", p]);
        if chains.contains("no target is reachable") {
            bad.push(format!("{name}: the chain systems prove it:\n{chains}"));
        }
        let no_drop = header(&src, "prune").as_deref() == Some("none");
        for cfg in CONFIGS {
            let v = verify_json(f, 30, cfg);
            let reason = v["reason"].as_str().unwrap_or("");
            if v["verdict"] == "true"
                && (reason.contains("necessary condition") || reason.contains("proved by chain"))
            {
                bad.push(format!("{name} {cfg:?}: proved true ({reason})"));
            }
            if v["verdict"] == "false" && v["replay"].as_str() != Some("reach_error reached") {
                bad.push(format!("{name} {cfg:?}: false without replay"));
            }
            let dropped = v["stats"]["prune"]["pruned_states"].as_u64().unwrap_or(0)
                + v["stats"]["navigate"]["pruned"].as_u64().unwrap_or(0);
            if no_drop && dropped > 0 {
                bad.push(format!("{name} {cfg:?}: {dropped} states dropped"));
            }
        }
        (!bad.is_empty()).then(|| bad.join("\n"))
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}
