//! The pool of candidate invariant atoms per loop header, for Houdini:
//!
//! - the property's own atoms: the negated condition of every error path
//!   leaving the header, and the atoms of the conditions of every path
//!   leaving it (loop guards, assertions), each as is and negated;
//! - orderings between pairs of registers of the same width (`==`, `<=`
//!   signed and unsigned, both ways), between registers of different
//!   widths (the narrower extended) and between a register and the
//!   program's constants;
//! - linear relations `a·x + b·y + c·z == K` whose coefficients cancel the
//!   constant per-iteration increments on every path around the loop, with
//!   `K` the value of the combination on each path into the loop (one
//!   candidate per distinct `K` over registers the path does not assign);
//! - quadratic relations `a·s + b·i·i + c·i == K` for a register `s` whose
//!   increment is not constant and one `i` whose increment is (sums).
//!
//! All arithmetic is on bitvectors (mod 2^w). Only atoms over the state
//! symbols are kept. Wrong candidates cost nothing but time: Houdini drops
//! those that are not inductive, and the checker sees the rest again.

use crate::system::{End, Path, System};
use kappa_expr::build as b;
use kappa_expr::{Expr, Kind, Sort};
use kappa_ir::VarId;
use rustc_hash::FxHashSet;

/// Most registers per header the pair and linear candidates range over.
pub const MAX_VARS: usize = 8;

/// Most constants of the program used in register-constant atoms.
pub const MAX_CONSTS: usize = 12;

/// The candidate atoms at each cut point (none at the entry).
pub fn candidates(sys: &System) -> Vec<Vec<Expr>> {
    let consts = constants(sys);
    // program constants as coefficients of pair relations (`c == 10*i`)
    let mut factors: Vec<i128> = (1..=3).flat_map(|k| [k, -k]).collect();
    for &(_, v) in &consts {
        if (4..=1000).contains(&v) && !factors.contains(&-(v as i128)) {
            factors.push(-(v as i128));
        }
    }
    let mut out = vec![vec![]];
    for j in 1..sys.cuts.len() {
        let mut c = Pool::new(sys);
        property_atoms(sys, j, &mut c);
        let vars: Vec<VarId> = sys.cuts[j].vars.iter().copied().take(MAX_VARS).collect();
        for (k, &x) in vars.iter().enumerate() {
            let sx = b::sym(sys.state[x.index()]);
            for &y in &vars[k + 1..] {
                let sy = b::sym(sys.state[y.index()]);
                if sx.sort() != sy.sort() {
                    widened(sx, sy, &mut c);
                    continue;
                }
                for a in [
                    b::eq(sx, sy),
                    b::sle(sx, sy),
                    b::sle(sy, sx),
                    b::ule(sx, sy),
                    b::ule(sy, sx),
                    b::slt(sx, sy),
                    b::ult(sx, sy),
                ] {
                    c.add(a);
                }
            }
            let w = sx.width();
            for &(cw, v) in &consts {
                if cw != w {
                    continue;
                }
                let k = b::bv(w, v);
                for a in [
                    b::eq(sx, k),
                    b::sle(sx, k),
                    b::sle(k, sx),
                    b::ule(sx, k),
                    b::ule(k, sx),
                ] {
                    c.add(a);
                }
            }
        }
        linear(sys, j, &vars, &factors, &mut c);
        out.push(c.atoms);
    }
    // an atom of one header is a candidate at every header whose registers
    // it speaks of (an outer loop's relation holds in its inner loop)
    for j in 1..out.len() {
        let here: FxHashSet<kappa_expr::Symbol> = sys.cuts[j]
            .vars
            .iter()
            .map(|v| sys.state[v.index()])
            .collect();
        let mut extra = vec![];
        for (k, atoms) in out.iter().enumerate() {
            if k == j {
                continue;
            }
            for &a in atoms {
                let (syms, _) = kappa_expr::print::free_symbols(&[a]);
                if syms.iter().all(|s| here.contains(s)) && !out[j].contains(&a) {
                    extra.push(a);
                }
            }
        }
        for a in extra {
            if !out[j].contains(&a) {
                out[j].push(a);
            }
        }
    }
    out
}

/// Relations between two bitvector registers of different widths: the
/// narrower one zero- or sign-extended equals the wider one, or is at
/// most it (unsigned, signed): `k == (unsigned)c` for an `unsigned char`
/// counter `c` beside an `unsigned` one.
fn widened(x: Expr, y: Expr, c: &mut Pool) {
    let (Sort::Bv(wx), Sort::Bv(wy)) = (x.sort(), y.sort()) else {
        return;
    };
    let (n, w) = if wx < wy { (x, y) } else { (y, x) };
    let width = wx.max(wy);
    for e in [b::zext(n, width), b::sext(n, width)] {
        for a in [b::eq(e, w), b::ule(e, w), b::sle(e, w)] {
            c.add(a);
        }
    }
}

/// A deduplicated list of atoms over state symbols only.
struct Pool<'a> {
    sys: &'a System,
    atoms: Vec<Expr>,
    seen: FxHashSet<Expr>,
    norm: crate::poly::Normalizer,
}

