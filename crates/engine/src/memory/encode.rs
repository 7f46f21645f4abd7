//! Helpers of the per-cell if-then-else encoding of symbolic offsets: the
//! congruence (alignment) of an offset expression, the candidate offsets of
//! an access, and the byte joining that keeps word-sized values word-sized.

use kappa_expr::build::{self as b};
use kappa_expr::{BvOp, Expr, Kind};

/// Largest modulus tracked by [`congruence`] (a power of two).
const MAX_MODULUS: u128 = 1 << 12;

/// `(m, r)` such that every value of `e` is congruent to `r` modulo `m`, for
/// a power of two `m` (`m = 1` when nothing is known). Exact on the
/// operations it understands (bitvector arithmetic modulo `2^w` preserves
/// congruences modulo any `2^k` with `k <= w`); anything else gives `(1, 0)`.
pub(crate) fn congruence(e: Expr) -> (u128, u128) {
    let w = e.width();
    let cap = if w >= 12 { MAX_MODULUS } else { 1u128 << w };
    let (m, r) = cong(e, 0);
    let m = m.min(cap);
    (m, r % m)
}

/// The largest power of two dividing `x` (capped), `MAX_MODULUS` for zero.
fn pow2_part(x: u128) -> u128 {
    if x == 0 {
        MAX_MODULUS
    } else {
        (1u128 << x.trailing_zeros()).min(MAX_MODULUS)
    }
}

fn cong(e: Expr, depth: u32) -> (u128, u128) {
    if depth > 32 {
        return (1, 0);
    }
    let w = e.width();
    let wcap = if w >= 12 { MAX_MODULUS } else { 1u128 << w };
    let norm = |(m, r): (u128, u128)| {
        let m = m.clamp(1, wcap);
        (m, r % m)
    };
    match e.kind() {
        Kind::BvConst { value, .. } => norm((MAX_MODULUS, value)),
        Kind::Bin(BvOp::Add, x, y) => {
            let (mx, rx) = cong(x, depth + 1);
            let (my, ry) = cong(y, depth + 1);
            norm((mx.min(my), rx.wrapping_add(ry)))
        }
        Kind::Bin(BvOp::Sub, x, y) => {
            let (mx, rx) = cong(x, depth + 1);
            let (my, ry) = cong(y, depth + 1);
            let m = mx.min(my);
            norm((m, (rx % m + m - ry % m) % m))
        }
        Kind::Bin(BvOp::Mul, x, y) => {
            // (rx + mx*s)(ry + my*t) = rx*ry + rx*my*t + ry*mx*s + mx*my*s*t
            let (mx, rx) = cong(x, depth + 1);
            let (my, ry) = cong(y, depth + 1);
            let m = pow2_part(rx.wrapping_mul(my))
                .min(pow2_part(ry.wrapping_mul(mx)))
                .min(mx.saturating_mul(my));
            norm((m, rx.wrapping_mul(ry)))
        }
        Kind::Bin(BvOp::Shl, x, k) => match k.as_bv_const() {
            Some(k) if k < 12 => {
                let (m, r) = cong(x, depth + 1);
                norm((m << k, r << k))
            }
            Some(_) => norm((MAX_MODULUS, 0)),
            None => (1, 0),
        },
        Kind::Bin(BvOp::And, x, y) => {
            // bits below the lowest set bit of a constant mask are zero
            match x.as_bv_const().or(y.as_bv_const()) {
                Some(c) => norm((pow2_part(c), 0)),
                None => (1, 0),
            }
        }
        // the low bits of an extension or a low extract are those of the argument
        Kind::ZExt { arg, .. } | Kind::SExt { arg, .. } => norm(cong(arg, depth + 1)),
        Kind::Extract { lo: 0, arg, .. } => norm(cong(arg, depth + 1)),
        Kind::Ite(_, t, f) => {
            let (mt, rt) = cong(t, depth + 1);
            let (mf, rf) = cong(f, depth + 1);
            let mut m = mt.min(mf);
            while m > 1 && rt % m != rf % m {
                m /= 2;
            }
            norm((m, rt))
        }
        _ => (1, 0),
    }
}

/// The offsets at which an `n`-byte access into an object of `size` bytes
/// may start, given the offset's congruence: every `j` in `[0, size - n]`
/// with `j ≡ r (mod m)`. Complete for in-bounds accesses.
pub(crate) fn candidates(offset: Expr, size: u64, n: u32) -> Vec<u64> {
    let n = n as u64;
    if size < n {
        return vec![];
    }
    let (m, r) = congruence(offset);
    let (m, r) = (m as u64, r as u64);
    let mut out = vec![];
    let mut j = r;
    while j + n <= size {
        out.push(j);
        j += m;
    }
    out
}

/// The value among `words` at the position of `offset` in `candidates`
/// (sorted, non-empty), as a balanced tree of `ite(offset <u c, ..)`: exact
/// when `offset` is one of the candidates, which the caller guarantees.
pub(crate) fn select_tree(offset: Expr, candidates: &[u64], words: &[Expr]) -> Expr {
    assert_eq!(candidates.len(), words.len());
    if candidates.len() == 1 {
        return words[0];
    }
    let mid = candidates.len() / 2;
    b::ite(
        b::ult(offset, b::bv(offset.width(), candidates[mid] as u128)),
        select_tree(offset, &candidates[..mid], &words[..mid]),
        select_tree(offset, &candidates[mid..], &words[mid..]),
    )
}

