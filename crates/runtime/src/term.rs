//! Hash-consed terms of the runtime: a node table where equal nodes share
//! one id (ids start at 1; 0 means "concrete, no term"), constant folding
//! with LLVM's (SMT-LIB's for division by zero and wide shifts) semantics,
//! and evaluation under an input assignment.

use crate::abi::{binop, cast, icmp, node};
use std::collections::HashMap;

/// One term node (see [`crate::abi::node`] for the fields' meaning per kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// Node kind.
    pub kind: u32,
    /// Result width in bits (1..=64).
    pub width: u32,
    /// First child id.
    pub a: u32,
    /// Second child id.
    pub b: u32,
    /// Third child id, or an operation code.
    pub c: u32,
    /// Constant value, input number or extract offset.
    pub val: u64,
}

/// The all-ones mask of `w` bits.
pub fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// `v` (of `w` bits) sign-extended to 64 bits.
pub fn sext(v: u64, w: u32) -> i64 {
    if w >= 64 {
        v as i64
    } else {
        let s = 64 - w;
        ((v << s) as i64) >> s
    }
}

/// `a op b` on `w`-bit values (inputs masked, output masked).
pub fn fold_binop(op: u32, w: u32, a: u64, b: u64) -> u64 {
    let (a, b) = (a & mask(w), b & mask(w));
    let r = match op {
        binop::ADD => a.wrapping_add(b),
        binop::SUB => a.wrapping_sub(b),
        binop::MUL => a.wrapping_mul(b),
        binop::UDIV => a.checked_div(b).unwrap_or(u64::MAX),
        binop::UREM => a.checked_rem(b).unwrap_or(a),
        binop::SDIV => {
            let (x, y) = (sext(a, w), sext(b, w));
            if y == 0 {
                if x < 0 {
                    1
                } else {
                    u64::MAX
                }
            } else {
                x.wrapping_div(y) as u64
            }
        }
        binop::SREM => {
            let (x, y) = (sext(a, w), sext(b, w));
            if y == 0 {
                a
            } else {
                x.wrapping_rem(y) as u64
            }
        }
        binop::SHL => {
            if b >= w as u64 {
                0
            } else {
                a << b
            }
        }
        binop::LSHR => {
            if b >= w as u64 {
                0
            } else {
                a >> b
            }
        }
        binop::ASHR => {
            let x = sext(a, w);
            if b >= w as u64 {
                if x < 0 {
                    u64::MAX
                } else {
                    0
                }
            } else {
                (x >> b) as u64
            }
        }
        binop::AND => a & b,
        binop::OR => a | b,
        _ => a ^ b,
    };
    r & mask(w)
}

/// `a pred b` on `w`-bit values.
pub fn fold_icmp(pred: u32, w: u32, a: u64, b: u64) -> bool {
    let (a, b) = (a & mask(w), b & mask(w));
    let (x, y) = (sext(a, w), sext(b, w));
    match pred {
        icmp::EQ => a == b,
        icmp::NE => a != b,
        icmp::UGT => a > b,
        icmp::UGE => a >= b,
        icmp::ULT => a < b,
        icmp::ULE => a <= b,
        icmp::SGT => x > y,
        icmp::SGE => x >= y,
        icmp::SLT => x < y,
        _ => x <= y,
    }
}

/// The node table.
#[derive(Default)]
pub struct Terms {
    /// Nodes by id - 1.
    pub nodes: Vec<Node>,
    /// Per node: the least and the greatest input number it depends on
    /// (`(u32::MAX, 0)` for none).
    spans: Vec<(u32, u32)>,
    table: HashMap<Node, u32>,
}

impl Terms {
    /// The node of term `t` (≥ 1).
    pub fn node(&self, t: u32) -> Node {
        self.nodes[(t - 1) as usize]
    }

    /// Width of term `t`.
    pub fn width(&self, t: u32) -> u32 {
        self.node(t).width
    }