impl<'a> Pool<'a> {
    fn new(sys: &'a System) -> Self {
        Pool {
            sys,
            atoms: vec![],
            seen: FxHashSet::default(),
            norm: crate::poly::Normalizer::default(),
        }
    }
    fn add(&mut self, a: Expr) {
        let a = self.norm.normalize(a);
        if a.as_bool_const().is_some() || !over_state(self.sys, a) || !self.seen.insert(a) {
            return;
        }
        self.atoms.push(a);
    }
}

/// Whether every symbol of `e` is the state symbol of a register or a
/// scalar global (not an object's contents, which no atom speaks of).
fn over_state(sys: &System, e: Expr) -> bool {
    let (syms, funcs) = kappa_expr::print::free_symbols(&[e]);
    funcs.is_empty() && syms.iter().all(|s| sys.int_var_of(*s).is_some())
}

/// The conjuncts of `e`.
pub(crate) fn conjuncts(e: Expr, out: &mut Vec<Expr>) {
    match e.kind() {
        Kind::And(x, y) => {
            conjuncts(x, out);
            conjuncts(y, out);
        }
        _ => out.push(e),
    }
}

fn property_atoms(sys: &System, j: usize, c: &mut Pool) {
    for p in sys.paths.iter().filter(|p| p.from == j) {
        if matches!(p.to, End::Error(_)) {
            c.add(b::not(p.pc));
        }
        let mut cs = vec![];
        conjuncts(p.pc, &mut cs);
        for a in cs {
            c.add(a);
            c.add(b::not(a));
        }
    }
}

/// The bitvector constants of the paths' conditions and assignments
/// (with 0 and 1 of every width met), at most [`MAX_CONSTS`] per width.
fn constants(sys: &System) -> Vec<(u32, u128)> {
    let mut out: Vec<(u32, u128)> = vec![];
    let mut seen = FxHashSet::default();
    let mut stack: Vec<Expr> = vec![];
    for p in &sys.paths {
        stack.push(p.pc);
        stack.extend(p.theta.iter().map(|(_, e)| *e));
    }
    let mut widths = FxHashSet::default();
    while let Some(e) = stack.pop() {
        if !seen.insert(e) {
            continue;
        }
        match e.kind() {
            Kind::BvConst { width, value } => {
                if out.iter().filter(|(w, _)| *w == width).count() < MAX_CONSTS
                    && !out.contains(&(width, value))
                {
                    out.push((width, value));
                }
            }
            k => {
                if let Sort::Bv(w) = e.sort() {
                    widths.insert(w);
                }
                stack.extend(k.children());
            }
        }
    }
    for w in widths {
        for v in [0, 1] {
            if !out.contains(&(w, v)) {
                out.push((w, v));
            }
        }
    }
    out.sort();
    out
}

/// The constant increment of `v` on path `p` (`None`: not constant).
fn step(sys: &System, p: &Path, v: VarId) -> Option<u128> {
    let s = b::sym(sys.state[v.index()]);
    match kappa_loops::closed::step_of(s, sys.post(p, v))? {
        kappa_loops::closed::Step::Add(c) => Some(c),
        kappa_loops::closed::Step::Mul(_) => None,
    }
}

fn linear(sys: &System, j: usize, vars: &[VarId], factors: &[i128], c: &mut Pool) {
    let around: Vec<&Path> = sys
        .paths
        .iter()
        .filter(|p| p.from == j && p.to == End::Cut(j))
        .collect();
    let into: Vec<&Path> = sys
        .paths
        .iter()
        .filter(|p| p.from != j && p.to == End::Cut(j))
        .collect();
    if into.is_empty() {
        return;
    }
    // the increments of each register on each path around the loop
    let steps: Vec<Vec<Option<u128>>> = vars
        .iter()
        .map(|&v| around.iter().map(|p| step(sys, p, v)).collect())
        .collect();
    let n = vars.len();
    let mut combos: Vec<Vec<(usize, i128)>> = vec![];
    for x in 0..n {
        combos.push(vec![(x, 1)]);
        for y in x + 1..n {
            for a in 1..=3i128 {
                for &bb in factors {
                    combos.push(vec![(x, a), (y, bb)]);
                    if a == 1 && bb.abs() > 3 {
                        combos.push(vec![(y, a), (x, bb)]);
                    }
                }
            }
            // (without a path around the loop, as for an outer loop, only pairs)
            for z in (y + 1..n).filter(|_| !around.is_empty()) {
                for bb in -2..=2i128 {
                    for cc in -2..=2i128 {
                        if bb != 0 && cc != 0 {
                            combos.push(vec![(x, 1), (y, bb), (z, cc)]);
                        }
                    }
                }
            }
        }
    }
    combos.extend(unit_sums(&steps));
    for combo in combos {
        let w = sys.state[vars[combo[0].0].index()].sort();
        if combo
            .iter()
            .any(|(i, _)| sys.state[vars[*i].index()].sort() != w)
        {
            continue;
        }
        let Sort::Bv(width) = w else { continue };
        let m = kappa_expr::mask(width);
        let cancels = (0..around.len()).all(|k| {
            let mut sum = 0u128;
            for &(i, a) in &combo {
                let Some(d) = steps[i][k] else { return false };
                sum = sum.wrapping_add((a as u128).wrapping_mul(d));
            }
            sum & m == 0
        });
        if !cancels {
            continue;
        }
        let lhs = |at: &dyn Fn(VarId) -> Expr| {
            combo.iter().fold(b::bv(width, 0), |acc, &(i, a)| {
                b::add(acc, b::mul(b::bv(width, a as u128 & m), at(vars[i])))
            })
        };
        let here = lhs(&|v| b::sym(sys.state[v.index()]));
        for p in &into {
            if let Some(k) = at_end(sys, p, lhs(&|v| sys.post(p, v))) {
                c.add(b::eq(here, k));
            }
        }
    }
    quadratic(sys, j, vars, &steps, &into, c);
}

