//! IEEE 754 binary32/binary64 operations on values held as their bits, and
//! their concrete semantics: the results an x86 SSE2 unit computes
//! (round-to-nearest-even, subnormals kept, NaN payloads propagated).
//!
//! Floating-point values are bitvectors everywhere in kappa (32 bits for
//! `float`, 64 for `double`): memory, registers and inputs hold their IEEE
//! bits. Only the operations of [`FpOp`] read those bits as numbers; their
//! expression node is [`crate::Kind::Fp`], whose solver encoding lives in
//! kappa-solver. NaN rules (SSE2, as `addss`/`cvtss2sd`... compute them):
//! - an operation whose first operand is a NaN returns it quieted, else one
//!   whose second operand is a NaN returns that one quieted;
//! - an invalid operation on numbers (∞-∞, 0·∞, 0/0, ∞/∞, fmod(∞,y),
//!   fmod(x,0)) returns the default NaN (sign set, quiet bit set, payload 0);
//! - conversions between float and double keep sign and the payload's top bits.

use serde::Serialize;

/// An IEEE binary floating-point format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum FTy {
    /// binary32 (C `float`).
    F32,
    /// binary64 (C `double`).
    F64,
}

impl FTy {
    /// Width of the format's bits.
    pub fn bits(self) -> u32 {
        match self {
            FTy::F32 => 32,
            FTy::F64 => 64,
        }
    }
    /// Exponent and significand widths (significand with its hidden bit), as
    /// in SMT-LIB's `(_ FloatingPoint eb sb)`.
    pub fn eb_sb(self) -> (u32, u32) {
        match self {
            FTy::F32 => (8, 24),
            FTy::F64 => (11, 53),
        }
    }
    /// The sign bit.
    pub fn sign_bit(self) -> u128 {
        1u128 << (self.bits() - 1)
    }
    /// The quiet bit of a NaN (the significand's top bit).
    pub fn quiet_bit(self) -> u128 {
        1u128 << (self.eb_sb().1 - 2)
    }
    /// SSE's default NaN ("real indefinite"): sign and quiet bit set.
    pub fn default_nan(self) -> u128 {
        self.sign_bit() | self.exp_mask() | self.quiet_bit()
    }
    /// The exponent field's mask.
    pub fn exp_mask(self) -> u128 {
        let (eb, sb) = self.eb_sb();
        ((1u128 << eb) - 1) << (sb - 1)
    }
    /// Whether `bits` encode a NaN.
    pub fn is_nan(self, bits: u128) -> bool {
        let frac = bits & ((1u128 << (self.eb_sb().1 - 1)) - 1);
        bits & self.exp_mask() == self.exp_mask() && frac != 0
    }
    /// The bits of the number `x` (exact for powers of two in range).
    pub fn from_f64(self, x: f64) -> u128 {
        match self {
            FTy::F32 => (x as f32).to_bits() as u128,
            FTy::F64 => x.to_bits() as u128,
        }
    }
    /// The value of `bits` as an `f64` (exact for both formats; NaN payloads
    /// are not preserved).
    pub fn to_f64(self, bits: u128) -> f64 {
        match self {
            FTy::F32 => f32::from_bits(bits as u32) as f64,
            FTy::F64 => f64::from_bits(bits as u64),
        }
    }
}

/// An `fcmp` predicate: ordered (`O*`: false when an operand is NaN),
/// unordered (`U*`: true when an operand is NaN), `Ord`, `Uno`, and the
/// constant predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[allow(missing_docs)]
pub enum FCmp {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    True,
}

impl FCmp {
    /// Every predicate.
    pub const ALL: [FCmp; 16] = [
        FCmp::False,
        FCmp::Oeq,
        FCmp::Ogt,
        FCmp::Oge,
        FCmp::Olt,
        FCmp::Ole,
        FCmp::One,
        FCmp::Ord,
        FCmp::Ueq,
        FCmp::Ugt,
        FCmp::Uge,
        FCmp::Ult,
        FCmp::Ule,
        FCmp::Une,
        FCmp::Uno,
        FCmp::True,
    ];
    /// The predicate on the outcome of comparing two values: `ord` is
    /// `None` when unordered (a NaN), else the order of the operands.
    pub fn holds(self, ord: Option<std::cmp::Ordering>) -> bool {
        use std::cmp::Ordering::*;
        use FCmp::*;
        match ord {
            None => matches!(self, Ueq | Ugt | Uge | Ult | Ule | Une | Uno | True),
            Some(o) => match self {
                False | Uno => false,
                True | Ord => true,
                Oeq | Ueq => o == Equal,
                Ogt | Ugt => o == Greater,
                Oge | Uge => o != Less,
                Olt | Ult => o == Less,
                Ole | Ule => o != Greater,
                One | Une => o != Equal,
            },
        }
    }
}

