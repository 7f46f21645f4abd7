//! Differential tests of the Z3 translation against concrete evaluation:
//! random well-sorted expressions over every `Kind` (except quantifiers and
//! uninterpreted functions, tested in `z3solver_tests`), checked three ways —
//! an independent reference semantics computed while generating, the
//! simplified expression's `kappa_expr::eval`, and Z3 — plus an exhaustive
//! check of `kappa_expr::build::fold_bin` against Z3 on boundary values.

use crate::{SatResult, Solver, SolverConfig, Z3Solver};
use kappa_expr::build::*;
use kappa_expr::eval::ArrVal;
use kappa_expr::{eval, mask, Assignment, BvOp, Expr, Sort, Symbol, SymbolKind, Val};
use std::rc::Rc;

/// xorshift64* with a fixed seed: deterministic, no dependencies.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn wide(&mut self) -> u128 {
        (u128::from(self.next()) << 64) | u128::from(self.next())
    }
}

const WIDTHS: [u32; 6] = [1, 8, 16, 32, 64, 128];
const OPS: [BvOp; 13] = BvOp::ALL;

/// Boundary-heavy values of width `w`: zero divisors, shift amounts around
/// the width, signed extremes.
fn interesting(rng: &mut Rng, w: u32) -> u128 {
    let m = mask(w);
    let smin = 1u128 << (w - 1);
    let pool = [
        0,
        1,
        2,
        3,
        m,
        (m - 1) & m,
        smin,
        smin - 1,
        w as u128,
        (w - 1) as u128,
        (w + 1) as u128,
    ];
    if rng.chance(65) {
        pool[rng.below(pool.len())] & m
    } else if rng.chance(50) {
        (rng.wide() % (2 * w as u128 + 2)) & m
    } else {
        rng.wide() & m
    }
}

// ---- independent reference semantics (SMT-LIB definitions) ----

fn msb(v: u128, w: u32) -> bool {
    (v >> (w - 1)) & 1 == 1
}
fn neg(v: u128, w: u32) -> u128 {
    v.wrapping_neg() & mask(w)
}
fn sext_val(v: u128, from: u32, to: u32) -> u128 {
    if msb(v, from) {
        (v | (mask(to) & !mask(from))) & mask(to)
    } else {
        v
    }
}
fn signed_lt(a: u128, b: u128, w: u32) -> bool {
    match (msb(a, w), msb(b, w)) {
        (true, false) => true,
        (false, true) => false,
        _ => a < b,
    }
}

fn ref_bin(op: BvOp, w: u32, s: u128, t: u128) -> u128 {
    let m = mask(w);
    let udiv = |a: u128, b: u128| a.checked_div(b).unwrap_or(m);
    let urem = |a: u128, b: u128| a.checked_rem(b).unwrap_or(a);
    let r = match op {
        BvOp::Add => s.wrapping_add(t),
        BvOp::Sub => s.wrapping_sub(t),
        BvOp::Mul => s.wrapping_mul(t),
        BvOp::UDiv => udiv(s, t),
        BvOp::URem => urem(s, t),
        BvOp::SDiv => match (msb(s, w), msb(t, w)) {
            (false, false) => udiv(s, t),
            (true, false) => neg(udiv(neg(s, w), t), w),
            (false, true) => neg(udiv(s, neg(t, w)), w),
            (true, true) => udiv(neg(s, w), neg(t, w)),
        },
        BvOp::SRem => match (msb(s, w), msb(t, w)) {
            (false, false) => urem(s, t),
            (true, false) => neg(urem(neg(s, w), t), w),
            (false, true) => urem(s, neg(t, w)),
            (true, true) => neg(urem(neg(s, w), neg(t, w)), w),
        },
        BvOp::Shl => {
            if t >= w as u128 {
                0
            } else {
                s << t
            }
        }
        BvOp::LShr => {
            if t >= w as u128 {
                0
            } else {
                s >> t
            }
        }
        BvOp::AShr => {
            if t >= w as u128 {
                if msb(s, w) {
                    m
                } else {
                    0
                }
            } else if msb(s, w) {
                (s >> t) | (m & !(m >> t))
            } else {
                s >> t
            }
        }
        BvOp::And => s & t,
        BvOp::Or => s | t,
        BvOp::Xor => s ^ t,
    };
    r & m
}

// ---- random expressions with reference values ----

