//! The transition system as constrained Horn clauses, solved by Z3's
//! Spacer ([`kappa_solver::horn`]) for *candidate* invariants and
//! summaries: one predicate per loop header over the registers its
//! invariant may speak of ([`crate::system::Cut::vars`]: the other state
//! variables are unconstrained there, an over-approximation), one per open
//! recursive function over `(params, result)` ([`crate::recursion`]; a
//! call is the callee's predicate in the clause's body, so recursion with
//! several calls and mutual recursion give non-linear clauses).
//!
//! Two encodings ([`Encoding`]): bit-vectors, exact; and mathematical
//! integers, every bit-vector a C integer of its width (signed range, as a
//! constraint on each variable of a clause), arithmetic without wrapping,
//! bitwise operations but masks and shifts by constants replaced by fresh
//! unconstrained values. Neither answer is trusted: each predicate's
//! interpretation is read back as bit-vector atoms over the state symbols
//! ([`solve`]; an integer atom over the widest width of its variables,
//! sign-extended), which the caller re-checks bit-precisely (Houdini, the
//! certificate checker, [`crate::recursion::check_group`]).
//! `KAPPA_PROVE_HORN=FILE` writes the bit-vector script of `--mode
//! prove`'s system (a measurement hook).

use crate::system::{End, System};
use kappa_expr::build as b;
use kappa_expr::{BvOp, Expr, FuncDecl, Sort, Symbol};
use kappa_solver::horn::{solve_horn, HornAnswer, HornTerm};
use std::time::Instant;

/// How the clauses' values are encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Bit-vectors, as the system states them.
    Bv,
    /// Mathematical integers with a range per C type (see the module doc).
    Int,
}

impl Encoding {
    /// Its name in reasons and measurements.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Bv => "bit-vectors",
            Encoding::Int => "integers",
        }
    }
}

/// A predicate: its name and the symbols its arguments stand for.
struct Pred {
    name: String,
    args: Vec<Symbol>,
}

/// `body ∧ apps → head` (`head` `None`: `false`).
struct Clause {
    body: Expr,
    apps: Vec<(usize, Vec<Expr>)>,
    head: Option<(usize, Vec<Expr>)>,
}

/// The predicates (loop headers `1..`, then the open functions) and the
/// clauses of a system.
struct Problem {
    preds: Vec<Pred>,
    /// Per cut point, its predicate (`None` for the entry).
    cut_pred: Vec<Option<usize>>,
    clauses: Vec<Clause>,
}

fn problem(sys: &System) -> Problem {
    let mut preds = vec![];
    let mut cut_pred = vec![None];
    for (j, c) in sys.cuts.iter().enumerate().skip(1) {
        cut_pred.push(Some(preds.len()));
        preds.push(Pred {
            name: format!("inv{j}"),
            args: c.vars.iter().map(|v| sys.state[v.index()]).collect(),
        });
    }
    let first_open = preds.len();
    for (k, o) in sys.open.iter().enumerate() {
        let mut args = o.params.clone();
        args.push(o.ret);
        preds.push(Pred {
            name: format!("sum{k}"),
            args,
        });
    }
    let open_pred = |f: kappa_ir::FuncId| {
        sys.open
            .iter()
            .position(|o| o.func == f)
            .map(|k| first_open + k)
    };
    let call_apps = |calls: &[crate::summary::Call]| -> Vec<(usize, Vec<Expr>)> {
        calls
            .iter()
            .filter_map(|c| {
                let mut args = c.args.clone();
                args.push(c.ret);
                open_pred(c.func).map(|k| (k, args))
            })
            .collect()
    };
    let mut clauses = vec![];
    for p in &sys.paths {
        let mut apps = call_apps(&p.calls);
        if let Some(k) = cut_pred[p.from] {
            apps.push((k, preds[k].args.iter().map(|s| b::sym(*s)).collect()));
        }
        let head = match &p.to {
            End::Cut(j) => cut_pred[*j].map(|k| {
                let args = sys.cuts[*j].vars.iter().map(|v| sys.post(p, *v)).collect();
                (k, args)
            }),
            End::Error(_) => None,
        };
        if matches!(p.to, End::Cut(_)) && head.is_none() {
            continue;
        }
        clauses.push(Clause {
            body: p.pc,
            apps,
            head,
        });
    }
    for (k, o) in sys.open.iter().enumerate() {
        let mut params: Vec<Expr> = o.params.iter().map(|s| b::sym(*s)).collect();
        for p in &o.paths {
            let head = p.ret.map(|r| {
                params.push(r);
                let h = (first_open + k, params.clone());
                params.pop();
                h
            });
            clauses.push(Clause {
                body: p.pc,
                apps: call_apps(&p.calls),
                head,
            });
        }
    }
    Problem {
        preds,
        cut_pred,
        clauses,
    }
}

