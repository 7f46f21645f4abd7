//! SV-COMP 2.0 witnesses end to end: `kappa verify --witness` writes one for
//! each `false` (it must validate with `kappa validate` and match
//! tests/witness/witness-2.0.schema.json) and each `true` (it must match the
//! schema and put its invariants at loop keywords); planted wrong witnesses
//! are rejected.

#[path = "common/branch_check.rs"]
mod branch_check;
mod common;
#[path = "common/yaml11.rs"]
mod yaml11;

use common::{c_files, full_tier, header, invariant_compile, kappa, parallel, repo_root};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The witness schema.
fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(repo_root().join("tests/witness/witness-2.0.schema.json"))
        .expect("schema file");
    let v: Value = serde_json::from_str(&text).expect("schema is JSON");
    jsonschema::validator_for(&v).expect("schema compiles")
}

/// A witness file as JSON, checked against the schema and the rules the
/// schema cannot state (the follow waypoint ends its segment; the target is
/// the last segment's follow waypoint and appears nowhere else).
fn checked_witness(path: &Path, schema: &jsonschema::Validator) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("no witness: {e}"))?;
    let v: Value = serde_yaml::from_str(&text).map_err(|e| format!("not YAML: {e}"))?;
    let errors: Vec<String> = schema
        .iter_errors(&v)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect();
    if !errors.is_empty() {
        return Err(format!("schema: {}", errors.join("; ")));
    }
    for entry in v.as_array().expect("schema: a list") {
        if entry["entry_type"] != "violation_sequence" {
            continue;
        }
        let segs = entry["content"].as_array().expect("schema: content");
        for (k, seg) in segs.iter().enumerate() {
            let wps = seg["segment"].as_array().expect("schema: segment");
            let last = &wps[wps.len() - 1]["waypoint"];
            if last["action"] != "follow" {
                return Err(format!("segment {k} does not end with its follow waypoint"));
            }
            let targets = wps
                .iter()
                .filter(|w| w["waypoint"]["type"] == "target")
                .count();
            let want = usize::from(k + 1 == segs.len());
            if targets != want || (want == 1 && last["type"] != "target") {
                return Err(format!("segment {k}: the target must end the last segment"));
            }
        }
    }
    Ok(v)
}

/// [`checked_witness`] and the YAML 1.1 loader's schema check of the file.
fn checked_both(path: &Path, schema: &jsonschema::Validator) -> Result<Value, String> {
    let v = checked_witness(path, schema)?;
    yaml11::schema_check(&[path])?;
    Ok(v)
}

/// The data model a witness states.
fn witness_dm(v: &Value) -> kappa_ir::DataModel {
    match v[0]["metadata"]["task"]["data_model"].as_str() {
        Some("LP64") => kappa_ir::DataModel::Lp64,
        _ => kappa_ir::DataModel::Ilp32,
    }
}

/// The branching values of violation witness `v` of `program` against a
/// natively logged run ([`branch_check`]); the number checked.
fn branches_checked(v: &Value, program: &Path, dir: &Path) -> usize {
    branch_check::check_branches(v, program, witness_dm(v), dir)
        .unwrap_or_else(|e| panic!("{}: branching values: {e}", program.display()))
}

