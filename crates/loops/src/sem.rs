//! kappa IR's integer operations as expressions: the one definition of
//! what a binary operator and a cast mean over kappa-expr, shared by the
//! engine's executor and the loop analyses (navigation's chain execution,
//! the necessary conditions' path execution) so that they cannot disagree.

use kappa_expr::build as b;
use kappa_expr::{BvOp, Expr, Sort};
use kappa_ir::{BinOp, CastOp, Ty, Value};

/// The bitvector operation of an IR binary operator (on integers; on
/// booleans, `And`/`Or`/`Xor` are the logical operations).
pub fn bv_op(op: BinOp) -> BvOp {
    match op {
        BinOp::Add => BvOp::Add,
        BinOp::Sub => BvOp::Sub,
        BinOp::Mul => BvOp::Mul,
        BinOp::UDiv => BvOp::UDiv,
        BinOp::SDiv => BvOp::SDiv,
        BinOp::URem => BvOp::URem,
        BinOp::SRem => BvOp::SRem,
        BinOp::Shl => BvOp::Shl,
        BinOp::LShr => BvOp::LShr,
        BinOp::AShr => BvOp::AShr,
        BinOp::And => BvOp::And,
        BinOp::Or => BvOp::Or,
        BinOp::Xor => BvOp::Xor,
    }
}

/// `a` converted by cast `op` to `to`: truncation keeps the low bits, the
/// extensions fill with zeros or the sign bit; a boolean is the integer 0
/// or 1 (all ones when sign-extended), and an integer becomes a boolean by
/// its lowest bit (LLVM's `trunc` to `i1`). `None` for an array.
pub fn cast(op: CastOp, to: Ty, a: Expr) -> Option<Expr> {
    Some(match (a.sort(), to) {
        (Sort::Bool, Ty::Bool) => a,
        (Sort::Bool, Ty::Int(w)) => match op {
            CastOp::SExt => b::ite(a, b::bv(w, kappa_expr::mask(w)), b::bv(w, 0)),
            _ => b::bool_to_bv(a, w),
        },
        (Sort::Bv(_), Ty::Bool) => b::eq(b::extract(0, 0, a), b::bv(1, 1)),
        (Sort::Bv(from), Ty::Int(w)) => {
            if from == w {
                a
            } else if from > w {
                b::trunc(a, w)
            } else if op == CastOp::SExt {
                b::sext(a, w)
            } else {
                b::zext(a, w)
            }
        }
        (Sort::Array { .. }, _) => return None,
    })
}

/// `l op r`: booleans compare as booleans for equality and as 1-bit
/// integers for the orderings.
pub fn cmp(op: kappa_ir::CmpOp, l: Expr, r: Expr) -> Expr {
    use kappa_ir::CmpOp;
    let (mut l, mut r) = (l, r);
    if l.sort() == Sort::Bool && r.sort() == Sort::Bool && matches!(op, CmpOp::Eq | CmpOp::Ne) {
        return if op == CmpOp::Eq {
            b::eq(l, r)
        } else {
            b::ne(l, r)
        };
    }
    if l.sort() == Sort::Bool {
        l = b::bool_to_bv(l, 1);
    }
    if r.sort() == Sort::Bool {
        r = b::bool_to_bv(r, 1);
    }
    match op {
        CmpOp::Eq => b::eq(l, r),
        CmpOp::Ne => b::ne(l, r),
        CmpOp::Ult => b::ult(l, r),
        CmpOp::Ule => b::ule(l, r),
        CmpOp::Ugt => b::ugt(l, r),
        CmpOp::Uge => b::uge(l, r),
        CmpOp::Slt => b::slt(l, r),
        CmpOp::Sle => b::sle(l, r),
        CmpOp::Sgt => b::sgt(l, r),
        CmpOp::Sge => b::sge(l, r),
    }
}

