//! The C expressions a correctness witness states as invariants: a lexer and
//! a recursive-descent parser of C expressions (primary, postfix, unary and
//! cast, binary operators by C precedence, `?:`, assignment, comma) into a
//! small tree, and the checks `kappa validate` makes on it before it pastes
//! an invariant into the program: [`Expr::impurity`] names the first
//! construct with a side effect (assignment, increment, decrement, call,
//! statement expression) and [`Expr::identifiers`] lists the names the
//! expression reads. [`Parsed::text`] is the expression re-emitted from its
//! tokens (no comment, no text the parser did not see), which is what gets
//! pasted.

/// One token of an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    /// An identifier or keyword.
    Ident(String),
    /// A numeric literal (integer or floating).
    Num(String),
    /// A character literal, quotes included.
    Char(String),
    /// A string literal, quotes included.
    Str(String),
    /// An operator or punctuator.
    Punct(&'static str),
}

impl Tok {
    fn text(&self) -> &str {
        match self {
            Tok::Ident(s) | Tok::Num(s) | Tok::Char(s) | Tok::Str(s) => s,
            Tok::Punct(p) => p,
        }
    }
}

/// Operators and punctuators, longest first.
const PUNCTS: [&str; 46] = [
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "&=", "^=", "|=", "+", "-", "*", "/", "%", "<", ">", "=", "!", "~",
    "&", "|", "^", "?", ":", ",", ".", "(", ")", "[", "]", "{", "}", ";",
];

/// Why a text is not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not a C expression (why).
    Syntax(String),
    /// A C or GNU construct this parser does not read (which).
    Unsupported(String),
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseError::Syntax(s) => write!(f, "not a C expression: {s}"),
            ParseError::Unsupported(s) => write!(f, "{s} is not supported"),
        }
    }
}

fn lex(src: &str) -> Result<Vec<Tok>, ParseError> {
    let b = src.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if src[i..].starts_with("//") {
            i = src[i..].find('\n').map_or(b.len(), |n| i + n);
        } else if src[i..].starts_with("/*") {
            let end = src[i + 2..]
                .find("*/")
                .ok_or_else(|| ParseError::Syntax("unterminated comment".into()))?;
            i += 2 + end + 2;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(src[s..i].to_string()));
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            let s = i;
            while i < b.len() {
                let d = b[i];
                let exp = matches!(d, b'+' | b'-') && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P');
                if !(d.is_ascii_alphanumeric() || d == b'_' || d == b'.' || exp) {
                    break;
                }
                i += 1;
            }
            out.push(Tok::Num(src[s..i].to_string()));
        } else if c == b'\'' || c == b'"' {
            let s = i;
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            if i >= b.len() || b[i] != c {
                return Err(ParseError::Syntax("unterminated literal".into()));
            }
            i += 1;
            let t = src[s..i].to_string();
            out.push(if c == b'\'' {
                Tok::Char(t)
            } else {
                Tok::Str(t)
            });
        } else if let Some(p) = PUNCTS.iter().find(|p| src[i..].starts_with(**p)) {
            out.push(Tok::Punct(p));
            i += p.len();
        } else {
            let ch = src[i..].chars().next().unwrap_or('?');
            return Err(ParseError::Syntax(format!("unexpected character `{ch}`")));
        }
    }
    Ok(out)
}