    /// The least and the greatest input number term `t` depends on (None
    /// if it depends on none).
    pub fn span(&self, t: u32) -> Option<(u32, u32)> {
        let (lo, hi) = self.spans[(t - 1) as usize];
        (lo <= hi).then_some((lo, hi))
    }

    /// Up to `max` constants occurring in term `t`.
    pub fn constants_in(&self, t: u32, max: usize) -> Vec<u64> {
        let mut out = vec![];
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![t];
        while let Some(id) = stack.pop() {
            if out.len() >= max || !seen.insert(id) {
                continue;
            }
            let n = self.node(id);
            if n.kind == node::CONST {
                out.push(n.val);
            }
            stack.extend(Self::children(&n).into_iter().filter(|&k| k != 0));
        }
        out
    }

    /// A value of input `k` (`w` bits) under which `t` holds, the other
    /// inputs as in `witness` (left unchanged): every value if `w` ≤ 8,
    /// else the boundary values and the constants of `t` ± 1. None if no
    /// candidate satisfies `t` (which does not mean none exists).
    pub fn value_satisfying(&self, t: u32, k: usize, w: u32, witness: &mut [u64]) -> Option<u64> {
        let m = mask(w);
        let cands: Vec<u64> = if w <= 8 {
            (0..=m).collect()
        } else {
            let sign = 1u64 << (w - 1);
            let mut c = vec![0, 1, m, sign, sign - 1];
            for v in self.constants_in(t, 16) {
                c.extend([v & m, v.wrapping_add(1) & m, v.wrapping_sub(1) & m]);
            }
            c
        };
        let old = *witness.get(k)?;
        let found = cands.into_iter().find(|&v| {
            witness[k] = v;
            self.eval(t, witness) != 0
        });
        witness[k] = old;
        found
    }

    /// The constant value of `t`, if it is a constant.
    pub fn constant(&self, t: u32) -> Option<u64> {
        let n = self.node(t);
        (n.kind == node::CONST).then_some(n.val)
    }

    fn intern(&mut self, n: Node) -> u32 {
        if let Some(&id) = self.table.get(&n) {
            return id;
        }
        let span = if n.kind == node::INPUT {
            (n.val as u32, n.val as u32)
        } else {
            Self::children(&n)
                .into_iter()
                .filter(|&k| k != 0)
                .map(|k| self.spans[(k - 1) as usize])
                .fold((u32::MAX, 0), |(lo, hi), (l, h)| (lo.min(l), hi.max(h)))
        };
        self.spans.push(span);
        self.nodes.push(n);
        let id = self.nodes.len() as u32;
        self.table.insert(n, id);
        id
    }

    /// The constant `v` of `w` bits.
    pub fn konst(&mut self, w: u32, v: u64) -> u32 {
        self.intern(Node {
            kind: node::CONST,
            width: w,
            a: 0,
            b: 0,
            c: 0,
            val: v & mask(w),
        })
    }

    /// Input number `k` of `w` bits.
    pub fn input(&mut self, w: u32, k: u64) -> u32 {
        self.intern(Node {
            kind: node::INPUT,
            width: w,
            a: 0,
            b: 0,
            c: 0,
            val: k,
        })
    }

    /// `a op b`.
    pub fn binop(&mut self, op: u32, a: u32, b: u32) -> u32 {
        let w = self.width(a);
        let (ca, cb) = (self.constant(a), self.constant(b));
        if let (Some(x), Some(y)) = (ca, cb) {
            return self.konst(w, fold_binop(op, w, x, y));
        }
        // neutral and absorbing constants
        let zero = |c: Option<u64>| c == Some(0);
        let ones = |c: Option<u64>| c == Some(mask(w));
        match op {
            binop::AND if zero(ca) || zero(cb) => return self.konst(w, 0),
            binop::MUL if zero(ca) || zero(cb) => return self.konst(w, 0),
            binop::AND if ones(ca) => return b,
            binop::AND if ones(cb) => return a,
            binop::OR | binop::XOR | binop::ADD if zero(ca) => return b,
            binop::OR | binop::XOR | binop::ADD | binop::SUB if zero(cb) => return a,
            binop::OR if ones(ca) || ones(cb) => return self.konst(w, mask(w)),
            binop::SHL | binop::LSHR | binop::ASHR if zero(cb) => return a,
            _ => {}
        }
        self.intern(Node {
            kind: node::BINOP,
            width: w,
            a,
            b,
            c: op,
            val: 0,
        })
    }

