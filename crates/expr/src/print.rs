//! Printers: a compact human-readable form (`Display`) and SMT-LIB2 scripts.

use crate::pool::{BvOp, Expr, FuncDecl, Kind, Sort, Symbol};
use crate::to_signed;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;
use std::fmt::{self, Write};

/// Longest human-readable rendering; longer ones end in `…`.
pub const DISPLAY_BUDGET: usize = 4000;

fn op_infix(op: BvOp) -> &'static str {
    match op {
        BvOp::Add => "+",
        BvOp::Sub => "-",
        BvOp::Mul => "*",
        BvOp::UDiv => "/u",
        BvOp::SDiv => "/s",
        BvOp::URem => "%u",
        BvOp::SRem => "%s",
        BvOp::Shl => "<<",
        BvOp::LShr => ">>u",
        BvOp::AShr => ">>s",
        BvOp::And => "&",
        BvOp::Or => "|",
        BvOp::Xor => "^",
    }
}

fn human(e: Expr, out: &mut String) {
    if out.len() > DISPLAY_BUDGET {
        return;
    }
    use Kind::*;
    match e.kind() {
        BoolConst(b) => out.push_str(if b { "true" } else { "false" }),
        BvConst { width, value } => {
            let s = to_signed(value, width);
            if s < 0 && s > -65536 {
                let _ = write!(out, "{s}");
            } else {
                let _ = write!(out, "{value}");
            }
        }
        Sym(s) => out.push_str(&s.name()),
        Not(x) => {
            out.push('!');
            paren(x, out);
        }
        And(a, b) => infix(a, "&&", b, out),
        Or(a, b) => infix(a, "||", b, out),
        Eq(a, b) => infix(a, "==", b, out),
        Ult(a, b) => infix(a, "<u", b, out),
        Ule(a, b) => infix(a, "<=u", b, out),
        Slt(a, b) => infix(a, "<", b, out),
        Sle(a, b) => infix(a, "<=", b, out),
        Bin(op, a, b) => infix(a, op_infix(op), b, out),
        BvNot(x) => {
            out.push('~');
            paren(x, out);
        }
        Ite(c, t, f) => {
            paren(c, out);
            out.push_str(" ? ");
            paren(t, out);
            out.push_str(" : ");
            paren(f, out);
        }
        Concat(a, b) => infix(a, "++", b, out),
        Extract { hi, lo, arg } => {
            paren(arg, out);
            let _ = write!(out, "[{hi}:{lo}]");
        }
        ZExt { width, arg } => call(&format!("zext{width}"), &[arg], out),
        SExt { width, arg } => call(&format!("sext{width}"), &[arg], out),
        Select(a, i) => {
            paren(a, out);
            out.push('[');
            human(i, out);
            out.push(']');
        }
        Store(a, i, v) => call("store", &[a, i, v], out),
        ConstArray { value, .. } => call("const", &[value], out),
        Apply(f, args) => call(&f.signature().0, &args, out),
        Fp(op, args) => call(&op.name(), &args, out),
        Forall(vs, b) | Exists(vs, b) => {
            let q = if matches!(e.kind(), Forall(..)) {
                "forall"
            } else {
                "exists"
            };
            let names: Vec<String> = vs.iter().map(|s| s.name()).collect();
            let _ = write!(out, "{q} {}. ", names.join(" "));
            paren(b, out);
        }
    }
    if out.len() > DISPLAY_BUDGET && !out.ends_with('…') {
        out.push('…');
    }
}

fn paren(e: Expr, out: &mut String) {
    let atomic = matches!(
        e.kind(),
        Kind::BoolConst(_) | Kind::BvConst { .. } | Kind::Sym(_) | Kind::Select(..)
    ) || matches!(
        e.kind(),
        Kind::ZExt { .. } | Kind::SExt { .. } | Kind::Apply(..)
    );
    if atomic {
        human(e, out)
    } else {
        out.push('(');
        human(e, out);
        out.push(')');
    }
}

