//! The quantifier-free weakening φ̂^K of φ̂ (Section 4 of the paper).
//!
//! Every universal quantifier of φ̂ comes from a looping condition
//! `∀τ. τ < κ → ρ(τ)`; it is replaced by its first K + 1 instances
//! `∧_{0 ≤ c ≤ K} (c < κ → ρ(c))`, which it implies. Existential quantifiers
//! (at positive polarity only, as φ̂ builds them) become fresh constants, one
//! set per instance of the enclosing universals, which keeps satisfiability
//! and the implication. A quantifier in any other position (never built by
//! this crate) makes its enclosing atom `true`, a weakening. So φ̂ implies
//! φ̂^K: an unsatisfiable φ̂^K proves the target unreachable as well, and a
//! model of φ̂^K is only a candidate.

use crate::exec::fresh;
use kappa_expr::build as b;
use kappa_expr::{has_quantifier, substitute, Expr, Kind};

/// Default K: instances of each universal quantifier kept (0..=K).
pub const DEFAULT_K: u64 = 25;

/// K of the bounded side of the race (see [`instantiate_bounded`]): counters
/// up to 65 iterations, enough for the small fixed loops of typical tasks.
pub const BOUNDED_K: u64 = 64;

/// Most work one instantiation does, in expression nodes substituted (each
/// instance of a universal costs its body's size; nested quantifiers
/// multiply); past it the remaining universals become `true` (a weakening:
/// φ̂^K stays necessary) and a bounded instantiation is not exact.
pub const MAX_WORK: usize = 300_000;

/// Number of distinct nodes of `e`.
pub fn dag_size(e: Expr) -> usize {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        if x.is_const() || !seen.insert(x) {
            continue;
        }
        stack.extend(x.kind().children());
    }
    seen.len().max(1)
}

/// φ̂^K for `phi` (see the module doc).
pub fn instantiate(phi: Expr, k: u64) -> Expr {
    let mut budget = MAX_WORK;
    inst(phi, k, false, &mut budget).0
}

/// φ̂^K strengthened by `κ ≤ K + 1` for the counter κ guarding each
/// expanded universal (`∀τ. τ < κ → ρ`): under that bound the K + 1
/// instances are all of them, so a model of the result (with its skolem
/// constants as witnesses) is a model of φ̂. The flag says whether every
/// universal had that shape (otherwise a model proves nothing).
pub fn instantiate_bounded(phi: Expr, k: u64) -> (Expr, bool) {
    let mut budget = MAX_WORK;
    inst(phi, k, true, &mut budget)
}

/// The counter κ of a guard `!(τ <u κ)` among the disjuncts of `body`.
fn guard_counter(body: Expr, tau: kappa_expr::Symbol) -> Option<Expr> {
    let mut stack = vec![body];
    while let Some(e) = stack.pop() {
        match e.kind() {
            Kind::Or(x, y) => stack.extend([x, y]),
            Kind::Not(n) => {
                if let Kind::Ult(t, kappa) = n.kind() {
                    if t == b::sym(tau) {
                        return Some(kappa);
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// A symbol's name without its `#id` suffix.
fn base_name(s: kappa_expr::Symbol) -> String {
    let n = s.name();
    n.split('#').next().unwrap_or(&n).to_string()
}

fn inst(phi: Expr, k: u64, bounded: bool, budget: &mut usize) -> (Expr, bool) {
    if !has_quantifier(&[phi]) {
        return (phi, true);
    }
    match phi.kind() {
        Kind::And(x, y) => {
            let (a, ea) = inst(x, k, bounded, budget);
            let (c, ec) = inst(y, k, bounded, budget);
            (b::and(a, c), ea && ec)
        }
        Kind::Or(x, y) => {
            let (a, ea) = inst(x, k, bounded, budget);
            let (c, ec) = inst(y, k, bounded, budget);
            (b::or(a, c), ea && ec)
        }
        Kind::Forall(vs, body) => {
            let cost = (k as usize + 1).saturating_mul(dag_size(body));
            if *budget < cost {
                return (b::tru(), false);
            }
            *budget -= cost;
            let v = vs[0];
            let rest: Vec<_> = vs[1..].to_vec();
            let mut parts = vec![];
            let mut exact = rest.is_empty();
            if bounded {
                match guard_counter(body, v) {
                    Some(kappa) => parts.push(b::ule(kappa, b::bv(64, k as u128 + 1))),
                    None => exact = false,
                }
            }
            for c in 0..=k {
                let w = v.sort().width();
                let one = substitute(body, &|s| (s == v).then(|| b::bv(w, c as u128)));
                let (e, ex) = inst(b::forall(rest.clone(), one), k, bounded, budget);
                exact &= ex;
                parts.push(e);
            }
            (b::and_all(parts), exact)
        }
        Kind::Exists(vs, body) => {
            let subst: Vec<_> = vs
                .iter()
                .map(|s| {
                    (
                        *s,
                        b::sym(fresh(&format!("sk_{}", base_name(*s)), s.sort())),
                    )
                })
                .collect();
            let one = substitute(body, &|s| {
                subst.iter().find(|(x, _)| *x == s).map(|(_, e)| *e)
            });
            inst(one, k, bounded, budget)
        }
        _ => (b::tru(), false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::{Sort, Symbol, SymbolKind};

    #[test]
    fn universal_becomes_k_plus_one_instances_and_is_implied() {
        let kappa = Symbol::fresh("kappa", Sort::Bv(64), SymbolKind::Counter);
        let tau = Symbol::fresh("tau", Sort::Bv(64), SymbolKind::Bound);
        let x = Symbol::fresh("x", Sort::Bv(64), SymbolKind::Input);
        // ∀τ. τ < κ → x + τ != 7
        let body = b::implies(
            b::ult(b::sym(tau), b::sym(kappa)),
            b::ne(b::add(b::sym(x), b::sym(tau)), b::bv(64, 7)),
        );
        let phi = b::forall(vec![tau], body);
        let k3 = instantiate(phi, 3);
        assert!(!has_quantifier(&[k3]));
        let mut a = kappa_expr::Assignment::default();
        // κ = 2, x = 5: instance τ = 2 is switched off by τ < κ
        a.set(kappa, 2);
        a.set(x, 5);
        assert_eq!(kappa_expr::eval::eval_bool(k3, &a), Some(true));
        // κ = 3, x = 5: instance τ = 2 fails
        a.set(kappa, 3);
        assert_eq!(kappa_expr::eval::eval_bool(k3, &a), Some(false));
        // beyond K the weakening no longer sees the violation (x + 4 = 7 for x = 3 is at τ = 4)
        a.set(kappa, 10);
        a.set(x, 3);
        assert_eq!(kappa_expr::eval::eval_bool(k3, &a), Some(true));
    }

    #[test]
    fn existentials_become_fresh_constants_per_instance() {
        let kappa = Symbol::fresh("kappa", Sort::Bv(64), SymbolKind::Counter);
        let tau = Symbol::fresh("tau", Sort::Bv(64), SymbolKind::Bound);
        let y = Symbol::fresh("y", Sort::Bv(64), SymbolKind::Bound);
        let inner = b::exists(vec![y], b::eq(b::sym(y), b::sym(tau)));
        let phi = b::forall(
            vec![tau],
            b::implies(b::ult(b::sym(tau), b::sym(kappa)), inner),
        );
        let k = instantiate(phi, 2);
        assert!(!has_quantifier(&[k]));
        let (syms, _) = kappa_expr::print::free_symbols(&[k]);
        // κ and three skolem constants
        assert_eq!(syms.len(), 4);
    }
}
