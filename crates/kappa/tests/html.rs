//! End-to-end tests of `kappa verify --html`: the page's structure in every
//! mode over tests/html/*.c, escaping of program text, a path that cannot
//! be written, and the page rendered by headless Chromium (DOM and
//! screenshot) for a `false`, a compact `true` and a navigation `true`,
//! and the tree panel measured in it (its root in view).
//!
//! The browser test needs Debian's `chromium` (scripts/setup.sh installs
//! it) and fails when it is missing.

mod common;

use common::{kappa, test_file};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kappa-html-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

/// Runs `kappa verify --html OUT --mode MODE EXTRA... tests/html/PROG`;
/// returns the verdict line's value and the page.
fn page(prog: &str, mode: &str, extra: &[&str], out: &Path) -> (String, String) {
    let file = test_file("tests/html", prog);
    let mut args = vec!["verify", "--json"];
    if !extra.contains(&"--timeout") {
        args.extend(["--timeout", "30"]);
    }
    args.extend(["--mode", mode, "--html", out.to_str().unwrap()]);
    args.extend_from_slice(extra);
    args.push(&file);
    let o = kappa(&args);
    assert!(
        o.status.success(),
        "{prog} ({mode}): {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json report");
    let html = std::fs::read_to_string(out).expect("the page was written");
    (v["verdict"].as_str().unwrap_or("").to_string(), html)
}

/// Number of occurrences of `needle` in `hay`.
fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

/// What every page has, whatever the run.
fn common_structure(html: &str, verdict: &str, mode: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.trim_end().ends_with("</html>"));
    assert!(
        html.contains(&format!(
            "<span id=\"verdict\" class=\"verdict verdict-{verdict}\">{verdict}</span>"
        )),
        "no verdict {verdict}"
    );
    assert!(html.contains(&format!("<td id=\"mode\">{mode}</td>")));
    assert!(html.contains("<section id=\"source\">"));
    assert!(html.contains("<pre class=\"source\""));
    assert!(html.contains("<section id=\"trees\">"));
    assert!(html.contains("<section id=\"stats\">"));
    assert!(html.contains("<pre id=\"stats-json\">{"));
    // self-contained: no script, no external resource
    assert!(!html.to_ascii_lowercase().contains("<script"));
    for ext in ["src=\"", "href=\"", "<link", "@import", "url("] {
        assert!(!html.contains(ext), "the page refers to something: {ext}");
    }
}

