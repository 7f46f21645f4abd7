//! Snapshots of kappa's deterministic output: the IR printer, the verdict
//! report (statistics line removed), the execution tree, Test-Comp export
//! and replay. Update with `UPDATE_EXPECT=1 cargo test`.

mod common;
use common::*;
use expect_test::expect;

fn snap(name: &str) -> String {
    test_file("tests/snap", name)
}

fn stdout(args: &[&str]) -> String {
    kappa_stdout(args)
}

/// Drops lines that depend on time, memory or paths.
fn stable(s: &str) -> String {
    s.lines()
        .filter(|l| !l.starts_with("stats:"))
        .map(|l| match l.find("tests/snap/") {
            Some(i) if l.starts_with("kappa ") => format!("kappa {}", &l[i..]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn ir_of_clamp() {
    let ir = stdout(&["ir", &snap("clamp.c")]);
    let main = &ir[ir.find("fn main").expect("main")..];
    expect![[r#"
        fn main() -> i32 {
          ; entry L0, exit L6, sink L7, 13 locations, 13 edges
          L0 -> L8: %call := nondet.i8 (__VERIFIER_nondet_uchar)  ; clamp.c:4
          L8 -> L9: %conv := zext.i32(%call)  ; clamp.c:5
          L9 -> L10: %cmp := %conv >s 200:i32  ; clamp.c:5
          L10 -> L1: assume %cmp  ; clamp.c:5
          L10 -> L2: assume !%cmp  ; clamp.c:5
          L1 -> L3: phi %cond := 200:i32  ; clamp.c:5
          L2 -> L11: %conv2 := zext.i32(%call)  ; clamp.c:5
          L11 -> L3: phi %cond := %conv2  ; clamp.c:5
          L3 -> L12: %cmp3 := %cond >s 200:i32  ; clamp.c:6
          L12 -> L4: assume %cmp3  ; clamp.c:6
          L12 -> L5: assume !%cmp3  ; clamp.c:6
          L4 -> L7: error (reach_error)  ; clamp.c:6
          L5 -> L6: return %cond  ; clamp.c:7
        }
        declare llvm.dbg.declare(%0: i8, %1: i8, %2: i8) -> void
        declare __VERIFIER_nondet_uchar() -> i8
        declare reach_error() -> void
        declare llvm.dbg.value(%0: i8, %1: i8, %2: i8) -> void
    "#]]
    .assert_eq(main);
}

#[test]
fn report_of_sign() {
    let out = stdout(&["verify", "--searcher", "dfs", &snap("sign.c")]);
    expect![[r#"
        kappa tests/snap/sign.c (ILP32, classic symbolic execution)
        verdict: false
        failing call: reach_error at sign.c:11: if (s < 0 && a > -5) reach_error();
        reach_error() is called at sign.c:11
        inputs (1):
          #0   __VERIFIER_nondet_int        = -1           at sign.c:9
        error path: sign.c:9 -> sign.c:10 -> sign.c:4 -> sign.c:5 -> sign.c:7 -> sign.c:11
        native replay: reach_error reached"#]]
    .assert_eq(&stable(&out));
}

#[test]
fn report_of_clamp_is_true() {
    let out = stdout(&["verify", &snap("clamp.c")]);
    expect![[r#"
        kappa tests/snap/clamp.c (ILP32, classic symbolic execution)
        verdict: true"#]]
    .assert_eq(&stable(&out));
}

#[test]
fn invariants_of_a_true_without_loops_say_why_there_are_none() {
    let out = stdout(&[
        "verify",
        "--mode",
        "classic",
        "--invariants",
        &snap("clamp.c"),
    ]);
    expect![[r#"
        kappa tests/snap/clamp.c (ILP32, classic symbolic execution)
        verdict: true
        no loop invariants to show: the program has no loop; the verdict comes from the classic run, whose proof has none"#]]
    .assert_eq(&stable(&out));
}

#[test]
fn json_report_fields() {
    let out = stdout(&["verify", "--json", "--searcher", "dfs", &snap("sign.c")]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "false");
    assert_eq!(v["replay"], "reach_error reached");
    // the verdict is the first key (readers that take the first "verdict"
    // of the text must not meet a stage's)
    assert!(out.starts_with("{\"verdict\":\"false\""), "{out}");
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    keys.sort();
    let mut stat_keys: Vec<&str> = v["stats"]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    stat_keys.sort();
    expect![[r#"
        ["data_model", "expected_verdict", "file", "mode", "reason", "replay", "stats", "test", "verdict"]
        ["failed_leaves", "forks", "instructions", "max_pending_states", "paths", "peak_memory_kb", "solver_queries", "solver_routes", "solver_time_s", "states", "wall_time_s", "z3_queries"]
        {"inputs":[{"origin":"__VERIFIER_nondet_int","type":"i32","value":"-1","at":"sign.c:9"}],"error_location":"sign.c:11","error_path":["sign.c:9","sign.c:10","sign.c:4","sign.c:5","sign.c:7","sign.c:11"],"error_path_elided":0,"failing_call":{"at":"sign.c:11","callee":"reach_error","source":"if (s < 0 && a > -5) reach_error();"}}"#]]
    .assert_eq(&format!("{keys:?}\n{stat_keys:?}\n{}", v["test"]));
}

#[test]
fn tree_dot_of_sign() {
    let dir = tempfile::tempdir().unwrap();
    let dot = dir.path().join("t.dot");
    stdout(&[
        "verify",
        "--searcher",
        "dfs",
        "--tree",
        dot.to_str().unwrap(),
        &snap("sign.c"),
    ]);
    let text = std::fs::read_to_string(&dot).unwrap();
    expect![[r#"
        digraph kappa_tree {
          node [shape=box, fontname="monospace", fontsize=10];
          edge [fontname="monospace", fontsize=9];
          n0 [label="sign.c:9", shape=box, color=black];
          n1 [label="sign.c:4", shape=box, color=black];
          n0 -> n1 [label="0 < in0_int#0"];
          n2 [label="sign.c:4", shape=box, color=black];
          n0 -> n2 [label="!(0 < in0_int#0)"];
          n3 [label="sign.c:12\nexit", shape=ellipse, color=darkgreen];
          n1 -> n3 [label=""];
          n4 [label="sign.c:5", shape=box, color=black];
          n2 -> n4 [label="in0_int#0 < 0"];
          n5 [label="sign.c:5", shape=box, color=black];
          n2 -> n5 [label="!(in0_int#0 < 0)"];
          n6 [label="sign.c:11", shape=box, color=black];
          n4 -> n6 [label="-5 < in0_int#0"];
          n7 [label="sign.c:11", shape=box, color=black];
          n4 -> n7 [label="!(-5 < in0_int#0)"];
          n8 [label="sign.c:11\nERROR", shape=doubleoctagon, color=red];
          n6 -> n8 [label=""];
        }
    "#]]
    .assert_eq(&text);
}

#[test]
fn tree_svg_renders() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("t.svg");
    stdout(&["verify", "--tree", svg.to_str().unwrap(), &snap("clamp.c")]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("<svg") && text.contains("clamp.c:5"),
        "{}",
        &text[..text.len().min(400)]
    );
}

#[test]
fn testcomp_export_replays() {
    let dir = tempfile::tempdir().unwrap();
    let tests = dir.path().join("suite");
    stdout(&[
        "verify",
        "--tests-dir",
        tests.to_str().unwrap(),
        &snap("sign.c"),
    ]);
    assert!(tests.join("metadata.xml").is_file());
    let case = tests.join("testcase-1.xml");
    let xml = std::fs::read_to_string(&case).unwrap();
    assert!(xml.contains("<input type=\"int\">"), "{xml}");
    let out = stdout(&["replay", "--json", &snap("sign.c"), case.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reached_error"], true, "{out}");
    // a value outside the bug's range does not reach the error
    let plain = dir.path().join("miss.txt");
    std::fs::write(&plain, "-9\n").unwrap();
    let out = stdout(&["replay", "--json", &snap("sign.c"), plain.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reached_error"], false, "{out}");
}

#[test]
fn dump_queries_writes_smtlib() {
    let dir = tempfile::tempdir().unwrap();
    let q = dir.path().join("q");
    stdout(&[
        "verify",
        "--dump-queries",
        q.to_str().unwrap(),
        &repo_root()
            .join("tests/programs/bubble_sort4.c")
            .to_string_lossy(),
    ]);
    let files: Vec<_> = std::fs::read_dir(&q).unwrap().collect();
    assert!(!files.is_empty(), "no queries dumped");
    let first = std::fs::read_to_string(files[0].as_ref().unwrap().path()).unwrap();
    // the route's check (check-sat-assuming on the incremental route)
    assert!(
        first.contains("(check-sat") && first.contains("declare-fun"),
        "{first}"
    );
    assert!(first.contains("; kappa-route: "), "{first}");
}

/// `s` with what depends on the machine masked: durations (`0.119s`,
/// `<td>0.119</td>`) become `T`, memory figures (`87.7 MiB`) `M MiB`, and
/// the necessary condition's note loses which side of its solver race
/// decided (`, decided on ...`); `tests/snap/` paths are cut to it.
fn masked(s: &str) -> String {
    let mut out = String::new();
    for line in s.lines() {
        let mut l = match line.find("tests/snap/") {
            Some(i) if line.starts_with("kappa ") => format!("kappa {}", &line[i..]),
            _ => line.to_string(),
        };
        if let Some(i) = l.find(", decided ") {
            let end = l[i..].find(';').map_or(l.len(), |e| i + e);
            l.replace_range(i..end, "");
        }
        out.push_str(&mask_numbers(&l));
        out.push('\n');
    }
    out
}

/// Decimal numbers followed by `s`, ` MiB` or `</td>` replaced by `T`/`M`.
fn mask_numbers(l: &str) -> String {
    let b = l.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        if starts {
            let mut j = i;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
                j += 1;
            }
            let number = &l[i..j];
            let rest = &l[j..];
            let unit_end = |u: &str| {
                rest.starts_with(u)
                    && !rest[u.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
            };
            if number.contains('.') && (unit_end("s") || rest.starts_with("</td>")) {
                out.push('T');
                i = j;
                continue;
            }
            if rest.starts_with(" MiB") {
                out.push('M');
                i = j;
                continue;
            }
            out.push_str(number);
            i = j;
            continue;
        }
        out.push(b[i] as char);
        i += 1;
    }
    out
}

#[test]
fn a_false_names_the_failing_assertion_call_before_the_path() {
    let out = stdout(&["verify", "--searcher", "dfs", &snap("assert_call.c")]);
    expect![[r#"
        kappa tests/snap/assert_call.c (ILP32, classic symbolic execution)
        verdict: false
        failing call: __VERIFIER_assert at assert_call.c:19: __VERIFIER_assert(s != 14);
        reach_error() is called at assert_call.c:9
        inputs (1):
          #0   __VERIFIER_nondet_int        = 7            at assert_call.c:13
    "#]]
    .assert_eq(
        &masked(&out)
            .lines()
            .take(6)
            .map(|l| format!("{l}\n"))
            .collect::<String>(),
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "verify",
        "--json",
        "--searcher",
        "dfs",
        &snap("assert_call.c"),
    ]))
    .unwrap();
    expect![[r#"{"at":"assert_call.c:19","callee":"__VERIFIER_assert","source":"__VERIFIER_assert(s != 14);"}"#]]
        .assert_eq(&v["test"]["failing_call"].to_string());
}

#[test]
fn a_false_of_native_execution_names_the_failing_call() {
    // the native back end's path is no symbolic trace: the failing call
    // comes from the interpreter's replay of its inputs
    let out = stdout(&["verify", "--mode", "native", &snap("assert_call.c")]);
    expect![[r#"
        kappa tests/snap/assert_call.c (ILP32, native symbolic execution)
        verdict: false
        failing call: __VERIFIER_assert at assert_call.c:19: __VERIFIER_assert(s != 14);
    "#]]
    .assert_eq(
        &masked(&out)
            .lines()
            .take(3)
            .map(|l| format!("{l}\n"))
            .collect::<String>(),
    );
}

#[test]
fn auto_reports_what_the_stages_that_execute_no_state_did() {
    // a loop the classic probe cannot exhaust: the necessary condition (or,
    // on a loaded machine whose condition stage ran out of its share, the
    // proof stage) answers, and says what it did instead of zero counters
    let out = stdout(&[
        "verify",
        "--mode",
        "auto",
        "--jobs",
        "1",
        &snap("even_steps_true.c"),
    ]);
    let text = masked(&out);
    assert!(text.contains("verdict: true\n"), "{text}");
    assert!(
        text.contains("stage probe: Ts wall, Ts CPU, unknown (timeout after Ts;"),
        "{text}"
    );
    if text.contains("stage condition: Ts wall, Ts CPU, true") {
        let from_stats = &text[text.find("stats:").expect("a stats line")..];
        let lines: Vec<&str> = from_stats
            .lines()
            .filter(|l| !l.starts_with("stage probe:"))
            .collect();
        expect![[r#"
            stats: no program state executed: the necessary condition was solved instead (see its line); Ts wall, M MiB peak
            stage condition: Ts wall, Ts CPU, true (the necessary condition for reaching reach_error is unsatisfiable) <- answered
            stage prove: skipped (the condition stage answered)
            stage navigate: skipped (the condition stage answered)
            stage compact: skipped (the condition stage answered)
            stage native: skipped (the condition stage answered)
            stage classic+matching: skipped (the condition stage answered)
            necessary condition for reaching an error: unsatisfiable (no error is reachable); 2 loop-free paths to an error with 1 loop summarised; built in Ts, solved in Ts; 1 input that pruning can follow (read once, outside loops, in main)
        "#]]
        .assert_eq(&(lines.join("\n") + "\n"));
    } else {
        assert!(text.contains("stats: no program state executed: the proof stage solved formulas instead (see the prove line); Ts wall, M MiB peak\nprove: "), "{text}");
    }
    // the proof stage alone: by exhaustive bounded model checking, or
    // (when its first search ran out of its second) by an invariant
    let out = stdout(&["verify", "--mode", "prove", &snap("assert_call_true.c")]);
    let text = masked(&out);
    let from_stats = &text[text.find("stats:").expect("a stats line")..];
    assert!(
        from_stats.starts_with("stats: no program state executed: the proof stage solved formulas instead (see the prove line); Ts wall, M MiB peak\nprove: "),
        "{text}"
    );
    assert!(
        from_stats
            .contains("bounded model checking of every run of up to 16 steps between loop headers")
            || from_stats.contains("a proof with 1 loop invariant, checked"),
        "{text}"
    );
}

#[test]
fn a_proof_before_execution_says_so_in_the_stats_line() {
    // navigation eliminates every root chain before running a state
    let file = test_file("tests/html", "navigate_true.c");
    let out = stdout(&["verify", "--mode", "navigate", &file]);
    let text = masked(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("stats:"))
        .expect("a stats line");
    expect![[r#"
        stats: no program state executed: the constraint systems of the chains were solved instead (see the navigate line); 1 solver query; Ts wall, M MiB peak
    "#]]
    .assert_eq(&format!("{line}\n"));
}

#[test]
fn times_in_the_report_are_rounded_to_milliseconds() {
    // every stage runs out of its share of 1.7 s on a loop of a million
    // iterations; their reasons say when
    let out = stdout(&[
        "verify",
        "--mode",
        "auto",
        "--timeout",
        "1.7",
        &snap("spin.c"),
    ]);
    assert!(out.contains("timeout after "), "{out}");
    for line in out.lines() {
        for (k, _) in line.match_indices("timeout after ") {
            let n: String = line[k + 14..]
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let decimals = n.split_once('.').map_or(0, |(_, d)| d.len());
            assert!(decimals <= 3, "not rounded to milliseconds: {line}");
        }
    }
}

#[test]
fn html_report_of_a_false_speaks_of_the_source() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("r.html");
    stdout(&[
        "verify",
        "--mode",
        "classic",
        "--prune-with-condition",
        "--html",
        page.to_str().unwrap(),
        &snap("assert_call.c"),
    ]);
    let html = std::fs::read_to_string(&page).unwrap();
    let part = |start: &str, end: &str| {
        let i = html.find(start).unwrap_or_else(|| panic!("no {start}"));
        let j = i + html[i..].find(end).expect("its end") + end.len();
        html[i..j].to_string()
    };
    let condition = part("<section id=\"condition\">", "</section>");
    // (the page decides the condition again within 2 s: on a loaded
    // machine it may stay undecided, without the example's values)
    let condition = if condition.contains("<b>undecided</b>") {
        assert!(
            condition.contains("<td>assert_call.c:13 <code>int n = __VERIFIER_nondet_int();</code></td><td><code>n</code></td></tr>"),
            "{condition}"
        );
        String::new()
    } else {
        condition
    };
    // auto's page: the stages, the answering one with its reason
    let auto_page = dir.path().join("auto.html");
    stdout(&[
        "verify",
        "--mode",
        "auto",
        "--jobs",
        "1",
        "--html",
        auto_page.to_str().unwrap(),
        &snap("assert_call.c"),
    ]);
    let auto_html = std::fs::read_to_string(&auto_page).unwrap();
    let i = auto_html
        .find("<section id=\"stages\">")
        .expect("a stages section");
    let stages = &auto_html[i..i + auto_html[i..].find("</section>").unwrap() + 10];
    let text = [
        part("<table id=\"summary\">", "</table>"),
        mask_numbers(stages),
        part("<section id=\"stats\">", "<details>"),
        condition,
    ]
    .join("\n");
    expect![[r#"
        <table id="summary">
        <tr><th>verdict</th><td><span id="verdict" class="verdict verdict-false">false</span></td></tr>
        <tr><th>mode</th><td id="mode">classic</td></tr>
        <tr><th>data model</th><td>ILP32</td></tr>
        <tr><th>failing call</th><td id="failing-call">__VERIFIER_assert at assert_call.c:19: <code>__VERIFIER_assert(s != 14);</code></td></tr>
        <tr><th>reach_error() called at</th><td id="error-location">assert_call.c:9</td></tr>
        <tr><th>native replay</th><td id="replay">reach_error reached</td></tr>
        </table>
        <section id="stages">
        <h2>Stages</h2>
        <table>
        <tr><th>stage</th><th>technique</th><th>time (s)</th><th>verdict</th><th>reason</th></tr>
        <tr class="stage answered"><td>probe</td><td>classic</td><td>T</td><td>false (answered)</td><td>an error path found; its inputs replayed natively to reach_error</td></tr>
        <tr class="stage skipped"><td>condition</td><td>condition</td><td>T</td><td>skipped</td><td>the probe stage answered</td></tr>
        <tr class="stage skipped"><td>prove</td><td>prove</td><td>T</td><td>skipped</td><td>the probe stage answered</td></tr>
        <tr class="stage skipped"><td>navigate</td><td>navigate</td><td>T</td><td>skipped</td><td>the probe stage answered</td></tr>
        <tr class="stage skipped"><td>compact</td><td>compact</td><td>T</td><td>skipped</td><td>the probe stage answered</td></tr>
        <tr class="stage skipped"><td>native</td><td>native</td><td>T</td><td>skipped</td><td>the probe stage answered</td></tr>
        <tr class="stage skipped"><td>classic+matching</td><td>classic</td><td>T</td><td>skipped</td><td>the probe stage answered</td></tr>
        </table>
        </section>
        <section id="stats">
        <h2>Statistics</h2>
        <p class="technique">prune: 5 states pruned by the necessary condition (20 checked), 1 inputs hinted</p>
        <details>
        <section id="condition">
        <h2>Necessary condition</h2>
        <p>A formula over the program's inputs that every run reaching an error satisfies: a call of reach_error or an operation that may fail (1 location). Each loop in it is summarised by its number of iterations.</p>
        <p id="condition-answer"><b>satisfiable</b>: the condition does not rule an error out (it is necessary, not sufficient: the example below need not reach one).</p>
        <table class="condition-loops">
        <tr><th>loop</th><th>paths through its body</th><th>variables it changes</th><th>iterations in the example</th></tr>
        <tr class="condition-loop"><td>assert_call.c:16 <code>for (int i = 0; i &lt; n; i++) {</code></td><td>1</td><td><code>s</code>, <code>i</code>, 3 values of the compiler's</td><td>7</td></tr>
        </table>
        <table class="condition-inputs">
        <tr><th>input read at</th><th>variable</th><th>value in the example</th></tr>
        <tr class="condition-input"><td>assert_call.c:13 <code>int n = __VERIFIER_nondet_int();</code></td><td><code>n</code></td><td>7</td></tr>
        </table>
        <p class="note">the formula itself, in kappa's internal names: <code>kappa condition --failures FILE</code></p>
        </section>
    "#]]
    .assert_eq(&masked(&text));
}
