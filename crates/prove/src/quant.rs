//! Quantified array invariants: `forall k. lo <= k < hi -> a[k] ⋈ f(k)`
//! at a loop header, over the contents of a modelled object `a` (an array
//! from byte offsets to bytes, [`crate::memory`]) read as elements of
//! `esize` bytes at offset `k * esize`, with `⋈` one of `==`, `<=`, `>=`
//! (signed) and `k` a bit-vector of the pointer width.
//!
//! - Candidates ([`candidates`]): `f` from the loops' own stores
//!   (`a[i] = e(i)` gives `f(k) = e(k)`), the registers of the element's
//!   width and 0 as bounds; ranges `[0, x)` for the registers `x` a cut
//!   point may speak of.
//! - Queries are quantifier-free: a quantified *hypothesis* is
//!   instantiated at the index terms of the query ([`index_terms`]: the
//!   elements every read or write of the query touches, and the goals'
//!   witnesses), which is sound for unsatisfiability (an instance is
//!   implied by the formula); a quantified *goal* is negated with one
//!   fresh witness index per object and element size (`∃k. ∨ ¬φ_c(k)` is
//!   `∨ ∃k. ¬φ_c(k)`). An obligation whose instantiation is too weak
//!   comes out satisfiable: the candidate is dropped or the certificate
//!   rejected, never accepted wrongly.
//! - [`houdini`]: the largest inductive subset of scalar atoms and
//!   quantified candidates together (a scalar atom such as `sum == 0` may
//!   need an array's invariant, and the other way around).
//! - [`check`]: the certificate checker for scalar invariants with
//!   quantified ones: initiation, consecution, safety, in a fresh solver.

use crate::check::Rejection;
use crate::system::{End, Path, System};
use kappa_expr::build as b;
use kappa_expr::eval::eval_bool;
use kappa_expr::{BvOp, Expr, Kind, Sort, Symbol, SymbolKind};
use kappa_solver::SatResult;
use rustc_hash::{FxHashMap, FxHashSet};
use std::time::{Duration, Instant};

/// The relation of an element to its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    /// `a[k] == f(k)`.
    Eq,
    /// `a[k] <= f(k)` (signed).
    Le,
    /// `a[k] >= f(k)` (signed).
    Ge,
}

/// One quantified invariant `forall k. lo <= k < hi -> a[k] ⋈ f(k)` at a
/// cut point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QInv {
    /// The cut point.
    pub cut: usize,
    /// The object (index into [`System::objects`]); its contents are a
    /// state variable.
    pub obj: usize,
    /// Bytes per element (1, 2, 4 or 8).
    pub esize: u64,
    /// The lower bound of the range (pointer width, over state symbols).
    pub lo: Expr,
    /// The upper bound, excluded.
    pub hi: Expr,
    /// The relation.
    pub rel: Rel,
    /// The bound `f(k)` (element width, over state symbols and `k`).
    pub f: Expr,
    /// The bound variable of `f`.
    pub k: Symbol,
}

impl QInv {
    /// The body at index `t` (over the state symbols): `lo <= t < hi ->
    /// a[t] ⋈ f(t)`.
    pub fn at(&self, sys: &System, t: Expr) -> Expr {
        let Some(c) = sys.arrays[self.obj] else {
            return b::fls();
        };
        let arr = b::sym(sys.state[c.index()]);
        let w = t.width();
        let off = b::mul(t, b::bv(w, self.esize as u128));
        let Some(elem) = crate::memory::read(
            arr,
            off,
            self.esize,
            kappa_ir::Ty::Int(8 * self.esize as u32),
        ) else {
            return b::fls();
        };
        let k = self.k;
        let f = kappa_expr::substitute(self.f, &|s| (s == k).then_some(t));
        let rel = match self.rel {
            Rel::Eq => b::eq(elem, f),
            Rel::Le => b::sle(elem, f),
            Rel::Ge => b::sge(elem, f),
        };
        b::implies(b::and(b::ule(self.lo, t), b::ult(t, self.hi)), rel)
    }

