//! k-induction over the cut-point system, strengthened with an inductive
//! invariant per cut point (Houdini's): the queries whose
//! unsatisfiability proves the program safe, built from the system and
//! the certificate `(inv, atoms, k)` alone.
//!
//! A trace is a sequence of transitions (paths between cut points); its
//! states are the registers at each cut point reached. The property `P`
//! at cut point `j` is: every atom of `atoms[j]` holds (candidate atoms
//! Houdini dropped as not 1-inductive, which may be k-inductive: the
//! property after a loop is often only checked when the loop exits, and
//! its atoms hold at every iteration) and no error path is enabled. With
//! `inv` initial and inductive (checked separately), every reachable
//! state satisfies `P`, so the program is safe, when:
//! - *base*: no trace of `d < k` transitions from the entry ends in a
//!   state violating `P`;
//! - *step*: no trace of `k` transitions, from any cut point, whose first
//!   `k` states satisfy `inv` and `P`, ends in a state satisfying `inv`
//!   and violating `P`.
//!
//! By induction on the depth of a reachable state: below `k` the base
//! case applies; at depth `n ≥ k` its `k` predecessors are reachable,
//! hence satisfy `inv` and (induction hypothesis) `P`.
//!
//! "No error path enabled" is, in the hypotheses, a state predicate
//! implied by it (never stronger, which would be unsound): for an error path whose condition
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

use crate::system::{or_all, End, System};
use kappa_expr::build as b;
use kappa_expr::eval::eval_bool;
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::VarId;
use kappa_solver::{SatResult, Solver};
use rustc_hash::FxHashSet;

/// Largest `k` the stage tries.
pub const MAX_K: usize = 4;

/// Most transitions (paths between cut points) for which the stage
/// unrolls; beyond it the queries are too big to be worth asking.
pub const MAX_TRANSITIONS: usize = 64;

/// The queries of certificate `(inv, k)` over `sys`.
pub struct Unroller<'a> {
    sys: &'a System,
    inv: &'a [Expr],
    /// Per cut point, the atoms of the property besides safety.
    atoms: Vec<Vec<Expr>>,
    /// Per cut point, the safety hypothesis (over state symbols and the
    /// inputs of weakly encoded error paths, renamed per step).
    hyp: Vec<Expr>,
    /// The registers some transition assigns (fresh per step).
    assigned: Vec<VarId>,
}

/// A query of [`Unroller::query`], with what is needed to read its models.
pub struct Unrolled {
    /// The query (unsatisfiable: the obligation holds).
    pub query: Expr,
    /// The registers at the trace's last state.
    pub last: Vec<Expr>,
    /// The conditions under which the trace ends at each cut point.
    pub ends: Vec<(Expr, usize)>,
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
        let assigned = sys.assigned();
        Unroller {
            sys,
            inv,
            atoms: vec![vec![]; sys.cuts.len()],
            hyp,
            assigned,
        }
    }

    /// Sets the atoms of the property (one list per cut point, over the
    /// state symbols; none by default).
    pub fn set_atoms(&mut self, atoms: Vec<Vec<Expr>>) {
        self.atoms = atoms;
    }

    /// The atoms of the property.
    pub fn atoms(&self) -> &[Vec<Expr>] {
        &self.atoms
    }

    /// The number of transitions (paths between cut points).
    pub fn transitions(&self) -> usize {
        self.sys
            .paths
            .iter()
            .filter(|p| matches!(p.to, End::Cut(_)))
            .count()
    }

    /// `es` at a step whose state is `cur` ([`System::rename_step`]).
    fn rename(&self, es: &[Expr], cur: &[Expr]) -> Vec<Expr> {
        self.sys.rename_step(es, cur).0
    }

    /// The query whose unsatisfiability is the base case at depth `k`
    /// (`from_entry`: traces start at the entry) or the step case of `k`
    /// (traces start anywhere): a trace of `k` transitions with `inv`
    /// and the safety hypothesis at its first `k` states, `inv` and an
    /// the property violated at its last.
    pub fn query(&self, k: usize, from_entry: bool) -> Unrolled {
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
            let broken = b::not(b::and_all(self.rename(&self.atoms[j], cur)));
            b::and(self.holds(j, cur, false), b::or(broken, or_all(errs)))
        };
        let ends: Vec<(Expr, usize)> = match &prev {
            None if from_entry => vec![(b::tru(), 0)],
            None => (0..sys.cuts.len()).map(|j| (b::tru(), j)).collect(),
            Some(ps) => ps
                .iter()
                .filter_map(|(s, q)| match sys.paths[*q].to {
                    End::Cut(j) => Some((*s, j)),
                    End::Error(_) => None,
                })
                .collect(),
        };
        conj.push(or_all(ends.iter().map(|(s, j)| b::and(*s, bad(*j, &cur)))));
        Unrolled {
            query: b::and_all(conj),
            last: cur,
            ends,
        }
    }

    /// The atoms of the property a model `m` of `u`'s query falsifies at
    /// the trace's last state, per cut point.
    pub fn broken(&self, u: &Unrolled, m: &kappa_expr::eval::Assignment) -> Vec<Vec<Expr>> {
        let mut out = vec![vec![]; self.sys.cuts.len()];
        for (s, j) in &u.ends {
            if eval_bool(*s, m) != Some(true) {
                continue;
            }
            for a in &self.atoms[*j] {
                let here = self.rename(&[*a], &u.last)[0];
                if eval_bool(here, m) != Some(true) && !out[*j].contains(a) {
                    out[*j].push(*a);
                }
            }
        }
        out
    }

    /// `inv` at cut `j` in state `cur`, with the property (its atoms and
    /// the safety hypothesis) when `safe`.
    fn holds(&self, j: usize, cur: &[Expr], safe: bool) -> Expr {
        let mut es = vec![self.inv[j]];
        if safe {
            es.push(self.hyp[j]);
            es.extend(self.atoms[j].iter().copied());
        }
        b::and_all(self.rename(&es, cur))
    }
}

