//! Writing the Test-Comp test-suite format, version 1.1: `metadata.xml` and
//! `testcase-K.xml` files, XML escaping, and RFC 3339 time stamps (the
//! reader is in `xml.rs`).

use crate::error::ReplayError;
use crate::{TestVector, NONDET_PREFIX};
use kappa_ir::DataModel;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The contents of a Test-Comp `metadata.xml` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metadata {
    /// Name (and version) of the tool that produced the tests.
    pub producer: String,
    /// Path of the program, as it should appear in `<programfile>`.
    pub program_file: String,
    /// SHA-256 of the program file, lowercase hex.
    pub program_hash: String,
    /// Data model, written as `32bit` or `64bit`.
    pub data_model: DataModel,
    /// Creation time, RFC 3339 (see [`rfc3339_utc`]).
    pub creation_time: String,
}

const XML_DECL: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
/// The specification Test-Comp uses for error coverage.
const SPECIFICATION: &str = "CHECK( init(main()), LTL(G ! call(reach_error())) )";

/// Renders `metadata.xml` (format 1.1, entry function `main`, the
/// `reach_error` coverage specification). Text is XML-escaped.
pub fn metadata_xml(meta: &Metadata) -> String {
    let arch = match meta.data_model {
        DataModel::Ilp32 => "32bit",
        DataModel::Lp64 => "64bit",
    };
    let mut out = String::from(XML_DECL);
    out.push_str(
        "<!DOCTYPE test-metadata PUBLIC \"+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN\" \"https://sosy-lab.org/test-format/test-metadata-1.1.dtd\">\n",
    );
    out.push_str("<test-metadata>\n");
    let fields = [
        ("sourcecodelang", "C"),
        ("producer", meta.producer.as_str()),
        ("specification", SPECIFICATION),
        ("programfile", meta.program_file.as_str()),
        ("programhash", meta.program_hash.as_str()),
        ("entryfunction", "main"),
        ("architecture", arch),
        ("creationtime", meta.creation_time.as_str()),
    ];
    for (tag, text) in fields {
        let _ = writeln!(out, "  <{tag}>{}</{tag}>", escape(text));
    }
    out.push_str("</test-metadata>\n");
    out
}

/// Renders one `testcase-K.xml`: one `<input>` per value, with
/// `type="T"` where the origin is `__VERIFIER_nondet_T` (or the whole origin
/// if it lacks that prefix); no `type` when the origin is empty.
pub fn testcase_xml(test: &TestVector) -> String {
    let mut out = String::from(XML_DECL);
    out.push_str(
        "<!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN\" \"https://sosy-lab.org/test-format/testcase-1.1.dtd\">\n",
    );
    out.push_str("<testcase>\n");
    for input in &test.inputs {
        let ty = input
            .origin
            .strip_prefix(NONDET_PREFIX)
            .unwrap_or(&input.origin);
        if ty.is_empty() {
            let _ = writeln!(out, "  <input>{}</input>", escape(&input.value));
        } else {
            let _ = writeln!(
                out,
                "  <input type=\"{}\">{}</input>",
                escape(ty),
                escape(&input.value)
            );
        }
    }
    out.push_str("</testcase>\n");
    out
}