    /// `a pred b` as a 1-bit term.
    pub fn icmp(&mut self, pred: u32, a: u32, b: u32) -> u32 {
        let w = self.width(a);
        if let (Some(x), Some(y)) = (self.constant(a), self.constant(b)) {
            return self.konst(1, fold_icmp(pred, w, x, y) as u64);
        }
        if a == b {
            let v = matches!(
                pred,
                icmp::EQ | icmp::UGE | icmp::ULE | icmp::SGE | icmp::SLE
            );
            return self.konst(1, v as u64);
        }
        self.intern(Node {
            kind: node::ICMP,
            width: 1,
            a,
            b,
            c: pred,
            val: 0,
        })
    }

    /// The 1-bit negation of a 1-bit term.
    pub fn not1(&mut self, t: u32) -> u32 {
        let z = self.konst(1, 0);
        self.icmp(icmp::EQ, t, z)
    }

    /// Cast `a` to `to` bits (`kind` from [`crate::abi::cast`]).
    pub fn cast(&mut self, kind: u32, a: u32, to: u32) -> u32 {
        let from = self.width(a);
        if from == to {
            return a;
        }
        match kind {
            cast::TRUNC => self.extract(a, 0, to),
            _ => {
                if let Some(x) = self.constant(a) {
                    let v = if kind == cast::SEXT {
                        sext(x, from) as u64
                    } else {
                        x
                    };
                    return self.konst(to, v);
                }
                let k = if kind == cast::SEXT {
                    node::SEXT
                } else {
                    node::ZEXT
                };
                self.intern(Node {
                    kind: k,
                    width: to,
                    a,
                    b: 0,
                    c: 0,
                    val: 0,
                })
            }
        }
    }

    /// Bits `[lo, lo + w)` of `a`.
    pub fn extract(&mut self, a: u32, lo: u32, w: u32) -> u32 {
        if lo == 0 && w == self.width(a) {
            return a;
        }
        if let Some(x) = self.constant(a) {
            return self.konst(w, x >> lo);
        }
        self.intern(Node {
            kind: node::EXTRACT,
            width: w,
            a,
            b: 0,
            c: 0,
            val: lo as u64,
        })
    }

    /// `hi ++ lo`.
    pub fn concat(&mut self, hi: u32, lo: u32) -> u32 {
        let (wh, wl) = (self.width(hi), self.width(lo));
        if let (Some(x), Some(y)) = (self.constant(hi), self.constant(lo)) {
            return self.konst(wh + wl, (x << wl) | y);
        }
        self.intern(Node {
            kind: node::CONCAT,
            width: wh + wl,
            a: hi,
            b: lo,
            c: 0,
            val: 0,
        })
    }

    /// If `c` (1 bit) then `a` else `b`.
    pub fn ite(&mut self, c: u32, a: u32, b: u32) -> u32 {
        if let Some(v) = self.constant(c) {
            return if v != 0 { a } else { b };
        }
        if a == b {
            return a;
        }
        let w = self.width(a);
        self.intern(Node {
            kind: node::ITE,
            width: w,
            a: c,
            b: a,
            c: b,
            val: 0,
        })
    }

    /// The children of node `n` (term ids).
    fn children(n: &Node) -> [u32; 3] {
        match n.kind {
            node::CONST | node::INPUT => [0, 0, 0],
            node::ZEXT | node::SEXT | node::EXTRACT => [n.a, 0, 0],
            node::ITE => [n.a, n.b, n.c],
            // binop, icmp, concat
            _ => [n.a, n.b, 0],
        }
    }

