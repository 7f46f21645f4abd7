//! The concolic domain (concrete × term) of the paper's Section 5.2, as an
//! explorer: a run executes on concrete input values, and every abstract
//! value carries its concrete member in the program's own register
//! (computed natively) beside its term. Then:
//!
//! - a choice follows the concrete member of its condition, with no solver
//!   call; if the other side is feasible with the path condition, the
//!   solver's model of it is reported to kappa as the inputs of a new run
//!   (with the decisions that lead there), in the style of CUTE;
//! - an assumption whose concrete member is false obtains concrete values
//!   that satisfy it from the model of `pc ∧ cond` (the paper's provision:
//!   "assume instructions obtain concrete values that satisfy the symbolic
//!   constraints"): the run is restarted on them; if there is none, the
//!   path ends;
//! - a lowering takes the concrete member as the value, and reports the
//!   other values one by one as new runs that exclude the ones seen.
//!
//! A run gets `KAPPA_NATIVE_CONCOLIC="v0 v1 .. | d0 d1 .."`: its input
//! values (inputs read beyond them are 0) and the decisions it must repeat,
//! as tokens: `1`/`0` a choice's side, `e` a lowering that kept its value,
//! `x<v>` a lowering that excluded value `v` (several in a row exclude
//! several values). Complete like the fork explorer: every feasible side of
//! every decision is run exactly once (new runs only branch off at
//! decisions past their prefix). The invariant that makes following the
//! concrete member sound: concrete members are `eval(term, inputs)`,
//! because the terms mirror the native operations bit for bit; a run whose
//! decisions differ from its prefix breaks it and ends `unsupported`.

use crate::conn::Answer;
use crate::Runtime;
use kappa_wire::ToServer;

/// One decision token (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// A choice's side.
    Side(bool),
    /// A lowering kept its concrete value.
    Kept,
    /// A lowering excluded this value.
    Excluded(u64),
}

impl Token {
    fn text(self) -> String {
        match self {
            Token::Side(true) => "1".into(),
            Token::Side(false) => "0".into(),
            Token::Kept => "e".into(),
            Token::Excluded(v) => format!("x{v}"),
        }
    }
}

/// A concolic run's given inputs and decision prefix, and the decisions
/// taken so far.
#[derive(Debug, Default)]
pub struct Concolic {
    /// Given input values (by input number).
    pub inputs: Vec<u64>,
    /// Decisions to repeat.
    pub prefix: Vec<Token>,
    /// Decisions taken so far.
    pub taken: Vec<Token>,
}

/// The `C v0 .. | tokens` message reporting a run on inputs `vals` that
/// repeats `tokens` and then `last`.
pub(crate) fn run_line(vals: &[u64], tokens: &[Token], last: Option<Token>) -> ToServer {
    let mut run = String::new();
    for v in vals {
        run.push_str(&format!("{v} "));
    }
    run.push('|');
    for t in tokens.iter().chain(last.as_ref()) {
        run.push(' ');
        run.push_str(&t.text());
    }
    ToServer::Concolic(run)
}