/// A floating-point operation over IEEE bits. Operands and results are
/// bitvectors of the formats' widths (see [`FpOp::result_sort`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum FpOp {
    /// `a + b`, rounded to nearest even.
    Add(FTy),
    /// `a - b`.
    Sub(FTy),
    /// `a * b`.
    Mul(FTy),
    /// `a / b`.
    Div(FTy),
    /// C `fmod(a, b)` (LLVM `frem`): exact, with the sign of `a`.
    Rem(FTy),
    /// A comparison; the result is a boolean.
    Cmp(FCmp, FTy),
    /// `fpext` float → double (exact).
    Ext,
    /// `fptrunc` double → float, rounded to nearest even.
    Trunc,
    /// `sitofp`: a signed `from`-bit integer to the format, rounded.
    SiToFp(u32, FTy),
    /// `uitofp`: an unsigned `from`-bit integer to the format, rounded.
    UiToFp(u32, FTy),
    /// `fptosi` to a `to`-bit integer, truncating; out of range (see
    /// [`FpOp::ToIntInRange`]) it is undefined and this gives the value
    /// with only the sign bit set (SSE's "integer indefinite").
    FpToSi(FTy, u32),
    /// `fptoui` to a `to`-bit integer, truncating; out of range, as `FpToSi`.
    FpToUi(FTy, u32),
    /// Whether `fptosi` (`signed`) or `fptoui` of the operand to a `to`-bit
    /// integer is defined: not NaN, and its truncation fits. A boolean.
    ToIntInRange(FTy, u32, bool),
}

/// The sort of an operand or result: a bitvector width, or 0 for a boolean.
impl FpOp {
    /// Number of operands.
    pub fn arity(self) -> usize {
        match self {
            FpOp::Add(_)
            | FpOp::Sub(_)
            | FpOp::Mul(_)
            | FpOp::Div(_)
            | FpOp::Rem(_)
            | FpOp::Cmp(..) => 2,
            _ => 1,
        }
    }
    /// Width of every operand.
    pub fn arg_width(self) -> u32 {
        match self {
            FpOp::Add(t)
            | FpOp::Sub(t)
            | FpOp::Mul(t)
            | FpOp::Div(t)
            | FpOp::Rem(t)
            | FpOp::Cmp(_, t)
            | FpOp::FpToSi(t, _)
            | FpOp::FpToUi(t, _)
            | FpOp::ToIntInRange(t, ..) => t.bits(),
            FpOp::Ext => 32,
            FpOp::Trunc => 64,
            FpOp::SiToFp(w, _) | FpOp::UiToFp(w, _) => w,
        }
    }
    /// Width of the result; `None` for a boolean result.
    pub fn result_width(self) -> Option<u32> {
        match self {
            FpOp::Add(t) | FpOp::Sub(t) | FpOp::Mul(t) | FpOp::Div(t) | FpOp::Rem(t) => {
                Some(t.bits())
            }
            FpOp::Cmp(..) | FpOp::ToIntInRange(..) => None,
            FpOp::Ext => Some(64),
            FpOp::Trunc => Some(32),
            FpOp::SiToFp(_, t) | FpOp::UiToFp(_, t) => Some(t.bits()),
            FpOp::FpToSi(_, w) | FpOp::FpToUi(_, w) => Some(w),
        }
    }
    /// Short printable name.
    pub fn name(self) -> String {
        let t = |t: FTy| if t == FTy::F32 { "f32" } else { "f64" };
        match self {
            FpOp::Add(x) => format!("fadd.{}", t(x)),
            FpOp::Sub(x) => format!("fsub.{}", t(x)),
            FpOp::Mul(x) => format!("fmul.{}", t(x)),
            FpOp::Div(x) => format!("fdiv.{}", t(x)),
            FpOp::Rem(x) => format!("frem.{}", t(x)),
            FpOp::Cmp(p, x) => format!("fcmp.{}.{}", format!("{p:?}").to_lowercase(), t(x)),
            FpOp::Ext => "fpext".into(),
            FpOp::Trunc => "fptrunc".into(),
            FpOp::SiToFp(w, x) => format!("sitofp.i{w}.{}", t(x)),
            FpOp::UiToFp(w, x) => format!("uitofp.i{w}.{}", t(x)),
            FpOp::FpToSi(x, w) => format!("fptosi.{}.i{w}", t(x)),
            FpOp::FpToUi(x, w) => format!("fptoui.{}.i{w}", t(x)),
            FpOp::ToIntInRange(x, w, s) => {
                format!("fpto{}i.defined.{}.i{w}", if s { "s" } else { "u" }, t(x))
            }
        }
    }
}

