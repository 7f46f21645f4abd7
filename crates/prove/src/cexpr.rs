//! Invariants as C expressions over the program's variables: every
//! bitvector is read through the unsigned type of its width and every
//! arithmetic result is cast back to it, so the C expression computes
//! modulo 2^w exactly as the invariant does; signed comparisons cast both
//! sides to the signed type.
//!
//! A state variable prints as the source variable it holds at the cut
//! point's header ([`names_at`], from the debug info the frontend records
//! in [`kappa_ir::LocInfo::src_vars`]); one without a source variable
//! there keeps its IR name (`%call`, `%c.0`, `@g`), which is not C.

use crate::system::System;
use kappa_expr::{BvOp, Expr, Kind, Sort};
use kappa_ir::Module;

/// The printed names of the state variables of `sys` at cut point `j`: a
/// register holding the value of a source variable in scope at the
/// header is that variable; a scalar global is its C name unless a local
/// of that name is in scope there (or the global's name is not an
/// identifier); everything else keeps its IR name ([`System::names`]).
/// Two state variables never get the same source name: a name in scope
/// denotes one variable, whose value is in at most one register.
pub fn names_at(m: &Module, sys: &System, j: usize) -> Vec<String> {
    let f = m.func(sys.func);
    let here = &f.locs[sys.cuts[j].loc.index()];
    let regs = f.vars.len();
    let mut names = sys.names.clone();
    for (i, n) in names.iter_mut().enumerate() {
        if i < regs {
            if let Some(src) = here.src_name(kappa_ir::VarId(i as u32)) {
                *n = src.to_string();
            }
        } else if let Some(g) = n.strip_prefix('@') {
            if is_identifier(g) && !here.has_src_var(g) {
                *n = g.to_string();
            }
        }
    }
    names
}

/// For each state variable of `sys` at cut point `j`: whether it holds a
/// source variable declared on the line of the header (that of a `for`
/// loop's init clause, which a witness cannot name at the loop keyword).
pub fn declared_on_header_line(m: &Module, sys: &System, j: usize) -> Vec<bool> {
    let f = m.func(sys.func);
    let here = &f.locs[sys.cuts[j].loc.index()];
    let line = sys.cuts[j].src.map(|s| s.line);
    (0..sys.state.len())
        .map(|i| {
            here.src_vars.iter().any(|v| {
                v.reg == Some(kappa_ir::VarId(i as u32)) && v.line != 0 && Some(v.line) == line
            })
        })
        .collect()
}

/// Whether `e` mentions a state variable flagged in `flags`.
pub fn mentions(e: Expr, flags: &[bool], state: &[kappa_expr::Symbol]) -> bool {
    let (syms, _) = kappa_expr::print::free_symbols(&[e]);
    syms.iter().any(|s| {
        state
            .iter()
            .position(|x| x == s)
            .is_some_and(|i| flags.get(i) == Some(&true))
    })
}

/// Whether every state variable `e` mentions prints as a C identifier
/// (a source variable or a global, see [`names_at`]), not as an IR name.
pub fn over_source_names(e: Expr, names: &[String], state: &[kappa_expr::Symbol]) -> bool {
    let (syms, funcs) = kappa_expr::print::free_symbols(&[e]);
    funcs.is_empty()
        && syms.iter().all(|s| {
            state
                .iter()
                .position(|x| x == s)
                .is_some_and(|i| is_identifier(&names[i]))
        })
}

/// Whether `s` is a C identifier.
fn is_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
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

/// `e` (over the state symbols `state`) as C, state variable `i`
/// printing as `names[i]` (see [`names_at`]); any other symbol prints as
/// its own name.
pub fn to_c(e: Expr, names: &[String], state: &[kappa_expr::Symbol]) -> String {
    to_c_typed(e, names, &[], state)
}

/// [`to_c`], where state variable `i` with `declared[i] == Some(signed)`
/// (a variable of that declared integer type of its width, see
/// [`declared_types_at`]) is read without the cast to the type of its
/// width of that signedness: the cast would not change its value or type.
pub fn to_c_typed(
    e: Expr,
    names: &[String],
    declared: &[Option<bool>],
    state: &[kappa_expr::Symbol],
) -> String {
    let at = |s: kappa_expr::Symbol| state.iter().position(|x| *x == s);
    let name = |s: kappa_expr::Symbol| match at(s) {
        Some(i) => names[i].clone(),
        None => s.name().to_string(),
    };
    let decl = |s: kappa_expr::Symbol| at(s).and_then(|i| declared.get(i).copied().flatten());
    c(
        e,
        &Namer {
            name: &name,
            declared: &decl,
        },
    )
}

/// The printed name of a symbol, and the signedness of its declared
/// integer type when that type has the symbol's width.
struct Namer<'a> {
    name: &'a dyn Fn(kappa_expr::Symbol) -> String,
    declared: &'a dyn Fn(kappa_expr::Symbol) -> Option<bool>,
}

/// For each state variable of `sys` at cut point `j`: the signedness of
/// the declared type of the source variable it holds there, when that
/// type is a basic integer type of the register's width (32 or 64 bits).
pub fn declared_types_at(m: &Module, sys: &System, j: usize) -> Vec<Option<bool>> {
    let f = m.func(sys.func);
    let here = &f.locs[sys.cuts[j].loc.index()];
    (0..sys.state.len())
        .map(|i| {
            let Sort::Bv(w) = sys.state[i].sort() else {
                return None;
            };
            here.src_vars
                .iter()
                .find(|v| v.reg == Some(kappa_ir::VarId(i as u32)))
                .and_then(|v| v.int_type)
                .filter(|&(_, bits)| bits == u64::from(w) && matches!(w, 32 | 64))
                .map(|(signed, _)| signed)
        })
        .collect()
}

fn c(e: Expr, name: &Namer) -> String {
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
            Sort::Bv(_) if (name.declared)(s) == Some(false) => (name.name)(s),
            Sort::Bv(wd) => format!("({}){}", unsigned(wd), (name.name)(s)),
            _ => (name.name)(s),
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
fn as_signed(e: Expr, name: &Namer) -> String {
    let w = e.width();
    let t = signed(w);
    match e.kind() {
        Kind::Sym(s) if (name.declared)(s) == Some(true) => (name.name)(s),
        Kind::Sym(s) => format!("({t}){}", (name.name)(s)),
        Kind::BvConst { value, .. } if w == 32 => kappa_expr::to_signed(value, w).to_string(),
        _ => format!("({t}){}", c(e, name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers() {
        assert!(is_identifier("cnt"));
        assert!(is_identifier("_x1"));
        assert!(!is_identifier("main.k"));
        assert!(!is_identifier("1x"));
        assert!(!is_identifier(""));
    }
}