/// A parsed C expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A name.
    Ident(String),
    /// A numeric or character literal.
    Literal(String),
    /// `(e)`.
    Paren(Box<Expr>),
    /// `a[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `a.f` or `a->f` (the field is not a variable).
    Member(Box<Expr>, String),
    /// `f(args)`.
    Call(Box<Expr>, Vec<Expr>),
    /// `e++`, `e--`, `++e` or `--e`.
    Step(&'static str, Box<Expr>),
    /// `! ~ - + * &` applied to an operand.
    Unary(&'static str, Box<Expr>),
    /// `(type) e` (the type's text).
    Cast(String, Box<Expr>),
    /// `sizeof (type)`, `_Alignof (type)`.
    SizeofType(String),
    /// `sizeof e`.
    SizeofValue(Box<Expr>),
    /// `a op b` for the arithmetic, comparison, bitwise and logical operators.
    Binary(&'static str, Box<Expr>, Box<Expr>),
    /// `a = b`, `a op= b`.
    Assign(&'static str, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a, b`.
    Comma(Box<Expr>, Box<Expr>),
    /// `({ ... })` (GNU), its statements not parsed.
    Statements,
}

impl Expr {
    fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::Ident(_) | Expr::Literal(_) | Expr::SizeofType(_) | Expr::Statements => vec![],
            Expr::Paren(e)
            | Expr::Member(e, _)
            | Expr::Step(_, e)
            | Expr::Unary(_, e)
            | Expr::Cast(_, e)
            | Expr::SizeofValue(e) => vec![e],
            Expr::Index(a, b)
            | Expr::Binary(_, a, b)
            | Expr::Assign(_, a, b)
            | Expr::Comma(a, b) => vec![a, b],
            Expr::Call(f, args) => std::iter::once(&**f).chain(args).collect(),
            Expr::Cond(c, a, b) => vec![c, a, b],
        }
    }

    /// The first construct with a side effect, outermost first:
    /// `"assignment"`, `"compound assignment"`, `"increment"`,
    /// `"decrement"`, `"function call"` or `"statement expression"`; `None`
    /// for a pure expression. The operands of `sizeof` count too.
    pub fn impurity(&self) -> Option<&'static str> {
        match self {
            Expr::Assign("=", _, _) => return Some("assignment"),
            Expr::Assign(..) => return Some("compound assignment"),
            Expr::Step("++", _) => return Some("increment"),
            Expr::Step(..) => return Some("decrement"),
            Expr::Call(..) => return Some("function call"),
            Expr::Statements => return Some("statement expression"),
            _ => {}
        }
        self.children().into_iter().find_map(Expr::impurity)
    }

    /// The names the expression reads (not member names, not type names),
    /// in order, with repeats.
    pub fn identifiers(&self) -> Vec<&str> {
        match self {
            Expr::Ident(n) => vec![n.as_str()],
            _ => self
                .children()
                .into_iter()
                .flat_map(Expr::identifiers)
                .collect(),
        }
    }
}

/// An expression with the text it is pasted as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The tree.
    pub expr: Expr,
    /// The tokens, separated by spaces.
    pub text: String,
}

/// Keywords that name or qualify types.
const TYPE_WORDS: [&str; 19] = [
    "void",
    "char",
    "short",
    "int",
    "long",
    "float",
    "double",
    "signed",
    "unsigned",
    "_Bool",
    "const",
    "volatile",
    "restrict",
    "struct",
    "union",
    "enum",
    "__int128",
    "_Complex",
    "__signed__",
];

/// Keywords a GNU C expression may hold that this parser does not read.
const UNSUPPORTED_WORDS: [&str; 11] = [
    "_Generic",
    "__extension__",
    "typeof",
    "__typeof__",
    "__real__",
    "__imag__",
    "asm",
    "__asm__",
    "__builtin_offsetof",
    "__builtin_va_arg",
    "_Static_assert",
];

/// Statement keywords: never part of an expression.
const STATEMENT_WORDS: [&str; 17] = [
    "if", "else", "while", "for", "do", "switch", "case", "default", "break", "continue", "return",
    "goto", "typedef", "static", "extern", "register", "auto",
];

/// Binary operator levels, loosest first (`?:`, assignment and comma
/// apart).
const LEVELS: [&[&str]; 10] = [
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<", ">", "<=", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

const ASSIGN_OPS: [&str; 11] = [
    "=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=",
];

/// Deepest nesting of operands read (parentheses, unary operators); a
/// deeper expression is refused rather than overflowing the stack.
pub const MAX_DEPTH: usize = 1000;

struct Parser<'a> {
    toks: Vec<Tok>,
    at: usize,
    is_type_name: &'a dyn Fn(&str) -> bool,
    /// Current nesting of [`Parser::unary`] calls.
    depth: usize,
}

