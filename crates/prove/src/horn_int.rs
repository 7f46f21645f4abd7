//! The integer encoding of the Horn clauses ([`crate::horn::Encoding::Int`]):
//! SMT-LIB text over `Int`, each bit-vector a C integer of its width
//! (signed range constraints on every variable of a clause), arithmetic
//! without wrapping, what has no integer counterpart a fresh unconstrained
//! variable (an over-approximation: only candidates come out of it).

use crate::horn::{ClauseView, PredView};
use kappa_expr::{BvOp, Expr, Kind, Sort, Symbol};
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// Longest script printed; past it the encoding gives up (the printer does
/// not share sub-terms).
pub const MAX_SCRIPT_BYTES: usize = 8 << 20;

/// The script of `preds` and `clauses` over integers, `None` when it would
/// exceed [`MAX_SCRIPT_BYTES`].
pub(crate) fn script(preds: &[PredView<'_>], clauses: &[ClauseView<'_>]) -> Option<String> {
    let mut out = String::from("(set-logic HORN)\n");
    for (name, args) in preds {
        let sorts: Vec<&str> = args.iter().map(|s| sort(s.sort())).collect();
        let _ = writeln!(out, "(declare-fun |{name}| ({}) Bool)", sorts.join(" "));
    }
    for (body, apps, head) in clauses {
        let mut p = Printer::default();
        let mut pre = vec![p.boolean(*body)];
        for (k, args) in apps.iter() {
            pre.push(p.app(preds[*k].0, args));
        }
        let head = match head {
            Some((k, args)) => p.app(preds[*k].0, args),
            None => "false".into(),
        };
        if p.size > MAX_SCRIPT_BYTES {
            return None;
        }
        let mut vars: Vec<(String, Sort)> = p.vars.iter().map(|(n, s)| (n.clone(), *s)).collect();
        vars.sort_by(|a, b| a.0.cmp(&b.0));
        let ranges: Vec<String> = vars.iter().filter_map(|(n, s)| range(n, *s)).collect();
        let pre = format!("(and {} {})", ranges.join(" "), pre.join(" "));
        let clause = format!("(=> {pre} {head})");
        if vars.is_empty() {
            let _ = writeln!(out, "(assert {clause})");
        } else {
            let decl: Vec<String> = vars
                .iter()
                .map(|(n, s)| format!("({n} {})", sort(*s)))
                .collect();
            let _ = writeln!(out, "(assert (forall ({}) {clause}))", decl.join(" "));
        }
        if out.len() > MAX_SCRIPT_BYTES {
            return None;
        }
    }
    Some(out)
}

fn sort(s: Sort) -> &'static str {
    match s {
        Sort::Bool => "Bool",
        _ => "Int",
    }
}

/// The range of a `w`-bit C integer (signed; `0..=1` for one bit).
fn range(name: &str, s: Sort) -> Option<String> {
    match s {
        Sort::Bv(1) => Some(format!("(<= 0 {name} 1)")),
        Sort::Bv(w) if w <= 127 => {
            let lim = 1i128 << (w - 1);
            Some(format!("(<= {} {name} {})", int(-lim), lim - 1))
        }
        _ => None,
    }
}

fn int(v: i128) -> String {
    if v < 0 {
        format!("(- {})", v.unsigned_abs())
    } else {
        v.to_string()
    }
}

/// Prints one clause's expressions, collecting its variables.
#[derive(Default)]
struct Printer {
    vars: FxHashMap<String, Sort>,
    memo: FxHashMap<Expr, String>,
    size: usize,
    fresh: usize,
}

impl Printer {
    fn app(&mut self, name: &str, args: &[Expr]) -> String {
        let xs: Vec<String> = args.iter().map(|a| self.term(*a)).collect();
        if xs.is_empty() {
            format!("|{name}|")
        } else {
            format!("(|{name}| {})", xs.join(" "))
        }
    }

    fn var(&mut self, s: Symbol) -> String {
        let n = format!("x{}", s.id());
        let sort = match s.sort() {
            Sort::Bool => Sort::Bool,
            Sort::Bv(w) => Sort::Bv(w),
            // (an array never reaches here: its reads are opaque)
            Sort::Array { .. } => Sort::Bv(64),
        };
        self.vars.insert(n.clone(), sort);
        n
    }

    fn opaque(&mut self, sort: Sort) -> String {
        self.fresh += 1;
        let n = format!("o{}", self.fresh);
        self.vars.insert(n.clone(), sort);
        n
    }

    fn boolean(&mut self, e: Expr) -> String {
        self.term(e)
    }

    fn term(&mut self, e: Expr) -> String {
        if let Some(s) = self.memo.get(&e) {
            return s.clone();
        }
        let s = self.fresh_term(e);
        self.size += s.len();
        if self.size <= MAX_SCRIPT_BYTES {
            self.memo.insert(e, s.clone());
        }
        s
    }

    fn fresh_term(&mut self, e: Expr) -> String {
        if self.size > MAX_SCRIPT_BYTES {
            return "0".into();
        }
        use Kind::*;
        match e.kind() {
            BoolConst(v) => v.to_string(),
            BvConst { width: 1, value } => value.to_string(),
            BvConst { width, value } => int(kappa_expr::to_signed(value, width)),
            Sym(s) if !matches!(s.sort(), Sort::Array { .. }) => self.var(s),
            Not(x) => format!("(not {})", self.term(x)),
            And(x, y) => format!("(and {} {})", self.term(x), self.term(y)),
            Or(x, y) => format!("(or {} {})", self.term(x), self.term(y)),
            Ite(c, x, y) => format!("(ite {} {} {})", self.term(c), self.term(x), self.term(y)),
            Eq(x, y) if !matches!(x.sort(), Sort::Array { .. }) => {
                format!("(= {} {})", self.term(x), self.term(y))
            }
            Ult(x, y) | Slt(x, y) => format!("(< {} {})", self.term(x), self.term(y)),
            Ule(x, y) | Sle(x, y) => format!("(<= {} {})", self.term(x), self.term(y)),
            Bin(op, x, y) => self.bin(op, x, y, e),
            BvNot(x) => format!("(- (- {}) 1)", self.term(x)),
            Extract { lo: 0, arg, .. } => self.term(arg),
            ZExt { arg, .. } | SExt { arg, .. } => self.term(arg),
            _ => self.opaque(e.sort()),
        }
    }

    fn bin(&mut self, op: BvOp, x: Expr, y: Expr, e: Expr) -> String {
        let k = y.as_bv_const().filter(|k| *k < 64);
        let name = match op {
            BvOp::Add => "+",
            BvOp::Sub => "-",
            BvOp::Mul => "*",
            BvOp::SDiv | BvOp::UDiv => "div",
            BvOp::SRem | BvOp::URem => "mod",
            BvOp::Shl if k.is_some() => {
                return format!("(* {} {})", self.term(x), 1u128 << k.unwrap_or(0));
            }
            BvOp::AShr | BvOp::LShr if k.is_some() => {
                return format!("(div {} {})", self.term(x), 1u128 << k.unwrap_or(0));
            }
            BvOp::And => match y.as_bv_const() {
                Some(m) if m < u64::MAX as u128 && (m + 1).is_power_of_two() => {
                    return format!("(mod {} {})", self.term(x), m + 1);
                }
                _ => return self.opaque(e.sort()),
            },
            _ => return self.opaque(e.sort()),
        };
        format!("({name} {} {})", self.term(x), self.term(y))
    }
}
