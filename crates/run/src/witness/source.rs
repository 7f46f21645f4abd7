//! C source positions that witnesses name: a small tokenizer (comments,
//! strings and preprocessor lines skipped) and the lookups built on it — the
//! keyword of the `if`/`while`/`for` whose condition holds a branch, the
//! closing parenthesis of a call, and the loop keywords of a file.

/// A position in a source file: 1-based line and byte column (as clang's
/// debug locations count them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Line, 1-based.
    pub line: u32,
    /// Column in bytes, 1-based.
    pub col: u32,
}

/// One token: an identifier or keyword, a number, or one punctuation
/// character (multi-character operators are consecutive tokens).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tok {
    pos: Pos,
    text: String,
}

/// A loop of the source: the position of its first keyword character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    /// Where the keyword starts.
    pub pos: Pos,
    /// `for`, `while` or `do`.
    pub keyword: &'static str,
}

/// A tokenized source file.
#[derive(Debug)]
pub struct Source {
    toks: Vec<Tok>,
}

impl Source {
    /// Tokenizes C text. Never fails: unknown bytes are single tokens.
    pub fn new(text: &str) -> Source {
        let b = text.as_bytes();
        let mut toks = vec![];
        let (mut i, mut line, mut line_start) = (0usize, 1u32, 0usize);
        let mut at_line_start = true;
        while i < b.len() {
            let c = b[i];
            let pos = Pos {
                line,
                col: (i - line_start + 1) as u32,
            };
            if c == b'\n' {
                i += 1;
                line += 1;
                line_start = i;
                at_line_start = true;
                continue;
            }
            if c.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            // preprocessor line (with continuations)
            if at_line_start && c == b'#' {
                while i < b.len() && b[i] != b'\n' {
                    if b[i] == b'\\' && i + 1 < b.len() && b[i + 1] == b'\n' {
                        i += 2;
                        line += 1;
                        line_start = i;
                        continue;
                    }
                    i += 1;
                }
                continue;
            }
            at_line_start = false;
            if c == b'/' && b.get(i + 1) == Some(&b'/') {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            if c == b'/' && b.get(i + 1) == Some(&b'*') {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    if b[i] == b'\n' {
                        line += 1;
                        line_start = i + 1;
                    }
                    i += 1;
                }
                i = (i + 2).min(b.len());
                continue;
            }
            if c == b'"' || c == b'\'' {
                i += 1;
                while i < b.len() && b[i] != c && b[i] != b'\n' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i = (i + 1).min(b.len());
                toks.push(Tok {
                    pos,
                    text: "\"".into(),
                });
                continue;
            }
            if c.is_ascii_alphanumeric() || c == b'_' {
                let s = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.')
                {
                    i += 1;
                }
                toks.push(Tok {
                    pos,
                    text: String::from_utf8_lossy(&b[s..i]).into_owned(),
                });
                continue;
            }
            let len = std::str::from_utf8(&b[i..])
                .ok()
                .and_then(|s| s.chars().next())
                .map(char::len_utf8)
                .unwrap_or(1);
            toks.push(Tok {
                pos,
                text: String::from_utf8_lossy(&b[i..i + len]).into_owned(),
            });
            i += len;
        }
        Source { toks }
    }

