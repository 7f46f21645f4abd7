//! k-induction over the cut-point system, strengthened with an inductive
//! invariant per cut point (Houdini's): the queries whose
//! unsatisfiability proves the program safe, built from the system and
//! the certificate `(inv, k)` alone.
//!
//! A trace is a sequence of transitions (paths between cut points); its
//! states are the registers at each cut point reached. With `inv` initial
//! and inductive (checked separately), the program is safe when:
//! - *base*: no trace of `d < k` transitions from the entry ends in a
//!   state with an enabled error path;
//! - *step*: no trace of `k` transitions, from any cut point, whose first
//!   `k` states satisfy `inv` and are safe, ends in a state satisfying
//!   `inv` with an enabled error path.
//!
//! By induction on the depth of a reachable state: below `k` the base
//! case applies; at depth `n ≥ k` its `k` predecessors are reachable,
//! hence satisfy `inv` and (induction hypothesis) are safe.
//!
//! "Safe" in the hypotheses is a state predicate implied by safety (never
//! stronger, which would be unsound): for an error path whose condition
//! splits into conjuncts over the state only, `S`, and conjuncts over the
//! path's inputs only, `R`, with `R` satisfiable (asked of the solver), it
//! is `¬S` (exact: some input takes the path whenever `S` holds);
//! otherwise `¬pc` with the path's inputs fresh per step (weaker: the
//! solver may choose inputs that avoid the error).
//!
//! Each step's inputs and the registers the transitions assign are fresh
//! symbols per step; one boolean per step and transition selects the
//! transitions taken, and a transition at step `i > 0` needs one into its
//! start at step `i − 1`. Several selected transitions at one step must
//! agree on the next state, so each of them is a real transition.

use crate::system::{End, System};
use kappa_expr::build as b;
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::VarId;
use kappa_solver::{SatResult, Solver};
use rustc_hash::{FxHashMap, FxHashSet};

/// Largest `k` the stage tries.
pub const MAX_K: usize = 4;

/// Most transitions (paths between cut points) for which the stage
/// unrolls; beyond it the queries are too big to be worth asking.
pub const MAX_TRANSITIONS: usize = 64;

/// The queries of certificate `(inv, k)` over `sys`.
pub struct Unroller<'a> {
    sys: &'a System,
    inv: &'a [Expr],
    /// Per cut point, the safety hypothesis (over state symbols and the
    /// inputs of weakly encoded error paths, renamed per step).
    hyp: Vec<Expr>,
    /// The registers some transition assigns (fresh per step).
    assigned: Vec<VarId>,
    /// The symbols kept across steps: the state symbols and addresses.
    rigid: FxHashSet<Symbol>,
}

fn or_all(items: impl IntoIterator<Item = Expr>) -> Expr {
    items.into_iter().fold(b::fls(), b::or)
}

impl<'a> Unroller<'a> {
    /// The unroller of `(inv, ·)`; `solver` decides whether the input
    /// conditions of error paths are satisfiable (for the hypotheses).
    pub fn new(sys: &'a System, inv: &'a [Expr], solver: &mut impl Solver) -> Self {
        let mut rigid: FxHashSet<Symbol> = sys.state.iter().copied().collect();
        let addrs: FxHashSet<Symbol> = sys.addrs.iter().copied().collect();
        rigid.extend(addrs.iter().copied());
        let state_like = |e: Expr| {
            let (syms, funcs) = kappa_expr::print::free_symbols(&[e]);
            funcs.is_empty() && syms.iter().all(|s| rigid.contains(s))
        };
        let input_only = |e: Expr| {
            let (syms, funcs) = kappa_expr::print::free_symbols(&[e]);
            funcs.is_empty() && syms.iter().all(|s| !rigid.contains(s))
        };
        let mut hyp = vec![b::tru(); sys.cuts.len()];
        for p in &sys.paths {
            if !matches!(p.to, End::Error(_)) {
                continue;
            }
            let mut cs = vec![];
            crate::candidates::conjuncts(p.pc, &mut cs);
            let (s, r): (Vec<Expr>, Vec<Expr>) = cs.into_iter().partition(|c| state_like(*c));
            let exact = r.iter().all(|c| input_only(*c))
                && (r.is_empty()
                    || matches!(
                        solver.check(&[], b::and_all(r.iter().copied())),
                        SatResult::Sat(_)
                    ));
            let h = if exact {
                b::not(b::and_all(s))
            } else {
                b::not(p.pc)
            };
            hyp[p.from] = b::and(hyp[p.from], h);
        }
        let mut assigned: Vec<VarId> = sys
            .paths
            .iter()
            .filter(|p| matches!(p.to, End::Cut(_)))
            .flat_map(|p| p.theta.iter().map(|(v, _)| *v))
            .collect();
        assigned.sort();
        assigned.dedup();
        Unroller {
            sys,
            inv,
            hyp,
            assigned,
            rigid,
        }
    }

