//! Polynomial equalities from data (the method of DIG: "Using Dynamic
//! Analysis to Discover Polynomial and Array Invariants"): the polynomial
//! equalities of degree at most [`MAX_DEGREE`] that hold on every sampled
//! state of a loop header ([`crate::sample`]) are the nullspace of the
//! matrix whose rows are the samples and whose columns are the monomials'
//! values. The nullspace is computed exactly, over the rationals with
//! bignums, and each basis vector is scaled to coprime integers.
//!
//! Exactness: an identity `Σ c_m·m = 0` with integer coefficients that holds
//! over the integers for the sampled values also holds modulo 2^w for them,
//! because reduction modulo 2^w is a ring homomorphism. Holding on samples is
//! not holding on every run, so every result is only a candidate: Houdini
//! drops those that are not inductive in the bit-vector system, and the
//! certificate checker decides the rest modulo 2^w.

use crate::sample::Samples;
use crate::system::System;
use kappa_expr::build as b;
use kappa_expr::{Expr, Sort};
use kappa_ir::VarId;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// Highest degree of the monomials (4 only where the monomials are few).
pub const MAX_DEGREE: usize = 4;

/// Most monomials (columns) per header.
pub const MAX_MONOMIALS: usize = 60;

/// Samples needed beyond the number of monomials: with fewer, the nullspace
/// holds equalities that only say the samples are too few.
const EXTRA_ROWS: usize = 4;

/// The candidate equalities at each cut point (none at the entry), learnt
/// from `learn` and kept only when they hold on every state of `confirm`
/// too (samples of other runs: [`crate::sample::collect`] with another
/// seed), which drops most equalities that only say the samples are few.
pub fn equalities(sys: &System, learn: &Samples, confirm: &Samples) -> Vec<Vec<Expr>> {
    let mut out = vec![vec![]; sys.cuts.len()];
    for j in 1..sys.cuts.len() {
        let vars: Vec<VarId> = sys.cuts[j].vars.clone();
        if learn[j].is_empty() || vars.is_empty() {
            continue;
        }
        out[j] = at_cut(&vars, &learn[j])
            .into_iter()
            .filter(|(cols, c)| confirm[j].iter().all(|r| value(cols, c, r).is_zero()))
            .map(|(cols, c)| equation(sys, &vars, &cols, &c))
            .collect();
    }
    out
}

/// An equality: monomials (over the cut's variables) and coefficients.
type Equality = (Vec<Vec<usize>>, Vec<BigInt>);

/// `Σ c_m·m(row)`.
fn value(cols: &[Vec<usize>], c: &[BigInt], row: &[i128]) -> BigInt {
    cols.iter()
        .zip(c)
        .filter(|(_, k)| !k.is_zero())
        .map(|(m, k)| {
            k * m
                .iter()
                .fold(BigInt::one(), |a, &i| a * BigInt::from(row[i]))
        })
        .sum()
}