type PResult = Result<Expr, ParseError>;

fn syntax<T>(s: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError::Syntax(s.into()))
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.at + k)
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Tok::Punct(q)) if *q == p)
    }

    /// Consumes the punctuator `p` if it is next.
    fn eat(&mut self, p: &str) -> bool {
        let yes = self.is_punct(p);
        if yes {
            self.at += 1;
        }
        yes
    }

    fn expect(&mut self, p: &str) -> Result<(), ParseError> {
        if self.eat(p) {
            return Ok(());
        }
        match self.peek() {
            Some(t) => syntax(format!("expected `{p}`, found `{}`", t.text())),
            None => syntax(format!("expected `{p}` at the end")),
        }
    }

    /// Whether the token `k` ahead starts a type name.
    fn starts_type(&self, k: usize) -> bool {
        match self.peek_at(k) {
            Some(Tok::Ident(n)) => TYPE_WORDS.contains(&n.as_str()) || (self.is_type_name)(n),
            _ => false,
        }
    }

    /// A type name (specifiers, then `*`s and qualifiers), as text; the
    /// caller has checked [`Parser::starts_type`].
    fn type_name(&mut self) -> Result<String, ParseError> {
        let mut words = vec![];
        while let Some(Tok::Ident(n)) = self.peek() {
            let n = n.clone();
            if matches!(n.as_str(), "struct" | "union" | "enum") {
                self.at += 1;
                match self.peek() {
                    Some(Tok::Ident(tag)) => words.push(format!("{n} {tag}")),
                    _ => return Err(ParseError::Unsupported("an anonymous struct type".into())),
                }
            } else if TYPE_WORDS.contains(&n.as_str()) || (self.is_type_name)(&n) {
                words.push(n);
            } else {
                break;
            }
            self.at += 1;
        }
        loop {
            if self.eat("*") {
                words.push("*".into());
            } else if let Some(Tok::Ident(q)) = self.peek() {
                if !matches!(q.as_str(), "const" | "volatile" | "restrict") {
                    break;
                }
                words.push(q.clone());
                self.at += 1;
            } else {
                break;
            }
        }
        if !self.is_punct(")") {
            return Err(ParseError::Unsupported("this type name".into()));
        }
        Ok(words.join(" "))
    }

    /// expression: assignment-expressions separated by commas.
    fn expr(&mut self) -> PResult {
        let mut e = self.assignment()?;
        while self.eat(",") {
            e = Expr::Comma(Box::new(e), Box::new(self.assignment()?));
        }
        Ok(e)
    }

    fn assignment(&mut self) -> PResult {
        let lhs = self.conditional()?;
        let op = match self.peek() {
            Some(Tok::Punct(p)) if ASSIGN_OPS.contains(p) => *p,
            _ => return Ok(lhs),
        };
        self.at += 1;
        Ok(Expr::Assign(
            op,
            Box::new(lhs),
            Box::new(self.assignment()?),
        ))
    }

    fn conditional(&mut self) -> PResult {
        let c = self.binary(0)?;
        if !self.eat("?") {
            return Ok(c);
        }
        if self.is_punct(":") {
            return Err(ParseError::Unsupported(
                "GNU `?:` without a middle operand".into(),
            ));
        }
        let a = self.expr()?;
        self.expect(":")?;
        let b = self.assignment()?;
        Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)))
    }

    /// Binary operators of level `min` and tighter, left-associative
    /// (precedence climbing).
    fn binary(&mut self, min: usize) -> PResult {
        let mut e = self.unary()?;
        loop {
            let found = match self.peek() {
                Some(Tok::Punct(p)) => (min..LEVELS.len())
                    .find(|&l| LEVELS[l].contains(p))
                    .map(|l| (*p, l)),
                _ => None,
            };
            let Some((op, level)) = found else {
                return Ok(e);
            };
            self.at += 1;
            e = Expr::Binary(op, Box::new(e), Box::new(self.binary(level + 1)?));
        }
    }

    fn unary(&mut self) -> PResult {
        if self.depth >= MAX_DEPTH {
            return Err(ParseError::Unsupported(format!(
                "nesting deeper than {MAX_DEPTH}"
            )));
        }
        self.depth += 1;
        let e = self.unary_operand();
        self.depth -= 1;
        e
    }

    fn unary_operand(&mut self) -> PResult {
        let Some(t) = self.peek().cloned() else {
            return syntax("an operand is missing at the end");
        };
        match t {
            Tok::Punct(p @ ("++" | "--")) => {
                self.at += 1;
                Ok(Expr::Step(p, Box::new(self.unary()?)))
            }
            Tok::Punct(p @ ("!" | "~" | "-" | "+" | "*" | "&")) => {
                self.at += 1;
                Ok(Expr::Unary(p, Box::new(self.unary()?)))
            }
            Tok::Punct("(") if self.starts_type(1) => {
                self.at += 1;
                let ty = self.type_name()?;
                self.expect(")")?;
                if self.is_punct("{") {
                    return Err(ParseError::Unsupported("a compound literal".into()));
                }
                Ok(Expr::Cast(ty, Box::new(self.unary()?)))
            }
            Tok::Ident(n) if matches!(n.as_str(), "sizeof" | "_Alignof" | "__alignof__") => {
                self.at += 1;
                if self.is_punct("(") && self.starts_type(1) {
                    self.at += 1;
                    let ty = self.type_name()?;
                    self.expect(")")?;
                    return Ok(Expr::SizeofType(ty));
                }
                Ok(Expr::SizeofValue(Box::new(self.unary()?)))
            }
            _ => self.postfix(),
        }
    }

    fn postfix(&mut self) -> PResult {
        let mut e = self.primary()?;
        if let (Expr::Paren(inner), Some(Tok::Ident(_) | Tok::Num(_) | Tok::Char(_))) =
            (&e, self.peek())
        {
            if let Expr::Ident(n) = &**inner {
                // `(T) x`: a cast to a type this parser was not told of
                return Err(ParseError::Unsupported(format!("a cast to `{n}`")));
            }
        }
        loop {
            if self.eat("[") {
                let i = self.expr()?;
                self.expect("]")?;
                e = Expr::Index(Box::new(e), Box::new(i));
            } else if self.eat("(") {
                let mut args = vec![];
                if !self.eat(")") {
                    loop {
                        args.push(self.assignment()?);
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                e = Expr::Call(Box::new(e), args);
            } else if self.eat(".") || self.eat("->") {
                match self.peek().cloned() {
                    Some(Tok::Ident(f)) => {
                        self.at += 1;
                        e = Expr::Member(Box::new(e), f);
                    }
                    _ => return syntax("a member name must follow `.` or `->`"),
                }
            } else if let Some(Tok::Punct(p @ ("++" | "--"))) = self.peek() {
                let p: &'static str = p;
                self.at += 1;
                e = Expr::Step(p, Box::new(e));
            } else {
                return Ok(e);
            }
        }
    }

    fn primary(&mut self) -> PResult {
        let Some(t) = self.peek().cloned() else {
            return syntax("an operand is missing at the end");
        };
        self.at += 1;
        match t {
            Tok::Num(n) | Tok::Char(n) => Ok(Expr::Literal(n)),
            Tok::Str(_) => Err(ParseError::Unsupported("a string literal".into())),
            Tok::Ident(n) if UNSUPPORTED_WORDS.contains(&n.as_str()) => {
                Err(ParseError::Unsupported(format!("`{n}`")))
            }
            Tok::Ident(n)
                if STATEMENT_WORDS.contains(&n.as_str()) || TYPE_WORDS.contains(&n.as_str()) =>
            {
                syntax(format!("keyword `{n}` where an operand must be"))
            }
            Tok::Ident(n) => Ok(Expr::Ident(n)),
            Tok::Punct("(") if self.is_punct("{") => {
                // a GNU statement expression: skip to its `})`
                let mut depth = 0usize;
                while let Some(t) = self.peek() {
                    match t {
                        Tok::Punct("{") => depth += 1,
                        Tok::Punct("}") => depth -= 1,
                        _ => {}
                    }
                    self.at += 1;
                    if depth == 0 {
                        break;
                    }
                }
                self.expect(")")?;
                Ok(Expr::Statements)
            }
            Tok::Punct("(") => {
                let e = self.expr()?;
                self.expect(")")?;
                Ok(Expr::Paren(Box::new(e)))
            }
            Tok::Punct(p) => syntax(format!("`{p}` where an operand must be")),
        }
    }
}

/// Parses `src` as one C expression; `is_type_name` says which identifiers
/// are typedef names (they may start a cast or `sizeof (type)`). Every
/// token must belong to the expression. The parse runs on a thread of its
/// own with a stack for [`MAX_DEPTH`] levels of nesting.
pub fn parse(
    src: &str,
    is_type_name: &(dyn Fn(&str) -> bool + Sync),
) -> Result<Parsed, ParseError> {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn_scoped(s, || parse_here(src, is_type_name))
            .map_err(|e| ParseError::Unsupported(format!("a parse (no thread: {e})")))?
            .join()
            .unwrap_or_else(|_| Err(ParseError::Unsupported("a parse (it failed)".into())))
    })
}

