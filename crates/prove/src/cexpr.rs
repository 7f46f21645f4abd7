//! Invariants as C expressions over the program's variables: every
//! bitvector is read through the unsigned type of its width and every
//! arithmetic result is cast back to it, so the C expression computes
//! modulo 2^w exactly as the invariant does; signed comparisons cast both
//! sides to the signed type. Registers print as their source names (the
//! SSA suffix `.N` dropped).

use kappa_expr::{BvOp, Expr, Kind, Sort};

/// The C name of register name `n`: `%x.0` → `x`, `%call` → `call`.
pub fn source_name(n: &str) -> String {
    let n = n.trim_start_matches('%');
    let mut s = n;
    while let Some((head, tail)) = s.rsplit_once('.') {
        if !tail.is_empty() && tail.chars().all(|c| c.is_ascii_digit()) {
            s = head;
        } else {
            break;
        }
    }
    s.replace('.', "_").replace('%', "")
}

fn unsigned(w: u32) -> String {
    match w {
        8 => "unsigned char".into(),
        16 => "unsigned short".into(),
        32 => "unsigned".into(),
        64 => "unsigned long long".into(),
        128 => "unsigned __int128".into(),
        _ => format!("unsigned _BitInt({w})"),
    }
}

fn signed(w: u32) -> String {
    match w {
        8 => "signed char".into(),
        16 => "short".into(),
        32 => "int".into(),
        64 => "long long".into(),
        128 => "__int128".into(),
        _ => format!("_BitInt({w})"),
    }
}

/// `e` (over the state symbols of `f`'s registers, `state`) as C.
/// `names` are the state variables' names (see [`crate::system::System`]);
/// two state variables of one name in `e` (an inner loop's `c` and the
/// outer loop's) print with their SSA names (`c.0`, `c.1`), which are not C.
pub fn to_c(e: Expr, names: &[String], state: &[kappa_expr::Symbol]) -> String {
    let (syms, _) = kappa_expr::print::free_symbols(&[e]);
    let index = |s: kappa_expr::Symbol| state.iter().position(|x| *x == s);
    let clash = |i: usize| {
        syms.iter()
            .filter_map(|s| index(*s))
            .any(|j| j != i && names[j] == names[i])
    };
    let name = |s: kappa_expr::Symbol| match index(s) {
        Some(i) if !clash(i) => names[i].clone(),
        _ => s.name().trim_start_matches('%').to_string(),
    };
    c(e, &name)
}

fn c(e: Expr, name: &dyn Fn(kappa_expr::Symbol) -> String) -> String {
    let w = |x: Expr| match x.sort() {
        Sort::Bv(w) => w,
        _ => 1,
    };
    let bv = |x: Expr| c(x, name);
    match e.kind() {
        Kind::BoolConst(t) => (if t { "1" } else { "0" }).into(),
        Kind::BvConst { width: 32, value } => format!("{value}u"),
        Kind::BvConst { width: 64, value } => format!("{value}ull"),
        Kind::BvConst { width, value } => {
            let s = kappa_expr::to_signed(value, width);
            if (-1000..0).contains(&s) {
                format!("({})({s})", unsigned(width))
            } else {
                format!("({}){value}", unsigned(width))
            }
        }
        Kind::Sym(s) => match s.sort() {
            Sort::Bool => name(s),
            Sort::Bv(wd) => format!("({}){}", unsigned(wd), name(s)),
            Sort::Array { .. } => name(s),
        },
        Kind::Not(a) => format!("!({})", bv(a)),
        Kind::And(a, x) => format!("({} && {})", bv(a), bv(x)),
        Kind::Or(a, x) => format!("({} || {})", bv(a), bv(x)),
        Kind::Ite(k, t, x) => format!("({} ? {} : {})", bv(k), bv(t), bv(x)),
        Kind::Eq(a, x) => format!("({} == {})", bv(a), bv(x)),
        Kind::Ult(a, x) => format!("({} < {})", bv(a), bv(x)),
        Kind::Ule(a, x) => format!("({} <= {})", bv(a), bv(x)),
        Kind::Slt(a, x) => format!("({} < {})", as_signed(a, name), as_signed(x, name)),
        Kind::Sle(a, x) => format!("({} <= {})", as_signed(a, name), as_signed(x, name)),
        Kind::Bin(op, a, x) => {
            let u = unsigned(w(e));
            let (l, r) = (bv(a), bv(x));
            match op {
                BvOp::SDiv | BvOp::SRem | BvOp::AShr => {
                    let t = signed(w(e));
                    let o = match op {
                        BvOp::SDiv => "/",
                        BvOp::SRem => "%",
                        _ => ">>",
                    };
                    format!("({u})(({t}){l} {o} ({t}){r})")
                }
                _ => {
                    let o = match op {
                        BvOp::Add => "+",
                        BvOp::Sub => "-",
                        BvOp::Mul => "*",
                        BvOp::UDiv => "/",
                        BvOp::URem => "%",
                        BvOp::Shl => "<<",
                        BvOp::LShr => ">>",
                        BvOp::And => "&",
                        BvOp::Or => "|",
                        BvOp::Xor => "^",
                        _ => "?",
                    };
                    if matches!(w(e), 32 | 64) {
                        // unsigned operands: no promotion, the result wraps
                        format!("({l} {o} {r})")
                    } else {
                        format!("({u})({l} {o} {r})")
                    }
                }
            }
        }
        Kind::BvNot(a) => format!("({})~{}", unsigned(w(e)), bv(a)),
        Kind::ZExt { width, arg } => {
            if arg.sort() == Sort::Bool {
                format!("({})({})", unsigned(width), bv(arg))
            } else {
                format!("({}){}", unsigned(width), bv(arg))
            }
        }
        Kind::SExt { width, arg } => {
            format!("({})({}){}", unsigned(width), signed(w(arg)), bv(arg))
        }
        Kind::Extract { hi, lo, arg } => {
            format!("({})({} >> {lo})", unsigned(hi - lo + 1), bv(arg))
        }
        Kind::Concat(hi, lo) => {
            let u = unsigned(w(e));
            format!("(({u}){} << {} | ({u}){})", bv(hi), w(lo), bv(lo))
        }
        other => format!("/* {other:?} */"),
    }
}

/// `e` read as the signed type of its width: a register or a constant
/// directly (`(int)x`, `-1`), anything else through a cast.
fn as_signed(e: Expr, name: &dyn Fn(kappa_expr::Symbol) -> String) -> String {
    let w = e.width();
    let t = signed(w);
    match e.kind() {
        Kind::Sym(s) => format!("({t}){}", name(s)),
        Kind::BvConst { value, .. } if w == 32 => kappa_expr::to_signed(value, w).to_string(),
        _ => format!("({t}){}", c(e, name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_names_drop_ssa_suffixes() {
        assert_eq!(source_name("%x.0"), "x");
        assert_eq!(source_name("%x.0.1"), "x");
        assert_eq!(source_name("%call"), "call");
        assert_eq!(source_name("f.%y.2"), "f_y");
    }
}