    /// Evaluates term `t` with `inputs[k]` for input `k` (missing inputs
    /// are 0). Visits only the nodes `t` depends on, each once, so a long
    /// path's large table does not make every evaluation slower.
    pub fn eval(&self, t: u32, inputs: &[u64]) -> u64 {
        let mut vals: HashMap<u32, u64> = HashMap::new();
        let mut stack = vec![(t, false)];
        while let Some((id, ready)) = stack.pop() {
            if vals.contains_key(&id) {
                continue;
            }
            let n = self.node(id);
            let kids = Self::children(&n);
            if !ready {
                stack.push((id, true));
                for k in kids.into_iter().filter(|&k| k != 0) {
                    if !vals.contains_key(&k) {
                        stack.push((k, false));
                    }
                }
                continue;
            }
            let v = |x: u32| vals[&x];
            let r = match n.kind {
                node::CONST => n.val,
                node::INPUT => inputs.get(n.val as usize).copied().unwrap_or(0),
                node::BINOP => fold_binop(n.c, n.width, v(n.a), v(n.b)),
                node::ICMP => fold_icmp(n.c, self.width(n.a), v(n.a), v(n.b)) as u64,
                node::ZEXT => v(n.a),
                node::SEXT => sext(v(n.a), self.width(n.a)) as u64,
                node::EXTRACT => v(n.a) >> n.val,
                node::ITE => {
                    if v(n.a) != 0 {
                        v(n.b)
                    } else {
                        v(n.c)
                    }
                }
                _ => (v(n.a) << self.width(n.b)) | v(n.b),
            };
            vals.insert(id, r & mask(n.width));
        }
        vals[&t]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_matches_llvm_on_small_values() {
        assert_eq!(fold_binop(binop::SDIV, 8, 0xF9, 2), 0xFD); // -7 / 2 = -3
        assert_eq!(fold_binop(binop::SREM, 8, 0xF9, 2), 0xFF); // -7 % 2 = -1
        assert_eq!(fold_binop(binop::ASHR, 8, 0x80, 7), 0xFF);
        assert_eq!(fold_binop(binop::ADD, 32, 0xFFFF_FFFF, 1), 0);
        assert!(fold_icmp(icmp::SLT, 32, 0xFFFF_FFFF, 0));
        assert!(!fold_icmp(icmp::ULT, 32, 0xFFFF_FFFF, 0));
    }

    #[test]
    fn hash_consing_and_eval() {
        let mut t = Terms::default();
        let x = t.input(32, 0);
        let c = t.konst(32, 5);
        let s1 = t.binop(binop::ADD, x, c);
        let s2 = t.binop(binop::ADD, x, c);
        assert_eq!(s1, s2);
        let cmp = t.icmp(icmp::SGT, s1, c);
        assert_eq!(t.eval(cmp, &[1]), 1);
        assert_eq!(t.eval(cmp, &[0]), 0);
        let hi = t.extract(x, 8, 8);
        let lo = t.extract(x, 0, 8);
        let cat = t.concat(hi, lo);
        assert_eq!(t.eval(cat, &[0x1234]), 0x1234);
        let folded = t.binop(binop::MUL, c, c);
        assert_eq!(t.constant(folded), Some(25));
        let z = t.konst(32, 0);
        let b1 = t.icmp(icmp::EQ, x, c);
        let f1 = t.konst(1, 0);
        assert_eq!(t.binop(binop::AND, b1, f1), f1);
        assert_eq!(t.binop(binop::ADD, x, z), x);
        let d = t.binop(binop::SUB, z, x);
        assert_eq!(t.eval(d, &[3]), (-3i32) as u32 as u64);
    }

    /// A random term over inputs `0..n` (widths 8 and 32), `depth` deep.
    fn random_term(t: &mut Terms, seed: &mut u64, inputs: &[u64], depth: u32) -> u32 {
        fn next(seed: &mut u64) -> u64 {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *seed >> 33
        }
        if depth == 0 || next(seed).is_multiple_of(4) {
            return if next(seed).is_multiple_of(3) {
                t.konst(32, next(seed) % 300)
            } else {
                let k = inputs[(next(seed) as usize) % inputs.len()];
                let x = t.input(8, k);
                t.cast(cast::ZEXT, x, 32)
            };
        }
        let a = random_term(t, seed, inputs, depth - 1);
        let b = random_term(t, seed, inputs, depth - 1);
        let ops = [binop::ADD, binop::SUB, binop::MUL, binop::XOR, binop::AND];
        t.binop(ops[(next(seed) % 5) as usize], a, b)
    }

    /// The soundness of the runtime's models for branches on a fresh
    /// input (`Runtime::local_model`): when the path condition's inputs are
    /// all older than input `k`, a value of `k` that satisfies the branch
    /// keeps every constraint of the path condition satisfied.
    #[test]
    fn a_fresh_input_value_keeps_the_path_condition() {
        let mut seed = 7u64;
        let mut found = 0;
        for round in 0..300 {
            let mut t = Terms::default();
            let mut witness: Vec<u64> = (0..5).map(|i| (round * 31 + i * 17) % 256).collect();
            // a path condition over inputs 0..4 that the witness satisfies
            let mut pc = vec![];
            for _ in 0..3 {
                let e = random_term(&mut t, &mut seed, &[0, 1, 2, 3], 3);
                let v = t.eval(e, &witness);
                let c = t.konst(32, v);
                pc.push(t.icmp(icmp::EQ, e, c));
            }
            let hi = pc.iter().filter_map(|&c| t.span(c)).map(|s| s.1).max();
            assert!(hi.is_none_or(|h| h < 4), "pc spans only inputs 0..4");
            // a branch on input 4 alone
            let e = random_term(&mut t, &mut seed, &[4], 3);
            let c = t.konst(32, seed % 97);
            let branch = t.icmp([icmp::EQ, icmp::ULT, icmp::SGT][(round % 3) as usize], e, c);
            if t.span(branch).is_none() {
                continue;
            }
            assert_eq!(t.span(branch), Some((4, 4)));
            let before = witness.clone();
            if let Some(v) = t.value_satisfying(branch, 4, 8, &mut witness) {
                found += 1;
                assert_eq!(witness, before, "the witness is left unchanged");
                witness[4] = v;
                assert_eq!(t.eval(branch, &witness), 1);
                for &c in &pc {
                    assert_eq!(t.eval(c, &witness), 1, "the path condition still holds");
                }
                witness[4] = before[4];
            }
        }
        assert!(found > 100, "the property was checked ({found} models)");
    }

    #[test]
    fn eval_of_a_shared_dag_visits_each_node_once() {
        // x + x + x ... 200 levels deep, each level used twice: evaluating
        // it node by node (not tree by tree) is the only feasible way
        let mut t = Terms::default();
        let x = t.input(64, 0);
        let one = t.konst(64, 1);
        let mut e = x;
        for _ in 0..200 {
            let s = t.binop(binop::ADD, e, e);
            e = t.binop(binop::ADD, s, one);
        }
        // e = 2e + 1, 200 times, from x (modulo 2^64)
        let v = t.eval(e, &[3]);
        let mut r: u64 = 3;
        for _ in 0..200 {
            r = r.wrapping_add(r).wrapping_add(1);
        }
        assert_eq!(v, r);
        // an ite picks the value of the taken side; the other one is
        // still evaluated (no short cut), with the same result
        let c = t.icmp(icmp::ULT, x, one);
        let i = t.ite(c, e, x);
        assert_eq!(t.eval(i, &[0]), t.eval(e, &[0]));
        assert_eq!(t.eval(i, &[5]), 5);
    }
}