/// The condition under which `x op y` (bitvectors) is undefined behaviour
/// (kappa's rule, as the engine checks it): division or remainder by zero,
/// signed `MIN / -1` (and `MIN % -1`), a shift by the width or more.
/// `None` for the operators that are always defined.
pub fn undefined_when(op: BinOp, x: Expr, y: Expr) -> Option<Expr> {
    let w = x.width();
    let zero = b::eq(y, b::bv(w, 0));
    match op {
        BinOp::UDiv | BinOp::URem => Some(zero),
        BinOp::SDiv | BinOp::SRem => {
            let min = b::bv(w, 1u128 << (w - 1));
            let overflow = b::and(b::eq(x, min), b::eq(y, b::bv(w, kappa_expr::mask(w))));
            Some(b::or(zero, overflow))
        }
        BinOp::Shl | BinOp::LShr | BinOp::AShr => Some(b::uge(y, b::bv(w, w as u128))),
        _ => None,
    }
}

/// The condition under which floating-point operation `op` on `args` is
/// undefined behaviour: `fptosi`/`fptoui` of a NaN, an infinity or a value
/// whose truncation does not fit. `None` for the operations always defined.
pub fn float_undefined_when(op: kappa_ir::FpOp, args: &[Expr]) -> Option<Expr> {
    use kappa_ir::FpOp;
    match op {
        FpOp::FpToSi(t, w) => Some(b::not(b::fp(FpOp::ToIntInRange(t, w, true), args.to_vec()))),
        FpOp::FpToUi(t, w) => Some(b::not(b::fp(
            FpOp::ToIntInRange(t, w, false),
            args.to_vec(),
        ))),
        _ => None,
    }
}

/// Whether evaluating `v` may be undefined behaviour: it contains an
/// operator [`undefined_when`] or [`float_undefined_when`] constrains.
pub fn has_undefined_case(v: &Value) -> bool {
    match v {
        Value::Binary { op, lhs, rhs, .. } => {
            matches!(
                op,
                BinOp::UDiv
                    | BinOp::SDiv
                    | BinOp::URem
                    | BinOp::SRem
                    | BinOp::Shl
                    | BinOp::LShr
                    | BinOp::AShr
            ) || has_undefined_case(lhs)
                || has_undefined_case(rhs)
        }
        Value::Not(a) | Value::Cast { arg: a, .. } => has_undefined_case(a),
        Value::Cmp { lhs, rhs, .. } => has_undefined_case(lhs) || has_undefined_case(rhs),
        Value::Select {
            cond, then, else_, ..
        } => has_undefined_case(cond) || has_undefined_case(then) || has_undefined_case(else_),
        Value::Float { op, args } => {
            matches!(op, kappa_ir::FpOp::FpToSi(..) | kappa_ir::FpOp::FpToUi(..))
                || args.iter().any(has_undefined_case)
        }
        Value::Var(_)
        | Value::Const { .. }
        | Value::GlobalAddr(_)
        | Value::FuncAddr(_)
        | Value::Undef(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::eval::eval;
    use kappa_expr::Assignment;
    use kappa_ir::CmpOp;

    fn val(e: Expr) -> u128 {
        eval(e, &Assignment::default()).unwrap().bits()
    }

    #[test]
    fn casts_follow_llvm() {
        let t = b::bool_const(true);
        assert_eq!(val(cast(CastOp::SExt, Ty::Int(8), t).unwrap()), 0xff);
        assert_eq!(val(cast(CastOp::ZExt, Ty::Int(8), t).unwrap()), 1);
        // trunc to i1 keeps the lowest bit
        let six = b::bv(32, 6);
        assert_eq!(
            cast(CastOp::Trunc, Ty::Bool, six).unwrap().as_bool_const(),
            Some(false)
        );
        let m1 = b::bv(8, 0x80);
        assert_eq!(val(cast(CastOp::SExt, Ty::Int(16), m1).unwrap()), 0xff80);
        assert_eq!(val(cast(CastOp::ZExt, Ty::Int(16), m1).unwrap()), 0x80);
        assert_eq!(val(cast(CastOp::Trunc, Ty::Int(4), m1).unwrap()), 0);
    }

    #[test]
    fn booleans_compare_as_one_bit_integers() {
        let (t, f) = (b::bool_const(true), b::bool_const(false));
        assert_eq!(cmp(CmpOp::Ugt, t, f).as_bool_const(), Some(true));
        // as signed 1-bit integers, true is -1
        assert_eq!(cmp(CmpOp::Slt, t, f).as_bool_const(), Some(true));
        assert_eq!(cmp(CmpOp::Ne, t, f).as_bool_const(), Some(true));
        assert_eq!(bv_op(BinOp::AShr), BvOp::AShr);
    }
}