    /// The invariant as a formula (with a quantifier).
    pub fn expr(&self, sys: &System) -> Expr {
        let k = b::sym(self.k);
        b::forall(vec![self.k], self.at(sys, k))
    }

    /// The invariant in C-like syntax (ACSL's `\forall`), state variable
    /// `i` printing as `names[i]`, object `o` as `arrays[o]`: element `k`
    /// of an object (in the bound too) as `a[k]`, the relation with the
    /// casts of its signedness.
    pub fn to_c(&self, sys: &System, names: &[String], arrays: &[String]) -> String {
        let w = self.lo.width();
        // each object's element k, and a placeholder symbol printing as it
        let mut elems: Vec<(Expr, Expr, String)> = vec![];
        for (o, a) in sys.arrays.iter().enumerate() {
            let Some(a) = a else { continue };
            let off = b::mul(b::sym(self.k), b::bv(w, self.esize as u128));
            let ty = kappa_ir::Ty::Int(8 * self.esize as u32);
            if let Some(e) = crate::memory::read(b::sym(sys.state[a.index()]), off, self.esize, ty)
            {
                let p = b::sym(Symbol::fresh("elem", e.sort(), SymbolKind::Fresh));
                elems.push((e, p, format!("{}[k]", arrays[o])));
            }
        }
        let placeholder = |e: Expr| elems.iter().find(|x| x.0 == e).map(|x| x.1);
        let f = replace(self.f, &placeholder);
        let own = elems
            .iter()
            .position(|x| Some(x.1) == placeholder(elem_of(sys, self)));
        let lhs = own.map_or_else(
            || {
                b::sym(Symbol::fresh(
                    "elem",
                    Sort::Bv(f.width()),
                    SymbolKind::Fresh,
                ))
            },
            |i| elems[i].1,
        );
        let rel = match self.rel {
            Rel::Eq => b::eq(lhs, f),
            Rel::Le => b::sle(lhs, f),
            Rel::Ge => b::sge(lhs, f),
        };
        let mut text = crate::cexpr::to_c(rel, names, &sys.state);
        for (_, p, name) in &elems {
            text = text.replace(&p.to_string(), name);
        }
        let kname = b::sym(self.k).to_string();
        let c = |e: Expr| crate::cexpr::to_c(e, names, &sys.state).replace(&kname, "k");
        format!(
            "\\forall k; {} <= k < {} ==> {}",
            c(self.lo),
            c(self.hi),
            text.replace(&kname, "k")
        )
    }
}

/// Element `k` of `q`'s object (at its element size).
fn elem_of(sys: &System, q: &QInv) -> Expr {
    let w = q.lo.width();
    let off = b::mul(b::sym(q.k), b::bv(w, q.esize as u128));
    let arr = sys.arrays[q.obj].map(|a| b::sym(sys.state[a.index()]));
    arr.and_then(|a| crate::memory::read(a, off, q.esize, kappa_ir::Ty::Int(8 * q.esize as u32)))
        .unwrap_or(off)
}

/// `e` with every subterm that `f` maps replaced (outermost first).
fn replace(e: Expr, f: &dyn Fn(Expr) -> Option<Expr>) -> Expr {
    if let Some(r) = f(e) {
        return r;
    }
    let k = e.kind();
    let ch = k.children();
    if ch.is_empty() {
        return e;
    }
    let new: Vec<Expr> = ch.iter().map(|c| replace(*c, f)).collect();
    if new == ch {
        e
    } else {
        b::rebuild(&k, &new)
    }
}

/// Most quantified candidates per cut point.
pub const MAX_PER_CUT: usize = 64;

/// `off` as (base, constant addend).
fn base_plus(off: Expr) -> (Expr, u128) {
    if let Kind::Bin(BvOp::Add, x, y) = off.kind() {
        if let Some(c) = x.as_bv_const() {
            return (y, c);
        }
        if let Some(c) = y.as_bv_const() {
            return (x, c);
        }
    }
    (off, 0)
}