#[test]
fn false_pages_show_inputs_and_the_highlighted_error_path_in_every_mode() {
    let dir = scratch("false");
    for mode in ["classic", "compact", "navigate", "auto", "native"] {
        let out = dir.join(format!("{mode}.html"));
        let (verdict, html) = page("inject_false.c", mode, &[], &out);
        assert_eq!(verdict, "false", "{mode}");
        common_structure(&html, "false", mode);
        // the two inputs, in order, with their values
        assert_eq!(count(&html, "<tr class=\"input\">"), 2, "{mode}");
        assert!(
            html.contains("<td class=\"value\">11</td>")
                || html.contains("<tr class=\"input\"><td>0</td>")
        );
        // the input lines, the path's lines and the error line, over the source
        assert!(
            html.contains("class=\"line on-path input-line\" data-line=\"9\""),
            "{mode}"
        );
        assert!(
            html.contains("class=\"line on-path input-line\" data-line=\"10\""),
            "{mode}"
        );
        assert!(
            html.contains("class=\"line on-path\" data-line=\"11\""),
            "{mode}"
        );
        assert!(
            html.contains("class=\"line on-path\" data-line=\"12\""),
            "{mode}"
        );
        assert!(
            html.contains("class=\"line on-path error-line\" data-line=\"13\""),
            "{mode}"
        );
        assert!(html.contains("class=\"line\" data-line=\"16\""), "{mode}");
        assert_eq!(count(&html, "<li class=\"step\">"), 5, "{mode}");
        assert!(html.contains("<td id=\"error-location\">inject_false.c:13</td>"));
        // the HTML in the program is text
        assert!(!html.contains("<img"), "{mode}");
        assert!(!html.contains("<b>bold"), "{mode}");
        assert!(html.contains(
            "&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;"
        ));
        assert!(html.contains("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("/* &lt;img src=x onerror=alert(2)&gt; */"));
        // no invariants for `false`
        assert!(!html.contains("id=\"invariants\""));
        if mode == "native" {
            assert!(html.contains("native mode records no tree"));
            assert_eq!(count(&html, "<svg"), 0);
        } else {
            assert_eq!(count(&html, "<figure class=\"tree\""), 1, "{mode}");
            assert_eq!(count(&html, "<svg"), 1, "{mode}");
            assert!(html.contains("ERROR"), "{mode}: the error leaf is drawn");
        }
        match mode {
            "auto" => {
                assert!(html.contains("<section id=\"stages\">"));
                assert_eq!(count(&html, "<tr class=\"stage"), 7);
                assert_eq!(count(&html, "<tr class=\"stage answered\">"), 1);
                // the tree of the stage that answered (the classic probe,
                // unless it ran out of its share)
                let row = "<tr class=\"stage answered\"><td>";
                let at = html.find(row).unwrap() + row.len();
                let name = &html[at..at + html[at..].find('<').unwrap()];
                let label = format!("<figure class=\"tree\" data-label=\"{name}\">");
                assert!(html.contains(&label), "{name}");
            }
            _ => assert!(!html.contains("id=\"stages\""), "{mode}"),
        }
        assert_eq!(
            html.contains("id=\"templates\""),
            mode == "compact",
            "{mode}"
        );
        // (auto: when its navigate and condition stages ran)
        let ran = |stage: &str| html.contains(&format!("<tr class=\"stage\"><td>{stage}</td>"));
        assert_eq!(
            html.contains("id=\"chains\""),
            mode == "navigate" || (mode == "auto" && ran("navigate")),
            "{mode}"
        );
        // auto's condition stage computes the condition
        assert_eq!(
            html.contains("id=\"condition\""),
            mode == "auto" && ran("condition"),
            "{mode}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn true_pages_show_the_proof_material_and_the_invariants() {
    let dir = scratch("true");
    let (v, html) = page("compact_true.c", "compact", &[], &dir.join("c.html"));
    assert_eq!(v, "true");
    common_structure(&html, "true", "compact");
    assert!(!html.contains("id=\"inputs\""));
    assert!(!html.contains("class=\"line on-path"));
    assert!(html.contains("<section id=\"templates\">"));
    assert!(html.contains("template (parameter kappa#"));
    assert!(html.contains("<figure class=\"tree\" data-label=\"compact\">"));
    assert!(
        html.contains("template kappa#"),
        "the template node is drawn"
    );
    assert_eq!(count(&html, "<tr class=\"invariant\">"), 1);
    // the proof stage's search gives compact execution's `true` its loop
    // invariant (checked inductive)
    assert!(
        html.contains("compact_true.c:9:3</td><td><code>") && html.contains("(s == (2u * i))"),
        "the invariant is shown"
    );

    let (v, html) = page("navigate_true.c", "navigate", &[], &dir.join("n.html"));
    assert_eq!(v, "true");
    common_structure(&html, "true", "navigate");
    assert!(html.contains("<td id=\"reason\">proved by chain constraint systems"));
    assert!(html.contains("<section id=\"chains\">"));
    assert!(html.contains("fn main: chain program form"));
    assert_eq!(count(&html, "<tr class=\"invariant\">"), 1);

    // the necessary condition is shown where pruning computed it
    let (v, html) = page(
        "navigate_true.c",
        "classic",
        &["--prune-with-condition"],
        &dir.join("p.html"),
    );
    assert_eq!(v, "true");
    common_structure(&html, "true", "classic");
    assert!(html.contains("<section id=\"condition\">"));
    assert!(!html.contains("id=\"chains\""));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn auto_shows_the_trees_of_every_stage_that_ran_side_by_side() {
    let dir = scratch("auto");
    // navigation runs out of its share of 6 s on the recursion of input
    // depth; compact execution proves it
    let (v, html) = page(
        "stages_true.c",
        "auto",
        &["--timeout", "6"],
        &dir.join("a.html"),
    );
    assert_eq!(v, "true");
    common_structure(&html, "true", "auto");
    assert!(
        html.contains("<tr class=\"stage answered\"><td>compact</td>"),
        "compact did not answer"
    );
    assert!(html.contains("<tr class=\"stage\"><td>navigate</td>"));
    // both trees, side by side (navigate's may be too big to draw: then a note)
    let nav = html
        .find("<figure class=\"tree\" data-label=\"navigate\">")
        .expect("navigate's tree");
    let compact = html
        .find("<figure class=\"tree\" data-label=\"compact\">")
        .expect("compact's tree");
    assert!(nav < compact);
    let nav_fig = &html[nav..compact];
    assert!(nav_fig.contains("<svg") || nav_fig.contains("too many to draw"));
    assert!(html[compact..].contains("<svg"));
    assert!(html.contains("<section id=\"templates\">"));
    assert!(html.contains("<section id=\"chains\">"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_page_that_cannot_be_written_is_a_one_line_error_before_the_run() {
    let file = test_file("tests/html", "inject_false.c");
    let o = kappa(&["verify", "--html", "/nonexistent-dir/report.html", &file]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty(), "no verdict printed");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/nonexistent-dir/report.html"), "{err}");
}

/// Runs headless Chromium with `args` on `page`, killing it after a minute;
/// its standard output. Panics when Chromium is not installed.
fn chromium(page: &Path, args: &[&str]) -> String {
    let profile = page.with_extension("profile");
    let mut child = Command::new("chromium")
        .args([
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run `chromium` ({e}): the browser test needs Debian's chromium package; install it with `bash scripts/setup.sh`"
            )
        });
    let stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut { stdout }, &mut s);
        s
    });
    let start = Instant::now();
    loop {
        if let Some(st) = child.try_wait().expect("wait chromium") {
            assert!(st.success(), "chromium failed on {}", page.display());
            break;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish on {}", page.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().expect("reader")
}

#[test]
fn chromium_renders_the_pages_and_takes_screenshots() {
    let dir = scratch("browser");
    let cases: [(&str, &str, &str, &[&str]); 3] = [
        (
            "inject_false.c",
            "classic",
            "false",
            &["on-path", "error-line", "input-line", "id=\"inputs\""],
        ),
        (
            "compact_true.c",
            "compact",
            "true",
            &["id=\"templates\"", "id=\"invariants\""],
        ),
        (
            "navigate_true.c",
            "navigate",
            "true",
            &["id=\"chains\"", "id=\"invariants\""],
        ),
    ];
    for (prog, mode, verdict, expected) in cases {
        let out = dir.join(format!("{mode}.html"));
        let (v, _) = page(prog, mode, &[], &out);
        assert_eq!(v, verdict, "{prog}");
        let dom = chromium(&out, &["--dump-dom"]);
        // the DOM as the browser built it
        assert!(
            dom.contains(&format!(
                "<span id=\"verdict\" class=\"verdict verdict-{verdict}\">{verdict}</span>"
            )),
            "{prog}: no rendered verdict in {dom}"
        );
        assert!(dom.contains("<pre class=\"source\""), "{prog}");
        assert!(dom.contains("<figure class=\"tree\""), "{prog}");
        assert!(dom.contains("<svg"), "{prog}: no SVG tree rendered");
        assert!(dom.contains("<details open=\"\">"), "{prog}");
        for e in expected {
            assert!(dom.contains(e), "{prog}: {e} not rendered");
        }
        // the program's HTML stayed text in the browser too
        assert!(!dom.to_ascii_lowercase().contains("<script"), "{prog}");
        assert!(!dom.contains("<img"), "{prog}");
        let png = dir.join(format!("{mode}.png"));
        chromium(
            &out,
            &[
                &format!("--screenshot={}", png.display()),
                "--window-size=1200,1600",
                "--hide-scrollbars",
            ],
        );
        let bytes = std::fs::read(&png).unwrap_or_else(|_| panic!("{prog}: no screenshot"));
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{prog}: not a PNG");
        assert!(
            bytes.len() > 10_000,
            "{prog}: a blank screenshot ({} bytes)",
            bytes.len()
        );
        // width and height from the IHDR chunk
        let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
        let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
        assert_eq!((w, h), (1200, 1600), "{prog}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_watchdog_verdict_gets_a_page_too() {
    let dir = scratch("watchdog");
    let out = dir.join("w.html");
    let file = test_file("tests/html", "inject_false.c");
    // the test hook keeps the run waiting for a child past the deadline
    let o = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args([
            "verify",
            "--mode",
            "classic",
            "--json",
            "--timeout",
            "1",
            "--html",
        ])
        .arg(&out)
        .arg(&file)
        .env("KAPPA_TEST_HANG_IN_CHILD", "5")
        .output()
        .expect("run kappa");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json report");
    assert_eq!(v["verdict"], "unknown");
    let html = std::fs::read_to_string(&out).expect("page");
    common_structure(&html, "unknown", "classic");
    assert!(html.contains("<td id=\"reason\">timeout after 1s: hard deadline"));
    assert!(html.contains("class=\"line\" data-line=\"13\""));
    assert!(html.contains("the run was stopped before it could hand over its tree"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The probe the tree test appends to a copy of the page (whose
/// Content-Security-Policy, which forbids scripts, it removes): for every
/// tree figure, the box of the figure and of the tree's root node (`n0`),
/// as the browser laid them out, before and after ticking the figure's
/// "actual size" checkbox; written into `<pre id="probe">`, one line per
/// figure: `fig L T R B root L T R B full-width W box-width C`.
const TREE_PROBE: &str = r#"<script>
var lines = [];
document.querySelectorAll('figure.tree').forEach(function (f) {
  var root = null;
  f.querySelectorAll('g.node').forEach(function (g) {
    var t = g.querySelector('title');
    if (t && t.textContent === 'n0') root = g;
  });
  var box = function (r) { return [r.left, r.top, r.right, r.bottom].map(Math.round).join(' '); };
  var fr = f.getBoundingClientRect();
  var rr = root ? root.getBoundingClientRect() : null;
  var line = 'fig ' + box(fr) + ' root ' + (rr ? box(rr) : 'none');
  var c = f.querySelector('input.full');
  if (c) { c.checked = true; line += ' full-width ' + Math.round(f.querySelector('svg').getBoundingClientRect().width); }
  lines.push(line + ' box-width ' + f.clientWidth);
});
var d = document.createElement('pre'); d.id = 'probe'; d.textContent = lines.join('\n');
document.body.appendChild(d);
</script>"#;

#[test]
fn the_tree_panel_opens_with_the_root_of_the_tree_in_view() {
    let dir = scratch("root");
    let out = dir.join("wide.html");
    let (v, html) = page("wide_tree.c", "classic", &[], &out);
    assert_eq!(v, "true");
    assert_eq!(count(&html, "<figure class=\"tree\""), 1);
    let csp = html
        .find("<meta http-equiv=\"Content-Security-Policy\"")
        .expect("the page has a CSP");
    let csp_end = csp + html[csp..].find('>').unwrap() + 1;
    let probed = format!("{}{}", &html[..csp], &html[csp_end..])
        .replace("</body>", &format!("{TREE_PROBE}</body>"));
    let probe_page = dir.join("probe.html");
    std::fs::write(&probe_page, probed).unwrap();
    let dom = chromium(&probe_page, &["--window-size=1200,1600", "--dump-dom"]);
    let start = dom.find("<pre id=\"probe\">").expect("the probe ran") + 16;
    let text = &dom[start..start + dom[start..].find("</pre>").unwrap()];
    let w: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(w.len(), 14, "{text}");
    let n = |i: usize| -> f64 { w[i].parse().unwrap_or_else(|_| panic!("{text}")) };
    let (fig, root) = ([n(1), n(2), n(3), n(4)], [n(6), n(7), n(8), n(9)]);
    assert!(
        root[2] > root[0] && root[3] > root[1],
        "the root is drawn: {text}"
    );
    assert!(
        fig[0] <= root[0] && root[2] <= fig[2] && fig[1] <= root[1] && root[3] <= fig[3],
        "the root of the tree is outside the tree box: {text}"
    );
    // the drawing is wider than the box at its own size: the checkbox
    // shows that size
    assert!(n(11) > 2.0 * n(13), "actual size is not wider: {text}");
    let _ = std::fs::remove_dir_all(&dir);
}