fn infix(a: Expr, op: &str, b: Expr, out: &mut String) {
    paren(a, out);
    let _ = write!(out, " {op} ");
    paren(b, out);
}

fn call(name: &str, args: &[Expr], out: &mut String) {
    out.push_str(name);
    out.push('(');
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        human(*a, out);
    }
    out.push(')');
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        human(*self, &mut s);
        f.write_str(&s)
    }
}

/// SMT-LIB2 name of a sort.
pub fn smt_sort(s: Sort) -> String {
    match s {
        Sort::Bool => "Bool".into(),
        Sort::Bv(w) => format!("(_ BitVec {w})"),
        Sort::Array { index, elem } => format!("(Array (_ BitVec {index}) (_ BitVec {elem}))"),
    }
}

fn smt_sym(s: Symbol) -> String {
    format!("|{}|", s.name())
}

fn smt_op(op: BvOp) -> &'static str {
    match op {
        BvOp::Add => "bvadd",
        BvOp::Sub => "bvsub",
        BvOp::Mul => "bvmul",
        BvOp::UDiv => "bvudiv",
        BvOp::SDiv => "bvsdiv",
        BvOp::URem => "bvurem",
        BvOp::SRem => "bvsrem",
        BvOp::Shl => "bvshl",
        BvOp::LShr => "bvlshr",
        BvOp::AShr => "bvashr",
        BvOp::And => "bvand",
        BvOp::Or => "bvor",
        BvOp::Xor => "bvxor",
    }
}

/// Writes terms, naming shared sub-terms with top-level `define-fun`s.
///
/// A `define-fun` is closed: a symbol in its body is the declared constant,
/// whatever binder the name is later used under. So a term is named only if
/// none of its free symbols is bound by a quantifier anywhere in the script
/// (`risky`): the same hash-consed term, say `extract(κ)`, may occur both
/// with κ free and under `exists κ` (a nested loop's counters are
/// existential in the outer summary and free at the last iteration), and
/// one name for both would make the quantifier's body talk about the free κ.
struct SmtWriter {
    shared: FxHashSet<Expr>,
    named: FxHashMap<Expr, String>,
    defs: String,
    /// Symbols bound by some quantifier of the script.
    bound: FxHashSet<Symbol>,
    /// Memo: whether a term has a free occurrence of a symbol in `bound`.
    risky: FxHashMap<Expr, bool>,
}

impl SmtWriter {
    /// Whether `e` has a free occurrence of a symbol that some quantifier of
    /// the script binds (then it must be printed in place, never named).
    fn is_risky(&mut self, e: Expr) -> bool {
        if self.bound.is_empty() {
            return false;
        }
        risky_free(e, &self.bound, &mut Vec::new(), &mut self.risky)
    }

