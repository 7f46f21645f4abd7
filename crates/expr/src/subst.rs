//! Substitution θ⟨e⟩ and composition θ1 ◇ θ2 of symbolic memories.

use crate::build::{rebuild, sym};
use crate::pool::{Expr, Kind, Symbol};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// Replaces every free occurrence of a symbol `s` in `e` by `f(s)` when it is
/// `Some`, rebuilding (and so simplifying) the result. Symbols bound by a
/// quantifier inside `e` are left alone. Shared sub-terms are visited once.
pub fn substitute(e: Expr, f: &impl Fn(Symbol) -> Option<Expr>) -> Expr {
    let mut memo = FxHashMap::default();
    subst_memo(e, f, &mut memo, &[])
}

fn subst_memo(
    e: Expr,
    f: &impl Fn(Symbol) -> Option<Expr>,
    memo: &mut FxHashMap<Expr, Expr>,
    bound: &[Symbol],
) -> Expr {
    if let Some(r) = memo.get(&e) {
        return *r;
    }
    let kind = e.kind();
    let r = match &kind {
        Kind::Sym(s) => {
            if bound.contains(s) {
                e
            } else {
                f(*s).unwrap_or(e)
            }
        }
        Kind::BoolConst(_) | Kind::BvConst { .. } => e,
        Kind::Forall(vs, body) | Kind::Exists(vs, body) => {
            let mut inner_bound = bound.to_vec();
            inner_bound.extend(vs.iter().copied());
            // a fresh memo: bound variables change the meaning of sub-terms
            let mut inner = FxHashMap::default();
            let b = subst_memo(*body, f, &mut inner, &inner_bound);
            rebuild(&kind, &[b])
        }
        _ => {
            let ch: Vec<Expr> = kind
                .children()
                .into_iter()
                .map(|c| subst_memo(c, f, memo, bound))
                .collect();
            rebuild(&kind, &ch)
        }
    };
    memo.insert(e, r);
    r
}

/// A symbolic memory θ: a finite map from symbols (program variables' initial
/// values a̲, parameters) to expressions. Symbols not in the map stand for
/// themselves (θ(a) = a̲).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SymMemory {
    map: BTreeMap<Symbol, Expr>,
}

impl SymMemory {
    /// The identity memory.
    pub fn new() -> Self {
        Self::default()
    }
    /// Sets θ(s) := e.
    pub fn set(&mut self, s: Symbol, e: Expr) {
        if e == sym(s) {
            self.map.remove(&s);
        } else {
            self.map.insert(s, e);
        }
    }
    /// θ(s): the mapped expression, or `s` itself.
    pub fn get(&self, s: Symbol) -> Expr {
        self.map.get(&s).copied().unwrap_or_else(|| sym(s))
    }
    /// The explicitly mapped symbols and their expressions, sorted by symbol.
    pub fn entries(&self) -> impl Iterator<Item = (Symbol, Expr)> + '_ {
        self.map.iter().map(|(k, v)| (*k, *v))
    }
    /// θ⟨e⟩: replaces every symbol of `e` by its value in θ.
    pub fn apply(&self, e: Expr) -> Expr {
        if self.map.is_empty() {
            return e;
        }
        substitute(e, &|s| self.map.get(&s).copied())
    }
    /// θ1 ◇ θ2 (`self` is θ1): the effect of running θ1 and then θ2, i.e.
    /// `(θ1 ◇ θ2)(s) = θ1⟨θ2(s)⟩` for symbols mapped by θ2 and `θ1(s)` otherwise.
    pub fn compose(&self, then: &SymMemory) -> SymMemory {
        let mut out = self.clone();
        for (s, e) in &then.map {
            out.set(*s, self.apply(*e));
        }
        out
    }
}