/// The bit-vector script of `pb`.
fn bv_script(pb: &Problem) -> String {
    let decls: Vec<FuncDecl> = pb
        .preds
        .iter()
        .map(|p| {
            FuncDecl::new(
                &p.name,
                p.args.iter().map(|s| s.sort()).collect(),
                Sort::Bool,
            )
        })
        .collect();
    let mut clauses = vec![];
    for c in &pb.clauses {
        let apps = c.apps.iter().map(|(k, a)| b::apply(decls[*k], a.clone()));
        let pre = b::and_all(std::iter::once(c.body).chain(apps));
        let head = c
            .head
            .as_ref()
            .map_or_else(b::fls, |(k, a)| b::apply(decls[*k], a.clone()));
        let body = b::implies(pre, head);
        let (syms, _) = kappa_expr::print::free_symbols(&[body]);
        clauses.push(b::forall(syms.into_iter().collect(), body));
    }
    kappa_expr::print::smtlib_script(&clauses).replacen("(set-logic ALL)", "(set-logic HORN)", 1)
}

/// The Horn clauses of `sys` as an SMT-LIB script (`None`: the integer
/// encoding of a system too large to print).
pub fn script(sys: &System, enc: Encoding) -> Option<String> {
    let pb = problem(sys);
    match enc {
        Encoding::Bv => Some(bv_script(&pb)),
        Encoding::Int => crate::horn_int::script(&pb.preds_view(), &pb.clauses_view()),
    }
}

/// A predicate as the integer printer sees it: name and argument symbols.
pub(crate) type PredView<'a> = (&'a str, &'a [Symbol]);
/// A clause as the integer printer sees it: body, applications, head.
pub(crate) type ClauseView<'a> = (
    Expr,
    &'a [(usize, Vec<Expr>)],
    Option<&'a (usize, Vec<Expr>)>,
);

impl Problem {
    fn preds_view(&self) -> Vec<PredView<'_>> {
        self.preds
            .iter()
            .map(|p| (p.name.as_str(), p.args.as_slice()))
            .collect()
    }
    fn clauses_view(&self) -> Vec<ClauseView<'_>> {
        self.clauses
            .iter()
            .map(|c| (c.body, c.apps.as_slice(), c.head.as_ref()))
            .collect()
    }
}

/// Spacer's candidates: atoms per cut point (none at the entry) and per
/// open function (over its parameters' and result's symbols).
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// Per cut point of the system.
    pub cuts: Vec<Vec<Expr>>,
    /// Per open function of the system, in its order.
    pub open: Vec<Vec<Expr>>,
}

/// Solves the clauses of `sys` in encoding `enc` with Spacer until
/// `deadline`: the interpretations as candidate atoms ([`Found`]), or why
/// there are none (`unsat`: the encoding has a counterexample, which
/// proves nothing about the program).
pub fn solve(sys: &System, enc: Encoding, deadline: Instant) -> Result<Found, String> {
    let pb = problem(sys);
    let text = match enc {
        Encoding::Bv => bv_script(&pb),
        Encoding::Int => crate::horn_int::script(&pb.preds_view(), &pb.clauses_view())
            .ok_or("the integer encoding is too large")?,
    };
    let interp = match solve_horn(&text, deadline) {
        HornAnswer::Sat(i) => i,
        HornAnswer::Unsat => return Err(format!("Spacer ({}): a counterexample", enc.name())),
        HornAnswer::Unknown(why) => return Err(format!("Spacer ({}): {why}", enc.name())),
    };
    let mut found = Found {
        cuts: vec![vec![]; sys.cuts.len()],
        open: vec![vec![]; sys.open.len()],
    };
    let first_open = sys.cuts.len() - 1;
    for (name, t) in interp {
        let Some(k) = pb.preds.iter().position(|p| p.name == name) else {
            continue;
        };
        let args: Vec<Expr> = pb.preds[k].args.iter().map(|s| b::sym(*s)).collect();
        let mut atoms = vec![];
        for c in conjuncts(&t) {
            let e = match enc {
                Encoding::Bv => bv_term(c, &args),
                Encoding::Int => int_atom(c, &args),
            };
            if let Some(e) = e.filter(|e| e.sort() == Sort::Bool && !e.is_const()) {
                atoms.push(e);
            }
        }
        match pb.cut_pred.iter().position(|p| *p == Some(k)) {
            Some(j) => found.cuts[j] = atoms,
            None => found.open[k - first_open] = atoms,
        }
    }
    Ok(found)
}

