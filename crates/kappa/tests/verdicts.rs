//! End-to-end verdicts: every program in tests/programs states its expected
//! verdict in a `// expect:` header; kappa must give exactly that verdict,
//! and every `false` must come with a test that replayed natively.

mod common;
use common::*;

#[test]
fn programs_get_their_expected_verdicts() {
    let files = c_files("tests/programs");
    assert!(
        files.len() >= 40,
        "expected at least 40 programs, found {}",
        files.len()
    );
    let fails = parallel(&files, |path| {
        let src = std::fs::read_to_string(path).unwrap();
        let expect = header(&src, "expect").expect("// expect: header");
        let mut args = vec!["verify", "--json", "--timeout", "60"];
        let dm = header(&src, "data-model");
        if let Some(dm) = &dm {
            args.push("--data-model");
            args.push(dm);
        }
        let p = path.to_str().unwrap();
        args.push(p);
        let out = kappa(&args);
        let name = path.file_name().unwrap().to_string_lossy();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let v: serde_json::Value = match serde_json::from_str(&stdout) {
            Ok(v) => v,
            Err(_) => {
                return Some(format!(
                    "{name}: no JSON (stderr: {})",
                    String::from_utf8_lossy(&out.stderr)
                ))
            }
        };
        let got = v["verdict"].as_str().unwrap_or("?");
        if got != expect {
            return Some(format!(
                "{name}: expected {expect}, got {got} ({})",
                v["reason"]
            ));
        }
        if got == "false" && v["replay"].as_str() != Some("reach_error reached") {
            return Some(format!(
                "{name}: false without a confirmed replay: {}",
                v["replay"]
            ));
        }
        None
    });
    assert!(
        fails.is_empty(),
        "{} of {} programs failed:\n{}",
        fails.len(),
        files.len(),
        fails.join("\n")
    );
}
