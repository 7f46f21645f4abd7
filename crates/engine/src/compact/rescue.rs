//! Quantifier-free instances of compact path conditions (the paper's
//! Section 4 proposal): parameters κ fixed to values, each `∀τ. τ < N → P(τ)`
//! expanded to `P(0) ∧ … ∧ P(N-1)`, and reads `A[t]` of per-iteration input
//! arrays at constant iterations replaced by scalar symbols.
//!
//! Soundness: with κ fixed to `n` the expansion is exact (the implication is
//! vacuous for τ ≥ n), so an instance is equivalent to `pc ∧ κ = n`: a model
//! of an instance is a real model of the path condition, and gives every
//! per-iteration input. An `unsat` instance only excludes those values of κ;
//! it proves nothing about the path condition and is never used as a proof.

use crate::Engine;
use kappa_expr::build::{self as b};
use kappa_expr::eval::ArrVal;
use kappa_expr::{substitute, Assignment, Expr, Kind, Sort, Symbol, SymbolKind};
use kappa_solver::SatResult;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Most iterations (summed over the quantifiers) an instance expands.
pub const MAX_INSTANCE_ITERATIONS: u64 = 1_000_000;

/// The constraints of `c` as a flat list (top-level conjunctions split).
fn conjuncts(c: Expr, out: &mut Vec<Expr>) {
    let mut stack = vec![c];
    while let Some(e) = stack.pop() {
        match e.kind() {
            Kind::And(x, y) => {
                stack.push(y);
                stack.push(x);
            }
            _ => out.push(e),
        }
    }
}

/// The bound `N` of a quantifier body `τ < N → P`: the constant `N` of a
/// `τ <u N` inside it.
fn bound_of(body: Expr, tau: Symbol) -> Option<u128> {
    guard_of(body, tau)?.as_bv_const()
}

/// The bound `X` of a quantifier body `τ < X → P`: the `X` of a `τ <u X`
/// inside it.
fn guard_of(body: Expr, tau: Symbol) -> Option<Expr> {
    let mut stack = vec![body];
    let mut seen = 0;
    while let Some(e) = stack.pop() {
        seen += 1;
        if seen > 10_000 {
            return None;
        }
        let k = e.kind();
        if let Kind::Ult(x, n) = &k {
            if matches!(x.kind(), Kind::Sym(s) if s == tau) {
                return Some(*n);
            }
        }
        stack.extend(k.children());
    }
    None
}

/// Replaces `select(A, t)` with constant `t` and symbol `A` by a scalar
/// symbol, recording which.
struct Scalarize {
    memo: FxHashMap<Expr, Expr>,
    cells: FxHashMap<(Symbol, u128), Symbol>,
}

impl Scalarize {
    fn go(&mut self, e: Expr) -> Expr {
        if let Some(r) = self.memo.get(&e) {
            return *r;
        }
        let k = e.kind();
        let r = match &k {
            Kind::Select(a, i) => match (a.kind(), i.as_bv_const()) {
                (Kind::Sym(arr), Some(t)) => {
                    let w = e.width();
                    let s = *self.cells.entry((arr, t)).or_insert_with(|| {
                        Symbol::fresh(
                            &format!("{}_{t}", arr.name()),
                            Sort::Bv(w),
                            SymbolKind::Fresh,
                        )
                    });
                    b::sym(s)
                }
                _ => e,
            },
            Kind::BoolConst(_) | Kind::BvConst { .. } | Kind::Sym(_) => e,
            _ => {
                let ch: Vec<Expr> = k.children().into_iter().map(|c| self.go(c)).collect();
                b::rebuild(&k, &ch)
            }
        };
        self.memo.insert(e, r);
        r
    }
}

/// Time limit of a rescue query: it is an attempt, the real query follows.
pub const RESCUE_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(500);

/// Time limit of the quantifier-free relaxation of a query: its `unsat` is a
/// proof, and it is usually much easier than the quantified query, which
/// follows with at most the Z3 layer's quantified limit (2 s); so it may
/// take as long.
pub const RELAXATION_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// Iterations expanded by [`Engine::rescue_check`].
pub const RESCUE_ITERATIONS: u128 = 32;

