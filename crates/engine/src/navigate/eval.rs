//! Values of the chain symbolic execution (Algorithm 1 of loop navigation):
//! expressions, addresses of known objects, and ⋆ ("do not know").
//!
//! The evaluator mirrors `Engine::eval_value` bit for bit on expressions,
//! with two differences: anything depending on ⋆ is ⋆ (memory is not
//! modelled: loads, call results and per-iteration inputs are ⋆), and an
//! address of a global object or of an `alloca` is kept as (object, offset)
//! so that an access through it has an exact out-of-bounds condition. Each
//! possible undefined behaviour of the evaluated value is reported as a
//! failure condition (`None` = ⋆: may fail, condition unknown).

use crate::exec::bool_of;
use kappa_expr::build as b;
use kappa_expr::{Expr, Sort};
use kappa_ir::{BinOp, Module, Ty, Value};

/// A value of the chain symbolic execution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CVal {
    /// An expression over counters, entry symbols α and inputs.
    Val(Expr),
    /// `offset` bytes into an object of `size` bytes (`writable`: not a
    /// constant global). Offsets have the pointer width.
    Ptr {
        size: u64,
        writable: bool,
        offset: Expr,
    },
    /// ⋆: unknown.
    Star,
}

impl CVal {
    pub(crate) fn expr(self) -> Option<Expr> {
        match self {
            CVal::Val(e) => Some(e),
            _ => None,
        }
    }
}

fn as_bv(e: Expr, w: u32) -> Expr {
    if e.sort() == Sort::Bool {
        b::bool_to_bv(e, w)
    } else {
        e
    }
}

