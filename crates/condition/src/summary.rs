//! Loop summaries (Algorithm 2): the iterated memory θ^κ and the looping
//! condition φ^κ of a loop along a backbone, over one 64-bit path counter
//! κ_i per backbone of the induced flowgraph `P(C, v)`.
//!
//! Counters are 64-bit bitvectors: κ_i stands for a number of iterations
//! below 2^64 (runs needing more are out of scope, as everywhere in kappa).
//! The rules for θ^κ(a), given the single-iteration memories θ'_i:
//!
//! 1. unchanged by every backbone: a̲. Exact.
//! 2. θ'_i(a) ∈ {a̲, a̲ + d_i} with θ^κ⟨d_i⟩ free of ⋆, counters and volatile
//!    symbols: a̲ + Σ θ^κ⟨d_i⟩·κ_i computed in the register's width `w`
//!    (κ_i truncated or zero-extended to `w`). Exact modulo 2^w: adding d_i
//!    κ_i times is adding κ_i·d_i mod 2^w, and κ_i mod 2^w is the low `w`
//!    bits of κ_i.
//! 3. θ'_i(a) ∈ {a̲, d} with θ^κ⟨d⟩ clean as above: ite(∨ κ_i ≠ 0, θ^κ⟨d⟩, a̲)
//!    over the backbones setting it (a disjunction rather than the paper's
//!    Σκ_i > 0, which could wrap). Exact.
//! 4. only backbone i changes a, to d with θ^κ⟨d⟩ free of ⋆, volatile
//!    symbols and counters other than κ_i: ite(κ_i ≠ 0, θ^κ⟨d⟩[κ_i − 1], a̲).
//!    Exact (κ_i − 1 does not wrap under κ_i ≠ 0).
//! 5. anything else: ⋆, a fresh symbol of this summary.
//! 6. the memory, when one backbone writes it by one store at an address
//!    that is a progression of its counter: the array of
//!    [`crate::arrays`] (exact modulo the address width); otherwise ⋆.
//!
//! The looping condition is ψ_1 ∧ … ∧ ψ_n with
//! ψ_i = ∀τ_i. τ_i < κ_i → ∃τ⃗_j. (∧_j τ_j ≤ κ_j) ∧ ∃V_i. γ_i, where γ_i is
//! θ^κ[κ/τ]⟨φ'_i⟩ without the conjuncts that mention a ⋆ of this summary
//! (the value of a ⋆ register after τ iterations is unknown and differs per
//! iteration: dropping keeps the condition necessary), inputs read by the
//! iteration are `seq[τ_1 + … + τ_n]` of one array per read (the iteration's
//! global index, so every iteration reads its own element), and V_i are the
//! volatile symbols of the backbone's execution (counters, ⋆ and input
//! sequences of nested loops, fresh values): each iteration has its own.

use crate::exec::{fresh, Ctx, Exec};
use kappa_expr::build as b;
use kappa_expr::print::free_symbols;
use kappa_expr::{Expr, Kind, Sort, SymMemory, Symbol, SymbolKind};
use kappa_ir::{EdgeId, Loc};
use kappa_loops::backbone::Flowgraph;
use std::collections::BTreeSet;
use std::rc::Rc;

/// A loop summary (θ^κ, φ^κ) with what it created.
#[derive(Clone, Debug)]
pub struct LoopSummary {
    /// Entry location of the loop in the inlined flowgraph.
    pub entry: Loc,
    /// Number of backbones of the induced flowgraph.
    pub backbones: usize,
    /// The path counters κ_i, one per backbone.
    pub counters: Vec<Symbol>,
    /// θ^κ: entry symbol → iterated value (keys not listed are unchanged).
    pub theta: SymMemory,
    /// The ⋆ symbols of θ^κ (registers or memory the rules cannot express).
    pub stars: Vec<Symbol>,
    /// Input sequences: (array indexed by the iteration, nondet edge).
    pub sequences: Vec<(Symbol, EdgeId)>,
    /// φ^κ.
    pub cond: Expr,
}

impl LoopSummary {
    /// The symbols this summary introduces into the backbone applying it.
    pub fn created(&self) -> Vec<Symbol> {
        let mut v = self.counters.clone();
        v.extend(self.stars.iter().copied());
        v.extend(self.sequences.iter().map(|(s, _)| *s));
        v
    }
}

