//! The closed forms of navigation's constraint systems: progressions of one
//! register per subchain (`classify`, `classify_nested`), their merge by
//! the paper's Table 1 (`merge`), affine forms modulo 2^w (`affine`), and
//! the exact quantifier-free encoding of "a ±1 step guard held in every
//! iteration" (`every_iteration`). Every form is exact modulo 2^w (see
//! [`super::system`]).

use super::eval::CVal;
use super::system::{Nested, Prog};
use kappa_expr::build as b;
use kappa_expr::{Expr, Sort, Symbol};
use kappa_ir::{CmpOp, Function, VarId};
use kappa_loops::closed::{kappa_as, pow_mod};
use rustc_hash::{FxHashMap, FxHashSet};

/// `e` with its symbols replaced by `map`; `None` if it mentions a symbol
/// mapped to `None` (⋆).
pub(super) fn subst_map(e: Expr, map: &FxHashMap<Symbol, Option<Expr>>) -> Option<Expr> {
    let (syms, _) = kappa_expr::print::free_symbols(&[e]);
    if syms.iter().any(|x| matches!(map.get(x), Some(None))) {
        return None;
    }
    Some(kappa_expr::subst::substitute(e, &|x| {
        map.get(&x).copied().flatten()
    }))
}

pub(super) fn per_steps(
    f: &Function,
    progs: &[Vec<Prog>],
    modified: &[VarId],
) -> FxHashMap<VarId, i8> {
    let mut out = FxHashMap::default();
    for (j, &v) in modified.iter().enumerate() {
        let minus_one = kappa_expr::mask(f.vars[v.index()].ty.bits());
        let mut step: Option<i8> = None;
        let mut ok = !progs.is_empty();
        for p in progs {
            let s = match p[j] {
                Prog::Arith(1) => 1i8,
                Prog::Arith(c) if c == minus_one && c != 1 => -1,
                _ => {
                    ok = false;
                    break;
                }
            };
            if step.is_some_and(|x| x != s) {
                ok = false;
                break;
            }
            step = Some(s);
        }
        if ok {
            if let Some(s) = step {
                out.insert(v, s);
            }
        }
    }
    out
}

pub(super) fn classify(a0: Expr, out: CVal, modified_alpha: &FxHashSet<Symbol>) -> Prog {
    let CVal::Val(th) = out else {
        return Prog::Star;
    };
    if th.sort() != a0.sort() {
        return Prog::Star;
    }
    if th == a0 {
        return Prog::Unchanged;
    }
    match kappa_loops::closed::step_of(a0, th) {
        Some(kappa_loops::closed::Step::Add(c)) => return Prog::Arith(c),
        Some(kappa_loops::closed::Step::Mul(f)) => return Prog::Geom(f),
        None => {}
    }
    let (syms, _) = kappa_expr::print::free_symbols(&[th]);
    if syms.iter().any(|s| modified_alpha.contains(s)) {
        Prog::Star
    } else {
        Prog::Same(th)
    }
}

/// [`classify`] for a register after one run of a subchain with nested
/// loop nodes: `α + c + δ₁ + … + δₙ`, each δ of a different nested
/// register (see `SystemBuilder::nested_node`), is [`Prog::ArithPlus`]
/// with the δs' totals: whatever register a δ was made for, it stands for
/// that register's increment in one entry, so its values over all runs sum
/// to its total. Any other use of a δ is ⋆ (δ differs per entry).
pub(super) fn classify_nested(
    a0: Expr,
    out: CVal,
    modified_alpha: &FxHashSet<Symbol>,
    nested: &Nested,
) -> Prog {
    let CVal::Val(th) = out else {
        return Prog::Star;
    };
    if nested.deltas.is_empty() {
        return classify(a0, out, modified_alpha);
    }
    let (syms, _) = kappa_expr::print::free_symbols(&[th]);
    let used: Vec<&(VarId, Symbol, Expr)> = nested
        .deltas
        .iter()
        .filter(|d| syms.contains(&d.1))
        .collect();
    if used.is_empty() {
        return classify(a0, out, modified_alpha);
    }
    if th.sort() != a0.sort() || !matches!(a0.sort(), Sort::Bv(_)) {
        return Prog::Star;
    }
    let w = a0.width();
    let mut terms = FxHashMap::default();
    let mut c = 0u128;
    // th − a0 − Σδ, as an affine form modulo 2^w
    let ok = affine(th, 1, w, &mut terms, &mut c)
        && affine(a0, kappa_expr::mask(w), w, &mut terms, &mut c)
        && used
            .iter()
            .all(|d| affine(b::sym(d.1), kappa_expr::mask(w), w, &mut terms, &mut c));
    if !ok || terms.values().any(|k| *k != 0) {
        return Prog::Star;
    }
    let total = used
        .iter()
        .fold(b::bv(w, 0), |acc, (_, _, t)| b::add(acc, *t));
    Prog::ArithPlus(c, total)
}