/// The element stores of a transition: `(object, offset, value)` for each
/// store of a whole element (consecutive byte stores at `base + 0..n`,
/// `n` of 1, 2, 4 or 8) in the contents it assigns, of every object that
/// is not constant.
fn element_stores(sys: &System, p: &Path) -> Vec<(usize, Expr, Expr)> {
    let mut out = vec![];
    for (obj, c) in sys.arrays.iter().enumerate() {
        let Some(c) = c else { continue };
        let Some((_, mut e)) = p.theta.iter().find(|(v, _)| v == c).copied() else {
            continue;
        };
        if sys.objects[obj].constant {
            continue;
        }
        let mut chain = vec![];
        while let Kind::Store(arr, off, byte) = e.kind() {
            chain.push((off, byte));
            e = arr;
        }
        chain.reverse(); // in the order written
        let mut i = 0;
        while i < chain.len() {
            let (base, c0) = base_plus(chain[i].0);
            let mut n = 1;
            while i + n < chain.len() && base_plus(chain[i + n].0) == (base, c0 + n as u128) {
                n += 1;
            }
            let n = [8, 4, 2, 1].into_iter().find(|&k| k <= n).unwrap_or(1);
            let bytes = &chain[i..i + n];
            // (the top byte of a wide value is its top bits; the lower
            // bytes' extractions may be simplified away)
            let top = bytes[n - 1].1;
            let v = match top.kind() {
                Kind::Extract { hi, lo, arg }
                    if hi + 1 == arg.width() && lo + 7 == hi && arg.width() == 8 * n as u32 =>
                {
                    arg
                }
                _ => bytes[..n - 1]
                    .iter()
                    .rev()
                    .fold(top, |acc, (_, b)| b::concat(acc, *b)),
            };
            out.push((obj, chain[i].0, v));
            i += n;
        }
    }
    out
}

/// The element index of byte offset `off` for elements of `esize` bytes:
/// `x` for `x * esize` (plus a constant below `esize`), else `off / esize`.
pub fn index_of(off: Expr, esize: u64) -> Expr {
    let w = off.width();
    let mut e = off;
    if let Kind::Bin(BvOp::Add, x, y) = e.kind() {
        for (p, q) in [(x, y), (y, x)] {
            if q.as_bv_const().is_some_and(|c| c < esize as u128) {
                e = p;
            }
        }
    }
    if let Kind::Bin(BvOp::Mul, x, y) = e.kind() {
        for (p, q) in [(x, y), (y, x)] {
            if q.as_bv_const() == Some(esize as u128) {
                return p;
            }
        }
    }
    if esize == 1 {
        return off;
    }
    b::bin(BvOp::UDiv, off, b::bv(w, esize as u128))
}

/// The register whose state symbol `x` is, possibly extended: `(symbol,
/// its width)`.
fn index_register(sys: &System, x: Expr) -> Option<Symbol> {
    let s = match x.kind() {
        Kind::Sym(s) => s,
        Kind::SExt { arg, .. } | Kind::ZExt { arg, .. } => match arg.kind() {
            Kind::Sym(s) => s,
            _ => return None,
        },
        _ => return None,
    };
    sys.int_var_of(s).map(|_| s)
}

/// Whether `e` speaks of state symbols and `extra` only.
fn over_state(sys: &System, e: Expr, extra: Option<Symbol>) -> bool {
    let (syms, funcs) = kappa_expr::print::free_symbols(&[e]);
    funcs.is_empty()
        && syms
            .iter()
            .all(|s| Some(*s) == extra || sys.var_of(*s).is_some())
}

