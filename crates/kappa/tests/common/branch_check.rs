//! The independent check of a violation witness's `branching` values: the
//! C condition of the `if`/`while`/`for` at each waypoint's line:column is
//! wrapped in a logging call (source-level instrumentation with its own C
//! scanner), the instrumented program runs natively on the witness's
//! `function_return` values (kappa-replay's harness: its `__kappa_trace`
//! carries the log), and the logged directions at the waypoints' locations
//! must be the waypoints' values, in order. It shares no code with kappa's
//! witness writer or validator (it reads the witness as plain YAML).

use std::path::Path;

/// The prototype and the logger pasted before the program: logs
/// `id * 2 + direction` and passes the condition's truth on.
const LOGGER: &str = "void __kappa_trace(long long); static int __kappa_br(long long id, \
                      int c) { __kappa_trace(id * 2 + c); return c; }\n";

/// Byte offset of 1-based `line`:`col` in `text`.
fn offset(text: &str, line: u64, col: u64) -> Option<usize> {
    let mut start = 0usize;
    for _ in 1..line {
        start += text[start..].find('\n')? + 1;
    }
    let o = start + col.checked_sub(1)? as usize;
    (o <= text.len()).then_some(o)
}

/// Index just past the string or character literal, or comment, starting
/// at `i` (`None` when none starts there).
fn skip_lexeme(b: &[u8], i: usize) -> Option<usize> {
    match (b[i], b.get(i + 1)) {
        (b'/', Some(b'/')) => Some(
            b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |k| i + k),
        ),
        (b'/', Some(b'*')) => Some(
            (i + 2..b.len().saturating_sub(1))
                .find(|&k| b[k] == b'*' && b[k + 1] == b'/')
                .map_or(b.len(), |k| k + 2),
        ),
        (q @ (b'"' | b'\''), _) => {
            let mut k = i + 1;
            while k < b.len() && b[k] != q {
                k += if b[k] == b'\\' { 2 } else { 1 };
            }
            Some((k + 1).min(b.len()))
        }
        _ => None,
    }
}

/// The byte range of the condition of the statement whose keyword starts
/// at `at`: an `if`'s or `while`'s parenthesized expression, a `for`'s
/// middle clause.
fn condition_range(text: &str, at: usize) -> Result<(usize, usize), String> {
    let b = text.as_bytes();
    let word: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if !matches!(word.as_str(), "if" | "while" | "for") {
        return Err(format!("`{word}` is not if/while/for"));
    }
    let mut i = at + word.len();
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    if b.get(i) != Some(&b'(') {
        return Err("no `(` after the keyword".into());
    }
    let open = i;
    let (mut depth, mut semis) = (0i32, vec![]);
    while i < b.len() {
        if let Some(next) = skip_lexeme(b, i) {
            i = next;
            continue;
        }
        match b[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            b';' if depth == 1 => semis.push(i),
            _ => {}
        }
        i += 1;
    }
    let close = i;
    let (from, to) = match (word.as_str(), semis.as_slice()) {
        ("for", [a, b]) => (a + 1, *b),
        ("for", _) => return Err("a for header without two `;`".into()),
        _ => (open + 1, close),
    };
    if text[from..to].trim().is_empty() {
        return Err("an empty condition".into());
    }
    Ok((from, to))
}

/// Checks the `branching` waypoints of violation witness `w` (its YAML read
/// as JSON) against a native run of `program` (data model `dm`) on the
/// witness's inputs. Returns the number of waypoints checked, or what is
/// wrong.
pub fn check_branches(
    w: &serde_json::Value,
    program: &Path,
    dm: kappa_ir::DataModel,
    work: &Path,
) -> Result<usize, String> {
    check_branches_on(w, program, dm, work, &[])
}

