//! A tolerant hand-written reader of Test-Comp testcase XML documents, and
//! XML entity unescaping (no XML crate: the format is tiny).

use crate::error::{XmlError, XmlErrorKind};
use crate::{TestInput, TestVector, NONDET_PREFIX};

/// Parses a Test-Comp testcase document into a test.
///
/// Tolerant: the XML declaration, DOCTYPE, comments, processing
/// instructions, unknown elements and attributes are skipped; attributes may
/// use either quote; `<input>` content may contain entity and character
/// references, comments and CDATA, and is trimmed. The origin of an input is
/// `__VERIFIER_nondet_` + its `type` attribute, or `""` without one. Fails
/// if there is no `<testcase>` element, an `<input>` is empty, or the markup
/// is broken.
pub fn parse_testcase_xml(text: &str) -> Result<TestVector, XmlError> {
    let mut p = Parser {
        src: text.strip_prefix('\u{feff}').unwrap_or(text),
        pos: 0,
    };
    let mut inputs = Vec::new();
    let mut saw_testcase = false;
    while let Some(off) = p.rest().find('<') {
        p.pos += off;
        let rest = p.rest();
        if rest.starts_with("<?") {
            p.skip_past("?>", "processing instruction")?;
        } else if rest.starts_with("<!--") {
            p.skip_past("-->", "comment")?;
        } else if rest.starts_with("<![CDATA[") {
            p.skip_past("]]>", "CDATA section")?;
        } else if rest.starts_with("<!") {
            p.skip_declaration()?;
        } else if rest.starts_with("</") {
            p.skip_past(">", "tag")?;
        } else {
            let tag = p.start_tag()?;
            match tag.name.as_str() {
                "testcase" => saw_testcase = true,
                "input" => {
                    let start = p.pos;
                    let value = if tag.self_closing {
                        String::new()
                    } else {
                        p.input_content()?
                    };
                    if value.is_empty() {
                        return Err(p.error_at(start, XmlErrorKind::EmptyValue));
                    }
                    let origin = tag
                        .attr("type")
                        .map(|t| format!("{NONDET_PREFIX}{}", t.trim()))
                        .unwrap_or_default();
                    inputs.push(TestInput { origin, value });
                }
                _ => {}
            }
        }
    }
    if !saw_testcase {
        return Err(p.error_at(p.pos, XmlErrorKind::NotATestcase));
    }
    Ok(TestVector { inputs })
}

struct StartTag {
    name: String,
    attrs: Vec<(String, String)>,
    self_closing: bool,
}

impl StartTag {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

struct Parser<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn error_at(&self, pos: usize, kind: XmlErrorKind) -> XmlError {
        let pos = pos.min(self.src.len());
        let line = 1 + self.src.as_bytes()[..pos]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        XmlError { line, kind }
    }

    fn unterminated(&self, construct: &'static str) -> XmlError {
        self.error_at(self.pos, XmlErrorKind::Unterminated { construct })
    }

    /// Moves past the next occurrence of `end`.
    fn skip_past(&mut self, end: &str, construct: &'static str) -> Result<(), XmlError> {
        match self.rest().find(end) {
            Some(i) => {
                self.pos += i + end.len();
                Ok(())
            }
            None => Err(self.unterminated(construct)),
        }
    }