/// Evaluates `v` over the registers `regs`; failure conditions of the
/// evaluation (division by zero, overflow of signed division, shift amount
/// at least the width) are pushed to `fails`.
pub(crate) fn eval(m: &Module, v: &Value, regs: &[CVal], fails: &mut Vec<Option<Expr>>) -> CVal {
    let pb = m.data_model.pointer_bits();
    match v {
        Value::Var(x) => regs[x.index()],
        Value::Const { ty: Ty::Bool, bits } => CVal::Val(b::bool_const(*bits != 0)),
        Value::Const { ty, bits } => CVal::Val(b::bv(ty.bits(), *bits)),
        Value::GlobalAddr(g) => {
            let gl = &m.globals[g.index()];
            if gl.external {
                return CVal::Star;
            }
            CVal::Ptr {
                size: gl.size,
                writable: !gl.constant,
                offset: b::bv(pb, 0),
            }
        }
        Value::FuncAddr(_) | Value::Undef(_) => CVal::Star,
        Value::Not(a) => match eval(m, a, regs, fails) {
            CVal::Val(a) if a.sort() == Sort::Bool => CVal::Val(b::not(a)),
            CVal::Val(a) => CVal::Val(b::bvnot(a)),
            _ => CVal::Star,
        },
        Value::Binary { op, ty, lhs, rhs } => {
            let l = eval(m, lhs, regs, fails);
            let r = eval(m, rhs, regs, fails);
            if *ty == Ty::Bool {
                let (CVal::Val(l), CVal::Val(r)) = (l, r) else {
                    return CVal::Star;
                };
                let (l, r) = (bool_of(l), bool_of(r));
                return CVal::Val(match op {
                    BinOp::And => b::and(l, r),
                    BinOp::Or => b::or(l, r),
                    BinOp::Xor => b::ne(l, r),
                    _ => return CVal::Star,
                });
            }
            let w = ty.bits();
            // address arithmetic on a known object
            match (op, l, r) {
                (
                    BinOp::Add,
                    CVal::Ptr {
                        size,
                        writable,
                        offset,
                    },
                    CVal::Val(x),
                )
                | (
                    BinOp::Add,
                    CVal::Val(x),
                    CVal::Ptr {
                        size,
                        writable,
                        offset,
                    },
                ) if w == pb => {
                    return CVal::Ptr {
                        size,
                        writable,
                        offset: b::add(offset, as_bv(x, w)),
                    }
                }
                (
                    BinOp::Sub,
                    CVal::Ptr {
                        size,
                        writable,
                        offset,
                    },
                    CVal::Val(x),
                ) if w == pb => {
                    return CVal::Ptr {
                        size,
                        writable,
                        offset: b::sub(offset, as_bv(x, w)),
                    }
                }
                _ => {}
            }
            let zero = b::bv(w, 0);
            let rv = r.expr().map(|r| as_bv(r, w));
            match op {
                BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem => {
                    fails.push(rv.map(|r| b::eq(r, zero)));
                    if matches!(op, BinOp::SDiv | BinOp::SRem) {
                        let min = b::bv(w, 1u128 << (w - 1));
                        fails.push(match (l.expr(), rv) {
                            (Some(l), Some(r)) => Some(b::and(
                                b::eq(as_bv(l, w), min),
                                b::eq(r, b::bv(w, kappa_expr::mask(w))),
                            )),
                            _ => None,
                        });
                    }
                }
                BinOp::Shl | BinOp::LShr | BinOp::AShr => {
                    fails.push(rv.map(|r| b::uge(r, b::bv(w, w as u128))));
                }
                _ => {}
            }
            let (CVal::Val(l), Some(r)) = (l, rv) else {
                return CVal::Star;
            };
            let o = kappa_loops::sem::bv_op(*op);
            CVal::Val(b::bin(o, as_bv(l, w), r))
        }
        Value::Cmp { op, lhs, rhs } => {
            let (CVal::Val(l), CVal::Val(r)) =
                (eval(m, lhs, regs, fails), eval(m, rhs, regs, fails))
            else {
                return CVal::Star;
            };
            CVal::Val(kappa_loops::sem::cmp(*op, l, r))
        }
        Value::Cast { op, to, arg } => {
            let CVal::Val(a) = eval(m, arg, regs, fails) else {
                return CVal::Star;
            };
            match kappa_loops::sem::cast(*op, *to, a) {
                Some(c) => CVal::Val(c),
                None => CVal::Star,
            }
        }
        Value::Select {
            cond,
            then,
            else_,
            ty,
        } => {
            let c = eval(m, cond, regs, fails);
            let t = eval(m, then, regs, fails);
            let e = eval(m, else_, regs, fails);
            let (CVal::Val(c), CVal::Val(t), CVal::Val(e)) = (c, t, e) else {
                return CVal::Star;
            };
            let c = bool_of(c);
            CVal::Val(if *ty == Ty::Bool {
                b::ite(c, bool_of(t), bool_of(e))
            } else {
                b::ite(c, as_bv(t, ty.bits()), as_bv(e, ty.bits()))
            })
        }
        // floating point is not modelled here: ⋆ (a conversion to an
        // integer may fail, under an unknown condition)
        Value::Float { op, args } => {
            for a in args {
                eval(m, a, regs, fails);
            }
            if matches!(op, kappa_ir::FpOp::FpToSi(..) | kappa_ir::FpOp::FpToUi(..)) {
                fails.push(None);
            }
            CVal::Star
        }
    }
}

/// The condition under which an access of `bytes` bytes at `addr` fails
/// (out of bounds, or a write to a constant object); `None` when unknown.
pub(crate) fn access_fails(addr: CVal, bytes: u64, write: bool) -> Option<Expr> {
    match addr {
        CVal::Ptr {
            size,
            writable,
            offset,
        } => {
            if write && !writable {
                return Some(b::tru());
            }
            if size < bytes {
                return Some(b::tru());
            }
            let w = offset.width();
            let last = size - bytes;
            if w < 64 && last > kappa_expr::mask(w) as u64 {
                return None;
            }
            Some(b::ugt(offset, b::bv(w, last as u128)))
        }
        _ => None,
    }
}
