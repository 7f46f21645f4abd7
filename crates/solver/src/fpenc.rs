//! Z3 encoding of [`kappa_expr::FpOp`]: floating-point operations on IEEE
//! bits, in Z3's floating-point theory, bit for bit as the concrete
//! evaluator (`kappa_expr::float::eval`) computes them — including the NaN
//! payloads SSE produces, which the theory (one NaN) cannot express alone:
//! each operation's NaN cases are chosen on the operand bits, and
//! `fp.to_ieee_bv` is only taken of non-NaN results.

use kappa_expr::{FCmp, FTy, FpOp};
use z3::ast::{Ast, Bool, Dynamic, BV};
use z3_sys::Z3_ast;

/// The raw-API builder for one operation (the context the ASTs live in).
struct Enc {
    ctx: z3::Context,
}

impl Enc {
    fn raw(&self) -> z3_sys::Z3_context {
        self.ctx.get_z3_context()
    }
    /// Wraps a freshly made AST (taking a reference, so it stays alive).
    fn wrap(&self, a: Option<Z3_ast>) -> Dynamic {
        let a = a.expect("z3 refused a floating-point term");
        // SAFETY: `a` was just made in this context by a z3_sys call.
        unsafe { Dynamic::wrap(&self.ctx, a) }
    }
    fn rne(&self) -> Dynamic {
        // SAFETY: plain constructor in the live context.
        self.wrap(unsafe { z3_sys::Z3_mk_fpa_rne(self.raw()) })
    }
    fn rtz(&self) -> Dynamic {
        // SAFETY: as above.
        self.wrap(unsafe { z3_sys::Z3_mk_fpa_rtz(self.raw()) })
    }
    fn sort(t: FTy) -> z3::Sort {
        let (eb, sb) = t.eb_sb();
        z3::Sort::float(eb, sb)
    }
    /// The float of format `t` whose IEEE bits are `bv`.
    fn of_bits(&self, bv: &BV, t: FTy) -> Dynamic {
        let s = Self::sort(t);
        // SAFETY: `bv` and `s` belong to the live context.
        self.wrap(unsafe {
            z3_sys::Z3_mk_fpa_to_fp_bv(self.raw(), bv.get_z3_ast(), s.get_z3_sort())
        })
    }
    /// The IEEE bits of a float known not to be NaN.
    fn bits(&self, x: &Dynamic) -> BV {
        // SAFETY: `x` is a float of the live context.
        self.wrap(unsafe { z3_sys::Z3_mk_fpa_to_ieee_bv(self.raw(), x.get_z3_ast()) })
            .as_bv()
            .expect("to_ieee_bv is a bitvector")
    }
    fn un(
        &self,
        f: unsafe extern "C" fn(z3_sys::Z3_context, Z3_ast) -> Option<Z3_ast>,
        x: &Dynamic,
    ) -> Dynamic {
        // SAFETY: `x` belongs to the live context.
        self.wrap(unsafe { f(self.raw(), x.get_z3_ast()) })
    }
    fn bin(
        &self,
        f: unsafe extern "C" fn(z3_sys::Z3_context, Z3_ast, Z3_ast) -> Option<Z3_ast>,
        x: &Dynamic,
        y: &Dynamic,
    ) -> Dynamic {
        // SAFETY: `x`, `y` belong to the live context.
        self.wrap(unsafe { f(self.raw(), x.get_z3_ast(), y.get_z3_ast()) })
    }
    fn rm_bin(
        &self,
        f: unsafe extern "C" fn(z3_sys::Z3_context, Z3_ast, Z3_ast, Z3_ast) -> Option<Z3_ast>,
        x: &Dynamic,
        y: &Dynamic,
    ) -> Dynamic {
        let rm = self.rne();
        // SAFETY: all ASTs belong to the live context.
        self.wrap(unsafe { f(self.raw(), rm.get_z3_ast(), x.get_z3_ast(), y.get_z3_ast()) })
    }
    fn is_nan(&self, x: &Dynamic) -> Bool {
        self.un(z3_sys::Z3_mk_fpa_is_nan, x)
            .as_bool()
            .expect("bool")
    }
    fn pred(
        &self,
        f: unsafe extern "C" fn(z3_sys::Z3_context, Z3_ast, Z3_ast) -> Option<Z3_ast>,
        x: &Dynamic,
        y: &Dynamic,
    ) -> Bool {
        self.bin(f, x, y).as_bool().expect("bool")
    }
    /// The constant float of format `t` with bits `b`.
    fn constant(&self, t: FTy, b: u128) -> Dynamic {
        self.of_bits(&BV::from_u64(b as u64, t.bits()), t)
    }
}