use kappa_loops::closed::kappa_as as widen;

/// θ^κ⟨d⟩ if free of uninterpreted functions, of the symbols `excluded`
/// rejects (⋆, volatile symbols) and of counters other than `allow`.
fn clean_under(
    theta: &SymMemory,
    d: Expr,
    excluded: &dyn Fn(&Symbol) -> bool,
    counters: &BTreeSet<Symbol>,
    allow: Option<Symbol>,
) -> Option<Expr> {
    let v = theta.apply(d);
    let (syms, funcs) = free_symbols(&[v]);
    let bad = syms
        .iter()
        .any(|s| excluded(s) || (counters.contains(s) && Some(*s) != allow));
    (!bad && funcs.is_empty()).then_some(v)
}

/// `e - a` when `e` is `a + d` (either operand order) or `a - c`.
fn increment(e: Expr, a: Expr) -> Option<Expr> {
    match e.kind() {
        Kind::Bin(kappa_expr::BvOp::Add, x, y) if x == a => Some(y),
        Kind::Bin(kappa_expr::BvOp::Add, x, y) if y == a => Some(x),
        Kind::Bin(kappa_expr::BvOp::Sub, x, y) if x == a => Some(b::neg(y)),
        _ => None,
    }
}

impl Ctx<'_> {
    /// The summary of loop `body` with entry `entry` of flowgraph `g`
    /// (memoised: the induced flowgraph depends only on the loop and entry).
    pub fn summary(&mut self, g: &Flowgraph, body: &[bool], entry: usize) -> Rc<LoopSummary> {
        let locs: Vec<u32> = (0..g.len())
            .filter(|&i| body[i])
            .filter_map(|i| g.locs[i].map(|l| l.0))
            .collect();
        let entry_loc = g.locs[entry].expect("a loop entry is a real location");
        let key = (locs, entry_loc.0);
        if let Some(s) = self.summaries.get(&key) {
            return s.clone();
        }
        let p = g.induced(body, entry);
        let execs: Vec<Exec> = match p.backbones(self.max_backbones) {
            Ok(bbs) => bbs.iter().map(|bb| self.execute(&p, bb, false)).collect(),
            Err(e) => {
                self.gave_up
                    .get_or_insert_with(|| format!("a loop has more than {} backbones", e.bound));
                vec![]
            }
        };
        let s = Rc::new(self.compute_summary(entry_loc, &p, &execs));
        self.summaries.insert(key, s.clone());
        self.summary_list.push(s.clone());
        s
    }

    /// Algorithm 2 on the executed backbones of an induced flowgraph.
    fn compute_summary(&mut self, entry: Loc, p: &Flowgraph, execs: &[Exec]) -> LoopSummary {
        let n = execs.len();
        let counters: Vec<Symbol> = (0..n)
            .map(|_| Symbol::fresh("kappa", Sort::Bv(64), SymbolKind::Counter))
            .collect();
        // keys: every entry symbol some iteration changes, plus everything
        // assigned in the loop (so nothing it writes can stay "unchanged")
        let mut keys: BTreeSet<Symbol> = execs
            .iter()
            .flat_map(|e| e.theta.entries().map(|(s, _)| s))
            .collect();
        for fe in &p.edges {
            if let Some(e) = fe.edge {
                self.assigned_by(e, &mut keys);
            }
        }
        let volatile: BTreeSet<Symbol> = execs
            .iter()
            .flat_map(|e| {
                e.volatile
                    .iter()
                    .copied()
                    .chain(e.per_iter.iter().map(|(s, _)| *s))
            })
            .collect();
        let counter_set: BTreeSet<Symbol> = counters.iter().copied().collect();
        let mut star_of = std::collections::BTreeMap::new();
        let mut theta = SymMemory::new();
        for &k in &keys {
            let s = fresh("star", k.sort());
            star_of.insert(k, s);
            theta.set(k, b::sym(s));
        }
        let mut resolved: BTreeSet<Symbol> = BTreeSet::new();
        loop {
            let mut changed = false;
            for &a in &keys {
                if resolved.contains(&a) {
                    continue;
                }
                let stars: BTreeSet<Symbol> = keys
                    .iter()
                    .filter(|k| !resolved.contains(k))
                    .map(|k| star_of[k])
                    .collect();
                let clean = |d: Expr, allow: Option<Symbol>| {
                    clean_under(
                        &theta,
                        d,
                        &|s| stars.contains(s) || volatile.contains(s),
                        &counter_set,
                        allow,
                    )
                };
                if let Some(e) = self.rule(a, execs, &counters, &clean) {
                    theta.set(a, e);
                    resolved.insert(a);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let stars: Vec<Symbol> = keys
            .iter()
            .filter(|k| !resolved.contains(k))
            .map(|k| star_of[k])
            .collect();
        let star_set: BTreeSet<Symbol> = stars.iter().copied().collect();
        // looping condition
        let taus: Vec<Symbol> = (0..n)
            .map(|_| Symbol::fresh("tau", Sort::Bv(64), SymbolKind::Bound))
            .collect();
        let to_tau = |e: Expr| {
            kappa_expr::substitute(e, &|s| {
                counters
                    .iter()
                    .position(|c| *c == s)
                    .map(|i| b::sym(taus[i]))
            })
        };
        let mut theta_tau = SymMemory::new();
        for (k, v) in theta.entries() {
            theta_tau.set(k, to_tau(v));
        }
        let index = taus
            .iter()
            .map(|t| b::sym(*t))
            .reduce(b::add)
            .unwrap_or_else(|| b::bv(64, 0));
        let mut sequences: Vec<(Symbol, EdgeId)> = vec![];
        let mut psis = vec![];
        for (i, ex) in execs.iter().enumerate() {
            let mut seq_of = vec![];
            for &(nu, edge) in &ex.per_iter {
                let arr = match sequences.iter().find(|(_, e)| *e == edge) {
                    Some((a, _)) => *a,
                    None => {
                        let elem = match nu.sort() {
                            Sort::Bool => 1,
                            s => s.width(),
                        };
                        let a = fresh("seq", Sort::Array { index: 64, elem });
                        sequences.push((a, edge));
                        a
                    }
                };
                let mut v = b::select(b::sym(arr), index);
                if nu.sort() == Sort::Bool {
                    v = b::eq(v, b::bv(1, 1));
                }
                seq_of.push((nu, v));
            }
            let mut kept = vec![];
            for &c in &ex.pc {
                let g = theta_tau.apply(c);
                let g = kappa_expr::substitute(g, &|s| {
                    seq_of.iter().find(|(nu, _)| *nu == s).map(|(_, v)| *v)
                });
                let (syms, _) = free_symbols(&[g]);
                if syms.iter().any(|s| star_set.contains(s)) {
                    continue;
                }
                kept.push(g);
            }
            let gamma = b::and_all(kept);
            if gamma.as_bool_const() == Some(true) {
                continue;
            }
            let (syms, _) = free_symbols(&[gamma]);
            let vol: Vec<Symbol> = ex
                .volatile
                .iter()
                .copied()
                .filter(|s| syms.contains(s))
                .collect();
            let mut inner = b::exists(vol, gamma);
            let mut others = vec![];
            let mut bounds = vec![];
            for j in 0..n {
                if j != i {
                    others.push(taus[j]);
                    bounds.push(b::ule(b::sym(taus[j]), b::sym(counters[j])));
                }
            }
            bounds.push(inner);
            inner = b::exists(others, b::and_all(bounds));
            let body = b::implies(b::ult(b::sym(taus[i]), b::sym(counters[i])), inner);
            psis.push(b::forall(vec![taus[i]], body));
        }
        // rule 6, the memory written at a progression (see `crate::arrays`):
        // only now, as the looping condition keeps the memory ⋆ (its value
        // differs per iteration)
        if keys.contains(&self.mem) && !resolved.contains(&self.mem) {
            let unclean: BTreeSet<Symbol> = star_set.union(&volatile).copied().collect();
            let star = star_of[&self.mem];
            if let Some(e) = self.array_rule(execs, &counters, &theta, &unclean, star) {
                theta.set(self.mem, e);
            }
        }
        LoopSummary {
            entry,
            backbones: n,
            counters,
            theta,
            stars,
            sequences,
            cond: b::and_all(psis),
        }
    }

    /// Rule 6 for the memory: exactly one backbone changes it, by one store
    /// whose address and value after θ^κ are free of ⋆, volatile symbols
    /// (`unclean`) and counters other than its own; the iterated memory is
    /// then [`crate::arrays::iterated_store`]'s (with `star` when the writes
    /// do not fit), `None` otherwise.
    fn array_rule(
        &mut self,
        execs: &[Exec],
        counters: &[Symbol],
        theta: &SymMemory,
        unclean: &BTreeSet<Symbol>,
        star: Symbol,
    ) -> Option<Expr> {
        let me = b::sym(self.mem);
        let changed: Vec<usize> = (0..execs.len())
            .filter(|&i| execs[i].theta.get(self.mem) != me)
            .collect();
        let [i] = changed[..] else {
            return None;
        };
        let (addr, value, n) = crate::arrays::single_store(execs[i].theta.get(self.mem), me)?;
        let k = counters[i];
        let counter_set: BTreeSet<Symbol> = counters.iter().copied().collect();
        let clean =
            |d: Expr| clean_under(theta, d, &|s| unclean.contains(s), &counter_set, Some(k));
        let (a, v) = (clean(addr)?, clean(value)?);
        crate::arrays::iterated_store(&mut self.arrays, self.mem, star, k, a, v, n)
    }

    /// Rules 1-4 for entry symbol `a` (see the module doc); `None`: ⋆ so far.
    fn rule(
        &self,
        a: Symbol,
        execs: &[Exec],
        counters: &[Symbol],
        clean: &dyn Fn(Expr, Option<Symbol>) -> Option<Expr>,
    ) -> Option<Expr> {
        if execs.is_empty() {
            // no iteration could be analysed: everything the loop assigns is ⋆
            return None;
        }
        let me = b::sym(a);
        let vals: Vec<Expr> = execs.iter().map(|e| e.theta.get(a)).collect();
        let changed: Vec<usize> = (0..vals.len()).filter(|&i| vals[i] != me).collect();
        if changed.is_empty() {
            return Some(me); // rule 1
        }
        if matches!(a.sort(), Sort::Array { .. }) {
            return None;
        }
        if let Sort::Bv(w) = a.sort() {
            // rule 2
            let incs: Option<Vec<Expr>> = changed
                .iter()
                .map(|&i| increment(vals[i], me).and_then(|d| clean(d, None)))
                .collect();
            if let Some(incs) = incs {
                let mut e = me;
                for (&i, d) in changed.iter().zip(incs) {
                    e = b::add(e, b::mul(d, widen(b::sym(counters[i]), w)));
                }
                return Some(e);
            }
        }
        // rule 3
        let first = clean(vals[changed[0]], None);
        if let Some(d) = first {
            if changed.iter().all(|&i| clean(vals[i], None) == Some(d)) {
                let some = changed
                    .iter()
                    .map(|&i| b::ne(b::sym(counters[i]), b::bv(64, 0)))
                    .reduce(b::or)
                    .expect("at least one backbone changes it");
                return Some(b::ite(some, d, me));
            }
        }
        // rule 4
        if let [i] = changed[..] {
            if let Some(d) = clean(vals[i], Some(counters[i])) {
                let k = counters[i];
                let prev = kappa_expr::substitute(d, &|s| {
                    (s == k).then(|| b::sub(b::sym(k), b::bv(64, 1)))
                });
                return Some(b::ite(b::ne(b::sym(k), b::bv(64, 0)), prev, me));
            }
        }
        None
    }

    /// Adds the entry symbols written by IR edge `e` to `keys`.
    fn assigned_by(&mut self, e: EdgeId, keys: &mut BTreeSet<Symbol>) {
        use kappa_ir::Instr;
        let f = self.f;
        match &f.edges[e.index()].instr {
            Instr::Assign { dst, .. }
            | Instr::Load { dst, .. }
            | Instr::Alloca { dst, .. }
            | Instr::Nondet { dst, .. } => {
                keys.insert(self.canon(*dst));
            }
            Instr::Phi(ms) => {
                for (d, _) in ms {
                    keys.insert(self.canon(*d));
                }
            }
            Instr::Store { .. } => {
                keys.insert(self.mem);
            }
            Instr::Call { dst, .. } => {
                if let Some(d) = dst {
                    keys.insert(self.canon(*d));
                }
                keys.insert(self.mem);
            }
            _ => {}
        }
    }
}