/// Searches `k = 1..=`[`MAX_K`] for a k-induction proof strengthened with
/// `inv`, keeping the atoms of `pool` (per cut point) that the base and
/// step cases do not refute, Houdini-like: a model of the step case drops
/// the atoms it falsifies at the trace's last state (none: the error
/// itself, this `k` fails); a model of a base case drops them for good
/// (they are false in a reachable state). The first `(atoms, k)` whose
/// step and base cases held, for the checker to check again.
pub fn search(
    sys: &System,
    inv: &[Expr],
    mut pool: Vec<Vec<Expr>>,
    deadline: Option<std::time::Instant>,
) -> Result<(Vec<Vec<Expr>>, usize), String> {
    let mut solver = crate::check::fresh_solver(std::time::Duration::from_secs(5), deadline);
    let mut un = Unroller::new(sys, inv, &mut solver);
    if un.transitions() > MAX_TRANSITIONS {
        return Err(format!(
            "k-induction not tried (more than {MAX_TRANSITIONS} transitions)"
        ));
    }
    let mut norm = crate::poly::Normalizer::default();
    let mut ask = |u: &Unrolled,
                   solver: &mut crate::check::Z3|
     -> Result<Option<kappa_expr::eval::Assignment>, String> {
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return Err("k-induction: deadline".into());
        }
        match crate::relax::solve(solver, norm.normalize(u.query)) {
            SatResult::Unsat => Ok(None),
            SatResult::Sat(m) => Ok(Some(m)),
            SatResult::Unknown(w) => Err(format!("k-induction: solver unknown: {w}")),
        }
    };
    let minus = |a: &mut Vec<Vec<Expr>>, d: &[Vec<Expr>]| {
        for (x, y) in a.iter_mut().zip(d) {
            x.retain(|e| !y.contains(e));
        }
    };
    // a shallow error ends the search at once (bounded model checking of
    // the property without atoms, the base cases of every k tried)
    for d in 0..MAX_K {
        if ask(&un.query(d, true), &mut solver)?.is_some() {
            return Err(format!(
                "k-induction: an error path of the system is feasible after {d} transitions"
            ));
        }
    }
    'k: for k in 1..=MAX_K {
        un.set_atoms(pool.clone());
        loop {
            // the step case, until it holds or fails on the error itself
            let u = un.query(k, false);
            if let Some(m) = ask(&u, &mut solver)? {
                let broken = un.broken(&u, &m);
                if broken.iter().all(Vec::is_empty) {
                    continue 'k;
                }
                let mut atoms = un.atoms().to_vec();
                minus(&mut atoms, &broken);
                un.set_atoms(atoms);
                continue;
            }
            // the base cases, which refute atoms for good
            let mut refuted = false;
            for d in 0..k {
                let u = un.query(d, true);
                if let Some(m) = ask(&u, &mut solver)? {
                    let broken = un.broken(&u, &m);
                    if broken.iter().all(Vec::is_empty) {
                        return Err(format!(
                            "k-induction: an error path of the system is feasible after {d} transitions"
                        ));
                    }
                    let mut atoms = un.atoms().to_vec();
                    minus(&mut atoms, &broken);
                    un.set_atoms(atoms);
                    minus(&mut pool, &broken);
                    refuted = true;
                    break;
                }
            }
            if !refuted {
                return Ok((un.atoms().to_vec(), k));
            }
        }
    }
    Err(format!("not k-inductive for k <= {MAX_K}"))
}