fn num(w: u32, v: u128) -> BV {
    BV::from_u64(v as u64, w)
}

/// The Z3 term of `op` applied to `args` (bitvectors, or the result of
/// translating the operands): a bitvector or a boolean as `op` says.
pub(crate) fn encode(op: FpOp, args: &[BV]) -> Dynamic {
    let e = Enc {
        ctx: z3::Context::thread_local(),
    };
    match op {
        FpOp::Add(t) | FpOp::Sub(t) | FpOp::Mul(t) | FpOp::Div(t) | FpOp::Rem(t) => {
            arith(&e, op, t, &args[0], &args[1]).into()
        }
        FpOp::Cmp(p, t) => compare(&e, p, &e.of_bits(&args[0], t), &e.of_bits(&args[1], t)).into(),
        FpOp::Ext | FpOp::Trunc => {
            let (from, to) = if op == FpOp::Ext {
                (FTy::F32, FTy::F64)
            } else {
                (FTy::F64, FTy::F32)
            };
            let x = e.of_bits(&args[0], from);
            let s = Enc::sort(to);
            let rm = e.rne();
            // SAFETY: all ASTs belong to the live context.
            let r = e.wrap(unsafe {
                z3_sys::Z3_mk_fpa_to_fp_float(
                    e.raw(),
                    rm.get_z3_ast(),
                    x.get_z3_ast(),
                    s.get_z3_sort(),
                )
            });
            let a = &args[0];
            let sign = a.extract(from.bits() - 1, from.bits() - 1);
            let frac_bits = from.eb_sb().1 - 1;
            let nan = if op == FpOp::Ext {
                // sign ++ exponent ones ++ quiet ++ payload (22 bits) << 29
                sign.concat(num(11, 0x7ff))
                    .concat(num(1, 1))
                    .concat(a.extract(21, 0))
                    .concat(num(29, 0))
            } else {
                sign.concat(num(8, 0xff))
                    .concat(num(1, 1))
                    .concat(a.extract(frac_bits - 2, 29))
            };
            e.is_nan(&x).ite(&nan, &e.bits(&r)).into()
        }
        FpOp::SiToFp(_, t) | FpOp::UiToFp(_, t) => {
            let s = Enc::sort(t);
            let rm = e.rne();
            let f = if matches!(op, FpOp::SiToFp(..)) {
                z3_sys::Z3_mk_fpa_to_fp_signed
            } else {
                z3_sys::Z3_mk_fpa_to_fp_unsigned
            };
            // SAFETY: all ASTs belong to the live context.
            let r = e.wrap(unsafe {
                f(
                    e.raw(),
                    rm.get_z3_ast(),
                    args[0].get_z3_ast(),
                    s.get_z3_sort(),
                )
            });
            e.bits(&r).into()
        }
        FpOp::FpToSi(t, w) | FpOp::FpToUi(t, w) => {
            let signed = matches!(op, FpOp::FpToSi(..));
            let x = e.of_bits(&args[0], t);
            let rm = e.rtz();
            let f = if signed {
                z3_sys::Z3_mk_fpa_to_sbv
            } else {
                z3_sys::Z3_mk_fpa_to_ubv
            };
            // SAFETY: all ASTs belong to the live context.
            let r = e.wrap(unsafe { f(e.raw(), rm.get_z3_ast(), x.get_z3_ast(), w) });
            let ok = in_range(&e, t, w, signed, &x);
            let indefinite: Dynamic = num(w, 1u128 << (w - 1)).into();
            ok.ite(&r, &indefinite)
        }
        FpOp::ToIntInRange(t, w, signed) => {
            in_range(&e, t, w, signed, &e.of_bits(&args[0], t)).into()
        }
    }
}