/// The equalities over the variables (`vars.len()` columns of `rows`) that
/// hold on `rows`: the affine ones over every variable first, then the
/// polynomial ones over the variables that the affine ones leave
/// independent (a dependent variable's products add only columns the others
/// already span). A variable with `v` distinct values on the samples gets
/// powers below `v` only: every polynomial of degree `v` in it that
/// vanishes on those values holds on the samples without saying anything.
fn at_cut(vars: &[VarId], rows: &[Vec<i128>]) -> Vec<Equality> {
    let n = vars.len();
    let mut found = vec![];
    // degree 1: the affine relations among all variables
    let linear = monomials(n, 1);
    if rows.len() < linear.len() + EXTRA_ROWS {
        return found;
    }
    let (basis, pivots) = nullspace(rows, &linear);
    for v in basis {
        found.push((linear.clone(), v));
    }
    // the variables that are pivots of the samples' echelon form (column
    // k + 1 is variable k; column 0 is the constant): each other variable
    // is an affine function of these on every sample
    let free: Vec<usize> = (0..n).filter(|k| pivots.contains(&(k + 1))).collect();
    if free.is_empty() {
        return found;
    }
    let sub: Vec<Vec<i128>> = rows
        .iter()
        .map(|r| free.iter().map(|&k| r[k]).collect())
        .collect();
    let caps: Vec<usize> = (0..free.len())
        .map(|k| {
            let mut vs: Vec<i128> = sub.iter().map(|r| r[k]).collect();
            vs.sort();
            vs.dedup();
            vs.len().saturating_sub(1)
        })
        .collect();
    let capped = |d: usize| -> Vec<Vec<usize>> {
        monomials(free.len(), d)
            .into_iter()
            .filter(|m| (0..free.len()).all(|k| m.iter().filter(|&&i| i == k).count() <= caps[k]))
            .collect()
    };
    let Some(cols) = (2..=MAX_DEGREE)
        .rev()
        .map(capped)
        .find(|cols| cols.len() <= MAX_MONOMIALS && sub.len() >= cols.len() + EXTRA_ROWS)
    else {
        return found;
    };
    if cols.iter().all(|m| m.len() <= 1) {
        return found;
    }
    let (basis, _) = nullspace(&sub, &cols);
    for v in generators(&cols, basis) {
        // the affine ones are already there
        if v.iter()
            .zip(&cols)
            .any(|(c, m)| !c.is_zero() && m.len() > 1)
        {
            // over the cut's variables
            let cols_all = cols
                .iter()
                .map(|m| m.iter().map(|&i| free[i]).collect())
                .collect();
            found.push((cols_all, v));
        }
    }
    found
}

/// The degree of an equality: its highest monomial with a nonzero
/// coefficient.
fn degree(cols: &[Vec<usize>], v: &[BigInt]) -> usize {
    cols.iter()
        .zip(v)
        .filter(|(_, c)| !c.is_zero())
        .map(|(m, _)| m.len())
        .max()
        .unwrap_or(0)
}

/// The equalities of `basis` that do not follow from those of lower
/// degree: lowest degree first, an equality is kept unless it is a linear
/// combination of the kept ones times monomials (`x·(2y − x² − x) = 0`
/// follows from `2y − x² − x = 0`). Fewer, smaller candidates; the same
/// ideal up to the columns' degree.
fn generators(cols: &[Vec<usize>], mut basis: Vec<Vec<BigInt>>) -> Vec<Vec<BigInt>> {
    basis.sort_by_key(|v| degree(cols, v));
    let index: rustc_hash::FxHashMap<&[usize], usize> = cols
        .iter()
        .enumerate()
        .map(|(i, m)| (m.as_slice(), i))
        .collect();
    let top = cols.iter().map(Vec::len).max().unwrap_or(0);
    let mut span = Span::default();
    let mut kept = vec![];
    for v in basis {
        let q: Vec<BigRational> = v
            .iter()
            .map(|x| BigRational::from_integer(x.clone()))
            .collect();
        if !span.insert(q) {
            continue;
        }
        let d = degree(cols, &v);
        // its products with every monomial that keeps it within the columns
        for m in cols.iter().filter(|m| !m.is_empty() && m.len() + d <= top) {
            let mut prod = vec![BigRational::zero(); cols.len()];
            let mut inside = true;
            for (c, k) in cols.iter().zip(&v) {
                if k.is_zero() {
                    continue;
                }
                let mut mm: Vec<usize> = c.iter().chain(m).copied().collect();
                mm.sort_unstable();
                match index.get(mm.as_slice()) {
                    Some(&i) => prod[i] = BigRational::from_integer(k.clone()),
                    None => inside = false,
                }
            }
            if inside {
                span.insert(prod);
            }
        }
        kept.push(v);
    }
    kept
}

/// A subspace of rational vectors in reduced echelon form.
#[derive(Default)]
struct Span {
    rows: Vec<(usize, Vec<BigRational>)>,
}

