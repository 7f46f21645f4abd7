//! `--mode auto` end to end: the portfolio's stages, the report naming the
//! stage that answered and the final-unknown rule. (The expected verdicts
//! of tests/auto, tests/compact, tests/navigate and tests/matching under
//! auto are in their manifests, run by `programs.rs`.)

mod common;
use common::*;

fn stages(v: &serde_json::Value) -> Vec<(String, bool, bool)> {
    v["stats"]["stages"]
        .as_array()
        .expect("stats.stages")
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["answered"].as_bool().unwrap(),
                s["skipped"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_report_names_every_stage_and_the_one_that_answered() {
    let p = repo_root().join("tests/auto/loop_bound_false.c");
    let v = verify_json(&p, 60, &["--mode", "auto"]);
    assert_eq!(v["verdict"], "false", "{v}");
    assert_eq!(v["mode"], "auto", "{v}");
    assert_eq!(v["replay"], "reach_error reached", "{v}");
    let st = stages(&v);
    let names: Vec<&str> = st.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "probe",
            "condition",
            "prove",
            "navigate",
            "compact",
            "native",
            "classic+matching"
        ],
        "{v}"
    );
    // exactly one stage answered, the one named at the top level; every
    // stage after it was skipped
    let answered: Vec<_> = st.iter().filter(|s| s.1).collect();
    assert_eq!(answered.len(), 1, "{v}");
    assert_eq!(v["stage"], answered[0].0.as_str(), "{v}");
    let k = st.iter().position(|s| s.1).unwrap();
    assert!(st[k + 1..].iter().all(|s| s.2), "{v}");
    // every stage up to it ran
    assert!(st[..=k].iter().all(|s| !s.2), "{v}");
    // the human report lists the stages too
    let text = kappa_stdout(&["verify", "--mode", "auto", p.to_str().unwrap()]);
    assert!(text.contains("<- answered"), "{text}");
    assert!(text.contains("stage condition:"), "{text}");
}

#[test]
fn an_unknown_every_stage_would_meet_ends_the_portfolio() {
    let p = repo_root().join("tests/auto/ub_div_true.c");
    let v = verify_json(&p, 60, &["--mode", "auto"]);
    assert_eq!(v["verdict"], "unknown", "{v}");
    let reason = v["reason"].as_str().unwrap();
    assert!(reason.contains("division by zero"), "{v}");
    // the classic probe (the first interpreter stage) ran; the others
    // were skipped, not run to the deadline
    let st = stages(&v);
    let ran: Vec<_> = st.iter().filter(|s| !s.2).map(|s| s.0.as_str()).collect();
    assert_eq!(ran, ["probe"], "{v}");
}

#[test]
fn a_proof_before_execution_answers_without_running_later_stages() {
    let p = repo_root().join("tests/navigate/fig1_unreach.c");
    let v = verify_json(&p, 60, &["--mode", "auto"]);
    assert_eq!(v["verdict"], "true", "{v}");
    let st = stages(&v);
    assert!(
        st.iter()
            .any(|s| s.1 && ["condition", "prove", "navigate"].contains(&s.0.as_str())),
        "{v}"
    );
    assert_eq!(v["stats"]["instructions"], 0, "{v}");
}

#[test]
fn the_default_mode_is_auto() {
    let p = repo_root().join("tests/auto/loop_bound_false.c");
    // (not through `kappa()`, which makes a mode-less verify classic)
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(["verify", "--json", "--timeout", "60"])
        .arg(&p)
        .output()
        .expect("run kappa");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json report");
    assert_eq!(v["mode"], "auto", "{v}");
    assert_eq!(v["verdict"], "false", "{v}");
    assert!(v["stats"]["stages"].is_array(), "{v}");
    // and the help lists it first (scripts that score every mode start there)
    let help = kappa_stdout(&["verify", "--help"]);
    let first = help
        .lines()
        .skip_while(|l| !l.contains("--mode <MODE>"))
        .skip_while(|l| !l.contains("Possible values"))
        .nth(1)
        .unwrap_or_default();
    assert!(first.trim_start().starts_with("- auto:"), "{help}");
}

#[test]
fn flags_of_one_interpreter_mode_are_rejected_with_auto() {
    let p = repo_root().join("tests/auto/loop_bound_false.c");
    for flag in ["--state-matching", "--prune-with-condition"] {
        let out = kappa(&["verify", "--mode", "auto", flag, p.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains("add --mode classic"), "{err}");
    }
}

#[test]
fn a_stage_that_explodes_frees_its_states_within_its_share() {
    // an event loop whose frontier grows to tens of thousands of states in
    // the navigate and compact stages; freeing them took about half as long
    // again as the stage's share, time the later stages lost
    let p = repo_root().join("tests/matching/array_machine_true.c");
    let v = verify_json(&p, 20, &["--mode", "auto"]);
    assert_eq!(v["verdict"], "true", "{v}");
    let mut left = 20.0;
    for s in v["stats"]["stages"].as_array().expect("stats.stages") {
        let t = s["time_s"].as_f64().unwrap();
        // the shares of crates/run/src/portfolio.rs
        let share = match s["name"].as_str().unwrap() {
            "navigate" => Some(0.15),
            "compact" => Some(0.55),
            _ => None,
        };
        if let Some(share) = share {
            let budget = share * left;
            assert!(
                t <= budget * 1.2 + 0.5,
                "stage {} took {t}s of a share of {budget:.2}s: {v}",
                s["name"]
            );
        }
        left -= t;
    }
}