/// The concrete result of `op` on operand bits `args` (booleans as 0/1).
/// Panics when `args.len()` is not the operator's arity (a caller bug).
pub fn eval(op: FpOp, args: &[u128]) -> u128 {
    assert_eq!(args.len(), op.arity(), "arity of {}", op.name());
    let a = args[0] & crate::mask(op.arg_width());
    match op {
        FpOp::Add(t) | FpOp::Sub(t) | FpOp::Mul(t) | FpOp::Div(t) | FpOp::Rem(t) => {
            arith(op, t, a, args[1] & crate::mask(t.bits()))
        }
        FpOp::Cmp(p, t) => {
            let (x, y) = (t.to_f64(a), t.to_f64(args[1] & crate::mask(t.bits())));
            p.holds(x.partial_cmp(&y)) as u128
        }
        FpOp::Ext => {
            if FTy::F32.is_nan(a) {
                let sign = (a >> 31) << 63;
                let payload = (a & 0x7f_ffff) << 29;
                sign | FTy::F64.exp_mask() | FTy::F64.quiet_bit() | payload
            } else {
                (f32::from_bits(a as u32) as f64).to_bits() as u128
            }
        }
        FpOp::Trunc => {
            if FTy::F64.is_nan(a) {
                let sign = (a >> 63) << 31;
                let payload = (a & 0xf_ffff_ffff_ffff) >> 29;
                sign | FTy::F32.exp_mask() | FTy::F32.quiet_bit() | payload
            } else {
                (f64::from_bits(a as u64) as f32).to_bits() as u128
            }
        }
        FpOp::SiToFp(w, t) => {
            let v = crate::to_signed(a, w);
            match t {
                FTy::F32 => (v as f32).to_bits() as u128,
                FTy::F64 => (v as f64).to_bits() as u128,
            }
        }
        FpOp::UiToFp(_, t) => match t {
            FTy::F32 => (a as f32).to_bits() as u128,
            FTy::F64 => (a as f64).to_bits() as u128,
        },
        FpOp::FpToSi(t, w) | FpOp::FpToUi(t, w) => {
            let signed = matches!(op, FpOp::FpToSi(..));
            if !in_range(t, w, signed, a) {
                return 1u128 << (w - 1);
            }
            let x = t.to_f64(a).trunc();
            if signed {
                (x as i128 as u128) & crate::mask(w)
            } else {
                x as u128
            }
        }
        FpOp::ToIntInRange(t, w, signed) => in_range(t, w, signed, a) as u128,
    }
}

/// Whether the truncation of the value `bits` of format `t` fits a `w`-bit
/// integer (signed or not); false for NaN and infinities.
fn in_range(t: FTy, w: u32, signed: bool, bits: u128) -> bool {
    let x = t.to_f64(bits).trunc();
    if x.is_nan() {
        return false;
    }
    let (lo, hi) = if signed {
        (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1))
    } else {
        (0.0, 2f64.powi(w as i32))
    };
    lo <= x && x < hi
}