fn parse_here(src: &str, is_type_name: &dyn Fn(&str) -> bool) -> Result<Parsed, ParseError> {
    let toks = lex(src)?;
    if toks.is_empty() {
        return syntax("empty");
    }
    let text = toks.iter().map(Tok::text).collect::<Vec<_>>().join(" ");
    let mut p = Parser {
        toks,
        at: 0,
        is_type_name,
        depth: 0,
    };
    let expr = p.expr()?;
    if let Some(t) = p.peek() {
        return syntax(format!("unexpected `{}` after the expression", t.text()));
    }
    Ok(Parsed { expr, text })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typedefs(n: &str) -> bool {
        n == "u32"
    }

    fn impurity(src: &str) -> Option<&'static str> {
        parse(src, &typedefs)
            .unwrap_or_else(|e| panic!("{src}: {e}"))
            .expr
            .impurity()
    }

    #[test]
    fn pure_expressions_parse_and_are_pure() {
        for src in [
            "1",
            "x <= 10 && (y == 2 * x || !z)",
            "a[i + 1] >= p->f && s.g.h != 'a'",
            "(unsigned int) x % 2u == 0u",
            "(u32) -1 > (u32 *) 0 - (u32 *) 0",
            "(x) - 1",
            "sizeof (int) == 4 && sizeof x == 4 && sizeof(struct s) > 0",
            "c ? a : b ? d : e",
            "(x, y) < 3",
            "*p + &q[0] - ~-+x",
            "1.5e+3 > 0x1fULL",
            "x /* a comment */ > 0",
            "x == y == z",
        ] {
            assert_eq!(impurity(src), None, "{src}");
        }
    }

    #[test]
    fn side_effects_are_named() {
        for (src, what) in [
            ("(s = 0) == 0", "assignment"),
            ("s += 1", "compound assignment"),
            ("x >>= 1", "compound assignment"),
            ("x == 0 ? y : (y = 1)", "assignment"),
            ("c ? a : b = 1", "assignment"),
            ("s++ >= 0", "increment"),
            ("++s", "increment"),
            ("--f <= 0", "decrement"),
            ("a[i--] > 0", "decrement"),
            ("reset()", "function call"),
            ("(__builtin_abort(), 1)", "function call"),
            ("(*fp)(x) == 1", "function call"),
            ("s.f(1)", "function call"),
            ("x > 0 && g(x, y)", "function call"),
            ("({ s = 0; 1; })", "statement expression"),
            ("sizeof(x = 1)", "assignment"),
            ("(u32) (x = 1)", "assignment"),
        ] {
            assert_eq!(impurity(src), Some(what), "{src}");
        }
    }

    #[test]
    fn a_typedef_name_in_parentheses_is_a_cast_and_other_names_are_operands() {
        let e = parse("(u32) -x", &typedefs).unwrap().expr;
        assert!(matches!(e, Expr::Cast(..)), "{e:?}");
        let e = parse("(v) -x", &typedefs).unwrap().expr;
        assert!(matches!(e, Expr::Binary("-", ..)), "{e:?}");
        // an unknown type in parentheses followed by `(`: a call, so rejected
        let e = parse("(v)(x)", &typedefs).unwrap().expr;
        assert_eq!(e.impurity(), Some("function call"));
    }

    #[test]
    fn precedence_follows_c() {
        let e = parse("a + b * c << 1 < d & e || f && g", &typedefs)
            .unwrap()
            .expr;
        let Expr::Binary("||", l, r) = e else {
            panic!("{e:?}")
        };
        assert!(matches!(*r, Expr::Binary("&&", ..)));
        let Expr::Binary("&", l, _) = *l else {
            panic!()
        };
        let Expr::Binary("<", l, _) = *l else {
            panic!()
        };
        let Expr::Binary("<<", l, _) = *l else {
            panic!()
        };
        assert!(matches!(*l, Expr::Binary("+", _, ref m) if matches!(**m, Expr::Binary("*", ..))));
    }

    #[test]
    fn identifiers_skip_members_and_types() {
        let p = parse("a[i]->f + (u32) s.g + sizeof(int) + h(k)", &typedefs).unwrap();
        assert_eq!(p.expr.identifiers(), vec!["a", "i", "s", "h", "k"]);
    }

    #[test]
    fn what_is_not_an_expression_is_an_error() {
        for src in [
            "",
            "x >",
            "(x",
            "x)",
            "1)) || ((s = 0",
            "x; s = 0",
            "x # y",
            "if (x) 1",
            "int",
            "a.",
            "x <% 1 %>",
            "\"s\"",
            "(int){1}",
            "_Generic(x, int: 1)",
            "x ?: y",
        ] {
            assert!(parse(src, &typedefs).is_err(), "{src}");
        }
        // a trailing line comment is dropped from the pasted text
        let p = parse("x > 0 // c", &typedefs);
        assert!(p.is_err() || !p.unwrap().text.contains("//"));
    }

    #[test]
    fn casts_to_unknown_types_and_deep_nesting_are_unsupported() {
        assert_eq!(
            parse("(uint_fast8_t) x > 0", &typedefs),
            Err(ParseError::Unsupported("a cast to `uint_fast8_t`".into()))
        );
        // kappa's own witnesses nest conjunctions to the right
        let deep = |n: usize| "(x && ".repeat(n) + "1" + &")".repeat(n);
        assert!(parse(&deep(MAX_DEPTH / 2), &typedefs).is_ok());
        assert!(matches!(
            parse(&deep(MAX_DEPTH + 1), &typedefs),
            Err(ParseError::Unsupported(_))
        ));
        assert!(matches!(
            parse(&"!".repeat(5 * MAX_DEPTH), &typedefs),
            Err(ParseError::Unsupported(_))
        ));
    }

    #[test]
    fn the_pasted_text_is_the_tokens() {
        let p = parse("x/*c*/>=0&&--y", &typedefs).unwrap();
        assert_eq!(p.text, "x >= 0 && -- y");
    }
}
