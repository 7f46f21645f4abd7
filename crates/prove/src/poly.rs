//! Polynomial normal form of bitvector terms modulo 2^w: sums of products
//! with coefficients in Z/2^w. Addition, subtraction, multiplication,
//! complement (`~x = -x - 1`) and left shifts by a constant are ring
//! operations of Z/2^w, so distributing them is exact; every other operator
//! is an opaque atom (its children normalized). Equalities become
//! `positive terms == negated terms + constant`, so the same relation
//! written two ways is one expression (a consecution query whose post-state
//! is the invariant again reduces to `p ∧ ¬p`), and nonlinear identities such
//! as `i·(i−1) + 2i = (i+1)·i` need no bit-blasting.
//!
//! [`Normalizer::normalize`] preserves the value of every expression under every
//! assignment (tested against evaluation on random assignments).

use kappa_expr::build as b;
use kappa_expr::{mask, BvOp, Expr, Kind, Sort};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// Most terms a polynomial may have; beyond it the product stays an atom.
const MAX_TERMS: usize = 64;
/// Highest degree of a monomial; beyond it the product stays an atom.
const MAX_DEGREE: usize = 4;

/// A polynomial of width `w`: monomial (sorted atoms, repeated by power;
/// empty: the constant) → coefficient (nonzero, below 2^w).
#[derive(Clone, Debug, PartialEq)]
struct Poly {
    w: u32,
    terms: BTreeMap<Vec<Expr>, u128>,
}

impl Poly {
    fn constant(w: u32, c: u128) -> Poly {
        let mut terms = BTreeMap::new();
        if c & mask(w) != 0 {
            terms.insert(vec![], c & mask(w));
        }
        Poly { w, terms }
    }
    fn atom(e: Expr) -> Poly {
        let w = e.width();
        let mut terms = BTreeMap::new();
        terms.insert(vec![e], 1);
        Poly { w, terms }
    }
    fn add_term(&mut self, m: Vec<Expr>, c: u128) {
        let m_ = mask(self.w);
        let e = self.terms.entry(m).or_insert(0);
        *e = e.wrapping_add(c) & m_;
        self.terms.retain(|_, c| *c != 0);
    }
    fn plus(mut self, o: &Poly) -> Poly {
        for (m, c) in &o.terms {
            self.add_term(m.clone(), *c);
        }
        self
    }
    fn scale(mut self, k: u128) -> Poly {
        let m = mask(self.w);
        for c in self.terms.values_mut() {
            *c = c.wrapping_mul(k) & m;
        }
        self.terms.retain(|_, c| *c != 0);
        self
    }
    fn times(&self, o: &Poly) -> Option<Poly> {
        let mut r = Poly::constant(self.w, 0);
        for (m1, c1) in &self.terms {
            for (m2, c2) in &o.terms {
                let mut m: Vec<Expr> = m1.iter().chain(m2).copied().collect();
                if m.len() > MAX_DEGREE {
                    return None;
                }
                m.sort();
                r.add_term(m, c1.wrapping_mul(*c2));
            }
        }
        (r.terms.len() <= MAX_TERMS).then_some(r)
    }
    /// The sum of `terms` (each `coefficient · atoms`) as an expression.
    fn rebuild(w: u32, terms: &[(&Vec<Expr>, u128)]) -> Expr {
        let mut acc: Option<Expr> = None;
        for (m, c) in terms {
            let prod = m.iter().copied().reduce(b::mul);
            let t = match (prod, *c) {
                (None, c) => b::bv(w, c),
                (Some(p), 1) => p,
                (Some(p), c) => b::mul(b::bv(w, c), p),
            };
            acc = Some(acc.map_or(t, |a| b::add(a, t)));
        }
        acc.unwrap_or_else(|| b::bv(w, 0))
    }
    fn to_expr(&self) -> Expr {
        let t: Vec<(&Vec<Expr>, u128)> = self.terms.iter().map(|(m, c)| (m, *c)).collect();
        Poly::rebuild(self.w, &t)
    }
}

/// Normalizes boolean and bitvector expressions (see the module doc).
#[derive(Default)]
pub struct Normalizer {
    memo: FxHashMap<Expr, Expr>,
    polys: FxHashMap<Expr, Poly>,
}

impl Normalizer {
    /// `e` in normal form: the same value under every assignment.
    pub fn normalize(&mut self, e: Expr) -> Expr {
        if let Some(r) = self.memo.get(&e) {
            return *r;
        }
        let r = match e.kind() {
            Kind::Eq(x, y) if matches!(x.sort(), Sort::Bv(_)) => {
                let d = self.poly(x).plus(&self.poly(y).scale(mask(x.width())));
                equation(&d)
            }
            k @ (Kind::Ult(..) | Kind::Ule(..) | Kind::Slt(..) | Kind::Sle(..)) => {
                let ch: Vec<Expr> = k
                    .children()
                    .into_iter()
                    .map(|c| self.poly(c).to_expr())
                    .collect();
                b::rebuild(&k, &ch)
            }
            _ if matches!(e.sort(), Sort::Bv(_)) => self.poly(e).to_expr(),
            k => {
                let ch: Vec<Expr> = k
                    .children()
                    .into_iter()
                    .map(|c| self.normalize(c))
                    .collect();
                if ch.is_empty() {
                    e
                } else {
                    b::rebuild(&k, &ch)
                }
            }
        };
        self.memo.insert(e, r);
        r
    }