/// The top-level conjuncts of `t`.
fn conjuncts(t: &HornTerm) -> Vec<&HornTerm> {
    match t {
        HornTerm::App(op, _, args) if op == "and" => args.iter().flat_map(conjuncts).collect(),
        _ => vec![t],
    }
}

/// A boolean connective of `op` over `xs` (`None`: not one).
fn connective(op: &str, xs: &[Expr]) -> Option<Expr> {
    Some(match (op, xs) {
        ("true", []) => b::tru(),
        ("false", []) => b::fls(),
        ("not", [x]) => b::not(*x),
        ("and", _) => b::and_all(xs.iter().copied()),
        ("or", _) => xs.iter().copied().fold(b::fls(), b::or),
        ("=>", [x, y]) => b::implies(*x, *y),
        ("=", [x, y]) if x.sort() == y.sort() => b::eq(*x, *y),
        ("distinct", [x, y]) if x.sort() == y.sort() => b::ne(*x, *y),
        ("ite", [c, x, y]) if c.sort() == Sort::Bool && x.sort() == y.sort() => b::ite(*c, *x, *y),
        ("xor", [x, y]) => b::ne(*x, *y),
        _ => return None,
    })
}

/// A bit-vector interpretation's term over `args` as an expression.
fn bv_term(t: &HornTerm, args: &[Expr]) -> Option<Expr> {
    match t {
        HornTerm::Arg(i) => args.get(*i as usize).copied(),
        HornTerm::Bv(v, w) if (1..=128).contains(w) => Some(b::bv(*w, *v)),
        HornTerm::App(op, ps, xs) => {
            let xs: Vec<Expr> = xs.iter().map(|x| bv_term(x, args)).collect::<Option<_>>()?;
            if let Some(e) = connective(op, &xs) {
                return Some(e);
            }
            let bvs = xs.iter().all(|x| matches!(x.sort(), Sort::Bv(_)));
            if !bvs {
                return None;
            }
            let same = xs.windows(2).all(|p| p[0].sort() == p[1].sort());
            let bin = |o: BvOp| same.then(|| xs.iter().copied().reduce(|a, c| b::bin(o, a, c)))?;
            let op = op.trim_end_matches("_i");
            match (op, xs.as_slice(), ps.as_slice()) {
                ("bvadd", _, _) => bin(BvOp::Add),
                ("bvmul", _, _) => bin(BvOp::Mul),
                ("bvand", _, _) => bin(BvOp::And),
                ("bvor", _, _) => bin(BvOp::Or),
                ("bvxor", _, _) => bin(BvOp::Xor),
                ("bvsub", [_, _], _) => bin(BvOp::Sub),
                ("bvudiv", [_, _], _) => bin(BvOp::UDiv),
                ("bvsdiv", [_, _], _) => bin(BvOp::SDiv),
                ("bvurem", [_, _], _) => bin(BvOp::URem),
                ("bvsrem", [_, _], _) => bin(BvOp::SRem),
                ("bvshl", [_, _], _) => bin(BvOp::Shl),
                ("bvlshr", [_, _], _) => bin(BvOp::LShr),
                ("bvashr", [_, _], _) => bin(BvOp::AShr),
                ("bvneg", [x], _) => Some(b::neg(*x)),
                ("bvnot", [x], _) => Some(b::bvnot(*x)),
                ("bvule", [x, y], _) if same => Some(b::ule(*x, *y)),
                ("bvult", [x, y], _) if same => Some(b::ult(*x, *y)),
                ("bvuge", [x, y], _) if same => Some(b::ule(*y, *x)),
                ("bvugt", [x, y], _) if same => Some(b::ult(*y, *x)),
                ("bvsle", [x, y], _) if same => Some(b::sle(*x, *y)),
                ("bvslt", [x, y], _) if same => Some(b::slt(*x, *y)),
                ("bvsge", [x, y], _) if same => Some(b::sle(*y, *x)),
                ("bvsgt", [x, y], _) if same => Some(b::slt(*y, *x)),
                ("concat", [x, y], _) if x.width() + y.width() <= 128 => Some(b::concat(*x, *y)),
                ("extract", [x], [hi, lo]) if *lo >= 0 && hi >= lo && (*hi as u32) < x.width() => {
                    Some(b::extract(*hi as u32, *lo as u32, *x))
                }
                ("zero_extend", [x], [k]) if *k >= 0 && x.width() + (*k as u32) <= 128 => {
                    Some(b::zext(*x, x.width() + *k as u32))
                }
                ("sign_extend", [x], [k]) if *k >= 0 && x.width() + (*k as u32) <= 128 => {
                    Some(b::sext(*x, x.width() + *k as u32))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// An integer interpretation's atom over `args` as a bit-vector atom: its
/// arithmetic at the widest width of the arguments it reads (narrower ones
/// sign-extended), comparisons signed; `None` when a constant does not fit
/// or an operator has no counterpart.
fn int_atom(t: &HornTerm, args: &[Expr]) -> Option<Expr> {
    let mut w = 0;
    widest(t, args, &mut w);
    int_term(t, args, if w == 0 { 32 } else { w })
}

fn widest(t: &HornTerm, args: &[Expr], w: &mut u32) {
    match t {
        HornTerm::Arg(i) => {
            if let Some(Sort::Bv(x)) = args.get(*i as usize).map(|a| a.sort()) {
                *w = (*w).max(x);
            }
        }
        HornTerm::App(_, _, xs) => xs.iter().for_each(|x| widest(x, args, w)),
        _ => {}
    }
}

fn int_term(t: &HornTerm, args: &[Expr], w: u32) -> Option<Expr> {
    match t {
        HornTerm::Arg(i) => {
            let a = *args.get(*i as usize)?;
            Some(match a.sort() {
                Sort::Bv(x) if x < w => b::sext(a, w),
                _ => a,
            })
        }
        HornTerm::Num(n) => {
            let lim = 1i128 << (w - 1);
            (-lim..lim).contains(n).then(|| b::bv_i(w, *n))
        }
        HornTerm::App(op, _, xs) => {
            let xs: Vec<Expr> = xs
                .iter()
                .map(|x| int_term(x, args, w))
                .collect::<Option<_>>()?;
            if let Some(e) = connective(op, &xs) {
                return Some(e);
            }
            if !xs.iter().all(|x| x.sort() == Sort::Bv(w)) {
                return None;
            }
            let fold = |o: BvOp| xs.iter().copied().reduce(|a, c| b::bin(o, a, c));
            match (op.as_str(), xs.as_slice()) {
                ("+", _) => fold(BvOp::Add),
                ("*", _) => fold(BvOp::Mul),
                ("-", [x]) => Some(b::neg(*x)),
                ("-", _) => fold(BvOp::Sub),
                ("div", [x, y]) => Some(b::bin(BvOp::SDiv, *x, *y)),
                ("mod", [x, y]) => Some(b::bin(BvOp::SRem, *x, *y)),
                ("<=", [x, y]) => Some(b::sle(*x, *y)),
                ("<", [x, y]) => Some(b::slt(*x, *y)),
                (">=", [x, y]) => Some(b::sle(*y, *x)),
                (">", [x, y]) => Some(b::slt(*y, *x)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The bit-vector script of `sys`'s clauses (the measurement hook).
pub fn write_hook(sys: &System) {
    if let Some(path) = std::env::var_os("KAPPA_PROVE_HORN") {
        let _ = std::fs::write(path, bv_script(&problem(sys)));
    }
}