    fn term(&mut self, e: Expr) -> String {
        let risky = self.is_risky(e);
        if !risky {
            if let Some(n) = self.named.get(&e) {
                return n.clone();
            }
        }
        use Kind::*;
        let k = e.kind();
        let ch = |w: &mut SmtWriter, x: Expr| w.term(x);
        let s = match &k {
            BoolConst(b) => b.to_string(),
            BvConst { width, value } => format!("(_ bv{value} {width})"),
            Sym(s) => smt_sym(*s),
            Not(a) => format!("(not {})", ch(self, *a)),
            And(a, b) => format!("(and {} {})", ch(self, *a), ch(self, *b)),
            Or(a, b) => format!("(or {} {})", ch(self, *a), ch(self, *b)),
            Ite(c, a, b) => format!("(ite {} {} {})", ch(self, *c), ch(self, *a), ch(self, *b)),
            Eq(a, b) => format!("(= {} {})", ch(self, *a), ch(self, *b)),
            Ult(a, b) => format!("(bvult {} {})", ch(self, *a), ch(self, *b)),
            Ule(a, b) => format!("(bvule {} {})", ch(self, *a), ch(self, *b)),
            Slt(a, b) => format!("(bvslt {} {})", ch(self, *a), ch(self, *b)),
            Sle(a, b) => format!("(bvsle {} {})", ch(self, *a), ch(self, *b)),
            Bin(op, a, b) => format!("({} {} {})", smt_op(*op), ch(self, *a), ch(self, *b)),
            BvNot(a) => format!("(bvnot {})", ch(self, *a)),
            Concat(a, b) => format!("(concat {} {})", ch(self, *a), ch(self, *b)),
            Extract { hi, lo, arg } => format!("((_ extract {hi} {lo}) {})", ch(self, *arg)),
            ZExt { width, arg } => {
                format!(
                    "((_ zero_extend {}) {})",
                    width - arg.width(),
                    ch(self, *arg)
                )
            }
            SExt { width, arg } => {
                format!(
                    "((_ sign_extend {}) {})",
                    width - arg.width(),
                    ch(self, *arg)
                )
            }
            Select(a, i) => format!("(select {} {})", ch(self, *a), ch(self, *i)),
            Store(a, i, v) => {
                format!("(store {} {} {})", ch(self, *a), ch(self, *i), ch(self, *v))
            }
            ConstArray { .. } => {
                format!(
                    "((as const {}) {})",
                    smt_sort(e.sort()),
                    ch(self, k.children()[0])
                )
            }
            Apply(f, args) => {
                let a: Vec<String> = args.iter().map(|x| ch(self, *x)).collect();
                format!("(|{}| {})", f.signature().0, a.join(" "))
            }
            // not SMT-LIB: the IEEE-bits operation by name (dumps only)
            Fp(op, args) => {
                let a: Vec<String> = args.iter().map(|x| ch(self, *x)).collect();
                format!("(|{}| {})", op.name(), a.join(" "))
            }
            Forall(vs, b) | Exists(vs, b) => {
                let q = if matches!(k, Forall(..)) {
                    "forall"
                } else {
                    "exists"
                };
                let binders: Vec<String> = vs
                    .iter()
                    .map(|v| format!("({} {})", smt_sym(*v), smt_sort(v.sort())))
                    .collect();
                format!("({q} ({}) {})", binders.join(" "), self.term(*b))
            }
        };
        let simple = k.children().is_empty();
        if !simple && !risky && self.shared.contains(&e) {
            let name = format!("t{}", e.id());
            let _ = writeln!(
                self.defs,
                "(define-fun {name} () {} {s})",
                smt_sort(e.sort())
            );
            self.named.insert(e, name.clone());
            name
        } else {
            s
        }
    }
}

/// Whether `e`, with the symbols of `scope` bound around it, has a free
/// occurrence of a symbol of `bound`. `memo` holds answers for the current
/// scope only (a fresh one is used under each binder).
fn risky_free(
    e: Expr,
    bound: &FxHashSet<Symbol>,
    scope: &mut Vec<Symbol>,
    memo: &mut FxHashMap<Expr, bool>,
) -> bool {
    if let Some(&r) = memo.get(&e) {
        return r;
    }
    let kind = e.kind();
    let r = match &kind {
        Kind::Sym(s) => bound.contains(s) && !scope.contains(s),
        Kind::Forall(vs, body) | Kind::Exists(vs, body) => {
            let n = scope.len();
            scope.extend(vs.iter().copied());
            let r = risky_free(*body, bound, scope, &mut FxHashMap::default());
            scope.truncate(n);
            r
        }
        _ => kind
            .children()
            .into_iter()
            .any(|c| risky_free(c, bound, scope, memo)),
    };
    memo.insert(e, r);
    r
}