fn validate(witness: &Path, program: &Path) -> String {
    let out = kappa(&[
        "validate",
        witness.to_str().unwrap(),
        program.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "kappa validate {} failed: {}",
        witness.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Runs `kappa verify --witness` on `program` (`--timeout 30` unless
/// `extra` gives one); returns the verdict line's value and the witness
/// path.
fn verify_with_witness(program: &Path, dir: &Path, extra: &[&str]) -> (String, PathBuf) {
    let src = std::fs::read_to_string(program).unwrap();
    let name = program.file_stem().unwrap().to_string_lossy();
    let witness = dir.join(format!("{name}.yml"));
    let mut args = vec!["verify", "--witness", witness.to_str().unwrap()];
    if !extra.contains(&"--timeout") {
        args.extend(["--timeout", "30"]);
    }
    // (the tests run as many kappa processes as the machine has cores: one
    // stage at a time each, as in tests/programs.rs)
    if !extra.contains(&"--jobs") {
        args.extend(["--jobs", "1"]);
    }
    args.extend_from_slice(extra);
    let dm = header(&src, "data-model");
    if let Some(dm) = &dm {
        args.push("--data-model");
        args.push(dm);
    }
    args.push(program.to_str().unwrap());
    let out = kappa(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let verdict = stdout
        .lines()
        .find_map(|l| l.strip_prefix("verdict: "))
        .unwrap_or("?")
        .to_string();
    (verdict, witness)
}

/// The `--timeout` of the sweeps over every program of tests/programs
/// (programs left `unknown` are skipped): 10 s in the standard tier, 30 in
/// the benchmark tier. In auto mode, five programs need over 10 s, about a
/// minute of CPU in all whether they are answered or skipped at 30 s.
fn sweep_timeout() -> &'static str {
    if full_tier() {
        "30"
    } else {
        "10"
    }
}

fn programs_expecting(verdict: &str) -> Vec<PathBuf> {
    c_files("tests/programs")
        .into_iter()
        .filter(|p| {
            let src = std::fs::read_to_string(p).unwrap();
            header(&src, "expect").as_deref() == Some(verdict)
        })
        .collect()
}

/// Rewrites a witness file through `edit` on its JSON form.
fn planted(witness: &Path, out: &Path, edit: impl FnOnce(&mut Value) -> bool) -> bool {
    let mut v: Value =
        serde_yaml::from_str(&std::fs::read_to_string(witness).unwrap()).expect("witness YAML");
    if !edit(&mut v) {
        return false;
    }
    std::fs::write(out, serde_yaml::to_string(&v).unwrap()).unwrap();
    true
}

fn waypoints(v: &mut Value) -> impl Iterator<Item = &mut Value> {
    v[0]["content"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .map(|s| &mut s["segment"][0]["waypoint"])
}

#[test]
fn violation_witnesses_validate_and_planted_errors_are_rejected() {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let files = programs_expecting("false");
    assert!(files.len() > 20);
    let counts = std::sync::Mutex::new((0usize, 0usize, 0usize));
    let written = std::sync::Mutex::new(vec![]);
    let branches = std::sync::Mutex::new((0usize, 0usize));
    let fails = parallel(&files, |p| {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let (verdict, w) = verify_with_witness(p, dir.path(), &["--timeout", sweep_timeout()]);
        if verdict != "false" {
            return None; // the verdict tests judge verdicts
        }
        let v = match checked_witness(&w, &schema) {
            Ok(v) => v,
            Err(e) => return Some(format!("{name}: {e}")),
        };
        written.lock().unwrap().push(w.clone());
        let t0 = std::time::Instant::now();
        let answer = validate(&w, p);
        if answer != "confirmed" {
            return Some(format!("{name}: own witness: {answer}"));
        }
        // (a witness whose validation is long, a path of millions of
        // steps, gets no planted errors in the standard tier: each costs
        // up to three more validations)
        let quick = t0.elapsed() < std::time::Duration::from_secs(3);
        let planting = {
            let mut c = counts.lock().unwrap();
            c.0 += 1;
            // planted errors in every other witness (each costs three validations)
            c.0 % 2 == 1 && (quick || full_tier())
        };
        // the branching values against a natively logged run (a native
        // build each: on the witnesses without planted errors, all of them
        // in the benchmark tier)
        if !planting || full_tier() {
            match branch_check::check_branches(&v, p, witness_dm(&v), dir.path()) {
                Ok(n) => {
                    let mut b = branches.lock().unwrap();
                    b.0 += usize::from(n > 0);
                    b.1 += n;
                }
                Err(e) => return Some(format!("{name}: branching values: {e}")),
            }
        }
        if !planting {
            return None;
        }
        // the target one line further down
        let bad = dir.path().join(format!("{name}.target.yml"));
        planted(&w, &bad, |v| {
            let t = waypoints(v).last().unwrap();
            t["location"]["line"] = (t["location"]["line"].as_u64().unwrap() + 1).into();
            true
        });
        let answer = validate(&bad, p);
        if !answer.starts_with("rejected:") {
            return Some(format!("{name}: target on a wrong line: {answer}"));
        }
        // a branch the other way
        let bad = dir.path().join(format!("{name}.branch.yml"));
        let has_branch = planted(&w, &bad, |v| {
            let Some(b) = waypoints(v).find(|w| w["type"] == "branching") else {
                return false;
            };
            let flip = if b["constraint"]["value"] == "true" {
                "false"
            } else {
                "true"
            };
            b["constraint"]["value"] = flip.into();
            true
        });
        if has_branch {
            counts.lock().unwrap().1 += 1;
            let answer = validate(&bad, p);
            if !answer.starts_with("rejected:") {
                return Some(format!("{name}: branch flipped: {answer}"));
            }
        }
        // a nondet value left out (of two or more: a witness without
        // values is the compact form, whose run is free)
        let bad = dir.path().join(format!("{name}.dropped.yml"));
        let has_input = planted(&w, &bad, |v| {
            let segs = v[0]["content"].as_array_mut().unwrap();
            let is_value = |s: &Value| s["segment"][0]["waypoint"]["type"] == "function_return";
            let Some(k) = segs.iter().position(is_value) else {
                return false;
            };
            if segs.iter().filter(|s| is_value(s)).count() < 2 {
                return false;
            }
            segs.remove(k);
            true
        });
        if has_input {
            counts.lock().unwrap().2 += 1;
            let answer = validate(&bad, p);
            if !answer.starts_with("rejected:") {
                return Some(format!("{name}: nondet value left out: {answer}"));
            }
        }
        None
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    let written = written.into_inner().unwrap();
    let paths: Vec<&Path> = written.iter().map(PathBuf::as_path).collect();
    let checked = yaml11::schema_check(&paths).unwrap();
    let (with_branches, values) = *branches.lock().unwrap();
    eprintln!(
        "{checked} violation witnesses match the schema read by PyYAML; the branching values \
         of {with_branches} ({values} waypoints) match natively logged runs"
    );
    assert!(
        with_branches > 10,
        "{with_branches} witnesses with branches"
    );
    let (validated, flipped, dropped) = *counts.lock().unwrap();
    // most `false` programs are decided and validated; many have branches
    assert!(validated > files.len() / 2, "only {validated} validated");
    assert!(
        flipped > 5 && dropped > 5,
        "{flipped} flipped, {dropped} dropped"
    );
}

/// Benchmark tier: the `false` tasks of the shared corpus (../shared/corpus
/// beside the repository, when present): every violation witness matches
/// the schema with both loaders, is confirmed by `kappa validate`, and its
/// branching values match a natively logged run.
#[test]
fn corpus_violation_witnesses_pass_the_independent_checks() {
    let corpus = repo_root().join("../shared/corpus");
    if !full_tier() || !corpus.is_dir() {
        eprintln!("benchmark tier only (KAPPA_TIER=full), with ../shared/corpus");
        return;
    }
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let mut tasks: Vec<PathBuf> = std::fs::read_dir(&corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yml"))
        .filter(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .contains("expected_verdict: false")
        })
        .collect();
    tasks.sort();
    let counts = std::sync::Mutex::new((0usize, 0usize, 0usize, vec![]));
    let fails = parallel(&tasks, |t| {
        let name = t.file_name().unwrap().to_string_lossy().into_owned();
        let (verdict, w) =
            verify_with_witness(t, dir.path(), &["--mode", "auto", "--timeout", "60"]);
        if verdict != "false" {
            counts.lock().unwrap().3.push(format!("{name}: {verdict}"));
            return None;
        }
        let v = match checked_both(&w, &schema) {
            Ok(v) => v,
            Err(e) => return Some(format!("{name}: {e}")),
        };
        let answer = validate(&w, t);
        if answer != "confirmed" {
            return Some(format!("{name}: own witness: {answer}"));
        }
        let input = v[0]["metadata"]["task"]["input_files"][0].as_str().unwrap();
        let c = t.parent().unwrap().join(input);
        match branch_check::check_branches(&v, &c, witness_dm(&v), dir.path()) {
            Ok(n) => {
                let mut k = counts.lock().unwrap();
                k.0 += 1;
                k.1 += usize::from(n > 0);
                k.2 += n;
                None
            }
            Err(e) => Some(format!("{name}: branching values: {e}")),
        }
    });
    let (witnesses, with_branches, values, other) = counts.into_inner().unwrap();
    eprintln!(
        "corpus: {} false tasks; {witnesses} witnesses schema-valid (both loaders) and \
         confirmed; {with_branches} with branching waypoints ({values} values) match \
         natively logged runs; not false: {other:?}",
        tasks.len()
    );
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    assert!(witnesses > 0);
}

#[test]
fn a_wrong_nondet_value_is_rejected() {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/witness/one_value.c");
    let (verdict, w) = verify_with_witness(&p, dir.path(), &[]);
    assert_eq!(verdict, "false");
    let v = checked_both(&w, &schema).unwrap();
    let text = serde_json::to_string(&v).unwrap();
    assert!(text.contains("\\\\result == 123456"), "{text}");
    assert!(text.contains("\\\\result == 3"), "{text}");
    // three loop iterations and the two ifs, all pinned by branching waypoints
    assert_eq!(text.matches("\"branching\"").count(), 6, "{text}");
    assert_eq!(branches_checked(&v, &p, dir.path()), 6);
    assert_eq!(validate(&w, &p), "confirmed");
    for (from, to) in [("123456", "123457"), ("== 3", "== 2")] {
        let bad = dir.path().join("bad.yml");
        std::fs::write(&bad, std::fs::read_to_string(&w).unwrap().replace(from, to)).unwrap();
        let answer = validate(&bad, &p);
        assert!(answer.starts_with("rejected:"), "{from} -> {to}: {answer}");
    }
}

#[test]
fn branching_values_are_the_c_conditions() {
    // clang swaps the successors of a negated condition: the values are
    // the C condition's, not LLVM's branch direction
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/witness/negated.c");
    let (verdict, w) = verify_with_witness(&p, dir.path(), &[]);
    assert_eq!(verdict, "false");
    let mut v = checked_both(&w, &schema).unwrap();
    let value_at = |v: &mut Value, line: u64| -> Vec<String> {
        waypoints(v)
            .filter(|w| w["type"] == "branching" && w["location"]["line"] == line)
            .map(|w| w["constraint"]["value"].as_str().unwrap().to_string())
            .collect()
    };
    // n = 2: `if (!n)` falls through; `if (!(cond))` enters its block
    assert_eq!(value_at(&mut v, 16), ["false"], "{v}");
    assert_eq!(value_at(&mut v, 10), ["true"], "{v}");
    // `while (!(k >= n))`: two iterations, then out
    assert_eq!(value_at(&mut v, 18), ["true", "true", "false"], "{v}");
    // `if (n != 3) ;` with an empty then statement
    assert_eq!(value_at(&mut v, 24), ["true"], "{v}");
    assert_eq!(branches_checked(&v, &p, dir.path()), 12);
    assert_eq!(validate(&w, &p), "confirmed");
    // LLVM's direction at the negated `if` is rejected
    let bad = dir.path().join("llvm_direction.yml");
    planted(&w, &bad, |v| {
        let b = waypoints(v)
            .find(|w| w["type"] == "branching" && w["location"]["line"] == 16)
            .unwrap();
        b["constraint"]["value"] = "true".into();
        true
    });
    let answer = validate(&bad, &p);
    assert!(
        answer.starts_with("rejected:") && answer.contains("negated.c:16:3"),
        "{answer}"
    );
    let planted_v: Value = serde_yaml::from_str(&std::fs::read_to_string(&bad).unwrap()).unwrap();
    assert!(
        branch_check::check_branches(&planted_v, &p, witness_dm(&planted_v), dir.path()).is_err()
    );
}

#[test]
fn a_false_after_a_long_loop_gets_a_witness_of_inputs_and_target() {
    // the interpreter cannot re-run 300 million iterations in the time
    // left: the witness gives the inputs at their calls and the target,
    // and validation checks it natively
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/witness/quiet_loop.c");
    let modes: &[&str] = if full_tier() {
        &["native", "auto"]
    } else {
        &["native"]
    };
    for mode in modes {
        let (verdict, w) =
            verify_with_witness(&p, dir.path(), &["--mode", mode, "--timeout", "12"]);
        assert_eq!(verdict, "false", "{mode}");
        let v = checked_both(&w, &schema).unwrap();
        let wps: Vec<(String, u64)> = v[0]["content"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let w = &s["segment"][0]["waypoint"];
                (
                    w["type"].as_str().unwrap().to_string(),
                    w["location"]["line"].as_u64().unwrap(),
                )
            })
            .collect();
        let want = [
            ("function_return", 10),
            ("function_return", 11),
            ("target", 14),
        ];
        let want: Vec<(String, u64)> = want.iter().map(|(t, l)| (t.to_string(), *l)).collect();
        assert_eq!(wps, want, "{mode}: {v}");
        let validate_in = |w: &Path| {
            let out = kappa(&[
                "validate",
                "--interpreter-time",
                "0.5",
                w.to_str().unwrap(),
                p.to_str().unwrap(),
            ]);
            String::from_utf8_lossy(&out.stdout).trim().to_string()
        };
        assert_eq!(validate_in(&w), "confirmed", "{mode}");
        let bad = dir.path().join("quiet_bad.yml");
        std::fs::write(
            &bad,
            std::fs::read_to_string(&w)
                .unwrap()
                .replace("== 41", "== 40"),
        )
        .unwrap();
        let answer = validate_in(&bad);
        assert!(answer.starts_with("rejected:"), "{mode}: {answer}");
    }
}

#[test]
fn float_inputs_are_written_exactly_and_read_back_at_their_width() {
    // three float inputs, written as the doubles they widen to: the
    // validator reads each at the width of the nondet function called
    // there, and a value no float has is rejected
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/float/filter_false.c");
    let (verdict, w) = verify_with_witness(&p, dir.path(), &["--mode", "classic"]);
    assert_eq!(verdict, "false");
    assert!(checked_witness(&w, &schema()).is_ok());
    assert_eq!(validate(&w, &p), "confirmed");
    let bad = dir.path().join("not_a_float.yml");
    let changed = planted(&w, &bad, |v| {
        let Some(r) = waypoints(v).find(|w| w["type"] == "function_return") else {
            return false;
        };
        // 0.1 is no float's value: `\result == 0.1` never holds
        r["constraint"]["value"] = "\\result == 1e-1".into();
        true
    });
    assert!(changed);
    let answer = validate(&bad, &p);
    assert!(answer.starts_with("rejected:"), "{answer}");
}

#[test]
fn a_path_of_millions_of_steps_gets_its_witness_in_time() {
    // navigation reaches the error after 26 million instructions (6 million
    // source steps) in about 3 s; writing the witness located every step's
    // file with a system call, which took longer than the rest of the run,
    // and the run ended `unknown` at the hard deadline
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/programs/long_path_wraparound.c");
    let (verdict, w) =
        verify_with_witness(&p, dir.path(), &["--mode", "navigate", "--timeout", "20"]);
    assert_eq!(verdict, "false");
    assert!(checked_witness(&w, &schema()).is_ok());
}

/// One long path's compact witness (see `violation_entry`): the waypoints
/// (type and line) are `want`, it is confirmed (timed), a flipped branching
/// value is rejected, and the branching values match a natively logged run
/// of the error test `kappa verify --tests-dir` wrote. Returns the
/// witness's size in bytes and the validation's wall time.
fn compact_case(p: &Path, dir: &Path, want: &[(&str, u64)]) -> (u64, f64) {
    let schema = schema();
    let tests = tempfile::tempdir_in(dir).unwrap();
    let tests = tests.path();
    let (verdict, w) = verify_with_witness(
        p,
        dir,
        &["--timeout", "120", "--tests-dir", tests.to_str().unwrap()],
    );
    assert_eq!(verdict, "false", "{}", p.display());
    let v = checked_both(&w, &schema).unwrap();
    let wps: Vec<(String, u64)> = v[0]["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let w = &s["segment"][0]["waypoint"];
            let t = w["type"].as_str().unwrap().to_string();
            (t, w["location"]["line"].as_u64().unwrap())
        })
        .collect();
    let want: Vec<(String, u64)> = want.iter().map(|(t, l)| (t.to_string(), *l)).collect();
    assert_eq!(wps, want, "{}: {v}", p.display());
    let size = std::fs::metadata(&w).unwrap().len();
    let start = std::time::Instant::now();
    assert_eq!(validate(&w, p), "confirmed", "{}", p.display());
    let secs = start.elapsed().as_secs_f64();
    let test = kappa_replay::read_test(&tests.join("testcase-1.xml")).unwrap();
    let values: Vec<String> = test.inputs.into_iter().map(|i| i.value).collect();
    let n = branch_check::check_branches_on(&v, p, witness_dm(&v), dir, &values)
        .unwrap_or_else(|e| panic!("{}: branching values: {e}", p.display()));
    let branching = want.iter().filter(|(t, _)| t == "branching").count();
    assert_eq!(n, branching, "{}", p.display());
    // the last branching value flipped: no run to reach_error follows it
    let bad = dir.join("compact_flipped.yml");
    assert!(planted(&w, &bad, |v| {
        let Some(b) = waypoints(v).filter(|w| w["type"] == "branching").last() else {
            return false;
        };
        let flip = if b["constraint"]["value"] == "true" {
            "false"
        } else {
            "true"
        };
        b["constraint"]["value"] = flip.into();
        true
    }));
    let answer = validate(&bad, p);
    assert!(answer.starts_with("rejected:"), "{}: {answer}", p.display());
    (size, secs)
}

#[test]
fn long_paths_get_compact_witnesses() {
    // more inputs than the witness cap: no function_return waypoint, the
    // branches that depend on an input (not the loop's); more branches
    // than the cap: the inputs and those branches
    let dir = tempfile::tempdir().unwrap();
    let inputs = repo_root().join("tests/witness/many_inputs.c");
    let steps = repo_root().join("tests/witness/many_steps.c");
    let want_inputs = [("branching", 13), ("branching", 14), ("target", 15)];
    let want_steps = [("function_return", 9), ("branching", 13), ("target", 14)];
    let mut cases = vec![
        (inputs.clone(), &want_inputs[..]),
        (steps.clone(), &want_steps[..]),
    ];
    if full_tier() {
        // the benchmark tier: 100,001 inputs, 10^6 iterations
        for (p, from, to, want) in [
            (&inputs, "1500", "100000", &want_inputs[..]),
            (&steps, "2000u", "1000000u", &want_steps[..]),
        ] {
            let big = dir.path().join("big");
            std::fs::create_dir_all(&big).unwrap();
            let copy = big.join(p.file_name().unwrap());
            let text = std::fs::read_to_string(p).unwrap().replace(from, to);
            std::fs::write(&copy, text).unwrap();
            cases.push((copy, want));
        }
    }
    for (p, want) in cases {
        let (size, secs) = compact_case(&p, dir.path(), want);
        eprintln!(
            "{}: witness {size} bytes, validated in {secs:.2} s (wall)",
            p.display()
        );
        assert!(size < 4096, "{}: {size} bytes", p.display());
    }
}

#[test]
fn input_files_are_named_as_the_task_names_them() {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let task_dir = dir.path().join("tasks");
    std::fs::create_dir(&task_dir).unwrap();
    let c = task_dir.join("one_value.c");
    std::fs::copy(repo_root().join("tests/witness/one_value.c"), &c).unwrap();
    let task = task_dir.join("one_value.yml");
    std::fs::write(
        &task,
        "format_version: '2.0'\ninput_files: 'one_value.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: false\noptions:\n  language: C\n  data_model: ILP32\n",
    )
    .unwrap();
    // the task and (benchmark tier) the program given by absolute paths
    let given_paths = if full_tier() {
        vec![&task, &c]
    } else {
        vec![&task]
    };
    for given in given_paths {
        assert!(given.is_absolute());
        let (verdict, w) = verify_with_witness(given, dir.path(), &[]);
        assert_eq!(verdict, "false");
        let v = checked_both(&w, &schema).unwrap();
        let task_info = &v[0]["metadata"]["task"];
        assert_eq!(
            task_info["input_files"],
            serde_json::json!(["one_value.c"]),
            "{v}"
        );
        assert!(
            task_info["input_file_hashes"]["one_value.c"].is_string(),
            "{v}"
        );
        assert_eq!(validate(&w, given), "confirmed");
    }
}

#[test]
fn a_preprocessed_input_is_named_with_its_own_lines() {
    // line markers in a `.i` claim other files and lines; the witness of a
    // task whose input is the `.i` must name the `.i` and its lines
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/witness/preprocessed.i");
    let (verdict, w) = verify_with_witness(&p, dir.path(), &[]);
    assert_eq!(verdict, "false");
    let v = checked_both(&w, &schema).unwrap();
    let segs = v[0]["content"].as_array().unwrap();
    let target = &segs[segs.len() - 1]["segment"][0]["waypoint"];
    assert_eq!(target["type"], "target", "{v}");
    assert_eq!(target["location"]["line"], 13, "{v}");
    assert!(
        target["location"]["file_name"]
            .as_str()
            .unwrap()
            .ends_with("preprocessed.i"),
        "{v}"
    );
    assert_eq!(validate(&w, &p), "confirmed");
    let out = kappa(&["verify", "--mode", "classic", p.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("preprocessed.i:13"), "{stdout}");
}

#[test]
fn native_mode_names_source_lines_and_writes_witnesses() {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/witness/one_value.c");
    let (verdict, w) = verify_with_witness(&p, dir.path(), &["--mode", "native"]);
    assert_eq!(verdict, "false");
    let v = checked_both(&w, &schema).unwrap();
    assert!(branches_checked(&v, &p, dir.path()) > 0);
    assert_eq!(validate(&w, &p), "confirmed");
    let out = kappa(&["verify", "--mode", "native", p.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let at = stdout
        .lines()
        .find_map(|l| l.strip_prefix("reach_error() is called at "))
        .unwrap_or("");
    assert!(at.ends_with("one_value.c:18"), "{stdout}");
    assert!(stdout.contains("error path: "), "{stdout}");
    assert!(stdout.contains("one_value.c:9"), "{stdout}");
}

#[test]
fn correctness_witnesses_match_the_schema_and_sit_at_loops() {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let files = programs_expecting("true");
    let loops_seen = std::sync::Mutex::new(0usize);
    let confirmed = std::sync::Mutex::new(0usize);
    let written = std::sync::Mutex::new(vec![]);
    let compiled = std::sync::Mutex::new(0usize);
    let fails = parallel(&files, |p| {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let (verdict, w) = verify_with_witness(p, dir.path(), &["--timeout", sweep_timeout()]);
        if verdict != "true" {
            return None;
        }
        written.lock().unwrap().push(w.clone());
        let v = match checked_witness(&w, &schema) {
            Ok(v) => v,
            Err(e) => return Some(format!("{name}: {e}")),
        };
        if v[0]["entry_type"] != "invariant_set" {
            return Some(format!("{name}: not an invariant set"));
        }
        // pasted where they stand, the invariants compile
        match invariant_compile::invariants_compile(&w, p) {
            Ok(n) => *compiled.lock().unwrap() += n,
            Err(e) => return Some(e),
        }
        let answer = validate(&w, p);
        if answer == "confirmed" {
            *confirmed.lock().unwrap() += 1;
        } else if !answer.starts_with("unknown: well-formed") {
            return Some(format!("{name}: own witness: {answer}"));
        }
        let invariants = v[0]["content"].as_array().unwrap().len();
        *loops_seen.lock().unwrap() += invariants;
        if v[0]["content"][0]["invariant"]["type"] == "loop_invariant" {
            // an invariant one column off its loop keyword
            let bad = dir.path().join(format!("{name}.col.yml"));
            planted(&w, &bad, |v| {
                let l = &mut v[0]["content"][0]["invariant"]["location"];
                l["column"] = (l["column"].as_u64().unwrap() + 1).into();
                true
            });
            let answer = validate(&bad, p);
            if !answer.starts_with("rejected:") {
                return Some(format!("{name}: invariant off its loop: {answer}"));
            }
        }
        None
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    let written = written.into_inner().unwrap();
    let paths: Vec<&Path> = written.iter().map(PathBuf::as_path).collect();
    let checked = yaml11::schema_check(&paths).unwrap();
    eprintln!("{checked} correctness witnesses match the schema read by PyYAML");
    eprintln!(
        "{} invariants compiled where they stand",
        compiled.lock().unwrap()
    );
    assert!(*loops_seen.lock().unwrap() > 10);
    // the invariants of several prove kappa's own verdicts again
    assert!(*confirmed.lock().unwrap() >= 3, "{confirmed:?}");
}

#[test]
fn proof_witnesses_carry_the_checked_invariants() {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    // the proof's invariant, over the source's variables, is the witness's
    let p = repo_root().join("tests/prove/lockstep_double_true.c");
    let (verdict, w) = verify_with_witness(&p, dir.path(), &["--mode", "prove"]);
    assert_eq!(verdict, "true");
    let v = checked_both(&w, &schema).unwrap();
    let inv = &v[0]["content"][0]["invariant"];
    assert_eq!(inv["value"], "(y == (2u * x))", "{v}");
    // inductive and safe: the validator proves the program with it
    assert_eq!(validate(&w, &p), "confirmed");
    // a register that holds no source variable at the loop (the outer
    // loop's `c` inside the inner loop) would mean nothing to a validator:
    // the conjuncts naming it are left out of the inner loop's invariant
    // (the proof's minimisation is cut short under load, which only
    // leaves more conjuncts)
    let p = repo_root().join("tests/prove/nested_product_true.c");
    let (verdict, w) = verify_with_witness(&p, dir.path(), &["--mode", "prove"]);
    assert_eq!(verdict, "true");
    let v = checked_both(&w, &schema).unwrap();
    let value = |k: usize| v[0]["content"][k]["invariant"]["value"].to_string();
    assert!(value(0).contains("(c == (10u * i))"), "{v}");
    assert!(value(1).contains("(j <= 10u)"), "{v}");
    assert!(!value(1).contains('%'), "{v}");
    // (with the data's `c == 10*i + j` at the inner loop the invariants
    // prove the program; without it they hold where sampled)
    let answer = validate(&w, &p);
    assert!(
        answer == "confirmed" || answer.contains("2 non-trivial ones held"),
        "{answer}"
    );
}

/// The invariants of `program`'s prove-mode correctness witness, which
/// must match the schema, name `main` as their function and pass
/// `kappa validate` with every non-trivial one sampled.
fn proof_witness_invariants(program: &str) -> Vec<String> {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join(program);
    let (verdict, w) = verify_with_witness(&p, dir.path(), &["--mode", "prove"]);
    assert_eq!(verdict, "true", "{program}");
    let v = checked_both(&w, &schema).unwrap();
    let invs: Vec<&Value> = v[0]["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| &c["invariant"])
        .collect();
    for i in &invs {
        assert_eq!(i["location"]["function"], "main", "{v}");
    }
    let values: Vec<String> = invs
        .iter()
        .map(|i| i["value"].as_str().unwrap().to_string())
        .collect();
    let real = values.iter().filter(|x| *x != "1").count();
    invariant_compile::invariants_compile(&w, &p).unwrap();
    let answer = validate(&w, &p);
    assert!(
        answer == "confirmed"
            || answer.starts_with("unknown: well-formed")
                && answer.contains(&format!("{real} non-trivial ones held")),
        "{program}: {answer}"
    );
    // an invariant said to be in another function
    let bad = dir.path().join("function.yml");
    planted(&w, &bad, |v| {
        v[0]["content"][0]["invariant"]["location"]["function"] = "elsewhere".into();
        true
    });
    let answer = validate(&bad, &p);
    assert!(answer.starts_with("rejected:"), "{program}: {answer}");
    values
}

#[test]
fn invariants_over_ssa_versions_and_nondet_results_name_source_variables() {
    // x and y are other registers (SSA versions) at each loop, n and m the
    // results of a nondet call and an addition: all are source variables
    // at the loops
    let values = proof_witness_invariants("tests/witness/ssa_versions.c");
    assert_eq!(values.len(), 2);
    // (the cast a variable is read through depends on which of the
    // equivalent conjuncts the simplification keeps)
    let names = |v: &str, var: &str| {
        v.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| w == var)
    };
    for v in &values {
        assert!(names(v, "x") && names(v, "y"), "{v}");
    }
    assert!(names(&values[0], "n"), "{values:?}");
    // down_up: x = n counts down while y counts up
    let values = proof_witness_invariants("tests/prove/down_up_true.c");
    assert_eq!(values.len(), 1);
    for var in ["x", "y", "n"] {
        assert!(names(&values[0], var), "{values:?}");
    }
}

#[test]
fn waypoints_name_the_function_containing_them() {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/witness/in_functions.c");
    let (verdict, w) = verify_with_witness(&p, dir.path(), &[]);
    assert_eq!(verdict, "false");
    let mut v = checked_both(&w, &schema).unwrap();
    assert!(branches_checked(&v, &p, dir.path()) > 0);
    let mut seen = vec![];
    for wp in waypoints(&mut v) {
        let line = wp["location"]["line"].as_u64().unwrap();
        let want = match line {
            11..=14 => "read_bounded",
            17..=20 => "check",
            22..=28 => "main",
            _ => panic!("waypoint at line {line}"),
        };
        assert_eq!(wp["location"]["function"], want, "line {line}");
        seen.push(want);
    }
    for f in ["read_bounded", "check", "main"] {
        assert!(seen.contains(&f), "no waypoint in {f}: {seen:?}");
    }
    assert_eq!(validate(&w, &p), "confirmed");
    // the target said to be in main
    let bad = dir.path().join("function.yml");
    planted(&w, &bad, |v| {
        waypoints(v).last().unwrap()["location"]["function"] = "main".into();
        true
    });
    let answer = validate(&bad, &p);
    assert!(
        answer.starts_with("rejected:") && answer.contains("in function check, not main"),
        "{answer}"
    );
}

#[test]
fn loop_invariants_are_sampled_natively() {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/witness/even_sum.c");
    let (verdict, w) = verify_with_witness(&p, dir.path(), &[]);
    assert_eq!(verdict, "true");
    let v = checked_both(&w, &schema).unwrap();
    let inv = &v[0]["content"][0]["invariant"];
    assert_eq!(inv["location"]["line"], 10);
    assert_eq!(inv["location"]["column"], 3);
    // (the proof stage's search found invariants for the run's `true`;
    // those over the for loop's own `i` stand in its body, line 11)
    let body = &v[0]["content"][1]["invariant"];
    assert_eq!(body["type"], "location_invariant");
    assert_eq!(body["location"]["line"], 11);
    assert!(
        body["value"]
            .as_str()
            .unwrap()
            .contains("((unsigned)s == (2u * (unsigned)i))"),
        "{v}"
    );
    assert_eq!(validate(&w, &p), "confirmed");
    // planted: the one invariant at the for keyword
    let with = |value: &str| {
        let bad = dir.path().join("inv.yml");
        planted(&w, &bad, |v| {
            v[0]["content"].as_array_mut().unwrap().truncate(1);
            v[0]["content"][0]["invariant"]["value"] = value.into();
            true
        });
        validate(&bad, &p)
    };
    // inductive (s + 2 keeps s even, modulo 2^32 too) and safe
    assert_eq!(with("s % 2 == 0 && 0 <= i && i <= n"), "confirmed");
    // true on every run, not inductive (nothing links s to the trip count)
    let held = with("s <= 40");
    assert!(
        held.starts_with("unknown: well-formed")
            && held.contains("1 non-trivial ones held")
            && held.contains("not shown inductive"),
        "{held}"
    );
    let answer = with("i < 5");
    assert!(
        answer.starts_with("rejected: an invariant is false"),
        "{answer}"
    );
    let answer = with("no_such_variable > 0");
    assert!(
        answer.starts_with("rejected:") && answer.contains("no_such_variable"),
        "{answer}"
    );
}

#[test]
fn bad_witnesses_are_bad_input() {
    let p = repo_root().join("tests/witness/one_value.c");
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("w.yml");
    std::fs::write(&w, "- entry_type: violation_sequence\n  content: []\n").unwrap();
    let out = kappa(&["validate", w.to_str().unwrap(), p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("w.yml") && err.lines().count() == 1, "{err}");
    let out = kappa(&["validate", "/nonexistent/w.yml", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn validation_proves_invariants_inductive_in_kappas_semantics() {
    // i grows by 6 from 0: `i % 2 == 0` is inductive (modulo 2^32 too) and
    // excludes i == 9; `i != 9` holds on every run but is not inductive
    // (3 + 6 == 9); `1` is inductive but proves nothing; `i < 10` is false
    let dir = tempfile::tempdir().unwrap();
    let p = repo_root().join("tests/compact/count_by_six.c");
    let (verdict, w) = verify_with_witness(&p, dir.path(), &["--mode", "compact"]);
    assert_eq!(verdict, "true");
    // compact execution's `true` carries invariants from the proof
    // stage's search; those over the for loop's own `k` (`i == 6u * k`)
    // stand at its unbraced body (line 9, column 40), where `k` is in scope
    let answer = validate(&w, &p);
    assert!(
        answer == "confirmed" || answer.starts_with("unknown: well-formed"),
        "{answer}"
    );
    let text = std::fs::read_to_string(&w).unwrap();
    assert!(!text.contains("(unsigned)k"), "{text}");
    // the loop invariant alone, planted
    let with = |value: &str| {
        let bad = dir.path().join("planted.yml");
        planted(&w, &bad, |v| {
            let content = v[0]["content"].as_array_mut().unwrap();
            content.truncate(1);
            content[0]["invariant"]["value"] = value.into();
            true
        });
        validate(&bad, &p)
    };
    assert_eq!(with("((unsigned)i % 2u) == 0u"), "confirmed");
    let a = with("(unsigned)i != 9u");
    assert!(
        a.starts_with("unknown:") && a.contains("not shown inductive"),
        "{a}"
    );
    let a = with("1");
    assert!(
        a.starts_with("unknown:") && a.contains("inductive but do not prove"),
        "{a}"
    );
    let a = with("(unsigned)i < 10u");
    assert!(a.starts_with("rejected:"), "{a}");
}