    fn poly(&mut self, e: Expr) -> Poly {
        if let Some(p) = self.polys.get(&e) {
            return p.clone();
        }
        let w = e.width();
        let p = match e.kind() {
            Kind::BvConst { value, .. } => Poly::constant(w, value),
            Kind::Bin(BvOp::Add, x, y) => self.poly(x).plus(&self.poly(y)),
            Kind::Bin(BvOp::Sub, x, y) => self.poly(x).plus(&self.poly(y).scale(mask(w))),
            Kind::BvNot(x) => self
                .poly(x)
                .scale(mask(w))
                .plus(&Poly::constant(w, mask(w))),
            Kind::Bin(BvOp::Mul, x, y) => {
                let (px, py) = (self.poly(x), self.poly(y));
                px.times(&py).unwrap_or_else(|| self.opaque(e))
            }
            Kind::Bin(BvOp::Shl, x, y) if y.as_bv_const().is_some_and(|k| k < w as u128) => {
                let k = y.as_bv_const().unwrap_or(0) as u32;
                self.poly(x).scale(1u128.checked_shl(k).unwrap_or(0))
            }
            _ => self.opaque(e),
        };
        self.polys.insert(e, p.clone());
        p
    }

    /// `e` as an atom, its children normalized.
    fn opaque(&mut self, e: Expr) -> Poly {
        let k = e.kind();
        let ch: Vec<Expr> = k
            .children()
            .into_iter()
            .map(|c| self.normalize(c))
            .collect();
        let a = if ch.is_empty() {
            e
        } else {
            b::rebuild(&k, &ch)
        };
        match a.as_bv_const() {
            Some(c) => Poly::constant(a.width(), c),
            None => Poly::atom(a),
        }
    }
}

/// `d == 0` as `terms with a coefficient below 2^(w-1) == the others
/// negated + constant`.
fn equation(d: &Poly) -> Expr {
    let w = d.w;
    let half = 1u128 << (w - 1);
    let m = mask(w);
    let mut left = vec![];
    let mut right = vec![];
    let mut k = 0u128;
    for (mono, c) in &d.terms {
        if mono.is_empty() {
            k = c.wrapping_neg() & m;
        } else if *c < half {
            left.push((mono, *c));
        } else {
            right.push((mono, c.wrapping_neg() & m));
        }
    }
    if left.is_empty() && right.is_empty() {
        return b::bool_const(k == 0);
    }
    if left.is_empty() {
        // -(right) == k  <=>  right == -k
        std::mem::swap(&mut left, &mut right);
        k = k.wrapping_neg() & m;
    }
    let l = Poly::rebuild(w, &left);
    let mut r = Poly::rebuild(w, &right);
    if k != 0 {
        r = if right.is_empty() {
            b::bv(w, k)
        } else {
            b::add(r, b::bv(w, k))
        };
    }
    b::eq(l, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::eval::eval;
    use kappa_expr::{Assignment, Symbol, SymbolKind};

    /// A small deterministic generator (xorshift).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    fn random_term(r: &mut Rng, syms: &[Expr], depth: u32) -> Expr {
        let w = syms[0].width();
        if depth == 0 || r.next().is_multiple_of(4) {
            return if r.next().is_multiple_of(3) {
                b::bv(
                    w,
                    (r.next() % 7) as u128 | ((r.next() % 2) as u128 * mask(w)),
                )
            } else {
                syms[(r.next() % syms.len() as u64) as usize]
            };
        }
        let x = random_term(r, syms, depth - 1);
        let y = random_term(r, syms, depth - 1);
        match r.next() % 8 {
            0 | 1 => b::add(x, y),
            2 => b::sub(x, y),
            3 | 4 => b::mul(x, y),
            5 => b::bvnot(x),
            6 => b::bin(BvOp::Shl, x, b::bv(w, r.next() as u128 % (w as u128 + 2))),
            _ => b::bin(BvOp::UDiv, x, y),
        }
    }

    #[test]
    fn normal_forms_keep_every_value() {
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        for w in [3u32, 8, 32] {
            let syms: Vec<Expr> = (0..3)
                .map(|i| {
                    b::sym(Symbol::fresh(
                        &format!("v{i}"),
                        Sort::Bv(w),
                        SymbolKind::Fresh,
                    ))
                })
                .collect();
            for _ in 0..300 {
                let x = random_term(&mut r, &syms, 4);
                let y = random_term(&mut r, &syms, 4);
                let atoms = [b::eq(x, y), b::ule(x, y), b::slt(x, y)];
                for e in atoms {
                    let n = Normalizer::default().normalize(e);
                    for _ in 0..20 {
                        let mut a = Assignment::default();
                        for s in &syms {
                            let kappa_expr::Kind::Sym(sym) = s.kind() else {
                                unreachable!()
                            };
                            a.set(sym, r.next() as u128 & mask(w));
                        }
                        assert_eq!(eval(e, &a), eval(n, &a), "{e} vs {n}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_same_relation_written_two_ways_is_one_expression() {
        let s = |n: &str| b::sym(Symbol::fresh(n, Sort::Bv(32), SymbolKind::Fresh));
        let (i, t) = (s("i"), s("s"));
        let one = b::bv(32, 1);
        // 2s == i*(i-1) and 2(s+i) == (i+1)*i
        let pre = b::eq(b::mul(b::bv(32, 2), t), b::mul(i, b::sub(i, one)));
        let post = b::eq(
            b::mul(b::bv(32, 2), b::add(t, i)),
            b::mul(b::add(i, one), i),
        );
        let mut n = Normalizer::default();
        assert_ne!(n.normalize(pre), n.normalize(b::eq(t, i)));
        let (a, c) = (n.normalize(pre), n.normalize(post));
        assert_eq!(a, c, "{a} vs {c}");
    }
}