    /// Index of the token matching the bracket at `open` (`(`/`)`, `{`/`}`).
    fn matching(&self, open: usize) -> Option<usize> {
        let (o, c) = match self.toks.get(open)?.text.as_str() {
            "(" => ("(", ")"),
            "{" => ("{", "}"),
            _ => return None,
        };
        let mut depth = 0usize;
        for (k, t) in self.toks.iter().enumerate().skip(open) {
            if t.text == o {
                depth += 1;
            } else if t.text == c {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
        }
        None
    }

    /// Whether the `while` at token `k` ends a `do` statement (`} while (..);`
    /// whose `{` follows a `do`).
    fn is_do_tail(&self, k: usize) -> bool {
        if k == 0 || self.toks[k - 1].text != "}" {
            return false;
        }
        // the `{` matching the `}` before this `while`
        let close = k - 1;
        let mut depth = 0usize;
        for j in (0..=close).rev() {
            match self.toks[j].text.as_str() {
                "}" => depth += 1,
                "{" => {
                    depth -= 1;
                    if depth == 0 {
                        return j > 0 && self.toks[j - 1].text == "do";
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Whether `name` is an identifier of the text that is not followed by
    /// `(` somewhere (a variable, not only a function).
    pub fn has_variable(&self, name: &str) -> bool {
        self.toks
            .iter()
            .enumerate()
            .any(|(i, t)| t.text == name && self.toks.get(i + 1).is_none_or(|n| n.text != "("))
    }

    /// The loops of the file, in source order: `for`, `while` (not the
    /// `while` ending a braced `do` statement) and `do`.
    pub fn loops(&self) -> Vec<Loop> {
        let mut out = vec![];
        for (k, t) in self.toks.iter().enumerate() {
            let keyword = match t.text.as_str() {
                "for" => "for",
                "while" if !self.is_do_tail(k) => "while",
                "do" => "do",
                _ => continue,
            };
            out.push(Loop {
                pos: t.pos,
                keyword,
            });
        }
        out
    }

    /// Index of the first token at or after `p`.
    fn token_at(&self, p: Pos) -> usize {
        self.toks.partition_point(|t| t.pos < p)
    }

    /// The `if`, `while` or `for` keyword whose condition holds the branch
    /// at `p`, when that condition decides the branch alone: no `&&`, `||`
    /// or `?` in it (those make several branches of one condition), not the
    /// tail of a `do` statement. For `for`, `p` must lie in the middle
    /// clause. `None` when no such keyword is found.
    pub fn branch_keyword(&self, p: Pos) -> Option<Pos> {
        let at = self.token_at(p);
        // clang puts a loop's branch at its keyword, an `if`'s at the condition
        let on_keyword = self.toks.get(at).is_some_and(|t| t.pos == p);
        let end = if on_keyword { at + 1 } else { at };
        for k in (0..end.min(self.toks.len())).rev() {
            let kw = self.toks[k].text.as_str();
            if !matches!(kw, "if" | "while" | "for" | "switch") {
                continue;
            }
            let open = k + 1;
            if self.toks.get(open).map(|t| t.text.as_str()) != Some("(") {
                continue;
            }
            let close = self.matching(open)?;
            if close < at {
                continue; // an earlier statement's condition
            }
            if kw == "switch" || (kw == "while" && self.is_do_tail(k)) {
                return None;
            }
            // the clause deciding the branch
            let (mut from, mut to) = (open + 1, close);
            if kw == "for" {
                let semis: Vec<usize> = (open + 1..close)
                    .filter(|&j| self.toks[j].text == ";" && self.depth(open, j) == 1)
                    .collect();
                if semis.len() != 2 {
                    return None;
                }
                (from, to) = (semis[0] + 1, semis[1]);
                if k != at && !(from <= at && at < to) {
                    return None;
                }
            }
            let cond = &self.toks[from..to];
            let two = |a: &str| cond.windows(2).any(|w| w[0].text == a && w[1].text == a);
            if two("&") || two("|") || cond.iter().any(|t| t.text == "?") {
                return None;
            }
            return Some(self.toks[k].pos);
        }
        None
    }

    /// The extent of the `if`, `while` or `for` statement whose keyword
    /// starts at `kw`: the position of the `)` closing its header, of the
    /// start of the last C token of its `then` statement (for `if`) or
    /// body (loops) not counting a final `;` (where clang puts the end of
    /// the statement: `++` is one token there), and of its last token.
    /// `None` when no such statement starts there or its end is not found.
    pub fn branch_extent(&self, kw: Pos) -> Option<(Pos, Pos, Pos)> {
        let k = self.token_at(kw);
        let t = self.toks.get(k)?;
        if t.pos != kw || !matches!(t.text.as_str(), "if" | "while" | "for") {
            return None;
        }
        if self.toks.get(k + 1)?.text != "(" {
            return None;
        }
        let close = self.matching(k + 1)?;
        let end = self.statement_end(close + 1, 0)?;
        let mut last = end;
        if self.toks[last].text == ";" && last > close + 1 {
            last -= 1;
        }
        let op = |t: &Tok| t.text.len() == 1 && "+-<>=!&|*/%^".contains(t.text.as_str());
        while last > close + 1 && op(&self.toks[last]) && op(&self.toks[last - 1]) && {
            let (a, b) = (self.toks[last - 1].pos, self.toks[last].pos);
            a.line == b.line && a.col + 1 == b.col
        } {
            last -= 1;
        }
        Some((
            self.toks[close].pos,
            self.toks[last].pos,
            self.toks[end].pos,
        ))
    }

    /// Index of the last token of the statement starting at token `k`
    /// (a block, `if` with its `else`, a loop with its body, a labelled
    /// statement, or anything up to its `;`); `None` when unbalanced.
    fn statement_end(&self, k: usize, nesting: u32) -> Option<usize> {
        if nesting > 200 {
            return None;
        }
        let text = |j: usize| self.toks.get(j).map(|t| t.text.as_str());
        match text(k)? {
            "{" => self.matching(k),
            "if" => {
                let then_end = self.statement_end(self.matching(k + 1)? + 1, nesting + 1)?;
                if text(then_end + 1) == Some("else") {
                    self.statement_end(then_end + 2, nesting + 1)
                } else {
                    Some(then_end)
                }
            }
            "while" | "for" | "switch" => {
                self.statement_end(self.matching(k + 1)? + 1, nesting + 1)
            }
            "do" => {
                let body_end = self.statement_end(k + 1, nesting + 1)?;
                if text(body_end + 1) != Some("while") {
                    return None;
                }
                let close = self.matching(body_end + 2)?;
                (text(close + 1) == Some(";")).then_some(close + 1)
            }
            _ => {
                if let Some(colon) = self.label_end(k) {
                    return self.statement_end(colon + 1, nesting + 1);
                }
                let mut depth = 0i32;
                for j in k..self.toks.len() {
                    match self.toks[j].text.as_str() {
                        "(" | "{" | "[" => depth += 1,
                        ")" | "}" | "]" if depth == 0 => return None,
                        ")" | "}" | "]" => depth -= 1,
                        ";" if depth == 0 => return Some(j),
                        _ => {}
                    }
                }
                None
            }
        }
    }

    /// Parenthesis depth of token `j` counted from the `(` at `open`.
    fn depth(&self, open: usize, j: usize) -> i32 {
        let mut d = 0;
        for t in &self.toks[open..j] {
            match t.text.as_str() {
                "(" => d += 1,
                ")" => d -= 1,
                _ => {}
            }
        }
        d
    }

    /// The closing parenthesis of the call whose callee name starts at `p`
    /// (`None` unless an identifier there is followed by `(`).
    pub fn call_close(&self, p: Pos) -> Option<Pos> {
        let k = self.token_at(p);
        let t = self.toks.get(k)?;
        if t.pos != p
            || !t
                .text
                .starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        {
            return None;
        }
        if self.toks.get(k + 1)?.text != "(" {
            return None;
        }
        let close = self.matching(k + 1)?;
        Some(self.toks[close].pos)
    }

    /// The calls of function `name` in the text: the position of the name
    /// and of the call's closing parenthesis. A name after an identifier
    /// or keyword other than `return` (`void f(`, `int f(`) is a
    /// declaration, not a call.
    pub fn calls_of(&self, name: &str) -> Vec<(Pos, Pos)> {
        let mut out = vec![];
        for (k, t) in self.toks.iter().enumerate() {
            if t.text != name || self.toks.get(k + 1).is_none_or(|n| n.text != "(") {
                continue;
            }
            let declared = k > 0 && {
                let prev = &self.toks[k - 1].text;
                prev != "return"
                    && prev.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            };
            if declared {
                continue;
            }
            if let Some(close) = self.matching(k + 1) {
                out.push((t.pos, self.toks[close].pos));
            }
        }
        out
    }

    /// The condition clause of the `while` or `for` loop whose keyword
    /// starts at `p`: the position of its first token and of the token
    /// just after it (`)` or the second `;`). `None` for `do` loops and
    /// anything else.
    pub fn loop_condition(&self, p: Pos) -> Option<(Pos, Pos)> {
        let k = self.token_at(p);
        let t = self.toks.get(k)?;
        if t.pos != p || !matches!(t.text.as_str(), "while" | "for") || self.is_do_tail(k) {
            return None;
        }
        let open = k + 1;
        if self.toks.get(open)?.text != "(" {
            return None;
        }
        let close = self.matching(open)?;
        if t.text == "while" {
            return Some((self.toks[open + 1].pos, self.toks[close].pos));
        }
        let semis: Vec<usize> = (open + 1..close)
            .filter(|&j| self.toks[j].text == ";" && self.depth(open, j) == 1)
            .collect();
        if semis.len() != 2 {
            return None;
        }
        Some((self.toks[semis[0] + 1].pos, self.toks[semis[1]].pos))
    }

    /// The names `typedef` declarations of the text define: the last
    /// identifier before the declaration's `;` outside brackets (enough for
    /// `typedef unsigned int u32;` and `typedef struct {..} s_t;`; a
    /// function-pointer typedef is missed).
    pub fn typedef_names(&self) -> Vec<String> {
        let mut out = vec![];
        let mut k = 0;
        while k < self.toks.len() {
            if self.toks[k].text != "typedef" {
                k += 1;
                continue;
            }
            let (mut depth, mut last) = (0i32, None);
            while k < self.toks.len() {
                let t = self.toks[k].text.as_str();
                match t {
                    "{" | "(" | "[" => depth += 1,
                    "}" | ")" | "]" => depth -= 1,
                    ";" if depth <= 0 => break,
                    _ if depth == 0
                        && t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') =>
                    {
                        last = Some(t)
                    }
                    _ => {}
                }
                k += 1;
            }
            out.extend(last.map(str::to_string));
        }
        out
    }

    /// Where to insert a check that runs at every start of an iteration of
    /// the `do` loop whose keyword starts at `p`: just after the `{` of its
    /// body. `Err` says why not (not a `do`, a body without braces).
    pub fn do_body_start(&self, p: Pos) -> Result<Pos, String> {
        let k = self.token_at(p);
        if self
            .toks
            .get(k)
            .is_none_or(|t| t.pos != p || t.text != "do")
        {
            return Err("not a `do` keyword".into());
        }
        match self.toks.get(k + 1) {
            Some(t) if t.text == "{" => self
                .toks
                .get(k + 2)
                .map(|t| t.pos)
                .ok_or_else(|| "the body is not closed".into()),
            _ => Err("a `do` loop whose body is not a braced block is not instrumented".into()),
        }
    }

    /// Where to insert a check that runs every time control reaches the
    /// statement starting at `p`: just before it, after any labels
    /// (`L:`, `case E:`, `default:`) that start at `p`, so a `goto` to the
    /// label runs the check too. The statement must stand in a block (after
    /// `;`, `{`, `}` or a label that does): a check pasted before the
    /// unbraced body of an `if`, `else` or loop would change the program.
    /// `Err` says why not.
    pub fn statement_start(&self, p: Pos) -> Result<Pos, String> {
        let mut k = self.token_at(p);
        if self.toks.get(k).is_none_or(|t| t.pos != p) {
            return Err("no token starts there".into());
        }
        let first = k;
        while let Some(end) = self.label_end(k) {
            k = end + 1;
        }
        let Some(t) = self.toks.get(k) else {
            return Err("the end of the file".into());
        };
        if matches!(t.text.as_str(), "}" | "else" | ")" | "," | "]") {
            return Err(format!("`{}` does not start a statement", t.text));
        }
        if t.text == "while" && self.is_do_tail(k) {
            return Err("the `while` of a `do` loop does not start a statement".into());
        }
        if self.toks[..first].iter().filter(|t| t.text == "{").count()
            <= self.toks[..first].iter().filter(|t| t.text == "}").count()
        {
            return Err("it is not inside a function body".into());
        }
        let parens = |o: &str, c: &str| {
            let n = |x: &str| self.toks[..first].iter().filter(|t| t.text == x).count();
            n(o) != n(c)
        };
        if parens("(", ")") || parens("[", "]") {
            return Err("it is inside parentheses or brackets".into());
        }
        if !self.in_block(first) {
            return Err(
                "the statement is the unbraced body of an `if`, `else` or loop, or not a statement"
                    .into(),
            );
        }
        Ok(t.pos)
    }

    /// The index of the `:` ending the label that starts at token `k`
    /// (`IDENT :`, `case ... :`, `default :`), if one does.
    fn label_end(&self, k: usize) -> Option<usize> {
        let t = self.toks.get(k)?.text.as_str();
        let next = self.toks.get(k + 1)?.text.as_str();
        match t {
            "default" if next == ":" => Some(k + 1),
            "case" => (k + 1..self.toks.len())
                .take_while(|&j| !matches!(self.toks[j].text.as_str(), ";" | "{" | "}"))
                .find(|&j| self.toks[j].text == ":"),
            _ if next == ":"
                && self.toks.get(k + 2).is_none_or(|n| n.text != ":")
                && t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') =>
            {
                Some(k + 1)
            }
            _ => None,
        }
    }

    /// Whether the statement starting at token `k` stands directly in a
    /// block: the token before it is `;`, `{` or `}`, or ends a label whose
    /// statement does.
    fn in_block(&self, k: usize) -> bool {
        if k == 0 {
            return false;
        }
        match self.toks[k - 1].text.as_str() {
            ";" | "{" | "}" => true,
            ":" => {
                // the label ending here starts after the last `;`, `{`, `}`
                let start = (0..k - 1)
                    .rev()
                    .find(|&j| matches!(self.toks[j].text.as_str(), ";" | "{" | "}"))
                    .map_or(0, |j| j + 1);
                (start..k - 1).any(|s| self.label_end(s) == Some(k - 1) && self.in_block(s))
            }
            _ => false,
        }
    }

    /// Whether the statement starting at `p` is the unbraced body of an
    /// `if`, `else`, `while` or `for` (`for (...) S;`): a check pasted
    /// before it must keep it the one statement of that body (the
    /// validator pastes `if (!CHECK) ; else ` before it). Not a statement
    /// that starts with a label, a `{`, a declaration's word or a token
    /// that starts no statement.
    pub fn is_unbraced_body(&self, p: Pos) -> bool {
        let k = self.token_at(p);
        let Some(t) = self.toks.get(k).filter(|t| t.pos == p) else {
            return false;
        };
        if k == 0
            || self.label_end(k).is_some()
            || matches!(
                t.text.as_str(),
                "{" | "}" | ";" | "else" | ")" | "," | "]" | "case" | "default"
            )
        {
            return false;
        }
        match self.toks[k - 1].text.as_str() {
            "else" => true,
            ")" => {
                // the header's `(`: the last one whose match is this `)`
                let Some(open) = (0..k - 1)
                    .rev()
                    .find(|&j| self.toks[j].text == "(" && self.matching(j) == Some(k - 1))
                else {
                    return false;
                };
                open > 0
                    && match self.toks[open - 1].text.as_str() {
                        "if" | "for" => true,
                        "while" => !self.is_do_tail(open - 1),
                        _ => false,
                    }
            }
            _ => false,
        }
    }

    /// Whether a statement label `NAME:` (a `goto` target) starts at `p`.
    pub fn is_label(&self, p: Pos) -> bool {
        let k = self.token_at(p);
        self.toks.get(k).is_some_and(|t| {
            t.pos == p && !matches!(t.text.as_str(), "case" | "default") && self.in_block(k)
        }) && self.label_end(k).is_some()
    }

    /// The start of the statement on `line` that a `goto` label (not `case`
    /// or `default`) names, after its labels: where control arrives both
    /// from the `goto` and from the code before, so a fact of the program's
    /// location there holds before that statement. `None` when no labelled
    /// statement starts on `line`.
    pub fn labelled_statement_on_line(&self, line: u32) -> Option<Pos> {
        self.toks
            .iter()
            .filter(|t| self.is_label(t.pos))
            .find_map(|t| self.statement_start(t.pos).ok().filter(|p| p.line == line))
    }

    /// Whether `name` is used only as a function: it appears, and every
    /// time followed by `(`.
    pub fn is_function_name(&self, name: &str) -> bool {
        self.toks.iter().any(|t| t.text == name) && !self.has_variable(name)
    }

    /// Whether a loop keyword (see [`Source::loops`]) starts at `p`.
    pub fn is_loop_keyword(&self, p: Pos) -> bool {
        self.loops().iter().any(|l| l.pos == p)
    }

    /// The `for` loop whose keyword starts at `p`, when its init clause
    /// declares variables (see [`ForDeclarations`]); `None` for anything
    /// else.
    pub fn for_declarations(&self, p: Pos) -> Option<ForDeclarations> {
        let k = self.token_at(p);
        if self
            .toks
            .get(k)
            .is_none_or(|t| t.pos != p || t.text != "for")
        {
            return None;
        }
        let open = k + 1;
        if self.toks.get(open)?.text != "(" {
            return None;
        }
        let close = self.matching(open)?;
        let semis: Vec<usize> = (open + 1..close)
            .filter(|&j| self.toks[j].text == ";" && self.depth(open, j) == 1)
            .collect();
        let [init_end, cond_end] = semis[..] else {
            return None;
        };
        let names = self.declared(open + 1, init_end);
        if names.is_empty() {
            return None;
        }
        let pure = side_effect_free(&self.toks[init_end + 1..cond_end]);
        let braced = (self.toks.get(close + 1)?.text == "{"
            && self.toks.get(close + 2).is_some_and(|t| t.text != "}")
            && self.label_end(close + 2).is_none())
        .then(|| self.toks[close + 2].pos)
        .filter(|&q| self.statement_start(q) == Ok(q));
        // an unbraced body (`for (...) S;`) is a statement too
        let unbraced = Some(self.toks.get(close + 1)?.pos).filter(|&q| self.is_unbraced_body(q));
        let body_start = braced.or(unbraced).filter(|_| pure);
        Some(ForDeclarations { names, body_start })
    }

    /// The start of the first statement of the body of `main` (its
    /// definition: `main (...) {`), when there is one where a check can
    /// stand ([`Source::statement_start`]) and no label starts it.
    pub fn main_body_start(&self) -> Option<Pos> {
        (0..self.toks.len()).find_map(|k| {
            if self.toks[k].text != "main" || self.toks.get(k + 1)?.text != "(" {
                return None;
            }
            let close = self.matching(k + 1)?;
            if self.toks.get(close + 1)?.text != "{" {
                return None;
            }
            let first = self.toks.get(close + 2)?;
            (first.text != "}" && self.label_end(close + 2).is_none())
                .then_some(first.pos)
                .filter(|&q| self.statement_start(q) == Ok(q))
        })
    }

    /// The names a declaration in tokens `from..to` declares (the last
    /// identifier before each declarator's `=`, outside brackets), when
    /// the tokens are one: they start with a type keyword, or with an
    /// identifier followed by an identifier or `*`. May name too many
    /// (the caller then drops more), never too few for `int k = 0, *q`.
    fn declared(&self, from: usize, to: usize) -> Vec<String> {
        const TYPE_WORDS: [&str; 18] = [
            "int", "unsigned", "signed", "char", "short", "long", "_Bool", "float", "double",
            "const", "volatile", "struct", "union", "enum", "register", "static", "auto",
            "__int128",
        ];
        let toks = &self.toks[from..to];
        let ident = |t: &Tok| {
            t.text
                .starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        };
        let is_decl = match toks {
            [a, ..] if TYPE_WORDS.contains(&a.text.as_str()) => true,
            [a, b, ..] => ident(a) && (ident(b) || b.text == "*"),
            _ => false,
        };
        if !is_decl {
            return vec![];
        }
        let mut names = vec![];
        let (mut depth, mut in_init, mut last) = (0i32, false, None::<&str>);
        for t in toks.iter().chain(std::iter::once(&Tok {
            pos: Pos { line: 0, col: 0 },
            text: ",".into(),
        })) {
            match t.text.as_str() {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth -= 1,
                "," if depth == 0 => {
                    names.extend(last.take().map(str::to_string));
                    in_init = false;
                }
                "=" if depth == 0 => in_init = true,
                w if !in_init && depth == 0 && ident(t) && !TYPE_WORDS.contains(&w) => {
                    last = Some(w)
                }
                _ => {}
            }
        }
        names
    }
}

/// What a `for` loop's init clause declares ([`Source::for_declarations`]):
/// names in scope in the loop's condition and body, not at its keyword.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForDeclarations {
    /// The declared names.
    pub names: Vec<String>,
    /// The start of the body's first statement when control reaches it
    /// only from the loop's condition with the state the condition saw:
    /// the condition has no assignment, `++`, `--` or call, and the body
    /// is a braced block whose first statement has no label (a `goto`
    /// target), or an unbraced statement ([`Source::is_unbraced_body`]);
    /// `None` otherwise.
    pub body_start: Option<Pos>,
}

/// Whether tokens (one character each for operators) have no assignment,
/// increment, decrement or call: no `=` but those of `==`, `!=`, `<=`,
/// `>=`; no `++`/`--`; no identifier followed by `(` but `sizeof`.
fn side_effect_free(toks: &[Tok]) -> bool {
    let text = |i: usize| toks.get(i).map_or("", |t| t.text.as_str());
    let adjacent = |i: usize| {
        toks.get(i + 1)
            .is_some_and(|n| n.pos.line == toks[i].pos.line && n.pos.col == toks[i].pos.col + 1)
    };
    (0..toks.len()).all(|i| match text(i) {
        "=" => {
            let comparison_end = i > 0
                && adjacent(i - 1)
                && matches!(text(i - 1), "=" | "!" | "<" | ">")
                && !(i > 1 && adjacent(i - 2) && matches!(text(i - 2), "<" | ">" | "="));
            let comparison_start = adjacent(i) && text(i + 1) == "=";
            comparison_end || comparison_start
        }
        "+" | "-" => !(adjacent(i) && text(i + 1) == text(i)),
        w if w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => {
            w == "sizeof" || text(i + 1) != "("
        }
        _ => true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }

    const SRC: &str = r#"#include <x.h>
int main() { /* if (a) */ int x = f(1, g());
  for (int i = 0; i < 3; i++) { x++; }
  while (x > 0 && x < 9) x--;
  do { x++; } while (x < 5);
  if (x == 3) { "while"; }
}
"#;

    #[test]
    fn loops_skip_comments_strings_and_do_tails() {
        let s = Source::new(SRC);
        let l: Vec<(Pos, &str)> = s.loops().into_iter().map(|l| (l.pos, l.keyword)).collect();
        assert_eq!(
            l,
            vec![(p(3, 3), "for"), (p(4, 3), "while"), (p(5, 3), "do")]
        );
        assert!(s.is_loop_keyword(p(3, 3)));
        assert!(!s.is_loop_keyword(p(5, 15)));
    }

    #[test]
    fn branch_keywords() {
        let s = Source::new(SRC);
        // `i < 3` of the for loop
        assert_eq!(s.branch_keyword(p(3, 21)), Some(p(3, 3)));
        // the init clause of a for is not its condition
        assert_eq!(s.branch_keyword(p(3, 8)), None);
        // && makes several branches of one condition
        assert_eq!(s.branch_keyword(p(4, 12)), None);
        // a do tail is not used
        assert_eq!(s.branch_keyword(p(5, 22)), None);
        assert_eq!(s.branch_keyword(p(6, 9)), Some(p(6, 3)));
        // clang's position of a loop's branch: the keyword
        assert_eq!(s.branch_keyword(p(3, 3)), Some(p(3, 3)));
        assert_eq!(s.branch_keyword(p(4, 3)), None);
        // and of a do-while's: the `}` before `while`
        assert_eq!(s.branch_keyword(p(5, 13)), None);
    }

    #[test]
    fn branch_extents_end_with_the_then_statement_or_body() {
        let s = Source::new(SRC);
        // for: `)` and the body's `}`
        assert_eq!(
            s.branch_extent(p(3, 3)),
            Some((p(3, 29), p(3, 38), p(3, 38)))
        );
        // while with an unbraced body: up to its `;`, whose `--` is one token
        assert_eq!(
            s.branch_extent(p(4, 3)),
            Some((p(4, 24), p(4, 27), p(4, 29)))
        );
        assert_eq!(
            s.branch_extent(p(6, 3)),
            Some((p(6, 13), p(6, 26), p(6, 26)))
        );
        // not a statement keyword, a do tail
        assert_eq!(s.branch_extent(p(5, 3)), None);
        let s = Source::new("f() {\n if (a) if (b) x; else { y; }\n else L: z;\n q; }");
        // the inner if's then statement is `x;`; the outer's the inner if with its else
        assert_eq!(
            s.branch_extent(p(2, 9)),
            Some((p(2, 14), p(2, 16), p(2, 17)))
        );
        assert_eq!(
            s.branch_extent(p(2, 2)),
            Some((p(2, 7), p(2, 29), p(2, 29)))
        );
    }

    #[test]
    fn loop_conditions() {
        let s = Source::new(SRC);
        assert_eq!(s.loop_condition(p(3, 3)), Some((p(3, 19), p(3, 24))));
        assert_eq!(s.loop_condition(p(4, 3)), Some((p(4, 10), p(4, 24))));
        assert_eq!(s.loop_condition(p(5, 3)), None);
        assert_eq!(s.loop_condition(p(5, 15)), None);
    }

    const STMTS: &str = r#"typedef unsigned int u32;
typedef struct { int a; } pair_t;
int main() {
  u32 x = 0;
lbl:
  x++;
  if (x) x--;
  do x++; while (x < 3);
  switch (x) { case 1: x = 2; default: ; }
  for (x = 0; x < 2; x++) { x = x; }
  goto lbl;
}
"#;

    #[test]
    fn statement_starts_skip_labels_and_refuse_unbraced_bodies() {
        let s = Source::new(STMTS);
        // a plain statement, and the label of a goto loop (after the `:`)
        assert_eq!(s.statement_start(p(4, 3)), Ok(p(4, 3)));
        assert_eq!(s.statement_start(p(5, 1)), Ok(p(6, 3)));
        assert!(s.is_label(p(5, 1)));
        assert!(!s.is_label(p(4, 3)));
        // the if and its unbraced body
        assert_eq!(s.statement_start(p(7, 3)), Ok(p(7, 3)));
        assert!(s.statement_start(p(7, 10)).is_err());
        // case labels
        assert_eq!(s.statement_start(p(9, 16)), Ok(p(9, 24)));
        assert_eq!(s.statement_start(p(9, 31)), Ok(p(9, 40)));
        // inside a for header, at a `}`, between tokens, outside functions
        assert!(s.statement_start(p(10, 15)).is_err());
        assert!(s.statement_start(p(12, 1)).is_err());
        assert!(s.statement_start(p(4, 4)).is_err());
        assert!(s.statement_start(p(1, 1)).is_err());
    }

    #[test]
    fn unbraced_bodies_of_ifs_and_loops_are_found() {
        let s = Source::new(STMTS);
        assert!(s.is_unbraced_body(p(7, 10)), "the if's body");
        assert!(!s.is_unbraced_body(p(7, 3)), "the if itself");
        assert!(!s.is_unbraced_body(p(8, 6)), "a do body is not taken");
        assert!(!s.is_unbraced_body(p(6, 3)), "a statement in a block");
        assert!(!s.is_unbraced_body(p(10, 27)), "a braced body");
        let s = Source::new(
            "int main(void) {\n  int i = 0;\n  while (i < 3) i++;\n  do { i--; } while (i) ;\n  if (i) ; else i = 1;\n}\n",
        );
        assert!(s.is_unbraced_body(p(3, 17)), "the while's body");
        assert!(!s.is_unbraced_body(p(4, 25)), "after a do's while");
        assert!(s.is_unbraced_body(p(5, 17)), "the else's body");
    }

    #[test]
    fn do_bodies_must_be_braced() {
        let s = Source::new(SRC);
        assert_eq!(s.do_body_start(p(5, 3)), Ok(p(5, 8)));
        let s = Source::new(STMTS);
        assert!(s.do_body_start(p(8, 3)).is_err());
        assert!(s.do_body_start(p(4, 3)).is_err());
    }

    #[test]
    fn typedef_names_are_found() {
        let s = Source::new(STMTS);
        assert_eq!(s.typedef_names(), vec!["u32", "pair_t"]);
        assert!(s.is_function_name("main"));
        assert!(!s.is_function_name("x"));
        assert!(!s.is_function_name("nothere"));
    }

    #[test]
    fn calls_are_not_declarations() {
        let s = Source::new(
            "extern int nd(void);\nvoid err() { abort(); }\nint main() { int x = nd(); if (x) err(); return nd(); }",
        );
        assert_eq!(
            s.calls_of("nd"),
            vec![(p(3, 22), p(3, 25)), (p(3, 49), p(3, 52))]
        );
        assert_eq!(s.calls_of("err"), vec![(p(3, 35), p(3, 39))]);
    }

    #[test]
    fn call_close_finds_the_matching_paren() {
        let s = Source::new(SRC);
        assert_eq!(s.call_close(p(2, 35)), Some(p(2, 43)));
        assert_eq!(s.call_close(p(2, 40)), Some(p(2, 42)));
        assert_eq!(s.call_close(p(2, 36)), None);
    }
}
