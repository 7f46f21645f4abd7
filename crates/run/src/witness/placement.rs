//! Correctness-witness invariants placed where they can stand: a `for`
//! loop's invariant at its keyword names no variable the loop's init
//! clause declares (`for (int k = 0; ...)`: `k` is not in scope at the
//! `for`, or names another variable there), so those conjuncts move to a
//! `location_invariant` at the body's first statement (or at the body, a
//! statement without braces) when control reaches it only from the
//! condition, unchanged (else they are left out); a program without loops gets a trivially true
//! `location_invariant` at `main`'s first statement, since a correctness
//! witness needs an entry.

use super::source::{Pos, Source};
use super::{Content, Invariant, Location, Sources};

/// `parts` as one C expression: `1` for none, the part for one, else
/// `(A && B && ...)`.
pub fn conjunction(parts: &[String]) -> String {
    match parts {
        [] => "1".into(),
        [one] => one.clone(),
        more => format!("({})", more.join(" && ")),
    }
}

/// Whether C expression `c` reads an identifier of `names`.
fn names_any(c: &str, names: &[String]) -> bool {
    c.split(|x: char| !(x.is_ascii_alphanumeric() || x == '_'))
        .any(|w| names.iter().any(|n| n == w))
}

/// Splits invariant `value` of the loop whose keyword starts at `at`: the
/// part that may stand at the keyword, and the conjuncts over variables
/// declared in a `for` init clause with where they can stand instead (the
/// body's first statement), if anywhere. Loops other than such `for`
/// loops keep `value` whole.
pub fn split_loop_invariant(src: &Source, at: Pos, value: &str) -> (String, Option<(Pos, String)>) {
    let Some(decl) = src.for_declarations(at) else {
        return (value.to_string(), None);
    };
    let (inner, outer): (Vec<String>, Vec<String>) = super::write::conjuncts(value)
        .into_iter()
        .filter(|c| *c != "1")
        .map(str::to_string)
        .partition(|c| names_any(c, &decl.names));
    let moved = match (inner.is_empty(), decl.body_start) {
        (false, Some(p)) => Some((p, conjunction(&inner))),
        _ => None,
    };
    (conjunction(&outer), moved)
}

/// Rewrites the `loop_invariant`s of `content` so that each names only
/// variables in scope at its loop keyword ([`split_loop_invariant`]),
/// each moved part a `location_invariant` right after its loop's entry;
/// then, when `content` is empty (no loops), adds the trivially true
/// `location_invariant` at the first statement of `main` when one is found.
pub fn place_in_scope(content: &mut Vec<Content>, sources: &Sources) {
    let mut out = vec![];
    for c in content.drain(..) {
        let Some(inv) = &c.invariant else {
            out.push(c);
            continue;
        };
        let file = sources.index_of_name(&inv.location.file_name);
        let (Some(k), Some(col), "loop_invariant") = (file, inv.location.column, inv.ty.as_str())
        else {
            out.push(c);
            continue;
        };
        let at = Pos {
            line: inv.location.line,
            col,
        };
        let (value, moved) = split_loop_invariant(sources.source(k), at, &inv.value);
        let mut kept = inv.clone();
        kept.value = value;
        out.push(Content {
            segment: None,
            invariant: Some(kept),
        });
        if let Some((p, v)) = moved {
            out.push(location_invariant(
                Location {
                    line: p.line,
                    column: Some(p.col),
                    ..inv.location.clone()
                },
                v,
            ));
        }
    }
    if out.is_empty() {
        let first =
            (0..sources.len()).find_map(|k| sources.source(k).main_body_start().map(|p| (k, p)));
        if let Some((k, p)) = first {
            out.push(location_invariant(
                Location {
                    file_name: sources.name(k).to_string(),
                    line: p.line,
                    column: Some(p.col),
                    function: Some("main".into()),
                },
                "1".into(),
            ));
        }
    }
    *content = out;
}

fn location_invariant(location: Location, value: String) -> Content {
    Content {
        segment: None,
        invariant: Some(Invariant {
            ty: "location_invariant".into(),
            location,
            value,
            format: "c_expression".into(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }

    #[test]
    fn for_init_variables_leave_the_keyword() {
        let src = Source::new(
            "int main(void) {\n  int s = 0, n = 5;\n  for (int k = 0, *q = 0; k < n; k++) {\n    s += 2;\n  }\n  for (unsigned k = 0; k++ < 3;) { s++; }\n  while (s) s--;\n}\n",
        );
        let inv = "(((unsigned)k <= (unsigned)n) && (((unsigned)s == (2u * (unsigned)k)) && ((int)n <= 5)))";
        let (at_for, moved) = split_loop_invariant(&src, p(3, 3), inv);
        assert_eq!(at_for, "((int)n <= 5)");
        assert_eq!(
            moved,
            Some((
                p(4, 5),
                "(((unsigned)k <= (unsigned)n) && ((unsigned)s == (2u * (unsigned)k)))".into()
            ))
        );
        // a condition with a side effect: the body does not see the
        // header's state, the conjuncts over k are left out
        let (at_for, moved) = split_loop_invariant(&src, p(6, 3), "((unsigned)k <= 3u)");
        assert_eq!((at_for.as_str(), moved), ("1", None));
        // an unbraced body is the statement the conjuncts move to
        let src2 = Source::new(
            "int main(void) {\n  int A[4];\n  for (int k = 0; k < 4; k++) A[k] = 0;\n}\n",
        );
        let (at_for, moved) = split_loop_invariant(&src2, p(3, 3), "((unsigned)k <= 4u)");
        assert_eq!(
            (at_for.as_str(), moved),
            ("1", Some((p(3, 31), "((unsigned)k <= 4u)".into())))
        );
        // a while loop keeps its invariant
        let (at_while, moved) = split_loop_invariant(&src, p(7, 3), inv);
        assert_eq!((at_while.as_str(), moved), (inv, None));
    }

    #[test]
    fn conjuncts_split_at_the_top_level_only() {
        assert_eq!(
            super::super::write::conjuncts("(a && (b && c))"),
            ["a", "b", "c"]
        );
        assert_eq!(
            super::super::write::conjuncts("(a && b && c)"),
            ["a", "b", "c"]
        );
        assert_eq!(
            super::super::write::conjuncts("(a || (b && c))"),
            ["(a || (b && c))"]
        );
        assert_eq!(
            super::super::write::conjuncts("(a && b) || c"),
            ["(a && b) || c"]
        );
        assert_eq!(conjunction(&[]), "1");
        assert!(names_any("((unsigned)k <= 3u)", &["k".into()]));
        assert!(!names_any("((unsigned)kk <= 3u)", &["k".into()]));
    }

    #[test]
    fn main_body_start_is_the_first_statement() {
        let src = Source::new(
            "int f(void) { return 1; }\nint main(void)\n{\n  int x = f();\n  return x;\n}\n",
        );
        assert_eq!(src.main_body_start(), Some(p(4, 3)));
        assert_eq!(Source::new("int main(void) {}").main_body_start(), None);
    }
}