    /// Skips `<!DOCTYPE ...>` including an internal subset in brackets.
    fn skip_declaration(&mut self) -> Result<(), XmlError> {
        let mut depth = 0usize;
        let mut quote: Option<char> = None;
        for (i, c) in self.rest().char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '[') => depth += 1,
                (None, ']') => depth = depth.saturating_sub(1),
                (None, '>') if depth == 0 => {
                    self.pos += i + 1;
                    return Ok(());
                }
                _ => {}
            }
        }
        Err(self.unterminated("declaration"))
    }

    /// Parses a start tag at `<`, leaving `pos` after its `>`.
    fn start_tag(&mut self) -> Result<StartTag, XmlError> {
        let tag_start = self.pos;
        self.pos += 1;
        let name_len = self
            .rest()
            .find(|c: char| c.is_whitespace() || c == '/' || c == '>')
            .ok_or_else(|| self.unterminated("tag"))?;
        let name = self.rest()[..name_len].to_string();
        self.pos += name_len;
        let mut attrs = Vec::new();
        let bad_attr = |p: &Self| {
            p.error_at(
                tag_start,
                XmlErrorKind::MalformedAttribute {
                    element: name.clone(),
                },
            )
        };
        loop {
            self.skip_ws();
            let rest = self.rest();
            if rest.is_empty() {
                return Err(
                    self.error_at(tag_start, XmlErrorKind::Unterminated { construct: "tag" })
                );
            }
            if let Some(after) = rest.strip_prefix("/>") {
                self.pos = self.src.len() - after.len();
                return Ok(StartTag {
                    name,
                    attrs,
                    self_closing: true,
                });
            }
            if rest.starts_with('>') {
                self.pos += 1;
                return Ok(StartTag {
                    name,
                    attrs,
                    self_closing: false,
                });
            }
            let attr_len = rest
                .find(|c: char| c.is_whitespace() || matches!(c, '=' | '>' | '/'))
                .unwrap_or(rest.len());
            if attr_len == 0 {
                return Err(bad_attr(self));
            }
            let attr_name = rest[..attr_len].to_string();
            self.pos += attr_len;
            self.skip_ws();
            if !self.rest().starts_with('=') {
                return Err(bad_attr(self));
            }
            self.pos += 1;
            self.skip_ws();
            let quote = match self.rest().chars().next() {
                Some(q @ ('"' | '\'')) => q,
                _ => return Err(bad_attr(self)),
            };
            self.pos += 1;
            let len = self.rest().find(quote).ok_or_else(|| bad_attr(self))?;
            let raw = &self.rest()[..len];
            let value = unescape(raw).map_err(|entity| {
                self.error_at(self.pos, XmlErrorKind::UnknownEntity { entity })
            })?;
            self.pos += len + 1;
            attrs.push((attr_name, value));
        }
    }

    fn skip_ws(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// Reads `<input>` content up to and including `</input>`.
    fn input_content(&mut self) -> Result<String, XmlError> {
        let start = self.pos;
        let mut value = String::new();
        loop {
            let rest = self.rest();
            let Some(lt) = rest.find('<') else {
                return Err(self.error_at(
                    start,
                    XmlErrorKind::Unterminated {
                        construct: "<input> element",
                    },
                ));
            };
            let text = &rest[..lt];
            value.push_str(&unescape(text).map_err(|entity| {
                self.error_at(self.pos, XmlErrorKind::UnknownEntity { entity })
            })?);
            self.pos += lt;
            let rest = self.rest();
            if rest.starts_with("<!--") {
                self.skip_past("-->", "comment")?;
            } else if let Some(cdata) = rest.strip_prefix("<![CDATA[") {
                let end = cdata
                    .find("]]>")
                    .ok_or_else(|| self.unterminated("CDATA section"))?;
                value.push_str(&cdata[..end]);
                self.pos += "<![CDATA[".len() + end + 3;
            } else if let Some(close) = rest.strip_prefix("</") {
                let name_end = close
                    .find(|c: char| c.is_whitespace() || c == '>')
                    .unwrap_or(close.len());
                if &close[..name_end] != "input" {
                    return Err(self.error_at(
                        self.pos,
                        XmlErrorKind::Unterminated {
                            construct: "<input> element",
                        },
                    ));
                }
                self.skip_past(">", "tag")?;
                return Ok(value.trim().to_string());
            } else {
                let name: String = rest[1..]
                    .chars()
                    .take_while(|c| !c.is_whitespace() && *c != '>' && *c != '/')
                    .collect();
                return Err(
                    self.error_at(self.pos, XmlErrorKind::UnexpectedElement { element: name })
                );
            }
        }
    }
}