/// Sums and differences (coefficients ±1, the first +1) of four or more
/// registers, each with a constant increment on every path around the
/// loop and a nonzero one on some: candidates such as `i + j + k + v4 ==
/// l` for counters of which exactly one moves per iteration (whether the
/// increments cancel is decided by the caller).
fn unit_sums(steps: &[Vec<Option<u128>>]) -> Vec<Vec<(usize, i128)>> {
    let moving: Vec<usize> = (0..steps.len())
        .filter(|&i| steps[i].iter().all(Option::is_some) && steps[i].iter().any(|d| *d != Some(0)))
        .collect();
    let n = moving.len();
    if !(4..=MAX_VARS).contains(&n) || steps[moving[0]].is_empty() {
        return vec![];
    }
    let mut out = vec![];
    // each register: 0, +1 or -1 (base-3 digits of `code`)
    for code in 0..3usize.pow(n as u32) {
        let mut c = code;
        let mut combo = vec![];
        for &v in &moving {
            match c % 3 {
                1 => combo.push((v, 1)),
                2 => combo.push((v, -1)),
                _ => {}
            }
            c /= 3;
        }
        if combo.len() >= 4 && combo[0].1 == 1 {
            out.push(combo);
        }
    }
    out
}

/// `e`, a value at the end of path `p` over the state symbols at its start
/// and the symbols it created, as an expression over the state symbols at
/// its end: a symbol the path stored in a register (an input) becomes
/// that register; registers the path does not assign stay. `None` when
/// something else remains.
fn at_end(sys: &System, p: &Path, e: Expr) -> Option<Expr> {
    let mut held = rustc_hash::FxHashMap::default();
    for (v, x) in &p.theta {
        if let Kind::Sym(s) = x.kind() {
            if sys.var_of(s).is_none() {
                held.entry(s).or_insert(sys.state[v.index()]);
            }
        }
    }
    let e = kappa_expr::substitute(e, &|s| held.get(&s).map(|r| b::sym(*r)));
    let (syms, funcs) = kappa_expr::print::free_symbols(&[e]);
    let ok = funcs.is_empty()
        && syms.iter().all(|s| {
            held.values().any(|r| r == s)
                || sys
                    .var_of(*s)
                    .is_some_and(|v| !p.theta.iter().any(|(x, _)| *x == v))
        });
    ok.then_some(e)
}

fn quadratic(
    sys: &System,
    _j: usize,
    vars: &[VarId],
    steps: &[Vec<Option<u128>>],
    into: &[&Path],
    c: &mut Pool,
) {
    for (si, &s) in vars.iter().enumerate() {
        if steps[si].iter().all(|d| d.is_some()) {
            continue;
        }
        for (ii, &i) in vars.iter().enumerate() {
            if ii == si
                || steps[ii].iter().any(|d| d.is_none())
                || sys.state[i.index()].sort() != sys.state[s.index()].sort()
            {
                continue;
            }
            let w = sys.state[s.index()].width_bits();
            for a in [1u128, 2, 6] {
                for bq in [1i128, -1] {
                    for cl in [-1i128, 0, 1] {
                        let m = kappa_expr::mask(w);
                        let f = |sv: Expr, iv: Expr| {
                            b::add(
                                b::add(
                                    b::mul(b::bv(w, a), sv),
                                    b::mul(b::bv(w, bq as u128 & m), b::mul(iv, iv)),
                                ),
                                b::mul(b::bv(w, cl as u128 & m), iv),
                            )
                        };
                        let here = f(b::sym(sys.state[s.index()]), b::sym(sys.state[i.index()]));
                        for p in into {
                            if let Some(k) = at_end(sys, p, f(sys.post(p, s), sys.post(p, i))) {
                                c.add(b::eq(here, k));
                            }
                        }
                    }
                }
            }
        }
    }
}

trait Width {
    fn width_bits(&self) -> u32;
}

impl Width for kappa_expr::Symbol {
    fn width_bits(&self) -> u32 {
        match self.sort() {
            Sort::Bv(w) => w,
            _ => 1,
        }
    }
}