struct Gen {
    rng: Rng,
    bvs: Vec<(Symbol, u32)>,
    bools: Vec<Symbol>,
    arrays: Vec<(Symbol, u32, u32)>,
    asg: Assignment,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        let mut bvs = Vec::new();
        for w in WIDTHS {
            for i in 0..2 {
                bvs.push((
                    Symbol::fresh(&format!("v{w}_{i}"), Sort::Bv(w), SymbolKind::Input),
                    w,
                ));
            }
        }
        let bools = (0..2)
            .map(|i| Symbol::fresh(&format!("b{i}"), Sort::Bool, SymbolKind::Input))
            .collect();
        let arrays = [(8u32, 8u32), (32, 16)]
            .into_iter()
            .map(|(i, e)| {
                (
                    Symbol::fresh("arr", Sort::Array { index: i, elem: e }, SymbolKind::Input),
                    i,
                    e,
                )
            })
            .collect();
        Gen {
            rng: Rng(seed),
            bvs,
            bools,
            arrays,
            asg: Assignment::default(),
        }
    }

    /// A fresh random assignment of every symbol.
    fn reassign(&mut self) {
        self.asg = Assignment::default();
        for (s, w) in self.bvs.clone() {
            let v = interesting(&mut self.rng, w);
            self.asg.set(s, v);
        }
        for s in self.bools.clone() {
            let v = self.rng.below(2) as u128;
            self.asg.set(s, v);
        }
        for (s, iw, ew) in self.arrays.clone() {
            let mut av = ArrVal {
                default: interesting(&mut self.rng, ew),
                ..Default::default()
            };
            for _ in 0..self.rng.below(4) {
                let (i, v) = (
                    interesting(&mut self.rng, iw),
                    interesting(&mut self.rng, ew),
                );
                av.entries.insert(i, v);
            }
            self.asg.arrays.insert(s, Rc::new(av));
        }
    }

    /// Constraints pinning every symbol to its assigned value.
    fn pins(&self) -> Vec<Expr> {
        let mut out = Vec::new();
        for &(s, w) in &self.bvs {
            out.push(eq(sym(s), bv(w, self.asg.get(s))));
        }
        for &s in &self.bools {
            out.push(eq(sym(s), bool_const(self.asg.get(s) != 0)));
        }
        for &(s, iw, ew) in &self.arrays {
            let av = &self.asg.arrays[&s];
            let mut e = const_array(iw, bv(ew, av.default));
            for (&i, &v) in &av.entries {
                e = store(e, bv(iw, i), bv(ew, v));
            }
            out.push(eq(sym(s), e));
        }
        out
    }

    fn leaf_bv(&mut self, w: u32) -> (Expr, u128) {
        let syms: Vec<Symbol> = self
            .bvs
            .iter()
            .filter(|(_, sw)| *sw == w)
            .map(|(s, _)| *s)
            .collect();
        if !syms.is_empty() && self.rng.chance(70) {
            let s = syms[self.rng.below(syms.len())];
            (sym(s), self.asg.get(s))
        } else {
            let v = interesting(&mut self.rng, w);
            (bv(w, v), v)
        }
    }

    fn gen_bv(&mut self, w: u32, depth: u32) -> (Expr, u128) {
        if depth == 0 || self.rng.chance(15) {
            return self.leaf_bv(w);
        }
        let d = depth - 1;
        match self.rng.below(10) {
            0..=3 => {
                let op = OPS[self.rng.below(OPS.len())];
                let (a, va) = self.gen_bv(w, d);
                let (b, vb) = self.gen_bv(w, d);
                (bin(op, a, b), ref_bin(op, w, va, vb))
            }
            4 => {
                let (a, va) = self.gen_bv(w, d);
                (bvnot(a), !va & mask(w))
            }
            5 => {
                let (c, vc) = self.gen_bool(d);
                let (a, va) = self.gen_bv(w, d);
                let (b, vb) = self.gen_bv(w, d);
                (ite(c, a, b), if vc { va } else { vb })
            }
            6 => {
                let wider: Vec<u32> = WIDTHS.iter().copied().filter(|&x| x >= w).collect();
                let ws = wider[self.rng.below(wider.len())];
                let lo = self.rng.below((ws - w + 1) as usize) as u32;
                let (a, va) = self.gen_bv(ws, d);
                (extract(lo + w - 1, lo, a), (va >> lo) & mask(w))
            }
            7 if w > 1 => {
                let narrower: Vec<u32> = WIDTHS.iter().copied().filter(|&x| x < w).collect();
                let wn = if self.rng.chance(70) {
                    narrower[self.rng.below(narrower.len())]
                } else {
                    1 + self.rng.below((w - 1) as usize) as u32
                };
                let (a, va) = self.gen_bv(wn, d);
                if self.rng.chance(50) {
                    (zext(a, w), va)
                } else {
                    (sext(a, w), sext_val(va, wn, w))
                }
            }
            8 if w > 1 => {
                let wh = 1 + self.rng.below((w - 1) as usize) as u32;
                let (h, vh) = self.gen_bv(wh, d);
                let (l, vl) = self.gen_bv(w - wh, d);
                (concat(h, l), (vh << (w - wh)) | vl)
            }
            9 if self.arrays.iter().any(|a| a.2 == w) => {
                let (_, iw, _) = *self.arrays.iter().find(|a| a.2 == w).unwrap();
                let (arr, av) = self.gen_arr(iw, w, d);
                let (i, vi) = self.gen_bv(iw, d);
                (
                    select(arr, i),
                    av.entries.get(&vi).copied().unwrap_or(av.default),
                )
            }
            _ => self.leaf_bv(w),
        }
    }

    fn gen_arr(&mut self, iw: u32, ew: u32, depth: u32) -> (Expr, ArrVal) {
        let choice = if depth == 0 { 0 } else { self.rng.below(3) };
        match choice {
            0 => {
                let (s, ..) = *self.arrays.iter().find(|a| a.1 == iw && a.2 == ew).unwrap();
                (sym(s), (*self.asg.arrays[&s]).clone())
            }
            1 => {
                let (a, mut av) = self.gen_arr(iw, ew, depth - 1);
                let (i, vi) = self.gen_bv(iw, depth - 1);
                let (v, vv) = self.gen_bv(ew, depth - 1);
                av.entries.insert(vi, vv);
                (store(a, i, v), av)
            }
            _ => {
                let (v, vv) = self.gen_bv(ew, depth - 1);
                (
                    const_array(iw, v),
                    ArrVal {
                        default: vv,
                        ..Default::default()
                    },
                )
            }
        }
    }

    fn gen_bool(&mut self, depth: u32) -> (Expr, bool) {
        if depth == 0 || self.rng.chance(10) {
            if self.rng.chance(80) {
                let s = self.bools[self.rng.below(self.bools.len())];
                return (sym(s), self.asg.get(s) != 0);
            }
            let b = self.rng.chance(50);
            return (bool_const(b), b);
        }
        let d = depth - 1;
        match self.rng.below(8) {
            0 => {
                let (a, va) = self.gen_bool(d);
                (not(a), !va)
            }
            1 => {
                let (a, va) = self.gen_bool(d);
                let (b, vb) = self.gen_bool(d);
                if self.rng.chance(50) {
                    (and(a, b), va && vb)
                } else {
                    (or(a, b), va || vb)
                }
            }
            2 => {
                let (a, va) = self.gen_bool(d);
                let (b, vb) = self.gen_bool(d);
                (eq(a, b), va == vb)
            }
            3 => {
                let (c, vc) = self.gen_bool(d);
                let (a, va) = self.gen_bool(d);
                let (b, vb) = self.gen_bool(d);
                (ite(c, a, b), if vc { va } else { vb })
            }
            _ => {
                let w = WIDTHS[self.rng.below(WIDTHS.len())];
                let (a, va) = self.gen_bv(w, d);
                let (b, vb) = self.gen_bv(w, d);
                match self.rng.below(5) {
                    0 => (eq(a, b), va == vb),
                    1 => (ult(a, b), va < vb),
                    2 => (ule(a, b), va <= vb),
                    3 => (slt(a, b), signed_lt(va, vb, w)),
                    _ => (sle(a, b), va == vb || signed_lt(va, vb, w)),
                }
            }
        }
    }
}