/// `hi ++ lo`, pushing equal if-then-else conditions outwards:
/// `ite(c, a, b) ++ ite(c, d, e) = ite(c, a ++ d, b ++ e)`, so bytes written
/// together by a write at a symbolic offset read back as the written word.
pub(crate) fn join(hi: Expr, lo: Expr) -> Expr {
    join_at(hi, lo, 0)
}

fn join_at(hi: Expr, lo: Expr, depth: u32) -> Expr {
    if depth < 128 {
        if let (Kind::Ite(c1, t1, e1), Kind::Ite(c2, t2, e2)) = (hi.kind(), lo.kind()) {
            if c1 == c2 {
                return b::ite(c1, join_at(t1, t2, depth + 1), join_at(e1, e2, depth + 1));
            }
        }
    }
    b::concat(hi, lo)
}

/// Little-endian assembly of bytes (`bytes[0]` is the least significant).
pub(crate) fn join_bytes(bytes: &[Expr]) -> Expr {
    let mut v = bytes[0];
    for byte in &bytes[1..] {
        v = join(*byte, v);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::build::*;
    use kappa_expr::{eval, Assignment, Sort, Symbol, SymbolKind};

    fn input(name: &str, w: u32) -> (Symbol, Expr) {
        let s = Symbol::fresh(name, Sort::Bv(w), SymbolKind::Input);
        (s, sym(s))
    }

    #[test]
    fn congruences_of_index_arithmetic() {
        let (_, i) = input("i", 32);
        let (_, j) = input("j", 32);
        assert_eq!(congruence(i), (1, 0));
        assert_eq!(congruence(mul(bv(32, 4), i)), (4, 0));
        assert_eq!(congruence(add(bv(32, 2), mul(bv(32, 4), i))), (4, 2));
        // row*16 + col*4
        let off = add(mul(bv(32, 16), i), mul(bv(32, 4), j));
        assert_eq!(congruence(off), (4, 0));
        assert_eq!(congruence(sub(off, bv(32, 0x1_0000))), (4, 0));
        assert_eq!(congruence(bin(BvOp::Shl, i, bv(32, 3))), (8, 0));
        let (_, k) = input("k", 8);
        assert_eq!(congruence(mul(bv(32, 12), sext(k, 32))), (4, 0));
        assert_eq!(congruence(mul(bv(32, 6), i)), (2, 0));
    }

    #[test]
    fn congruence_is_sound_on_samples() {
        let (si, i) = input("i", 32);
        let exprs = [
            add(bv(32, 3), mul(bv(32, 12), i)),
            sub(mul(bv(32, 8), i), bv(32, 5)),
            mul(add(bv(32, 1), mul(bv(32, 2), i)), bv(32, 6)),
            ite(ult(i, bv(32, 7)), mul(bv(32, 4), i), bv(32, 20)),
            bin(BvOp::And, i, bv(32, !7u32 as u128)),
        ];
        let mut a = Assignment::default();
        for e in exprs {
            let (m, r) = congruence(e);
            for v in [0u128, 1, 2, 3, 7, 100, 0xffff_ffff, 0x8000_0001] {
                a.set(si, v);
                let x = eval(e, &a).unwrap().bits();
                assert_eq!(x % m, r, "{e} at i={v}: {x} not ≡ {r} mod {m}");
            }
        }
    }

    #[test]
    fn candidates_respect_alignment_and_bounds() {
        let (_, i) = input("i", 32);
        assert_eq!(candidates(mul(bv(32, 4), i), 16, 4), vec![0, 4, 8, 12]);
        assert_eq!(candidates(i, 4, 2), vec![0, 1, 2]);
        assert_eq!(candidates(i, 1, 2), Vec::<u64>::new());
    }

    #[test]
    fn select_tree_picks_the_word_at_each_candidate() {
        let (si, i) = input("i", 32);
        let off = mul(bv(32, 4), i);
        let cands = candidates(off, 28, 4);
        let words: Vec<Expr> = (0..cands.len() as u128).map(|k| bv(16, 100 + k)).collect();
        let t = select_tree(off, &cands, &words);
        let mut a = Assignment::default();
        for k in 0..cands.len() as u128 {
            a.set(si, k);
            assert_eq!(eval(t, &a).unwrap().bits(), 100 + k);
        }
    }

    #[test]
    fn joined_bytes_of_a_conditional_word_are_the_word() {
        let (_, c) = input("c", 1);
        let c = eq(c, bv(1, 1));
        let (_, v) = input("v", 32);
        let (_, old) = input("old", 32);
        let bytes: Vec<Expr> = (0..4)
            .map(|k| {
                ite(
                    c,
                    extract(8 * k + 7, 8 * k, v),
                    extract(8 * k + 7, 8 * k, old),
                )
            })
            .collect();
        assert_eq!(join_bytes(&bytes), ite(c, v, old));
    }
}
