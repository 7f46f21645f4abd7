//! The closed forms shared by the loop techniques (compact execution's
//! templates, navigation's counter systems, the necessary conditions' loop
//! summaries): the iteration count κ at a register's width, `c^κ mod 2^w`,
//! and the arithmetic and geometric progressions.
//!
//! Every rule is exact modulo 2^w: κ is a 64-bit bitvector, and
//! `(κ mod 2^w)·c ≡ κ·c (mod 2^w)`, so truncating κ to w bits (or
//! zero-extending it when w > 64) loses nothing; `c^κ` is a product over
//! the bits of κ of constant factors `c^(2^i) mod 2^w`, computed exactly.

use kappa_expr::build as b;
use kappa_expr::{mask, BvOp, Expr, Kind, Sort};
use kappa_ir::Ty;

/// The expression sort of an IR type.
pub fn sort_of(ty: Ty) -> Sort {
    match ty {
        Ty::Bool => Sort::Bool,
        Ty::Int(w) => Sort::Bv(w),
    }
}

/// `k` (64 bits) as a `w`-bit bitvector: exact for arithmetic modulo 2^w.
pub fn kappa_as(k: Expr, w: u32) -> Expr {
    match w.cmp(&64) {
        std::cmp::Ordering::Less => b::trunc(k, w),
        std::cmp::Ordering::Equal => k,
        std::cmp::Ordering::Greater => b::zext(k, w),
    }
}

/// `c^k mod 2^w` for a 64-bit `k`, as a product of constant choices by the
/// bits of `k` (exact).
pub fn pow_mod(c: u128, w: u32, k: Expr) -> Expr {
    let m = mask(w);
    let mut acc = b::bv(w, 1);
    let mut p = c & m; // c^(2^i) mod 2^w
    for i in 0..64 {
        if p == 1 {
            break; // every higher power is 1 as well
        }
        if p == 0 {
            // every higher power is 0: the product is 0 when any higher bit is set
            let high = b::eq(b::extract(63, i, k), b::bv(64 - i, 0));
            return b::mul(acc, b::ite(high, b::bv(w, 1), b::bv(w, 0)));
        }
        let bit = b::eq(b::extract(i, i, k), b::bv(1, 1));
        acc = b::mul(acc, b::ite(bit, b::bv(w, p), b::bv(w, 1)));
        p = p.wrapping_mul(p) & m;
    }
    acc
}

/// How one iteration changes a bitvector register: `a̲ ↦ a̲ + c` or
/// `a̲ ↦ a̲ · c` (a left shift by `s < w` is the factor `2^s`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// An arithmetic progression with step `c` (mod 2^w).
    Add(u128),
    /// A geometric progression with factor `c` (mod 2^w).
    Mul(u128),
}

/// The progression by which one iteration maps the entry symbol `a0` (a
/// `w`-bit register) to `th`, if it is one.
pub fn step_of(a0: Expr, th: Expr) -> Option<Step> {
    let Sort::Bv(w) = a0.sort() else {
        return None;
    };
    let add = match th.kind() {
        _ if th == a0 => Some(0),
        Kind::Bin(BvOp::Add, x, y) if y == a0 => x.as_bv_const(),
        Kind::Bin(BvOp::Add, x, y) if x == a0 => y.as_bv_const(),
        _ => b::sub(th, a0).as_bv_const(),
    };
    if let Some(c) = add {
        return Some(Step::Add(c));
    }
    match th.kind() {
        Kind::Bin(BvOp::Mul, x, y) if y == a0 => x.as_bv_const(),
        Kind::Bin(BvOp::Mul, x, y) if x == a0 => y.as_bv_const(),
        Kind::Bin(BvOp::Shl, x, y) if x == a0 => y
            .as_bv_const()
            .filter(|s| *s < w as u128)
            .map(|s| 1u128 << s),
        _ => None,
    }
    .map(Step::Mul)
}