/// The symbols bound by some quantifier in `roots`.
fn bound_symbols(roots: &[Expr]) -> FxHashSet<Symbol> {
    let mut seen = FxHashSet::default();
    let mut stack: Vec<Expr> = roots.to_vec();
    let mut out = FxHashSet::default();
    while let Some(e) = stack.pop() {
        if !seen.insert(e) {
            continue;
        }
        let kind = e.kind();
        if let Kind::Forall(vs, _) | Kind::Exists(vs, _) = &kind {
            out.extend(vs.iter().copied());
        }
        stack.extend(kind.children());
    }
    out
}

/// Collects the free symbols and uninterpreted functions of `roots`. A
/// symbol is free if it occurs outside every quantifier binding it (it may be
/// bound elsewhere in the same expression).
pub fn free_symbols(roots: &[Expr]) -> (BTreeSet<Symbol>, BTreeSet<FuncDecl>) {
    use std::rc::Rc;
    // each entry carries the symbols bound at that point; `seen` is keyed by
    // the expression and the identity of its binder scope
    let none: Rc<Vec<Symbol>> = Rc::new(vec![]);
    let mut seen: FxHashSet<(Expr, usize)> = FxHashSet::default();
    let mut syms = BTreeSet::new();
    let mut funcs = BTreeSet::new();
    let mut stack: Vec<(Expr, Rc<Vec<Symbol>>)> =
        roots.iter().map(|e| (*e, none.clone())).collect();
    while let Some((e, bound)) = stack.pop() {
        if !seen.insert((e, Rc::as_ptr(&bound) as usize)) {
            continue;
        }
        let kind = e.kind();
        match &kind {
            Kind::Sym(s) if !bound.contains(s) => {
                syms.insert(*s);
            }
            Kind::Apply(f, _) => {
                funcs.insert(*f);
            }
            Kind::Forall(vs, body) | Kind::Exists(vs, body) => {
                let mut inner = (*bound).clone();
                inner.extend(vs.iter().copied());
                stack.push((*body, Rc::new(inner)));
                continue;
            }
            _ => {}
        }
        for c in kind.children() {
            stack.push((c, bound.clone()));
        }
    }
    (syms, funcs)
}

/// An SMT-LIB2 script asserting every expression of `assertions` followed by
/// `(check-sat)`. Shared sub-terms become `define-fun`s so the text stays
/// linear in the size of the DAG. Deterministic for the same input.
pub fn smtlib_script(assertions: &[Expr]) -> String {
    let mut parents: FxHashMap<Expr, u32> = FxHashMap::default();
    let mut seen = FxHashSet::default();
    let mut stack: Vec<Expr> = assertions.to_vec();
    while let Some(e) = stack.pop() {
        if !seen.insert(e) {
            continue;
        }
        for c in e.kind().children() {
            *parents.entry(c).or_default() += 1;
            stack.push(c);
        }
    }
    let shared = parents
        .into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|(e, _)| e)
        .collect();
    let mut w = SmtWriter {
        shared,
        named: FxHashMap::default(),
        defs: String::new(),
        bound: bound_symbols(assertions),
        risky: FxHashMap::default(),
    };
    let mut out = String::from("(set-logic ALL)\n");
    let (syms, funcs) = free_symbols(assertions);
    for s in syms {
        let _ = writeln!(
            out,
            "(declare-fun {} () {})",
            smt_sym(s),
            smt_sort(s.sort())
        );
    }
    for f in funcs {
        let (name, dom, range) = f.signature();
        let d: Vec<String> = dom.into_iter().map(smt_sort).collect();
        let _ = writeln!(
            out,
            "(declare-fun |{name}| ({}) {})",
            d.join(" "),
            smt_sort(range)
        );
    }
    let mut asserts = String::new();
    for a in assertions {
        let t = w.term(*a);
        let _ = writeln!(asserts, "(assert {t})");
    }
    out.push_str(&w.defs);
    out.push_str(&asserts);
    out.push_str("(check-sat)\n");
    out
}