/// Adds `k · e` (modulo 2^w) to the affine form `Σ terms + c`, looking
/// through additions, subtractions and products with a constant; any
/// other sub-expression is an atom. Exact: these are ring operations of
/// the integers modulo 2^w. `false` for an expression of another width.
pub(super) fn affine(
    e: Expr,
    k: u128,
    w: u32,
    terms: &mut FxHashMap<Expr, u128>,
    c: &mut u128,
) -> bool {
    use kappa_expr::{BvOp, Kind};
    let m = kappa_expr::mask(w);
    if e.sort() != Sort::Bv(w) {
        return false;
    }
    match e.kind() {
        Kind::BvConst { value, .. } => {
            *c = c.wrapping_add(k.wrapping_mul(value)) & m;
            true
        }
        Kind::Bin(BvOp::Add, x, y) => affine(x, k, w, terms, c) && affine(y, k, w, terms, c),
        Kind::Bin(BvOp::Sub, x, y) => {
            affine(x, k, w, terms, c) && affine(y, k.wrapping_neg() & m, w, terms, c)
        }
        Kind::Bin(BvOp::Mul, x, y) if x.as_bv_const().is_some() => {
            let f = x.as_bv_const().unwrap_or(0);
            affine(y, k.wrapping_mul(f) & m, w, terms, c)
        }
        Kind::Bin(BvOp::Mul, x, y) if y.as_bv_const().is_some() => {
            let f = y.as_bv_const().unwrap_or(0);
            affine(x, k.wrapping_mul(f) & m, w, terms, c)
        }
        _ => {
            let t = terms.entry(e).or_insert(0);
            *t = t.wrapping_add(k) & m;
            true
        }
    }
}

/// Table 1 of the paper, over any number of subchains.
pub(super) fn merge(a0: Expr, per: &[Prog], counters: &[Symbol], total: Expr) -> Option<Expr> {
    if per.iter().all(|p| *p == Prog::Unchanged) {
        return Some(a0);
    }
    if per
        .iter()
        .all(|p| matches!(p, Prog::Unchanged | Prog::Arith(_) | Prog::ArithPlus(..)))
    {
        let w = a0.width();
        let mut acc = a0;
        for (p, &k) in per.iter().zip(counters) {
            match p {
                Prog::Arith(c) => {
                    acc = b::add(acc, b::mul(kappa_as(b::sym(k), w), b::bv(w, *c)));
                }
                // the nested totals count over every run already
                Prog::ArithPlus(c, nested) => {
                    acc = b::add(acc, b::mul(kappa_as(b::sym(k), w), b::bv(w, *c)));
                    acc = b::add(acc, *nested);
                }
                _ => {}
            }
        }
        return Some(acc);
    }
    if per
        .iter()
        .all(|p| matches!(p, Prog::Unchanged | Prog::Geom(_)))
    {
        let w = a0.width();
        let mut acc = a0;
        for (p, &k) in per.iter().zip(counters) {
            if let Prog::Geom(f) = p {
                acc = b::mul(acc, pow_mod(*f, w, b::sym(k)));
            }
        }
        return Some(acc);
    }
    // the same invariant value set by some subchains, the others leave the
    // register alone: the value is set iff one of the setters ran
    let _ = total;
    let set: Vec<Expr> = per
        .iter()
        .filter_map(|p| match p {
            Prog::Same(e) => Some(*e),
            _ => None,
        })
        .collect();
    if let Some(&e) = set.first() {
        if set.iter().all(|x| *x == e)
            && per
                .iter()
                .all(|p| matches!(p, Prog::Unchanged | Prog::Same(_)))
        {
            let runs = per
                .iter()
                .zip(counters)
                .filter(|(p, _)| matches!(p, Prog::Same(_)))
                .fold(b::bv(64, 0), |acc, (_, &k)| b::add(acc, b::sym(k)));
            return Some(b::ite(b::eq(runs, b::bv(64, 0)), a0, e));
        }
    }
    None
}

pub(super) fn swap(op: CmpOp) -> CmpOp {
    use CmpOp::*;
    match op {
        Eq => Eq,
        Ne => Ne,
        Ult => Ugt,
        Ule => Uge,
        Ugt => Ult,
        Uge => Ule,
        Slt => Sgt,
        Sle => Sge,
        Sgt => Slt,
        Sge => Sle,
    }
}