/// The closed form of `a` after κ iterations when one iteration maps its
/// entry symbol `a0` to `th` by an arithmetic or geometric progression
/// ([`step_of`]): `a̲ + κ·c` or `a̲ · c^κ`, both mod 2^w.
pub fn progression(a0: Expr, th: Expr, k: Expr) -> Option<Expr> {
    match a0.sort() {
        Sort::Bool => (th == a0).then_some(a0),
        Sort::Bv(w) => Some(match step_of(a0, th)? {
            Step::Add(c) => b::add(a0, b::mul(kappa_as(k, w), b::bv(w, c))),
            Step::Mul(c) => b::mul(a0, pow_mod(c, w, k)),
        }),
        Sort::Array { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::{eval, Assignment, Symbol, SymbolKind};

    fn kappa_with(v: u128) -> (Symbol, Assignment) {
        let k = Symbol::fresh("k", Sort::Bv(64), SymbolKind::Param);
        let mut a = Assignment::default();
        a.set(k, v);
        (k, a)
    }

    #[test]
    fn pow_mod_is_exact_on_small_widths() {
        // every base, every width up to 8, exponents 0..300 and a few huge ones
        for w in 1..=8u32 {
            for c in 0..(1u128 << w) {
                for e in (0..300u128).chain([1 << 40, (1 << 63) + 5, u64::MAX as u128]) {
                    let (k, a) = kappa_with(e);
                    let got = eval(pow_mod(c, w, b::sym(k)), &a).unwrap().bits();
                    let mut want = 1u128;
                    let mut base = c;
                    let mut n = e;
                    while n > 0 {
                        if n & 1 == 1 {
                            want = want * base % (1 << w);
                        }
                        base = base * base % (1 << w);
                        n >>= 1;
                    }
                    assert_eq!(got, want % (1 << w), "{c}^{e} mod 2^{w}");
                }
            }
        }
    }

    #[test]
    fn progressions_are_computed_modulo_the_width() {
        let a = Symbol::fresh("a", Sort::Bv(8), SymbolKind::Fresh);
        let a0 = b::sym(a);
        let (k, mut asg) = kappa_with(0);
        // a + 3 per iteration, a *2 per iteration, a << 1 per iteration
        let add = progression(a0, b::add(a0, b::bv(8, 3)), b::sym(k)).unwrap();
        let mul = progression(a0, b::mul(a0, b::bv(8, 5)), b::sym(k)).unwrap();
        let shl = progression(a0, b::bin(BvOp::Shl, a0, b::bv(8, 1)), b::sym(k)).unwrap();
        for start in [0u128, 1, 7, 200, 255] {
            for n in [0u128, 1, 2, 85, 86, 255, 256, 1000, 1 << 40] {
                asg.set(a, start);
                asg.set(k, n);
                let (mut x, mut y, mut z) = (start, start, start);
                for _ in 0..(n % 512).min(n) {
                    x = (x + 3) % 256;
                    y = (y * 5) % 256;
                    z = (z << 1) % 256;
                }
                if n < 512 {
                    assert_eq!(eval(add, &asg).unwrap().bits(), x, "add {start} {n}");
                    assert_eq!(eval(mul, &asg).unwrap().bits(), y, "mul {start} {n}");
                    assert_eq!(eval(shl, &asg).unwrap().bits(), z, "shl {start} {n}");
                } else {
                    // 3κ mod 256 depends on κ mod 256 only
                    let want = (start + 3 * (n % 256)) % 256;
                    assert_eq!(eval(add, &asg).unwrap().bits(), want);
                    assert_eq!(eval(shl, &asg).unwrap().bits(), 0, "shifted out");
                }
            }
        }
        // no rule for a + a
        assert!(progression(a0, b::add(a0, a0), b::sym(k)).is_none());
    }

    #[test]
    fn steps_are_recognised_in_every_operand_order() {
        let a = Symbol::fresh("a", Sort::Bv(8), SymbolKind::Fresh);
        let a0 = b::sym(a);
        let c = |v| b::bv(8, v);
        assert_eq!(step_of(a0, a0), Some(Step::Add(0)));
        assert_eq!(step_of(a0, b::add(a0, c(3))), Some(Step::Add(3)));
        assert_eq!(step_of(a0, b::sub(a0, c(1))), Some(Step::Add(255)));
        assert_eq!(step_of(a0, b::mul(c(5), a0)), Some(Step::Mul(5)));
        assert_eq!(step_of(a0, b::bin(BvOp::Shl, a0, c(3))), Some(Step::Mul(8)));
        // a shift by the width or more is no progression of this rule
        assert_eq!(step_of(a0, b::bin(BvOp::Shl, a0, c(8))), None);
        assert_eq!(step_of(a0, b::add(a0, a0)), None);
        let p = Symbol::fresh("p", Sort::Bool, SymbolKind::Fresh);
        assert_eq!(step_of(b::sym(p), b::sym(p)), None);
    }
}