/// Replaces entity and character references; on an unknown one returns the
/// text between `&` and `;` (or the rest, when `;` is missing).
pub(crate) fn unescape(s: &str) -> Result<String, String> {
    if !s.contains('&') {
        return Ok(s.to_string());
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let Some(semi) = after.find(';') else {
            return Err(after.chars().take(16).collect());
        };
        let entity = &after[..semi];
        let c = match entity {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => {
                let code = if let Some(hex) = entity
                    .strip_prefix("#x")
                    .or_else(|| entity.strip_prefix("#X"))
                {
                    u32::from_str_radix(hex, 16).ok()
                } else if let Some(dec) = entity.strip_prefix('#') {
                    dec.parse::<u32>().ok()
                } else {
                    None
                };
                code.and_then(char::from_u32)
            }
        };
        match c {
            Some(c) => out.push(c),
            None => return Err(entity.to_string()),
        }
        rest = &after[semi + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tv(pairs: &[(&str, &str)]) -> TestVector {
        TestVector {
            inputs: pairs.iter().map(|(o, v)| TestInput::new(*o, *v)).collect(),
        }
    }

    use crate::testcomp::{escape, testcase_xml};

    #[test]
    fn round_trip() {
        let t = tv(&[
            ("__VERIFIER_nondet_int", "42"),
            ("__VERIFIER_nondet_uchar", "-1"),
            ("", "7"),
            ("__VERIFIER_nondet_long", "-9223372036854775808"),
        ]);
        let xml = testcase_xml(&t);
        assert!(xml.contains("<input type=\"int\">42</input>"), "{xml}");
        assert!(xml.contains("<input>7</input>"), "{xml}");
        assert_eq!(parse_testcase_xml(&xml).unwrap(), t);
        assert_eq!(
            parse_testcase_xml(&testcase_xml(&TestVector::default())).unwrap(),
            TestVector::default()
        );
    }

    #[test]
    fn round_trip_escapes() {
        let t = tv(&[("__VERIFIER_nondet_<&>\"'", "a<b>&c\"'")]);
        let xml = testcase_xml(&t);
        assert!(!xml.contains("a<b"), "{xml}");
        assert!(xml.contains("a&lt;b&gt;&amp;c&quot;&apos;"), "{xml}");
        assert_eq!(parse_testcase_xml(&xml).unwrap(), t);
    }

    #[test]
    fn escape_unescape() {
        assert_eq!(escape("<a & b>"), "&lt;a &amp; b&gt;");
        assert_eq!(unescape("&lt;&#65;&#x42;&amp;lt;").unwrap(), "<AB&lt;");
        assert_eq!(unescape("&nbsp;").unwrap_err(), "nbsp");
        assert_eq!(unescape("a & b").unwrap_err(), " b");
        assert_eq!(unescape("&#xD800;").unwrap_err(), "#xD800");
    }

    #[test]
    fn tolerant_reader() {
        let xml = "\u{feff}<?xml version='1.0'?>\n<!DOCTYPE testcase [ <!ENTITY x 'y>'> ]>\n\
                   <!-- a <input>1</input> comment -->\n<testcase coversError=\"true\">\n\
                   <input variable='x' type = 'int' >  -5 </input>\n\
                   <input><!-- c --> 6 </input><input><![CDATA[7]]></input>\n\
                   <input type=\"unsigned int\">&#56;</input>\n<other>9</other></testcase>\n";
        let t = parse_testcase_xml(xml).unwrap();
        assert_eq!(
            t,
            tv(&[
                ("__VERIFIER_nondet_int", "-5"),
                ("", "6"),
                ("", "7"),
                ("__VERIFIER_nondet_unsigned int", "8"),
            ])
        );
    }

    #[test]
    fn malformed_inputs_are_errors() {
        let cases: &[(&str, XmlErrorKind)] = &[
            (
                "<testcase><input>1</testcase>",
                XmlErrorKind::Unterminated {
                    construct: "<input> element",
                },
            ),
            (
                "<testcase><input>1",
                XmlErrorKind::Unterminated {
                    construct: "<input> element",
                },
            ),
            ("<testcase><input/></testcase>", XmlErrorKind::EmptyValue),
            (
                "<testcase><input> </input></testcase>",
                XmlErrorKind::EmptyValue,
            ),
            (
                "<testcase><input>&foo;</input></testcase>",
                XmlErrorKind::UnknownEntity {
                    entity: "foo".into(),
                },
            ),
            (
                "<testcase><input><b>1</b></input></testcase>",
                XmlErrorKind::UnexpectedElement {
                    element: "b".into(),
                },
            ),
            (
                "<testcase><input type=int>1</input></testcase>",
                XmlErrorKind::MalformedAttribute {
                    element: "input".into(),
                },
            ),
            (
                "<testcase><input type>1</input></testcase>",
                XmlErrorKind::MalformedAttribute {
                    element: "input".into(),
                },
            ),
            (
                "<testcase><input type=\"int>1</input></testcase>",
                XmlErrorKind::MalformedAttribute {
                    element: "input".into(),
                },
            ),
            (
                "<testcase><!-- x",
                XmlErrorKind::Unterminated {
                    construct: "comment",
                },
            ),
            ("<testcase", XmlErrorKind::Unterminated { construct: "tag" }),
            (
                "<testcase a='1'",
                XmlErrorKind::Unterminated { construct: "tag" },
            ),
            (
                "<!DOCTYPE x [",
                XmlErrorKind::Unterminated {
                    construct: "declaration",
                },
            ),
            (
                "<?xml",
                XmlErrorKind::Unterminated {
                    construct: "processing instruction",
                },
            ),
            ("", XmlErrorKind::NotATestcase),
            (
                "<test-metadata><producer>x</producer></test-metadata>",
                XmlErrorKind::NotATestcase,
            ),
        ];
        for (xml, kind) in cases {
            match parse_testcase_xml(xml) {
                Err(e) => assert_eq!(&e.kind, kind, "{xml}"),
                Ok(t) => panic!("{xml:?} parsed as {t:?}"),
            }
        }
        let e = parse_testcase_xml("<testcase>\n\n<input>\n</input>").unwrap_err();
        assert_eq!(e.line, 3);
    }

    #[test]
    fn garbage_never_panics() {
        let samples = [
            "<",
            "<<",
            "<>",
            "</",
            "<!",
            "<![CDATA[",
            "<input",
            "<input x='é'>",
            "&",
            "<testcase><input>é&#;</input>",
        ];
        for s in samples {
            let _ = parse_testcase_xml(s);
            for cut in 0..=s.len() {
                if s.is_char_boundary(cut) {
                    let _ = parse_testcase_xml(&s[..cut]);
                }
            }
        }
    }
}