impl Span {
    /// Adds `v`; whether it was outside the span.
    fn insert(&mut self, mut v: Vec<BigRational>) -> bool {
        for (p, e) in &self.rows {
            if !v[*p].is_zero() {
                let f = v[*p].clone();
                for (x, y) in v.iter_mut().zip(e) {
                    *x -= &f * y;
                }
            }
        }
        let Some(p) = v.iter().position(|x| !x.is_zero()) else {
            return false;
        };
        let f = v[p].clone();
        for x in v.iter_mut() {
            *x /= &f;
        }
        for (_, e) in self.rows.iter_mut() {
            if !e[p].is_zero() {
                let g = e[p].clone();
                for (x, y) in e.iter_mut().zip(&v) {
                    *x -= &g * y;
                }
            }
        }
        self.rows.push((p, v));
        true
    }
}

/// The number of monomials of degree at most `d` in `n` variables,
/// `C(n + d, d)` (saturating).
#[cfg(test)]
fn count(n: usize, d: usize) -> usize {
    let mut c: usize = 1;
    for i in 1..=d {
        c = c.saturating_mul(n + i) / i;
    }
    c
}

/// The monomials of degree at most `d` in variables `0..n`, each a sorted
/// list of variable indices (repeated by power), the constant first, then
/// by degree.
pub fn monomials(n: usize, d: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    let mut last: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..d {
        let mut next = vec![];
        for m in &last {
            let lo = m.last().copied().unwrap_or(0);
            for k in lo..n {
                let mut m2 = m.clone();
                m2.push(k);
                next.push(m2);
            }
        }
        out.extend(next.iter().cloned());
        last = next;
    }
    out
}

/// A basis of the integer vectors `c` with `Σ c_m·m(row) = 0` on every row,
/// each scaled to coprime integers, and the pivot columns of the rows'
/// reduced echelon form.
pub fn nullspace(rows: &[Vec<i128>], cols: &[Vec<usize>]) -> (Vec<Vec<BigInt>>, Vec<usize>) {
    let ncols = cols.len();
    // reduced row echelon form, built one sample at a time (rows that the
    // echelon form already spans are dropped at once)
    let mut span = Span::default();
    for r in rows {
        let row: Vec<BigRational> = cols
            .iter()
            .map(|m| {
                let v = m
                    .iter()
                    .fold(BigInt::one(), |acc, &k| acc * BigInt::from(r[k]));
                BigRational::from_integer(v)
            })
            .collect();
        span.insert(row);
        if span.rows.len() == ncols {
            break;
        }
    }
    let echelon = span.rows;
    let pivots: Vec<usize> = echelon.iter().map(|(p, _)| *p).collect();
    let mut basis = vec![];
    for f in (0..ncols).filter(|c| !pivots.contains(c)) {
        let mut v = vec![BigRational::zero(); ncols];
        v[f] = BigRational::one();
        for (p, e) in &echelon {
            v[*p] = -e[f].clone();
        }
        basis.push(integral(&v));
    }
    (basis, pivots)
}

/// `v` times the least common multiple of its denominators, divided by the
/// greatest common divisor of the results; the first nonzero one positive.
fn integral(v: &[BigRational]) -> Vec<BigInt> {
    let l = v.iter().fold(BigInt::one(), |acc, x| acc.lcm(x.denom()));
    let ints: Vec<BigInt> = v.iter().map(|x| (x * &l).to_integer()).collect();
    let g = ints.iter().fold(BigInt::zero(), |acc, x| acc.gcd(x));
    let sign = match ints.iter().find(|x| !x.is_zero()) {
        Some(x) if x.is_negative() => -BigInt::one(),
        _ => BigInt::one(),
    };
    if g.is_zero() {
        return ints;
    }
    ints.into_iter().map(|x| x / &g * &sign).collect()
}

