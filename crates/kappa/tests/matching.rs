//! State matching end to end (`--state-matching`): the programs of
//! tests/matching loop forever over inputs; with matching each gets its
//! verdict (their manifest, run by `programs.rs`), and without it a
//! finite-state event loop stays `unknown`.

mod common;
use common::*;

#[test]
fn without_matching_an_event_loop_does_not_end() {
    let p = repo_root().join("tests/matching/event_loop_true.c");
    let v = verify_json(&p, 2, &[]);
    assert_eq!(v["verdict"], "unknown", "{v}");
    let v = verify_json(&p, 30, &["--state-matching"]);
    assert_eq!(v["verdict"], "true", "{v}");
    assert!(
        v["stats"]["state_matching"]["matched"].as_u64().unwrap() >= 1,
        "{v}"
    );
}

/// xorshift, fixed seeds: deterministic programs.
fn next(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// A random finite-state machine driven by inputs in a `while (1)` loop,
/// with an error in one state, and whether that state is reachable from
/// state 0 (breadth-first search over the machine: the ground truth).
fn machine(seed: u64) -> (String, bool) {
    let mut r = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let n = 3 + (next(&mut r) % 5) as usize;
    let mut edges: Vec<Vec<(i64, usize)>> = vec![vec![]; n];
    let mut body = String::new();
    for (s, out) in edges.iter_mut().enumerate() {
        body.push_str(&format!("    case {s}:\n"));
        let k = next(&mut r) % 3;
        for _ in 0..k {
            let input = (next(&mut r) % 7) as i64 - 2;
            let to = (next(&mut r) % n as u64) as usize;
            if out.iter().any(|(i, _)| *i == input) {
                continue;
            }
            out.push((input, to));
            body.push_str(&format!(
                "      if (c == {input}) {{ state = {to}; break; }}\n"
            ));
        }
        body.push_str("      break;\n");
    }
    let target = 1 + (next(&mut r) % (n as u64 - 1)) as usize;
    let mut seen = vec![false; n];
    let mut todo = vec![0usize];
    seen[0] = true;
    while let Some(s) = todo.pop() {
        for (_, t) in &edges[s] {
            if !std::mem::replace(&mut seen[*t], true) {
                todo.push(*t);
            }
        }
    }
    let src = format!(
        "extern void reach_error(void);\n\
         extern int __VERIFIER_nondet_int(void);\n\
         int main(void) {{\n\
         \x20 int state = 0;\n\
         \x20 while (1) {{\n\
         \x20   int c = __VERIFIER_nondet_int();\n\
         \x20   switch (state) {{\n{body}    }}\n\
         \x20   if (state == {target}) reach_error();\n\
         \x20 }}\n\
         }}\n"
    );
    (src, seen[target])
}

#[test]
fn matching_answers_reachability_of_random_machines_exactly() {
    // soundness (no `true` for a reachable error) and completeness on
    // finite state spaces (every run ends with the right answer)
    let dir = std::env::temp_dir().join(format!("kappa-matching-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: Vec<(std::path::PathBuf, bool)> = (1..=16u64)
        .map(|seed| {
            let (src, reachable) = machine(seed);
            let p = dir.join(format!("machine{seed}.c"));
            std::fs::write(&p, src).unwrap();
            (p, reachable)
        })
        .collect();
    assert!(cases.iter().any(|(_, r)| *r) && cases.iter().any(|(_, r)| !*r));
    let fails = parallel(&cases, |(p, reachable)| {
        let want = if *reachable { "false" } else { "true" };
        // exact in classic mode; never wrong in compact mode (templates
        // make states symbolic over input sequences, which are not matched)
        for mode in ["classic", "compact"] {
            let secs = if mode == "classic" { 30 } else { 5 };
            let v = verify_json(p, secs, &["--state-matching", "--mode", mode]);
            if v["verdict"] != want && (mode == "classic" || v["verdict"] != "unknown") {
                return Some(format!(
                    "{} ({mode}): expected {want}, got {} ({})",
                    p.display(),
                    v["verdict"],
                    v["reason"]
                ));
            }
        }
        None
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
fn matching_stops_when_it_covers_nothing() {
    // 20 000 header visits with distinct states: matching stores
    // MAX_STORED_UNCOVERED (4 096) of them, covers none, and stops; the
    // run goes on as classic execution to the same verdict
    let dir = std::env::temp_dir().join(format!("kappa-matching-stop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("long_loop.c");
    std::fs::write(
        &p,
        "extern void reach_error(void);\n\
         extern unsigned char __VERIFIER_nondet_uchar(void);\n\
         int main(void) {\n\
           unsigned x = __VERIFIER_nondet_uchar();\n\
           unsigned s = 0;\n\
           for (unsigned i = 0; i < 20000; i++) s += i;\n\
           if (s + x < s) reach_error();\n\
           return 0;\n\
         }\n",
    )
    .unwrap();
    let v = verify_json(&p, 60, &["--state-matching"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(v["verdict"], "true", "{v}");
    let m = &v["stats"]["state_matching"];
    assert_eq!(m["stored"], 4096, "{v}");
    assert_eq!(m["matched"], 0, "{v}");
    assert_eq!(m["stopped"], true, "{v}");
}