fn in_range(e: &Enc, t: FTy, w: u32, signed: bool, x: &Dynamic) -> Bool {
    let rm = e.rtz();
    // SAFETY: all ASTs belong to the live context.
    let tr = e.wrap(unsafe {
        z3_sys::Z3_mk_fpa_round_to_integral(e.raw(), rm.get_z3_ast(), x.get_z3_ast())
    });
    let (lo, hi) = if signed {
        (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1))
    } else {
        (0.0, 2f64.powi(w as i32))
    };
    let lo = e.constant(t, t.from_f64(lo));
    let hi = e.constant(t, t.from_f64(hi));
    Bool::and(&[
        e.pred(z3_sys::Z3_mk_fpa_geq, &tr, &lo),
        e.pred(z3_sys::Z3_mk_fpa_lt, &tr, &hi),
    ])
}

fn arith(e: &Enc, op: FpOp, t: FTy, a: &BV, b: &BV) -> BV {
    let (x, y) = (e.of_bits(a, t), e.of_bits(b, t));
    let r = match op {
        FpOp::Add(_) => e.rm_bin(z3_sys::Z3_mk_fpa_add, &x, &y),
        FpOp::Sub(_) => e.rm_bin(z3_sys::Z3_mk_fpa_sub, &x, &y),
        FpOp::Mul(_) => e.rm_bin(z3_sys::Z3_mk_fpa_mul, &x, &y),
        FpOp::Div(_) => e.rm_bin(z3_sys::Z3_mk_fpa_div, &x, &y),
        _ => fmod(e, &x, &y),
    };
    let quiet = num(t.bits(), t.quiet_bit());
    let dnan = num(t.bits(), t.default_nan());
    let value = e.is_nan(&r).ite(&dnan, &e.bits(&r));
    e.is_nan(&x)
        .ite(&a.bvor(&quiet), &e.is_nan(&y).ite(&b.bvor(&quiet), &value))
}

/// C `fmod`: IEEE `remainder` moved by `|y|` towards the sign of `x` when
/// their signs differ (exact: `fmod` is representable).
fn fmod(e: &Enc, x: &Dynamic, y: &Dynamic) -> Dynamic {
    let r = e.bin(z3_sys::Z3_mk_fpa_rem, x, y);
    let neg = |v: &Dynamic| {
        e.un(z3_sys::Z3_mk_fpa_is_negative, v)
            .as_bool()
            .expect("bool")
    };
    let zero = e.un(z3_sys::Z3_mk_fpa_is_zero, &r).as_bool().expect("bool");
    let ay = e.un(z3_sys::Z3_mk_fpa_abs, y);
    let nay = e.un(z3_sys::Z3_mk_fpa_neg, &ay);
    let toward = neg(x).ite(&nay, &ay);
    let moved = e.rm_bin(z3_sys::Z3_mk_fpa_add, &r, &toward);
    let differ = neg(x).xor(neg(&r));
    Bool::and(&[zero.not(), differ]).ite(&moved, &r)
}

fn compare(e: &Enc, p: FCmp, x: &Dynamic, y: &Dynamic) -> Bool {
    use FCmp::*;
    let uno = Bool::or(&[e.is_nan(x), e.is_nan(y)]);
    let eq = || e.pred(z3_sys::Z3_mk_fpa_eq, x, y);
    let lt = || e.pred(z3_sys::Z3_mk_fpa_lt, x, y);
    let le = || e.pred(z3_sys::Z3_mk_fpa_leq, x, y);
    let gt = || e.pred(z3_sys::Z3_mk_fpa_gt, x, y);
    let ge = || e.pred(z3_sys::Z3_mk_fpa_geq, x, y);
    match p {
        False => Bool::from_bool(false),
        True => Bool::from_bool(true),
        Oeq => eq(),
        Ogt => gt(),
        Oge => ge(),
        Olt => lt(),
        Ole => le(),
        One => Bool::or(&[lt(), gt()]),
        Ord => uno.not(),
        Uno => uno,
        Ueq => Bool::or(&[uno, eq()]),
        Ugt => Bool::or(&[uno, gt()]),
        Uge => Bool::or(&[uno, ge()]),
        Ult => Bool::or(&[uno, lt()]),
        Ule => Bool::or(&[uno, le()]),
        Une => eq().not(),
    }
}