/// Parses `KAPPA_NATIVE_CONCOLIC`; None if malformed.
pub fn parse(text: &str) -> Option<Concolic> {
    let (vals, toks) = text.split_once('|').unwrap_or((text, ""));
    let inputs = vals
        .split_whitespace()
        .map(|v| v.parse::<u64>().ok())
        .collect::<Option<Vec<_>>>()?;
    let prefix = toks
        .split_whitespace()
        .map(|t| match t {
            "1" => Some(Token::Side(true)),
            "0" => Some(Token::Side(false)),
            "e" => Some(Token::Kept),
            _ => t.strip_prefix('x')?.parse().ok().map(Token::Excluded),
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Concolic {
        inputs,
        prefix,
        taken: vec![],
    })
}

impl Runtime {
    /// The concolic state (only in a concolic run).
    fn cc(&mut self) -> &mut Concolic {
        self.concolic.as_mut().expect("a concolic run")
    }

    /// The next prefix token, if the run is still inside its prefix.
    fn prefix_token(&mut self) -> Option<Token> {
        let c = self.cc();
        c.prefix.get(c.taken.len()).copied()
    }

    /// Reports a new run: the decisions taken so far plus `last`, on the
    /// inputs of model `m` (merged over the current ones).
    fn report_run(&mut self, last: Option<Token>, m: &[(usize, u64)]) {
        let vals = self.merged(m);
        let line = run_line(&vals, &self.cc().taken, last);
        if let Some(c) = self.conn() {
            c.send(&line);
        }
    }

    /// A model of `pc ∧ t` (None if unsatisfiable; the run ends unsupported
    /// if the solver cannot decide).
    fn model_with(&mut self, t: u32) -> Option<Vec<(usize, u64)>> {
        match self.ask(false, Some(t)) {
            Answer::Sat(m) => Some(m),
            Answer::Unsat => None,
            Answer::Unknown(r) => self.unsupported(&format!("solver: {r}")),
        }
    }

    /// Ends the run if it left its prefix (the concrete members no longer
    /// agree with the decisions that produced its inputs).
    fn diverged(&mut self, want: Token, got: Token) {
        if want != got {
            self.unsupported(&format!(
                "concolic run diverged from its decision prefix (expected {}, took {})",
                want.text(),
                got.text()
            ));
        }
    }

    /// A choice on the 1-bit term `t` whose concrete member is `v`.
    pub fn concolic_choose(&mut self, t: u32, v: bool) -> bool {
        if self.terms.constant(t).is_some() {
            // no decision: the term folded to its (concrete) value
            return v;
        }
        let nt = self.terms.not1(t);
        let (cur, other) = if v { (t, nt) } else { (nt, t) };
        match self.prefix_token() {
            Some(want) => self.diverged(want, Token::Side(v)),
            None => {
                if let Some(m) = self.model_with(other) {
                    self.report_run(Some(Token::Side(!v)), &m);
                }
            }
        }
        self.cc().taken.push(Token::Side(v));
        self.pc.push(cur);
        v
    }

    /// `assume(t)` where `t`'s concrete member is `v`: see the module doc.
    pub fn concolic_assume(&mut self, t: u32, v: bool) {
        if !v {
            match self.model_with(t) {
                None => self.end(ToServer::Done),
                Some(m) => {
                    // the same decisions on inputs that satisfy the assumption
                    self.report_run(None, &m);
                    self.end(ToServer::Restart)
                }
            }
        }
        self.pc.push(t);
    }

    /// Lowers term `t` of `w` bits whose concrete member is `v`.
    pub fn concolic_lower(&mut self, t: u32, w: u32, v: u64) -> u64 {
        if self.terms.constant(t).is_some() {
            return v;
        }
        let mut excluded = 0;
        while let Some(Token::Excluded(x)) = self.prefix_token() {
            let k = self.terms.konst(w, x);
            let eq = self.terms.icmp(crate::abi::icmp::EQ, t, k);
            let ne = self.terms.not1(eq);
            if v == x {
                self.diverged(Token::Excluded(x), Token::Kept);
            }
            self.cc().taken.push(Token::Excluded(x));
            self.pc.push(ne);
            excluded += 1;
        }
        let k = self.terms.konst(w, v);
        let eq = self.terms.icmp(crate::abi::icmp::EQ, t, k);
        match self.prefix_token() {
            Some(want) => self.diverged(want, Token::Kept),
            None => {
                let ne = self.terms.not1(eq);
                if let Some(m) = self.model_with(ne) {
                    if excluded + 1 >= self.max_lower {
                        if let Some(c) = self.conn() {
                            c.send(&ToServer::Bound(
                                "value enumeration bound (KAPPA_NATIVE_MAX_LOWER) reached".into(),
                            ));
                        }
                    } else {
                        self.report_run(Some(Token::Excluded(v)), &m);
                    }
                }
            }
        }
        self.cc().taken.push(Token::Kept);
        self.pc.push(eq);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_tokens() {
        let c = parse("3 18446744073709551615 | 1 0 x7 e").unwrap();
        assert_eq!(c.inputs, [3, u64::MAX]);
        assert_eq!(
            c.prefix,
            [
                Token::Side(true),
                Token::Side(false),
                Token::Excluded(7),
                Token::Kept
            ]
        );
        let t: Vec<String> = c.prefix.iter().map(|t| t.text()).collect();
        assert_eq!(t.join(" "), "1 0 x7 e");
        assert!(parse("| ").unwrap().inputs.is_empty());
        assert!(parse("1 | y").is_none());
        assert!(parse("z |").is_none());
    }
}