/// Writes a Test-Comp test suite into `dir` (created if missing):
/// `metadata.xml` describing the first of `sources`, then
/// `testcase-1.xml` .. `testcase-N.xml`, one per test, in order. Existing
/// files of those names are overwritten. Returns the written paths,
/// `metadata.xml` first.
pub fn write_testcomp(
    dir: &Path,
    sources: &[PathBuf],
    data_model: DataModel,
    tests: &[TestVector],
    producer: &str,
) -> Result<Vec<PathBuf>, ReplayError> {
    let program = sources.first().ok_or(ReplayError::NoSources)?;
    let bytes = std::fs::read(program).map_err(|source| ReplayError::Io {
        path: program.clone(),
        source,
    })?;
    let meta = Metadata {
        producer: producer.to_string(),
        program_file: program.display().to_string(),
        program_hash: sha256_hex(&bytes),
        data_model,
        creation_time: rfc3339_utc(SystemTime::now()),
    };
    std::fs::create_dir_all(dir).map_err(|source| ReplayError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut written = Vec::with_capacity(tests.len() + 1);
    let mut put = |name: String, text: String| -> Result<(), ReplayError> {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|source| ReplayError::Io {
            path: path.clone(),
            source,
        })?;
        written.push(path);
        Ok(())
    };
    put("metadata.xml".to_string(), metadata_xml(&meta))?;
    for (k, test) in tests.iter().enumerate() {
        put(format!("testcase-{}.xml", k + 1), testcase_xml(test))?;
    }
    Ok(written)
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .fold(String::with_capacity(64), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Formats a time as RFC 3339 in UTC with second precision,
/// e.g. `2024-03-01T12:34:56Z`. Times before 1970 are clamped to the epoch.
pub fn rfc3339_utc(t: SystemTime) -> String {
    let secs = t
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to (year, month, day); H. Hinnant's algorithm.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Escapes `&`, `<`, `>`, `"` and `'` for XML text and attribute values
/// (also safe in HTML element content and quoted attributes).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xml::parse_testcase_xml;
    use crate::{TestInput, XmlErrorKind};

    fn tv(pairs: &[(&str, &str)]) -> TestVector {
        TestVector {
            inputs: pairs.iter().map(|(o, v)| TestInput::new(*o, *v)).collect(),
        }
    }

    #[test]
    fn metadata() {
        let m = Metadata {
            producer: "kappa <0.1>".into(),
            program_file: "a&b.c".into(),
            program_hash: sha256_hex(b"abc"),
            data_model: DataModel::Lp64,
            creation_time: rfc3339_utc(UNIX_EPOCH + std::time::Duration::from_secs(1_709_296_496)),
        };
        let xml = metadata_xml(&m);
        assert!(
            xml.contains("<producer>kappa &lt;0.1&gt;</producer>"),
            "{xml}"
        );
        assert!(xml.contains("<programfile>a&amp;b.c</programfile>"));
        assert!(xml.contains(
            "<programhash>ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad</programhash>"
        ));
        assert!(xml.contains("<architecture>64bit</architecture>"));
        assert!(xml.contains("<creationtime>2024-03-01T12:34:56Z</creationtime>"));
        assert!(xml.contains(
            "<specification>CHECK( init(main()), LTL(G ! call(reach_error())) )</specification>"
        ));
        assert_eq!(
            parse_testcase_xml(&xml).unwrap_err().kind,
            XmlErrorKind::NotATestcase
        );
    }

    #[test]
    fn rfc3339() {
        assert_eq!(rfc3339_utc(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let t = |s| rfc3339_utc(UNIX_EPOCH + std::time::Duration::from_secs(s));
        assert_eq!(t(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(t(4_107_542_399), "2100-02-28T23:59:59Z");
        assert_eq!(t(1_735_689_599), "2024-12-31T23:59:59Z");
    }

    #[test]
    fn write_suite() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("p.c");
        std::fs::write(&src, "int main(){return 0;}\n").unwrap();
        let out = dir.path().join("suite");
        let tests = [
            tv(&[("__VERIFIER_nondet_int", "1")]),
            tv(&[("", "2"), ("", "3")]),
        ];
        let paths = write_testcomp(
            &out,
            std::slice::from_ref(&src),
            DataModel::Ilp32,
            &tests,
            "kappa",
        )
        .unwrap();
        let names: Vec<_> = paths
            .iter()
            .map(|p| p.file_name().unwrap().to_str().unwrap().to_string())
            .collect();
        assert_eq!(names, ["metadata.xml", "testcase-1.xml", "testcase-2.xml"]);
        let meta = std::fs::read_to_string(&paths[0]).unwrap();
        assert!(meta.contains("<architecture>32bit</architecture>"));
        assert!(meta.contains(&format!(
            "<programhash>{}</programhash>",
            sha256_hex(b"int main(){return 0;}\n")
        )));
        for (p, t) in paths[1..].iter().zip(&tests) {
            assert_eq!(&crate::read_test(p).unwrap(), t);
        }
        assert!(matches!(
            write_testcomp(&out, &[], DataModel::Ilp32, &tests, "k"),
            Err(ReplayError::NoSources)
        ));
        assert!(matches!(
            write_testcomp(
                &out,
                &[dir.path().join("missing.c")],
                DataModel::Ilp32,
                &tests,
                "k"
            ),
            Err(ReplayError::Io { .. })
        ));
    }
}