fn arith(op: FpOp, t: FTy, a: u128, b: u128) -> u128 {
    if t.is_nan(a) {
        return a | t.quiet_bit();
    }
    if t.is_nan(b) {
        return b | t.quiet_bit();
    }
    // (the same operation on f32 and on f64: Rust's operators round to
    // nearest-even as SSE2 does; `%` is C's fmod, exact)
    macro_rules! apply {
        ($x:expr, $y:expr) => {
            match op {
                FpOp::Add(_) => $x + $y,
                FpOp::Sub(_) => $x - $y,
                FpOp::Mul(_) => $x * $y,
                FpOp::Div(_) => $x / $y,
                _ => $x % $y,
            }
        };
    }
    let r = match t {
        FTy::F32 => apply!(f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as u128,
        FTy::F64 => apply!(f64::from_bits(a as u64), f64::from_bits(b as u64)).to_bits() as u128,
    };
    if t.is_nan(r) {
        t.default_nan()
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(x: f32) -> u128 {
        x.to_bits() as u128
    }
    fn d(x: f64) -> u128 {
        x.to_bits() as u128
    }

    #[test]
    fn arithmetic_rounds_to_nearest_even_and_keeps_subnormals() {
        assert_eq!(
            eval(FpOp::Add(FTy::F64), &[d(0.1), d(0.2)]),
            d(0.30000000000000004)
        );
        assert_ne!(eval(FpOp::Add(FTy::F64), &[d(0.1), d(0.2)]), d(0.3));
        assert_eq!(eval(FpOp::Add(FTy::F32), &[f(0.1), f(0.2)]), f(0.3));
        let tiny = f32::from_bits(1);
        assert_eq!(eval(FpOp::Div(FTy::F32), &[f(tiny), f(2.0)]), f(0.0));
        assert_eq!(eval(FpOp::Mul(FTy::F32), &[f(tiny), f(2.0)]), 2);
        assert_eq!(eval(FpOp::Rem(FTy::F64), &[d(-7.5), d(2.0)]), d(-1.5));
    }

    #[test]
    fn nans_follow_sse() {
        let t = FTy::F32;
        let snan = 0x7f80_0001u128;
        let qnan = 0xffc0_1234u128;
        assert_eq!(eval(FpOp::Add(t), &[snan, f(1.0)]), 0x7fc0_0001);
        assert_eq!(eval(FpOp::Add(t), &[f(1.0), qnan]), qnan);
        assert_eq!(eval(FpOp::Mul(t), &[qnan, snan]), qnan);
        assert_eq!(
            eval(FpOp::Sub(t), &[f(f32::INFINITY), f(f32::INFINITY)]),
            0xffc0_0000
        );
        assert_eq!(eval(FpOp::Div(FTy::F64), &[d(0.0), d(0.0)]), 0xfff8 << 48);
        assert_eq!(eval(FpOp::Ext, &[0x7f80_0001]), 0x7ff8_0000_2000_0000);
        assert_eq!(eval(FpOp::Trunc, &[0x7ff8_0000_2000_0000]), 0x7fc0_0001);
    }

    #[test]
    fn comparisons_and_conversions() {
        let nan = f(f32::NAN);
        assert_eq!(eval(FpOp::Cmp(FCmp::Oeq, FTy::F32), &[nan, nan]), 0);
        assert_eq!(eval(FpOp::Cmp(FCmp::Une, FTy::F32), &[nan, nan]), 1);
        assert_eq!(eval(FpOp::Cmp(FCmp::Oeq, FTy::F32), &[f(-0.0), f(0.0)]), 1);
        assert_eq!(
            eval(FpOp::FpToSi(FTy::F64, 32), &[d(-2.9)]),
            (-2i32) as u32 as u128
        );
        assert_eq!(eval(FpOp::FpToSi(FTy::F64, 32), &[d(3e9)]), 0x8000_0000);
        assert_eq!(
            eval(FpOp::ToIntInRange(FTy::F64, 32, true), &[d(2147483647.9)]),
            1
        );
        assert_eq!(
            eval(FpOp::ToIntInRange(FTy::F64, 32, true), &[d(2147483648.0)]),
            0
        );
        assert_eq!(eval(FpOp::ToIntInRange(FTy::F64, 32, false), &[d(-0.9)]), 1);
        assert_eq!(eval(FpOp::ToIntInRange(FTy::F64, 32, false), &[d(-1.0)]), 0);
        assert_eq!(eval(FpOp::SiToFp(32, FTy::F32), &[0xffff_ffff]), f(-1.0));
        assert_eq!(
            eval(FpOp::UiToFp(32, FTy::F32), &[0xffff_ffff]),
            f(4294967296.0)
        );
        assert_eq!(eval(FpOp::SiToFp(32, FTy::F32), &[16777217]), f(16777216.0));
    }
}
