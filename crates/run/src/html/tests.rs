//! Unit tests of the page renderer: escaping, SVG filtering, highlighting.

use super::*;
use kappa_engine::{ErrorWitness, Stats};

fn report(verdict: Verdict, witness: Option<ErrorWitness>) -> Report {
    let mut r = Report::unknown_without_run(std::path::Path::new("a<b>.c"), "x");
    r.verdict = verdict;
    r.reason = Some("because <i>".into());
    r.witness = witness;
    r.stats = Stats::default();
    r
}

#[test]
fn escape_replaces_every_markup_character() {
    assert_eq!(
        escape(r#"<a href="x">'&'</a>"#),
        "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;"
    );
    assert_eq!(escape("plain"), "plain");
}

#[test]
fn safe_svg_keeps_plain_drawings_and_drops_active_ones() {
    let plain = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg width=\"8pt\"><g class=\"node\"><text>x &lt; 1 on = 2</text></g></svg>\n";
    assert_eq!(
        safe_svg(plain).as_deref(),
        Some("<svg width=\"8pt\"><g class=\"node\"><text>x &lt; 1 on = 2</text></g></svg>")
    );
    for bad in [
        "<svg><script>alert(1)</script></svg>",
        "<svg><g onload=\"alert(1)\"></g></svg>",
        "<svg><g onclick =\"x\"></g></svg>",
        "<svg><a xlink:href=\"javascript:alert(1)\"></a></svg>",
        "<svg><foreignObject></foreignObject></svg>",
        "no drawing",
    ] {
        assert_eq!(safe_svg(bad), None, "{bad}");
    }
}

#[test]
fn the_error_path_is_highlighted_over_escaped_source() {
    let w = ErrorWitness {
        inputs: vec![],
        path: vec!["p.c:2".into(), "p.c:3".into()],
        path_elided: 0,
        location: "p.c:3".into(),
        error_src: None,
        events: vec![],
    };
    let r = report(Verdict::False, Some(w));
    let page = Page {
        report: &r,
        sources: vec![SourceFile {
            name: "p.c".into(),
            text: "int main() {\n  char *s = \"</pre><script>\";\n  reach_error();\n}\n".into(),
        }],
        trees: vec![],
        no_tree: None,
        sections: vec![],
        condition: None,
        invariants: vec![],
    };
    let html = render(&page);
    assert!(!html.contains("<script"), "{html}");
    assert!(html.contains("&lt;/pre&gt;&lt;script&gt;"));
    assert!(html.contains("<span id=\"verdict\" class=\"verdict verdict-false\">false</span>"));
    assert!(html.contains("<td id=\"reason\">because &lt;i&gt;</td>"));
    assert!(html.contains("<code>a&lt;b&gt;.c</code>"));
    assert!(html.contains("class=\"line\" data-line=\"1\""));
    assert!(html.contains("class=\"line on-path\" data-line=\"2\""));
    assert!(html.contains("class=\"line on-path error-line\" data-line=\"3\""));
    assert_eq!(html.matches("<li class=\"step\">").count(), 2);
    // no tree recorded: said so
    assert!(html.contains("no tree was recorded"));
}

#[test]
fn file_line_takes_the_last_colon_and_the_base_name() {
    assert_eq!(file_line("dir/a:b.c:12"), Some(("a:b.c".into(), 12)));
    assert_eq!(file_line("a.c:x"), None);
    assert_eq!(file_line("nothing"), None);
}

#[test]
fn the_failing_call_is_named_and_highlighted_and_every_stage_has_a_reason() {
    let w = ErrorWitness {
        inputs: vec![],
        path: vec!["p.c:5".into(), "p.c:2".into()],
        path_elided: 0,
        location: "p.c:2".into(),
        error_src: None,
        events: vec![],
    };
    let mut r = report(Verdict::False, Some(w));
    r.failing_call = Some(crate::report::FailingCall {
        at: "p.c:5".into(),
        callee: "check".into(),
        source: Some("check(x < 3);".into()),
    });
    r.stages = vec![StageReport {
        name: "compact",
        technique: "compact",
        seconds: 0.5,
        cpu_seconds: 0.1,
        verdict: Verdict::False,
        reason: None,
        answered: true,
        skipped: false,
    }];
    let page = Page {
        report: &r,
        sources: vec![SourceFile {
            name: "p.c".into(),
            text: "void check(int c) {\n  if (!c) reach_error();\n}\nint main() {\n  check(x < 3);\n}\n"
                .into(),
        }],
        trees: vec![],
        no_tree: None,
        sections: vec![],
        condition: None,
        invariants: vec![],
    };
    let html = render(&page);
    assert!(
        html.contains("<td id=\"failing-call\">check at p.c:5: <code>check(x &lt; 3);</code></td>")
    );
    assert!(html.contains("class=\"line on-path failing-line\" data-line=\"5\""));
    assert!(html.contains("class=\"line on-path error-line\" data-line=\"2\""));
    assert!(html.contains(
        "<td>false (answered)</td><td>an error path found; its inputs replayed natively to reach_error</td>"
    ));
}