/// Checks `e` (of sort `sort`) against its reference value `v` three ways;
/// returns a description of each disagreement.
fn judge(
    z3: &mut Z3Solver,
    pins: &[Expr],
    asg: &Assignment,
    e: Expr,
    sort: Sort,
    v: u128,
) -> Vec<String> {
    let mut bad = Vec::new();
    let expected = match sort {
        Sort::Bool => Val::Bool(v != 0),
        Sort::Bv(w) => Val::Bv(w, v),
        Sort::Array { .. } => unreachable!(),
    };
    let got = eval(e, asg);
    if got.as_ref() != Some(&expected) {
        bad.push(format!(
            "eval disagrees with the reference: eval {got:?}, reference {expected:?}\n  e = {e}"
        ));
    }
    let value = match sort {
        Sort::Bool => bool_const(v != 0),
        _ => bv(sort.width(), v),
    };
    let r = z3.check(pins, eq(e, value));
    if !r.is_sat() {
        bad.push(format!("z3: e == {v} is {r:?}, expected sat\n  e = {e}"));
    }
    let r = z3.check(pins, ne(e, value));
    if r != SatResult::Unsat {
        bad.push(format!(
            "z3: e != {v} is {}, expected unsat\n  e = {e}",
            short(&r)
        ));
    }
    bad
}