/// [`check_branches`], run on `given` (a test of the error, e.g. the one
/// `kappa verify --tests-dir` writes) when the witness has no
/// `function_return` waypoint (its compact form, where the run is free
/// between waypoints: the given test is the run the witness was written
/// from, so its directions at the waypoints must be the waypoints').
#[allow(dead_code)]
pub fn check_branches_on(
    w: &serde_json::Value,
    program: &Path,
    dm: kappa_ir::DataModel,
    work: &Path,
    given: &[String],
) -> Result<usize, String> {
    let mut inputs = vec![];
    let mut branches = vec![]; // (line, column, value)
    for seg in w[0]["content"].as_array().ok_or("no content")? {
        for item in seg["segment"].as_array().ok_or("no segment")? {
            let wp = &item["waypoint"];
            if wp["action"] != "follow" {
                continue;
            }
            let value = wp["constraint"]["value"].as_str().unwrap_or("");
            match wp["type"].as_str() {
                Some("function_return") => {
                    let v = value
                        .strip_prefix("\\result == ")
                        .ok_or_else(|| format!("constraint {value}"))?;
                    inputs.push(v.trim().to_string());
                }
                Some("branching") => {
                    let l = &wp["location"];
                    let (Some(line), Some(col)) = (l["line"].as_u64(), l["column"].as_u64()) else {
                        return Err("a branching waypoint without line and column".into());
                    };
                    let v = match value {
                        "true" => true,
                        "false" => false,
                        other => return Err(format!("branching value {other}")),
                    };
                    branches.push((line, col, v));
                }
                _ => {}
            }
        }
    }
    if branches.is_empty() {
        return Ok(0);
    }
    if inputs.is_empty() {
        inputs = given.to_vec();
    }
    let text = std::fs::read_to_string(program).map_err(|e| e.to_string())?;
    // each waypoint location once, instrumented from the end of the file
    let mut places: Vec<(u64, u64)> = branches.iter().map(|&(l, c, _)| (l, c)).collect();
    places.sort();
    places.dedup();
    let mut ranges = vec![];
    for (id, &(line, col)) in places.iter().enumerate() {
        let at = offset(&text, line, col).ok_or(format!("no position {line}:{col}"))?;
        let r = condition_range(&text, at).map_err(|e| format!("at {line}:{col}: {e}"))?;
        ranges.push((r, id));
    }
    ranges.sort();
    let mut out = text.clone();
    for &((from, to), id) in ranges.iter().rev() {
        let cond = &text[from..to];
        out.replace_range(from..to, &format!(" __kappa_br({id}, !!({cond})) "));
    }
    let ext = program.extension().and_then(|e| e.to_str()).unwrap_or("c");
    let name = program.file_stem().unwrap().to_string_lossy();
    let instrumented = work.join(format!("{name}.branches.{ext}"));
    std::fs::write(&instrumented, format!("{LOGGER}{out}")).map_err(|e| e.to_string())?;
    let test = kappa_replay::TestVector {
        inputs: inputs
            .iter()
            .map(|v| kappa_replay::TestInput::new("", v.clone()))
            .collect(),
    };
    let r = kappa_replay::replay(&[instrumented], dm, &test, &kappa_replay::Limits::default())
        .map_err(|e| format!("native run: {e}"))?;
    if r.outcome != kappa_replay::Outcome::ReachedError {
        return Err(format!("the native run ends {:?}", r.outcome));
    }
    // the log at the waypoints' locations is the waypoints' sequence
    let logged: Vec<((u64, u64), bool)> = r
        .trace
        .iter()
        .map(|&v| (places[(v / 2) as usize], v % 2 == 1))
        .collect();
    let want: Vec<((u64, u64), bool)> = branches.iter().map(|&(l, c, v)| ((l, c), v)).collect();
    if logged != want {
        let k = logged.iter().zip(&want).take_while(|(a, b)| a == b).count();
        return Err(format!(
            "branch {} of {}: the native run logs {:?}, the witness says {:?}",
            k + 1,
            want.len(),
            logged.get(k),
            want.get(k)
        ));
    }
    Ok(want.len())
}