/// `Σ_{c_m > 0} c_m·m == Σ_{c_m < 0} (−c_m)·m` as a bit-vector equality
/// of the widest width `w` of its variables (the others sign-extended to
/// it, as the samples read them; coefficients modulo 2^w).
fn equation(sys: &System, vars: &[VarId], cols: &[Vec<usize>], c: &[BigInt]) -> Expr {
    let w = cols
        .iter()
        .zip(c)
        .filter(|(_, k)| !k.is_zero())
        .flat_map(|(m, _)| m.iter())
        .filter_map(|&i| match sys.state[vars[i].index()].sort() {
            Sort::Bv(w) => Some(w),
            _ => None,
        })
        .max()
        .unwrap_or(32);
    let var = |k: usize| {
        let e = b::sym(sys.state[vars[k].index()]);
        if e.width() < w {
            b::sext(e, w)
        } else {
            e
        }
    };
    let modulus = BigInt::one() << w;
    let mut sides = [b::bv(w, 0), b::bv(w, 0)];
    for (m, k) in cols.iter().zip(c) {
        if k.is_zero() {
            continue;
        }
        let side = usize::from(k.is_negative());
        let coeff = k.abs().mod_floor(&modulus);
        let bits: u128 = coeff.try_into().unwrap_or(0);
        let term = m.iter().fold(b::bv(w, bits), |acc, &i| b::mul(acc, var(i)));
        sides[side] = b::add(sides[side], term);
    }
    b::eq(sides[0], sides[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&x| BigInt::from(x)).collect()
    }

    #[test]
    fn monomials_count_matches_the_binomial() {
        for n in 1..5 {
            for d in 1..4 {
                assert_eq!(monomials(n, d).len(), count(n, d), "n={n} d={d}");
            }
        }
        assert_eq!(
            monomials(2, 2),
            vec![vec![], vec![0], vec![1], vec![0, 0], vec![0, 1], vec![1, 1]]
        );
    }

    #[test]
    fn the_nullspace_of_a_sum_of_odd_numbers_is_s_equals_i_squared() {
        // (i, s) with s = i*i
        let rows: Vec<Vec<i128>> = (0..10).map(|i| vec![i, i * i]).collect();
        let cols = monomials(2, 2);
        let (basis, _) = nullspace(&rows, &cols);
        // over the samples, s - i^2 = 0 (and its multiples by i are of
        // degree 3, not in the columns); s*i etc. are independent
        assert!(basis.contains(&ints(&[0, 0, 1, -1, 0, 0])), "{basis:?}");
        for v in &basis {
            for r in &rows {
                let sum: BigInt = cols
                    .iter()
                    .zip(v)
                    .map(|(m, c)| c * m.iter().fold(BigInt::one(), |a, &k| a * BigInt::from(r[k])))
                    .sum();
                assert!(sum.is_zero());
            }
        }
    }

    #[test]
    fn cubes_are_found_at_degree_three() {
        // Cohen's cube: n, x = n^3, y = 3n^2 + 3n + 1, z = 6n + 6
        let rows: Vec<Vec<i128>> = (0..40)
            .map(|n| vec![n, n * n * n, 3 * n * n + 3 * n + 1, 6 * n + 6])
            .collect();
        let (lin, pivots) = nullspace(&rows, &monomials(4, 1));
        // z = 6n + 6 is the only affine relation
        assert_eq!(lin, vec![ints(&[6, 6, 0, 0, -1])], "{pivots:?}");
        let free: Vec<Vec<i128>> = rows.iter().map(|r| vec![r[0], r[1], r[2]]).collect();
        let (cubic, _) = nullspace(&free, &monomials(3, 3));
        assert!(!cubic.is_empty());
    }

    #[test]
    fn no_relation_among_independent_samples() {
        let mut r = crate::sample::Rng::new(3);
        let rows: Vec<Vec<i128>> = (0..30)
            .map(|_| vec![r.below(1000) as i128, r.below(1000) as i128])
            .collect();
        let (basis, _) = nullspace(&rows, &monomials(2, 2));
        assert!(basis.is_empty(), "{basis:?}");
    }
}