/// The quantified candidates of `sys` (see the module doc), at most
/// [`MAX_PER_CUT`] per cut point.
pub fn candidates(sys: &System, pb: u32) -> Vec<QInv> {
    // per (object, element size): the bounds from stores
    let mut shapes: Vec<(usize, u64, Vec<Expr>, Symbol)> = vec![];
    for p in &sys.paths {
        for (obj, off, v) in element_stores(sys, p) {
            let esize = v.width() as u64 / 8;
            if !matches!(esize, 1 | 2 | 4 | 8) || off.width() != pb {
                continue;
            }
            let i = match shapes.iter().position(|s| s.0 == obj && s.1 == esize) {
                Some(i) => i,
                None => {
                    let k = Symbol::fresh("k", Sort::Bv(pb), SymbolKind::Fresh);
                    shapes.push((obj, esize, vec![], k));
                    shapes.len() - 1
                }
            };
            let k = shapes[i].3;
            let Some(r) = index_register(sys, index_of(off, esize)) else {
                continue;
            };
            let ws = match r.sort() {
                Sort::Bv(w) if w <= pb => w,
                _ => continue,
            };
            let kk = if ws == pb {
                b::sym(k)
            } else {
                b::extract(ws - 1, 0, b::sym(k))
            };
            let f = kappa_expr::substitute(v, &|s| (s == r).then_some(kk));
            if over_state(sys, f, Some(k)) && !shapes[i].2.contains(&f) {
                shapes[i].2.push(f);
            }
        }
    }
    let mut out = vec![];
    for (j, cut) in sys.cuts.iter().enumerate().skip(1) {
        let regs: Vec<Expr> = cut
            .vars
            .iter()
            .filter(|v| !sys.stack.contains_key(v))
            .map(|v| b::sym(sys.state[v.index()]))
            .filter(|e| matches!(e.sort(), Sort::Bv(w) if w <= pb))
            .collect();
        let mut here = vec![];
        for (obj, esize, fs, k) in &shapes {
            let ew = 8 * *esize as u32;
            let mut bounds: Vec<(Rel, Expr)> = fs.iter().map(|f| (Rel::Eq, *f)).collect();
            for r in regs.iter().filter(|r| r.width() == ew) {
                bounds.push((Rel::Le, *r));
                bounds.push((Rel::Ge, *r));
            }
            bounds.push((Rel::Ge, b::bv(ew, 0)));
            bounds.push((Rel::Le, b::bv(ew, 0)));
            for hi in &regs {
                let hi = if hi.width() < pb {
                    b::sext(*hi, pb)
                } else {
                    *hi
                };
                for (rel, f) in &bounds {
                    here.push(QInv {
                        cut: j,
                        obj: *obj,
                        esize: *esize,
                        lo: b::bv(pb, 0),
                        hi,
                        rel: *rel,
                        f: *f,
                        k: *k,
                    });
                }
            }
        }
        here.truncate(MAX_PER_CUT);
        out.extend(here);
    }
    out
}