fn short(r: &SatResult) -> String {
    match r {
        SatResult::Sat(_) => "sat".into(),
        SatResult::Unsat => "unsat".into(),
        SatResult::Unknown(w) => format!("unknown ({w})"),
    }
}

#[test]
fn random_expressions_agree_with_eval_and_reference() {
    let mut z3 = Z3Solver::new(&SolverConfig::default());
    let mut g = Gen::new(0x9e37_79b9_7f4a_7c15);
    let mut failures = Vec::new();
    let mut nontrivial = 0;
    for case in 0..300 {
        g.reassign();
        let pins = g.pins();
        let (e, sort, v) = if case % 4 == 3 {
            let (e, b) = g.gen_bool(4);
            (e, Sort::Bool, b as u128)
        } else {
            let w = if case % 10 == 9 {
                128
            } else {
                WIDTHS[g.rng.below(WIDTHS.len() - 1)]
            };
            let (e, v) = g.gen_bv(w, 4);
            (e, Sort::Bv(w), v)
        };
        if !e.is_const() {
            nontrivial += 1;
        }
        for f in judge(&mut z3, &pins, &g.asg, e, sort, v) {
            failures.push(format!("case {case}: {f}"));
        }
    }
    assert!(
        nontrivial > 200,
        "only {nontrivial} non-constant expressions"
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fold_bin_agrees_with_z3_on_boundary_values() {
    let mut z3 = Z3Solver::new(&SolverConfig::default());
    let mut rng = Rng(42);
    let mut failures = Vec::new();
    for w in WIDTHS {
        let m = mask(w);
        let smin = 1u128 << (w - 1);
        let mut vals: Vec<u128> = vec![
            0,
            1,
            2,
            3,
            m,
            m - 1,
            smin,
            smin - 1,
            smin + 1,
            w as u128,
            (w - 1) as u128,
            (w + 1) as u128,
        ];
        vals.extend((0..4).map(|_| rng.wide() & m));
        vals.iter_mut().for_each(|v| *v &= m);
        vals.sort_unstable();
        vals.dedup();
        // one pair of pinned symbols per value pair, so nothing constant-folds
        let mut pairs = Vec::new();
        let mut pins = Vec::new();
        for &a in &vals {
            for &b in &vals {
                let x = sym(Symbol::fresh("x", Sort::Bv(w), SymbolKind::Input));
                let y = sym(Symbol::fresh("y", Sort::Bv(w), SymbolKind::Input));
                pins.push(eq(x, bv(w, a)));
                pins.push(eq(y, bv(w, b)));
                pairs.push((a, b, x, y));
            }
        }
        for op in OPS {
            let mut wrong = Vec::new();
            for &(a, b, x, y) in &pairs {
                let expect = kappa_expr::build::fold_bin(op, w, a, b);
                let reference = ref_bin(op, w, a, b);
                if expect != reference {
                    failures.push(format!(
                        "fold_bin {op:?} w{w} {a} {b} = {expect}, reference {reference}"
                    ));
                }
                wrong.push(ne(bin(op, x, y), bv(w, expect)));
            }
            // is there any pair where Z3's operator differs from fold_bin?
            let any_wrong = wrong.iter().copied().fold(fls(), or);
            match z3.check(&pins, any_wrong) {
                SatResult::Unsat => {}
                r => {
                    // find the culprits one by one
                    for (&(a, b, x, y), &ne_e) in pairs.iter().zip(&wrong) {
                        let local = [eq(x, bv(w, a)), eq(y, bv(w, b))];
                        if z3.check(&local, ne_e) != SatResult::Unsat {
                            let expect = kappa_expr::build::fold_bin(op, w, a, b);
                            failures.push(format!(
                                "z3 disagrees with fold_bin: {op:?} w{w} {a} {b} -> {expect}"
                            ));
                        }
                    }
                    if failures.is_empty() {
                        failures.push(format!("batched check for {op:?} w{w} gave {}", short(&r)));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