impl Engine<'_> {
    /// Counts a query decided by [`Engine::rescue_check`] or
    /// [`Engine::relaxation_unsat`] (compact execution's `rescued`).
    pub(crate) fn count_rescued(&mut self) {
        self.stats
            .techniques
            .get_mut::<super::CompactStats>()
            .rescued += 1;
    }

    /// Rescue of an undecided query (the paper's Section 4 proposal): the
    /// quantifier-free instance where every quantifier `∀τ. τ < X → P(τ)` is
    /// replaced by `∧_{t < K} (t < X → P(t)) ∧ X ≤ K` for
    /// `K = RESCUE_ITERATIONS`. The instance implies the query (the
    /// expansion is exact when `X ≤ K`), so a model of it is a model of the
    /// query: `Some` is a sound "satisfiable". `None` (instance unsat or
    /// undecided) proves nothing.
    pub(crate) fn rescue_check(&mut self, constraints: &[Expr], goal: Expr) -> Option<Assignment> {
        let mut flat = vec![];
        for c in constraints.iter().chain(std::iter::once(&goal)) {
            conjuncts(*c, &mut flat);
        }
        let mut ground = vec![];
        let mut expanded = false;
        for c in flat {
            match c.kind() {
                Kind::Forall(vs, body) if vs.len() == 1 => {
                    let tau = vs[0];
                    let bound = guard_of(body, tau)?;
                    ground.push(b::ule(bound, b::bv(64, RESCUE_ITERATIONS)));
                    for t in 0..RESCUE_ITERATIONS {
                        let inst = substitute(body, &|s| (s == tau).then(|| b::bv(64, t)));
                        conjuncts(inst, &mut ground);
                    }
                    expanded = true;
                }
                Kind::Forall(..) | Kind::Exists(..) => return None,
                _ => ground.push(c),
            }
        }
        if !expanded || kappa_expr::has_quantifier(&ground) {
            return None;
        }
        let prev = self.push_query_cap(self.query_cap(RESCUE_TIMEOUT));
        let r = self.solver.check(&ground, b::tru());
        self.pop_query_cap(prev);
        match r {
            SatResult::Sat(m) => Some(m),
            _ => None,
        }
    }

    /// The quantifier-free relaxation of a query: its conjuncts (those of
    /// the path condition's slice and of the goal) without quantifiers (the
    /// first and last iteration instances a template adds stay). The query implies its relaxation, so an unsatisfiable
    /// relaxation proves the query unsatisfiable; `false` proves nothing.
    pub(crate) fn relaxation_unsat(&mut self, constraints: &[Expr], goal: Expr) -> bool {
        let mut flat = vec![];
        for c in constraints.iter().chain([&goal]) {
            conjuncts(*c, &mut flat);
        }
        let before = flat.len();
        flat.retain(|c| !kappa_expr::has_quantifier(&[*c]));
        if flat.len() == before {
            return false; // nothing dropped: the query itself was asked already
        }
        let prev = self.push_query_cap(self.query_cap(RELAXATION_TIMEOUT));
        let r = self.solver.check(&flat, b::tru());
        self.pop_query_cap(prev);
        r == SatResult::Unsat
    }

    /// A model of `pc` with the parameters fixed to `kappas`, computed from
    /// the quantifier-free instance (see the module documentation), with the
    /// per-iteration input arrays filled in for every iteration read.
    pub(crate) fn instance_model(
        &mut self,
        pc: &[Expr],
        kappas: &[(Symbol, u128)],
    ) -> Result<Assignment, String> {
        let fix: FxHashMap<Symbol, Expr> =
            kappas.iter().map(|(k, n)| (*k, b::bv(64, *n))).collect();
        let mut flat = vec![];
        for c in pc {
            conjuncts(substitute(*c, &|s| fix.get(&s).copied()), &mut flat);
        }
        let mut ground = vec![];
        let mut total: u128 = 0;
        for c in flat {
            match c.kind() {
                Kind::Forall(vs, body) if vs.len() == 1 => {
                    let tau = vs[0];
                    let n = bound_of(body, tau)
                        .ok_or("a quantifier without a constant iteration bound")?;
                    total += n;
                    if total > MAX_INSTANCE_ITERATIONS as u128 {
                        return Err(format!(
                            "instance with more than {MAX_INSTANCE_ITERATIONS} iterations"
                        ));
                    }
                    for t in 0..n {
                        let inst = substitute(body, &|s| (s == tau).then(|| b::bv(64, t)));
                        conjuncts(inst, &mut ground);
                    }
                }
                Kind::Forall(..) | Kind::Exists(..) => {
                    return Err("a quantifier over several variables".into())
                }
                _ => ground.push(c),
            }
        }
        let mut sc = Scalarize {
            memo: FxHashMap::default(),
            cells: FxHashMap::default(),
        };
        let ground: Vec<Expr> = ground
            .into_iter()
            .map(|c| sc.go(c))
            .filter(|c| c.as_bool_const() != Some(true))
            .collect();
        if ground.iter().any(|c| c.as_bool_const() == Some(false)) {
            return Err("the instance is unsatisfiable".into());
        }
        let m = match self.solver.check(&ground, b::tru()) {
            SatResult::Sat(m) => m,
            SatResult::Unsat => return Err("the instance is unsatisfiable".into()),
            SatResult::Unknown(r) => return Err(format!("solver {r} on the instance")),
        };
        let mut out = m.clone();
        for (k, n) in kappas {
            out.set(*k, *n);
        }
        let mut arrays: FxHashMap<Symbol, ArrVal> = FxHashMap::default();
        for ((arr, t), s) in &sc.cells {
            arrays
                .entry(*arr)
                .or_default()
                .entries
                .insert(*t, m.get(*s));
        }
        for (arr, v) in arrays {
            out.arrays.insert(arr, Rc::new(v));
        }
        Ok(out)
    }
}