pub(super) fn negate(op: CmpOp) -> CmpOp {
    use CmpOp::*;
    match op {
        Eq => Ne,
        Ne => Eq,
        Ult => Uge,
        Ule => Ugt,
        Ugt => Ule,
        Uge => Ult,
        Slt => Sge,
        Sle => Sgt,
        Sgt => Sle,
        Sge => Slt,
    }
}

/// `∀t < n. (x0 + step·t) op c` (modulo 2^w, `n` 64-bit), exactly, for a
/// step of ±1; `None` for the combinations not encoded (dropping them is
/// sound).
pub(crate) fn every_iteration(x0: Expr, c: Expr, step: i8, op: CmpOp, n: Expr) -> Option<Expr> {
    use CmpOp::*;
    let w = x0.width();
    let wide = w.max(64) + 2;
    let sx = |e: Expr| b::sext(e, wide);
    let zx = |e: Expr| b::zext(e, wide);
    let nn = b::zext(n, wide);
    let one = b::bv(wide, 1);
    // (first value satisfies, distance from x0 to the first value failing)
    let (first, dist) = match (step, op) {
        (1, Slt) => (b::slt(x0, c), b::sub(sx(c), sx(x0))),
        (1, Sle) => (b::sle(x0, c), b::add(b::sub(sx(c), sx(x0)), one)),
        (1, Ult) => (b::ult(x0, c), b::sub(zx(c), zx(x0))),
        (1, Ule) => (b::ule(x0, c), b::add(b::sub(zx(c), zx(x0)), one)),
        (1, Ne) => (b::ne(x0, c), zx(b::sub(c, x0))),
        (-1, Sgt) => (b::sgt(x0, c), b::sub(sx(x0), sx(c))),
        (-1, Sge) => (b::sge(x0, c), b::add(b::sub(sx(x0), sx(c)), one)),
        (-1, Ugt) => (b::ugt(x0, c), b::sub(zx(x0), zx(c))),
        (-1, Uge) => (b::uge(x0, c), b::add(b::sub(zx(x0), zx(c)), one)),
        (-1, Ne) => (b::ne(x0, c), zx(b::sub(x0, c))),
        _ => return None,
    };
    // `x ≤ MAX` (and `x ≥ MIN`) hold for every value, also after a wrap
    let m = kappa_expr::mask(w);
    let smax = m >> 1;
    let always = match op {
        Sle => b::eq(c, b::bv(w, smax)),
        Ule => b::eq(c, b::bv(w, m)),
        Sge => b::eq(c, b::bv(w, smax + 1)),
        Uge => b::eq(c, b::bv(w, 0)),
        _ => b::fls(),
    };
    Some(b::or(
        b::or(always, b::eq(n, b::bv(64, 0))),
        b::and(first, b::ule(nn, dist)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::eval::eval_bool;
    use kappa_expr::SymbolKind;
    use kappa_expr::{Assignment, Kind};

    fn holds_all(x0: u128, c: u128, step: i8, op: CmpOp, n: u64, w: u32) -> bool {
        let m = kappa_expr::mask(w);
        let sx = |v: u128| kappa_expr::to_signed(v, w);
        (0..n).all(|t| {
            let x = if step == 1 {
                x0.wrapping_add(t as u128) & m
            } else {
                x0.wrapping_sub(t as u128) & m
            };
            match op {
                CmpOp::Slt => sx(x) < sx(c),
                CmpOp::Sle => sx(x) <= sx(c),
                CmpOp::Sgt => sx(x) > sx(c),
                CmpOp::Sge => sx(x) >= sx(c),
                CmpOp::Ult => x < c,
                CmpOp::Ule => x <= c,
                CmpOp::Ugt => x > c,
                CmpOp::Uge => x >= c,
                CmpOp::Ne => x != c,
                CmpOp::Eq => x == c,
            }
        })
    }

    #[test]
    fn every_iteration_is_exact_on_8_bits() {
        let w = 8;
        let xs = Symbol::fresh("x0", Sort::Bv(w), SymbolKind::Fresh);
        let cs = Symbol::fresh("c", Sort::Bv(w), SymbolKind::Fresh);
        let ns = Symbol::fresh("n", Sort::Bv(64), SymbolKind::Counter);
        let ops = [
            CmpOp::Slt,
            CmpOp::Sle,
            CmpOp::Sgt,
            CmpOp::Sge,
            CmpOp::Ult,
            CmpOp::Ule,
            CmpOp::Ugt,
            CmpOp::Uge,
            CmpOp::Ne,
        ];
        let ns_vals: Vec<u64> = (0..12).chain([127, 128, 129, 255, 256, 257, 300]).collect();
        let mut encoded = 0;
        for step in [1i8, -1] {
            for op in ops {
                let Some(e) = every_iteration(b::sym(xs), b::sym(cs), step, op, b::sym(ns)) else {
                    continue;
                };
                encoded += 1;
                for x0 in (0..256u128).step_by(7).chain([0, 1, 127, 128, 255]) {
                    for c in (0..256u128).step_by(5).chain([0, 127, 128, 255]) {
                        for &n in &ns_vals {
                            let mut a = Assignment::default();
                            a.set(xs, x0);
                            a.set(cs, c);
                            a.set(ns, n as u128);
                            assert_eq!(
                                eval_bool(e, &a),
                                Some(holds_all(x0, c, step, op, n, w)),
                                "step {step} {op:?} x0={x0} c={c} n={n}"
                            );
                        }
                    }
                }
            }
        }
        assert_eq!(encoded, 10);
    }

    #[test]
    fn affine_forms_are_exact_modulo_the_width() {
        let a = b::sym(Symbol::fresh("a", Sort::Bv(8), SymbolKind::Fresh));
        let d = b::sym(Symbol::fresh("d", Sort::Bv(8), SymbolKind::Fresh));
        let form = |e: Expr| {
            let mut terms = FxHashMap::default();
            let mut c = 0;
            assert!(affine(e, 1, 8, &mut terms, &mut c));
            terms.retain(|_, k| *k != 0);
            (c, terms.len())
        };
        // (a + 250) + d - a - d + 10 = 260 = 4 (mod 2^8)
        let e = b::add(
            b::sub(b::sub(b::add(b::add(a, b::bv(8, 250)), d), a), d),
            b::bv(8, 10),
        );
        assert_eq!(form(e), (4, 0));
        // 3·a - a - 2·a cancels; a·a is an atom
        let e = b::sub(b::sub(b::mul(b::bv(8, 3), a), a), b::mul(a, b::bv(8, 2)));
        assert_eq!(form(e), (0, 0));
        assert_eq!(form(b::sub(b::mul(a, a), a)), (0, 2));
        // 128·a + 128·a = 256·a = 0 (mod 2^8)
        let e = b::add(b::mul(a, b::bv(8, 128)), b::mul(b::bv(8, 128), a));
        assert_eq!(form(e), (0, 0));
    }

    #[test]
    fn merges_follow_table_one() {
        let a = b::sym(Symbol::fresh("a", Sort::Bv(8), SymbolKind::Fresh));
        let k1 = Symbol::fresh("k1", Sort::Bv(64), SymbolKind::Counter);
        let k2 = Symbol::fresh("k2", Sort::Bv(64), SymbolKind::Counter);
        let total = b::add(b::sym(k1), b::sym(k2));
        let ks = [k1, k2];
        let eval_at = |e: Expr, a0: u128, v1: u128, v2: u128| {
            let mut m = Assignment::default();
            if let Kind::Sym(s) = a.kind() {
                m.set(s, a0);
            }
            m.set(k1, v1);
            m.set(k2, v2);
            kappa_expr::eval(e, &m).unwrap().bits()
        };
        // arithmetic in one subchain, unchanged in the other
        let e = merge(a, &[Prog::Arith(3), Prog::Unchanged], &ks, total).unwrap();
        assert_eq!(eval_at(e, 10, 100, 7), (10 + 300) % 256);
        // two arithmetic progressions
        let e = merge(a, &[Prog::Arith(1), Prog::Arith(255)], &ks, total).unwrap();
        assert_eq!(eval_at(e, 10, 5, 3), 12);
        // geometric progressions multiply
        let e = merge(a, &[Prog::Geom(2), Prog::Geom(3)], &ks, total).unwrap();
        assert_eq!(eval_at(e, 1, 3, 2), 72);
        // the same invariant value after at least one run
        let v = b::bv(8, 42);
        let e = merge(a, &[Prog::Same(v), Prog::Same(v)], &ks, total).unwrap();
        assert_eq!(eval_at(e, 9, 0, 0), 9);
        assert_eq!(eval_at(e, 9, 0, 4), 42);
        // unsupported combinations are ⋆
        assert!(merge(a, &[Prog::Arith(1), Prog::Geom(2)], &ks, total).is_none());
        assert!(merge(a, &[Prog::Star, Prog::Unchanged], &ks, total).is_none());
        // set by one subchain only: set iff that subchain ran
        let e = merge(a, &[Prog::Unchanged, Prog::Same(v)], &ks, total).unwrap();
        assert_eq!(eval_at(e, 9, 5, 0), 9);
        assert_eq!(eval_at(e, 9, 5, 1), 42);
        // two different values: the order matters, ⋆
        let w = b::bv(8, 7);
        assert!(merge(a, &[Prog::Same(w), Prog::Same(v)], &ks, total).is_none());
    }
}