/// The index terms to instantiate hypotheses at: for each element size of
/// `hyps`, the element index of every byte offset read or written in `es`
/// ([`index_of`]), and `witnesses`.
pub fn index_terms(es: &[Expr], hyps: &[&QInv], witnesses: &[Expr]) -> Vec<Expr> {
    let mut sizes: Vec<u64> = hyps.iter().map(|q| q.esize).collect();
    sizes.sort();
    sizes.dedup();
    let mut offs = vec![];
    let mut seen = FxHashSet::default();
    let mut stack: Vec<Expr> = es.to_vec();
    while let Some(e) = stack.pop() {
        if !seen.insert(e) {
            continue;
        }
        let k = e.kind();
        if let Kind::Select(_, off) | Kind::Store(_, off, _) = k {
            offs.push(off);
        }
        stack.extend(k.children());
    }
    let mut out: Vec<Expr> = witnesses.to_vec();
    for off in offs {
        for &s in &sizes {
            let t = index_of(off, s);
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

/// The instances of `hyps` at `terms` (terms of another width skipped).
fn instances(sys: &System, hyps: &[&QInv], terms: &[Expr]) -> Expr {
    let mut parts = vec![];
    for q in hyps {
        for t in terms.iter().filter(|t| t.width() == q.lo.width()) {
            parts.push(q.at(sys, *t));
        }
    }
    b::and_all(parts)
}

/// The negated goals of `goals` after path `p`, one witness per object
/// and element size: per goal, the formula that holds when it fails.
fn negated_goals(sys: &System, p: &Path, goals: &[&QInv]) -> (Vec<Expr>, Vec<Expr>) {
    let mut wit: FxHashMap<(usize, u64), Expr> = FxHashMap::default();
    let mut out = vec![];
    for q in goals {
        let w = q.lo.width();
        let t = *wit
            .entry((q.obj, q.esize))
            .or_insert_with(|| b::sym(Symbol::fresh("kw", Sort::Bv(w), SymbolKind::Fresh)));
        out.push(b::not(sys.after(p, q.at(sys, t))));
    }
    let mut ws: Vec<Expr> = wit.into_values().collect();
    ws.sort();
    (out, ws)
}

/// The obligation of path `p` (to a cut point) for the scalar atoms and
/// quantified invariants at both ends: satisfiable iff one of the goals
/// (`atoms_to` after `p`, then `qs_to`) can fail; returns the query and
/// the negated goals (atoms first).
fn obligation(
    sys: &System,
    p: &Path,
    pre: Expr,
    qs_from: &[&QInv],
    atoms_to: &[Expr],
    qs_to: &[&QInv],
) -> (Expr, Vec<Expr>) {
    let mut negs: Vec<Expr> = atoms_to.iter().map(|a| b::not(sys.after(p, *a))).collect();
    let (qn, wit) = negated_goals(sys, p, qs_to);
    negs.extend(qn);
    let mut es = vec![p.pc];
    es.extend(negs.iter().copied());
    let terms = index_terms(&es, qs_from, &wit);
    let hyp = instances(sys, qs_from, &terms);
    let q = b::and_all([pre, hyp, p.pc, crate::system::or_all(negs.iter().copied())]);
    (q, negs)
}

/// The safety query of error path `p` under `pre` and `qs_from`.
fn safety(sys: &System, p: &Path, pre: Expr, qs_from: &[&QInv]) -> Expr {
    let terms = index_terms(&[p.pc], qs_from, &[]);
    b::and_all([pre, instances(sys, qs_from, &terms), p.pc])
}

/// The largest inductive subset of the scalar `atoms` (per cut point) and
/// the quantified candidates `qs` together, or why the search stopped.
pub fn houdini(
    sys: &System,
    mut atoms: Vec<Vec<Expr>>,
    mut qs: Vec<QInv>,
    deadline: Option<Instant>,
) -> Result<(Vec<Vec<Expr>>, Vec<QInv>), String> {
    let mut solver = crate::check::fresh_solver(Duration::from_secs(2), deadline);
    loop {
        let mut changed = false;
        for p in &sys.paths {
            let End::Cut(to) = p.to else { continue };
            loop {
                if crate::houdini::past(deadline) {
                    return Err("deadline".into());
                }
                let from: Vec<&QInv> = qs.iter().filter(|q| q.cut == p.from).collect();
                let goals: Vec<&QInv> = qs.iter().filter(|q| q.cut == to).collect();
                if atoms[to].is_empty() && goals.is_empty() {
                    break;
                }
                let pre = b::and_all(atoms[p.from].iter().copied());
                let (q, negs) = obligation(sys, p, pre, &from, &atoms[to], &goals);
                let fails: Vec<bool> = match crate::relax::solve(&mut solver, q) {
                    SatResult::Unsat => break,
                    SatResult::Sat(m) => {
                        let f: Vec<bool> = negs
                            .iter()
                            .map(|e| eval_bool(*e, &m) != Some(false))
                            .collect();
                        if f.iter().all(|x| *x) || !f.iter().any(|x| *x) {
                            vec![true; negs.len()]
                        } else {
                            f
                        }
                    }
                    // (the quantified goals here are dropped: the scalar
                    // query alone is the one Houdini over atoms decided)
                    SatResult::Unknown(why) if goals.is_empty() => {
                        return Err(format!("solver {why}"))
                    }
                    SatResult::Unknown(_) => {
                        let n = atoms[to].len();
                        let mut f = vec![false; n];
                        f.extend(std::iter::repeat_n(true, goals.len()));
                        f
                    }
                };
                let na = atoms[to].len();
                let mut it = fails[..na].iter();
                atoms[to].retain(|_| !*it.next().unwrap_or(&true));
                let mut it = fails[na..].iter();
                qs.retain(|q| q.cut != to || !*it.next().unwrap_or(&true));
                changed = true;
            }
        }
        if !changed {
            return Ok((atoms, qs));
        }
    }
}

/// Checks the certificate of scalar invariants `inv` (one per cut point,
/// `true` at the entry, over the registers) with the quantified
/// invariants `qs`, in a fresh solver: initiation, consecution and
/// safety, each obligation unsatisfiable.
pub fn check(
    sys: &System,
    inv: &[Expr],
    qs: &[QInv],
    deadline: Option<Instant>,
) -> Result<(), Rejection> {
    if inv.len() != sys.cuts.len() || inv[0].as_bool_const() != Some(true) {
        return Err(Rejection::Malformed("scalar invariants' shape".into()));
    }
    for e in inv {
        let (syms, funcs) = kappa_expr::print::free_symbols(&[*e]);
        if !funcs.is_empty() || syms.iter().any(|s| sys.int_var_of(*s).is_none()) {
            return Err(Rejection::Malformed(
                "a scalar invariant speaks of something other than the registers".into(),
            ));
        }
    }
    for q in qs {
        let ok = q.cut > 0
            && q.cut < sys.cuts.len()
            && sys.arrays.get(q.obj).is_some_and(|a| a.is_some())
            && matches!(q.esize, 1 | 2 | 4 | 8)
            && q.f.width() == 8 * q.esize as u32
            && q.lo.width() == q.hi.width()
            && over_state(sys, q.lo, None)
            && over_state(sys, q.hi, None)
            && over_state(sys, q.f, Some(q.k));
        if !ok {
            return Err(Rejection::Malformed(
                "a quantified invariant's shape".into(),
            ));
        }
    }
    let mut solver = crate::check::fresh_solver(Duration::from_secs(10), deadline);
    for (i, p) in sys.paths.iter().enumerate() {
        let from: Vec<&QInv> = qs.iter().filter(|q| q.cut == p.from).collect();
        let (q, fail) = match &p.to {
            End::Cut(j) => {
                let goals: Vec<&QInv> = qs.iter().filter(|q| q.cut == *j).collect();
                let (q, _) = obligation(sys, p, inv[p.from], &from, &[inv[*j]], &goals);
                let fail = if p.from == 0 {
                    Rejection::NotInitial(i)
                } else {
                    Rejection::NotInductive(i)
                };
                (q, fail)
            }
            End::Error(_) => (safety(sys, p, inv[p.from], &from), Rejection::Unsafe(i)),
        };
        match crate::relax::solve(&mut solver, q) {
            SatResult::Unsat => {}
            SatResult::Sat(_) => return Err(fail),
            SatResult::Unknown(why) => return Err(Rejection::Unknown(why)),
        }
    }
    Ok(())
}

/// Whether the scalar `atoms` with the quantified invariants `qs` exclude
/// every error path (the search's test before the checker).
pub fn safe(sys: &System, atoms: &[Vec<Expr>], qs: &[QInv], deadline: Option<Instant>) -> bool {
    let mut solver = crate::check::fresh_solver(Duration::from_secs(2), deadline);
    sys.paths.iter().all(|p| {
        if !matches!(p.to, End::Error(_)) {
            return true;
        }
        let from: Vec<&QInv> = qs.iter().filter(|q| q.cut == p.from).collect();
        let pre = b::and_all(atoms[p.from].iter().copied());
        matches!(
            crate::relax::solve(&mut solver, safety(sys, p, pre, &from)),
            SatResult::Unsat
        )
    })
}
