//! Reading a test from a file in any of the accepted formats: Test-Comp
//! testcase XML, kappa's JSON, or plain text (one value per token).

use crate::error::{JsonShape, ReplayError};
use crate::xml::parse_testcase_xml;
use crate::{value, TestInput, TestVector};
use serde_json::Value;
use std::path::Path;

/// Reads a test from `path`, choosing the format by the first
/// non-whitespace character: `<` is a Test-Comp testcase (see
/// [`crate::parse_testcase_xml`]), `{` or `[` is JSON (see
/// [`parse_json_test`]), anything else is plain text (see
/// [`parse_plain_test`]); an empty file is a test with no inputs.
/// Values of XML and JSON tests are checked only when replayed.
pub fn read_test(path: &Path) -> Result<TestVector, ReplayError> {
    let bytes = std::fs::read(path).map_err(|source| ReplayError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let text = String::from_utf8(bytes).map_err(|_| ReplayError::NotUtf8 {
        path: path.to_path_buf(),
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    match text.trim_start().chars().next() {
        Some('<') => parse_testcase_xml(text).map_err(|error| ReplayError::Xml {
            path: path.to_path_buf(),
            error,
        }),
        Some('{' | '[') => parse_json_test(text, path),
        _ => parse_plain_test(text, path),
    }
}

/// Parses kappa's JSON test format, `{"inputs":[{"origin":..,"value":..}]}`.
///
/// Tolerant: other top-level fields are ignored; the top level may also be
/// the bare `inputs` array; an input may be an object whose `origin` is
/// optional (default `""`) and whose `value` is a string or a number, or just
/// a string or a number. `path` is used in errors only.
pub fn parse_json_test(text: &str, path: &Path) -> Result<TestVector, ReplayError> {
    let json: Value = serde_json::from_str(text).map_err(|source| ReplayError::Json {
        path: path.to_path_buf(),
        source,
    })?;
    let shape = |shape| ReplayError::JsonShape {
        path: path.to_path_buf(),
        shape,
    };
    let items = match &json {
        Value::Array(items) => items,
        Value::Object(map) => match map.get("inputs") {
            Some(Value::Array(items)) => items,
            _ => return Err(shape(JsonShape::NoInputsArray)),
        },
        _ => return Err(shape(JsonShape::NoInputsArray)),
    };
    let mut inputs = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let (origin, value) = match item {
            Value::Object(map) => {
                let origin = match map.get("origin") {
                    None | Some(Value::Null) => String::new(),
                    Some(Value::String(s)) => s.clone(),
                    Some(_) => return Err(shape(JsonShape::BadOrigin { index })),
                };
                let value = map
                    .get("value")
                    .and_then(scalar)
                    .ok_or_else(|| shape(JsonShape::BadInput { index }))?;
                (origin, value)
            }
            other => (
                String::new(),
                scalar(other).ok_or_else(|| shape(JsonShape::BadInput { index }))?,
            ),
        };
        inputs.push(TestInput { origin, value });
    }
    Ok(TestVector { inputs })
}

fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Parses a plain-text test: values separated by whitespace (typically one
/// per line), each a C integer, character or floating-point literal; a line
/// whose first non-blank character is `#` is a comment. Origins are `""`.
/// `path` is used in errors only.
pub fn parse_plain_test(text: &str, path: &Path) -> Result<TestVector, ReplayError> {
    let mut inputs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        for token in line.split_whitespace() {
            if value::normalize(token).is_none() {
                return Err(ReplayError::PlainText {
                    path: path.to_path_buf(),
                    line: i + 1,
                    token: token.to_string(),
                });
            }
            inputs.push(TestInput::new("", token));
        }
    }
    Ok(TestVector { inputs })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn json() {
        let d = tempfile::tempdir().unwrap();
        let p = write(
            d.path(),
            "t.json",
            br#" {"inputs":[{"origin":"__VERIFIER_nondet_int","value":"-3"},{"value":4},"5",{"origin":null,"value":"6"}],"outcome":"x"}"#,
        );
        let t = read_test(&p).unwrap();
        assert_eq!(
            t,
            TestVector {
                inputs: vec![
                    TestInput::new("__VERIFIER_nondet_int", "-3"),
                    TestInput::new("", "4"),
                    TestInput::new("", "5"),
                    TestInput::new("", "6"),
                ]
            }
        );
        // What kappa writes (serde of TestVector) reads back unchanged.
        let p2 = write(
            d.path(),
            "t2.json",
            serde_json::to_string(&t).unwrap().as_bytes(),
        );
        assert_eq!(read_test(&p2).unwrap(), t);
        let p3 = write(d.path(), "t3.json", b"[1, \"2\"]");
        assert_eq!(read_test(&p3).unwrap(), TestVector::from_values(["1", "2"]));
    }

    #[test]
    fn json_errors() {
        let d = tempfile::tempdir().unwrap();
        let cases: &[(&[u8], Option<JsonShape>)] = &[
            (b"{\"inputs\": 3}", Some(JsonShape::NoInputsArray)),
            (b"{}", Some(JsonShape::NoInputsArray)),
            (
                b"{\"inputs\": [{\"origin\": \"x\"}]}",
                Some(JsonShape::BadInput { index: 0 }),
            ),
            (
                b"{\"inputs\": [1, true]}",
                Some(JsonShape::BadInput { index: 1 }),
            ),
            (
                b"{\"inputs\": [{\"origin\": 1, \"value\": \"1\"}]}",
                Some(JsonShape::BadOrigin { index: 0 }),
            ),
            (b"{\"inputs\": [", None),
        ];
        for (text, want) in cases {
            let p = write(d.path(), "bad.json", text);
            match (read_test(&p), want) {
                (Err(ReplayError::JsonShape { shape, .. }), Some(w)) => assert_eq!(&shape, w),
                (Err(ReplayError::Json { .. }), None) => {}
                (other, _) => panic!("{:?}: {other:?}", String::from_utf8_lossy(text)),
            }
        }
    }

    #[test]
    fn plain_text() {
        let d = tempfile::tempdir().unwrap();
        let p = write(
            d.path(),
            "t.txt",
            b"# a comment\n42\n-1 0x10\n\n  7\r\n1.5\n",
        );
        assert_eq!(
            read_test(&p).unwrap(),
            TestVector::from_values(["42", "-1", "0x10", "7", "1.5"])
        );
        let empty = write(d.path(), "e.txt", b"");
        assert_eq!(read_test(&empty).unwrap(), TestVector::default());
        let bad = write(d.path(), "b.txt", b"1\n2 x3\n");
        match read_test(&bad) {
            Err(ReplayError::PlainText { line, token, .. }) => {
                assert_eq!((line, token.as_str()), (2, "x3"))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn file_errors() {
        let d = tempfile::tempdir().unwrap();
        assert!(matches!(
            read_test(&d.path().join("missing")),
            Err(ReplayError::Io { .. })
        ));
        let p = write(d.path(), "bin", b"\xff\xfe1");
        assert!(matches!(read_test(&p), Err(ReplayError::NotUtf8 { .. })));
        let x = write(d.path(), "x.xml", b"<testcase><input>1</input>");
        assert!(read_test(&x).is_ok());
        let x = write(d.path(), "y.xml", b"<testcase><input>1</inp");
        assert!(matches!(read_test(&x), Err(ReplayError::Xml { .. })));
    }
}