    /// The number of transitions (paths between cut points).
    pub fn transitions(&self) -> usize {
        self.sys
            .paths
            .iter()
            .filter(|p| matches!(p.to, End::Cut(_)))
            .count()
    }

    /// `es` with the state symbols replaced by `cur` and every other
    /// non-rigid symbol by a fresh one (one renaming for all of `es`).
    fn rename(&self, es: &[Expr], cur: &[Expr]) -> Vec<Expr> {
        let (syms, _) = kappa_expr::print::free_symbols(es);
        let mut map: FxHashMap<Symbol, Expr> = FxHashMap::default();
        for s in syms {
            if let Some(v) = self.sys.var_of(s) {
                map.insert(s, cur[v.index()]);
            } else if !self.rigid.contains(&s) {
                map.insert(s, b::sym(Symbol::fresh("in", s.sort(), SymbolKind::Fresh)));
            }
        }
        es.iter()
            .map(|e| kappa_expr::substitute(*e, &|s| map.get(&s).copied()))
            .collect()
    }

    /// The query whose unsatisfiability is the base case at depth `k`
    /// (`from_entry`: traces start at the entry) or the step case of `k`
    /// (traces start anywhere): a trace of `k` transitions with `inv`
    /// and the safety hypothesis at its first `k` states, `inv` and an
    /// enabled error path at its last.
    pub fn query(&self, k: usize, from_entry: bool) -> Expr {
        let sys = self.sys;
        let mut cur: Vec<Expr> = sys.state.iter().map(|s| b::sym(*s)).collect();
        let mut conj = vec![];
        // (sel, path) of the previous step; None before the first step
        let mut prev: Option<Vec<(Expr, usize)>> = None;
        for i in 0..k {
            let mut next = cur.clone();
            for v in &self.assigned {
                let s = sys.state[v.index()];
                next[v.index()] =
                    b::sym(Symbol::fresh(&format!("s{i}"), s.sort(), SymbolKind::Fresh));
            }
            let mut sels = vec![];
            for (pi, p) in sys.paths.iter().enumerate() {
                let End::Cut(_) = p.to else { continue };
                let reach = match &prev {
                    None if from_entry && p.from != 0 => continue,
                    None => b::tru(),
                    Some(ps) => or_all(
                        ps.iter()
                            .filter(|(_, q)| sys.paths[*q].to == End::Cut(p.from))
                            .map(|(s, _)| *s),
                    ),
                };
                if reach.as_bool_const() == Some(false) {
                    continue;
                }
                let mut es = vec![p.pc];
                es.extend(self.assigned.iter().map(|v| sys.post(p, *v)));
                let es = self.rename(&es, &cur);
                let eqs = self
                    .assigned
                    .iter()
                    .zip(&es[1..])
                    .map(|(v, e)| b::eq(next[v.index()], *e));
                let sel = b::sym(Symbol::fresh(
                    &format!("t{i}_{pi}"),
                    Sort::Bool,
                    SymbolKind::Fresh,
                ));
                let body = b::and_all(
                    [reach, self.holds(p.from, &cur, true), es[0]]
                        .into_iter()
                        .chain(eqs),
                );
                conj.push(b::implies(sel, body));
                sels.push((sel, pi));
            }
            conj.push(or_all(sels.iter().map(|(s, _)| *s)));
            prev = Some(sels);
            cur = next;
        }
        let bad = |j: usize, cur: &[Expr]| {
            let errs: Vec<Expr> = sys
                .paths
                .iter()
                .filter(|p| p.from == j && matches!(p.to, End::Error(_)))
                .map(|p| self.rename(&[p.pc], cur)[0])
                .collect();
            b::and(self.holds(j, cur, false), or_all(errs))
        };
        let goal = match &prev {
            None if from_entry => bad(0, &cur),
            None => or_all((0..sys.cuts.len()).map(|j| bad(j, &cur))),
            Some(ps) => or_all(ps.iter().map(|(s, q)| match sys.paths[*q].to {
                End::Cut(j) => b::and(*s, bad(j, &cur)),
                End::Error(_) => b::fls(),
            })),
        };
        conj.push(goal);
        b::and_all(conj)
    }

    /// `inv` at cut `j` in state `cur`, with the safety hypothesis when
    /// `safe`.
    fn holds(&self, j: usize, cur: &[Expr], safe: bool) -> Expr {
        let mut es = vec![self.inv[j]];
        if safe {
            es.push(self.hyp[j]);
        }
        b::and_all(self.rename(&es, cur))
    }
}
