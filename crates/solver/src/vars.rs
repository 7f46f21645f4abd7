//! Free variables of expressions (symbols and uninterpreted functions),
//! computed with correct quantifier scoping.
//!
//! `kappa_expr::print::free_symbols` drops a symbol everywhere as soon as it
//! is bound by some quantifier, even when it also occurs free elsewhere; the
//! solver needs the exact free set (for slicing and for models), so it uses
//! this walk instead. Iterative, so deep expressions do not overflow the stack.

use kappa_expr::{Expr, FuncDecl, Kind, Symbol};
use rustc_hash::FxHashSet;
use std::collections::BTreeSet;

/// Something two constraints can share: a free symbol or an uninterpreted
/// function (two constraints applying the same function are related).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Var {
    /// A free symbol.
    Sym(Symbol),
    /// An uninterpreted function.
    Func(FuncDecl),
}

/// The free variables of `roots`, sorted and without duplicates.
pub(crate) fn free_vars(roots: &[Expr]) -> Vec<Var> {
    let mut out = BTreeSet::new();
    collect(roots, &[], &mut out);
    out.into_iter().collect()
}

/// The free symbols of `roots`, sorted and without duplicates.
pub(crate) fn free_syms(roots: &[Expr]) -> Vec<Symbol> {
    free_vars(roots)
        .into_iter()
        .filter_map(|v| match v {
            Var::Sym(s) => Some(s),
            Var::Func(_) => None,
        })
        .collect()
}

fn collect(roots: &[Expr], bound: &[Symbol], out: &mut BTreeSet<Var>) {
    // `seen` is per binder scope: the same node means different things
    // inside and outside a quantifier binding one of its symbols.
    let mut seen: FxHashSet<Expr> = FxHashSet::default();
    let mut stack: Vec<Expr> = roots.to_vec();
    while let Some(e) = stack.pop() {
        if !seen.insert(e) {
            continue;
        }
        let kind = e.kind();
        match &kind {
            Kind::Sym(s) => {
                if !bound.contains(s) {
                    out.insert(Var::Sym(*s));
                }
            }
            Kind::Forall(vs, body) | Kind::Exists(vs, body) => {
                let mut inner: Vec<Symbol> = bound.to_vec();
                inner.extend(vs.iter().copied());
                collect(&[*body], &inner, out);
            }
            Kind::Apply(f, args) => {
                out.insert(Var::Func(*f));
                stack.extend(args.iter().copied());
            }
            _ => stack.extend(kind.children()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::build::*;
    use kappa_expr::{Sort, SymbolKind};

    #[test]
    fn bound_symbols_are_not_free_but_free_uses_are() {
        let k = Symbol::fresh("k", Sort::Bv(8), SymbolKind::Bound);
        let x = Symbol::fresh("x", Sort::Bv(8), SymbolKind::Input);
        let q = forall(vec![k], ne(mul(bv(8, 2), sym(k)), sym(x)));
        assert_eq!(free_syms(&[q]), vec![x]);
        // k also used free outside the quantifier
        let both = and(q, eq(sym(k), bv(8, 5)));
        assert_eq!(free_syms(&[both]), vec![k, x]);
    }

    #[test]
    fn functions_are_vars() {
        let f = FuncDecl::new("f", vec![Sort::Bv(8)], Sort::Bv(8));
        let e = eq(apply(f, vec![bv(8, 1)]), bv(8, 2));
        assert_eq!(free_vars(&[e]), vec![Var::Func(f)]);
        assert!(free_syms(&[e]).is_empty());
    }

    #[test]
    fn deep_expressions_do_not_overflow() {
        let x = Symbol::fresh("x", Sort::Bv(32), SymbolKind::Input);
        let mut e = sym(x);
        for i in 0..100_000u128 {
            e = bin(kappa_expr::BvOp::Xor, e, bv(32, i * 7 + 3));
            e = bin(kappa_expr::BvOp::Mul, e, sym(x));
        }
        assert_eq!(free_syms(&[e]), vec![x]);
    }
}
