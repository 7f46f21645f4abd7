//! Unit tests of the simplifier, evaluation, substitution θ⟨e⟩ and
//! composition θ1 ◇ θ2: specific rewrites, plus randomized checks against an
//! independent reference semantics.

use crate::build::*;
use crate::{
    eval, mask, to_signed, Assignment, BvOp, Expr, Kind, Sort, SymMemory, Symbol, SymbolKind,
};

fn v(name: &str, w: u32) -> (Symbol, Expr) {
    let s = Symbol::fresh(name, Sort::Bv(w), SymbolKind::Input);
    (s, sym(s))
}

#[test]
fn constants_fold_with_c_semantics() {
    assert_eq!(add(bv(8, 250), bv(8, 10)).as_bv_const(), Some(4));
    assert_eq!(
        bin(BvOp::SDiv, bv_i(32, -7), bv(32, 2)).as_bv_const(),
        Some((-3i32) as u32 as u128)
    );
    assert_eq!(
        bin(BvOp::SRem, bv_i(32, -7), bv(32, 2)).as_bv_const(),
        Some((-1i32) as u32 as u128)
    );
    assert_eq!(
        bin(BvOp::AShr, bv_i(16, -16), bv(16, 2)).as_bv_const(),
        Some((-4i16) as u16 as u128)
    );
    assert_eq!(
        bin(BvOp::LShr, bv_i(16, -16), bv(16, 2)).as_bv_const(),
        Some(0x3ffc)
    );
    assert_eq!(sext(bv(8, 0x80), 32).as_bv_const(), Some(0xffff_ff80));
    assert_eq!(zext(bv(8, 0x80), 32).as_bv_const(), Some(0x80));
    assert_eq!(slt(bv_i(8, -1), bv(8, 0)), tru());
    assert_eq!(ult(bv_i(8, -1), bv(8, 0)), fls());
    // SMT-LIB division by zero (never reached by C code: the engine checks it first)
    assert_eq!(bin(BvOp::UDiv, bv(8, 9), bv(8, 0)).as_bv_const(), Some(255));
    assert_eq!(bin(BvOp::URem, bv(8, 9), bv(8, 0)).as_bv_const(), Some(9));
}

#[test]
fn neutral_elements_and_identities() {
    let (_, x) = v("x", 32);
    assert_eq!(add(x, bv(32, 0)), x);
    assert_eq!(mul(bv(32, 1), x), x);
    assert_eq!(mul(x, bv(32, 0)), bv(32, 0));
    assert_eq!(sub(x, x), bv(32, 0));
    assert_eq!(bin(BvOp::Xor, x, x), bv(32, 0));
    assert_eq!(bvnot(bvnot(x)), x);
    assert_eq!(add(bv(32, 3), add(bv(32, 4), x)), add(bv(32, 7), x));
    assert_eq!(sub(x, bv(32, 1)), add(bv_i(32, -1), x));
    assert_eq!(
        add(x, bv(32, 5)),
        add(bv(32, 5), x),
        "commutative operands are ordered"
    );
}

#[test]
fn booleans_simplify() {
    let (_, x) = v("x", 8);
    let p = eq(x, bv(8, 1));
    assert_eq!(not(not(p)), p);
    assert_eq!(and(p, not(p)), fls());
    assert_eq!(or(p, not(p)), tru());
    assert_eq!(and(p, tru()), p);
    assert_eq!(ite(p, tru(), fls()), p);
    assert_eq!(ite(not(p), x, bv(8, 0)), ite(p, bv(8, 0), x));
}

#[test]
fn bytes_reassemble_into_the_stored_value() {
    // how memory stores a 32-bit value and reads it back
    let (_, x) = v("x", 32);
    let bytes: Vec<Expr> = (0..4).map(|i| extract(8 * i + 7, 8 * i, x)).collect();
    let mut r = bytes[0];
    for b in &bytes[1..] {
        r = concat(*b, r);
    }
    assert_eq!(r, x);
    // a 16-bit read of the low half
    assert_eq!(concat(bytes[1], bytes[0]), extract(15, 0, x));
}

#[test]
fn extraction_and_extension() {
    let (_, c) = v("c", 8);
    assert_eq!(extract(7, 0, zext(c, 32)), c);
    assert_eq!(extract(31, 8, zext(c, 32)), bv(24, 0));
    assert_eq!(extract(7, 0, sext(c, 32)), c);
    // truncation of promoted char arithmetic is char arithmetic
    assert_eq!(trunc(add(bv(32, 1), zext(c, 32)), 8), add(bv(8, 1), c));
    assert_eq!(sext(zext(c, 16), 32), zext(c, 32));
}

#[test]
fn comparisons_of_promoted_values() {
    let (_, c) = v("c", 8);
    let p = eq(c, bv(8, 3));
    // C: (int)bool == 0
    assert_eq!(eq(bool_to_bv(p, 32), bv(32, 0)), not(p));
    assert_eq!(ne(bool_to_bv(p, 32), bv(32, 0)), p);
    assert_eq!(eq(bool_to_bv(p, 32), bv(32, 7)), fls());
    // a zero-extended byte never equals 256
    assert_eq!(eq(zext(c, 32), bv(32, 256)), fls());
    assert_eq!(eq(zext(c, 32), bv(32, 200)), eq(c, bv(8, 200)));
    assert_eq!(eq(sext(c, 32), bv(32, 0xffff_ff80)), eq(c, bv(8, 0x80)));
    assert_eq!(eq(sext(c, 32), bv(32, 0x80)), fls());
    // c + 1 == 0  <->  c == -1
    assert_eq!(eq(bv(8, 0), add(bv(8, 1), c)), eq(bv(8, 255), c));
}

#[test]
fn select_over_store() {
    let (_, i) = v("i", 32);
    let (_, x) = v("x", 8);
    let a = store(
        store(const_array(32, bv(8, 0)), bv(32, 1), bv(8, 7)),
        bv(32, 2),
        x,
    );
    assert_eq!(select(a, bv(32, 2)), x);
    assert_eq!(select(a, bv(32, 1)), bv(8, 7));
    assert_eq!(select(a, bv(32, 9)), bv(8, 0));
    assert!(matches!(select(a, i).kind(), Kind::Select(..)));
    assert_eq!(store(store(a, i, x), i, bv(8, 1)), store(a, i, bv(8, 1)));
}

#[test]
fn hash_consing_shares_structure() {
    let (_, x) = v("x", 16);
    assert_eq!(add(bv(16, 1), x), add(x, bv(16, 1)));
    let before = Expr::pool_size();
    let _ = add(bv(16, 1), x);
    assert_eq!(Expr::pool_size(), before);
}

#[test]
fn constants_round_trip_inline_or_pooled() {
    // every width, with values at the edges of the inline encoding
    for w in 1..=128u32 {
        let m = mask(w);
        let mut vals = vec![0, 1, m, m >> 1, (m >> 1) + 1, 0x5a5a_5a5a_5a5a_5a5a & m];
        for k in [55u32, 56, 57, 63] {
            if k < w {
                vals.push(1u128 << k);
                vals.push((1u128 << k) - 1);
                vals.push(m ^ ((1u128 << k) - 1));
            }
        }
        for v in vals {
            let e = bv(w, v);
            assert_eq!(e.as_bv_const(), Some(v), "value of bv({w}, {v:#x})");
            assert_eq!(e.sort(), Sort::Bv(w));
            assert_eq!(e.kind(), Kind::BvConst { width: w, value: v });
            assert_eq!(bv(w, v), e, "one handle per constant");
            assert!(e.is_const());
            assert_eq!(e.as_bool_const(), None);
            if e.is_inline() {
                assert_eq!(e.inline_const_parts(), Some((w, v)));
            } else {
                assert_eq!(e.inline_const_parts(), None);
            }
        }
    }
    for b in [false, true] {
        let e = bool_const(b);
        assert!(e.is_inline());
        assert_eq!(e.as_bool_const(), Some(b));
        assert_eq!(e.as_bv_const(), None);
        assert_eq!(e.sort(), Sort::Bool);
        assert_eq!(e.kind(), Kind::BoolConst(b));
    }
    // what must be inline: every constant of at most 56 bits, small negative 64-bit ones
    assert!(bv(32, 0xffff_ffff).is_inline());
    assert!(bv(56, mask(56)).is_inline());
    assert!(bv_i(64, -1).is_inline());
    assert!(bv_i(64, -(1 << 55)).is_inline());
    assert!(!bv(64, 1 << 60).is_inline());
    assert!(!bv(65, 1).is_inline());
    // distinct constants have distinct handles, whatever their storage
    assert_ne!(bv(8, 1), bv(16, 1));
    assert_ne!(bv(1, 1), bool_const(true));
    assert_ne!(bv(64, 1 << 60), bv(64, 1 << 61));
}

#[test]
fn concrete_arithmetic_does_not_grow_the_pool() {
    let before = Expr::pool_size();
    let mut x = bv(32, 0);
    for _ in 0..100_000 {
        x = add(x, bv(32, 7));
        let _ = ult(x, bv(32, 5_000_000));
    }
    assert_eq!(x.as_bv_const(), Some(700_000));
    assert_eq!(Expr::pool_size(), before);
}

// ---- randomized check against a reference semantics -------------------------

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// An expression tree kept outside the pool, evaluated by `reference`.
#[derive(Clone, Debug)]
enum Tree {
    Var(usize),
    Const(u128),
    Bin(BvOp, Box<Tree>, Box<Tree>),
    Not(Box<Tree>),
    Ite(Box<Cond>, Box<Tree>, Box<Tree>),
    /// zero- or sign-extended low byte
    Ext(bool, Box<Tree>),
}

#[derive(Clone, Debug)]
enum Cond {
    Ult(Tree, Tree),
    Slt(Tree, Tree),
    Eq(Tree, Tree),
    Not(Box<Cond>),
}

const W: u32 = 16;

fn gen(r: &mut Rng, depth: u32) -> Tree {
    if depth == 0 || r.below(4) == 0 {
        return if r.below(2) == 0 {
            Tree::Var(r.below(3) as usize)
        } else {
            let specials = [0u128, 1, 2, 0x7fff, 0x8000, 0xffff, 15, 16, 17];
            Tree::Const(if r.below(2) == 0 {
                specials[r.below(9) as usize]
            } else {
                r.next() as u128 & mask(W)
            })
        };
    }
    let ops = BvOp::ALL;
    match r.below(6) {
        0 => Tree::Not(Box::new(gen(r, depth - 1))),
        1 => {
            let c = match r.below(4) {
                0 => Cond::Ult(gen(r, depth - 1), gen(r, depth - 1)),
                1 => Cond::Slt(gen(r, depth - 1), gen(r, depth - 1)),
                2 => Cond::Eq(gen(r, depth - 1), gen(r, depth - 1)),
                _ => Cond::Not(Box::new(Cond::Eq(gen(r, depth - 1), gen(r, depth - 1)))),
            };
            Tree::Ite(
                Box::new(c),
                Box::new(gen(r, depth - 1)),
                Box::new(gen(r, depth - 1)),
            )
        }
        2 => Tree::Ext(r.below(2) == 0, Box::new(gen(r, depth - 1))),
        _ => Tree::Bin(
            ops[r.below(ops.len() as u64) as usize],
            Box::new(gen(r, depth - 1)),
            Box::new(gen(r, depth - 1)),
        ),
    }
}

/// Reference semantics written independently of `fold_bin`, on i64/u64
/// (deliberately spelled out, not using the checked helpers `fold_bin` uses).
#[allow(clippy::manual_checked_ops)]
fn reference(t: &Tree, env: &[u128]) -> u128 {
    let m = mask(W);
    let s = |x: u128| to_signed(x, W) as i64;
    match t {
        Tree::Var(i) => env[*i],
        Tree::Const(c) => *c,
        Tree::Not(a) => !reference(a, env) & m,
        Tree::Ext(signed, a) => {
            let lo = reference(a, env) & 0xff;
            if *signed && lo & 0x80 != 0 {
                (lo | 0xff00) & m
            } else {
                lo
            }
        }
        Tree::Ite(c, a, b) => {
            if cond_ref(c, env) {
                reference(a, env)
            } else {
                reference(b, env)
            }
        }
        Tree::Bin(op, a, b) => {
            let (x, y) = (reference(a, env), reference(b, env));
            let r: i128 = match op {
                BvOp::Add => x as i128 + y as i128,
                BvOp::Sub => x as i128 - y as i128,
                BvOp::Mul => x as i128 * y as i128,
                BvOp::UDiv => {
                    if y == 0 {
                        m as i128
                    } else {
                        (x / y) as i128
                    }
                }
                BvOp::URem => {
                    if y == 0 {
                        x as i128
                    } else {
                        (x % y) as i128
                    }
                }
                BvOp::SDiv => {
                    if y == 0 {
                        if s(x) < 0 {
                            1
                        } else {
                            -1
                        }
                    } else {
                        (s(x) / s(y)) as i128
                    }
                }
                BvOp::SRem => {
                    if y == 0 {
                        x as i128
                    } else {
                        (s(x) % s(y)) as i128
                    }
                }
                BvOp::Shl => {
                    if y >= W as u128 {
                        0
                    } else {
                        (x << y) as i128
                    }
                }
                BvOp::LShr => {
                    if y >= W as u128 {
                        0
                    } else {
                        (x >> y) as i128
                    }
                }
                BvOp::AShr => (s(x) >> (y.min(W as u128 - 1) as u32)) as i128,
                BvOp::And => (x & y) as i128,
                BvOp::Or => (x | y) as i128,
                BvOp::Xor => (x ^ y) as i128,
            };
            (r as u128) & m
        }
    }
}

fn cond_ref(c: &Cond, env: &[u128]) -> bool {
    match c {
        Cond::Ult(a, b) => reference(a, env) < reference(b, env),
        Cond::Slt(a, b) => to_signed(reference(a, env), W) < to_signed(reference(b, env), W),
        Cond::Eq(a, b) => reference(a, env) == reference(b, env),
        Cond::Not(c) => !cond_ref(c, env),
    }
}

fn build_tree(t: &Tree, vars: &[Expr]) -> Expr {
    match t {
        Tree::Var(i) => vars[*i],
        Tree::Const(c) => bv(W, *c),
        Tree::Not(a) => bvnot(build_tree(a, vars)),
        Tree::Ext(signed, a) => {
            let lo = trunc(build_tree(a, vars), 8);
            if *signed {
                sext(lo, W)
            } else {
                zext(lo, W)
            }
        }
        Tree::Ite(c, a, b) => ite(
            build_cond(c, vars),
            build_tree(a, vars),
            build_tree(b, vars),
        ),
        Tree::Bin(op, a, b) => bin(*op, build_tree(a, vars), build_tree(b, vars)),
    }
}

fn build_cond(c: &Cond, vars: &[Expr]) -> Expr {
    match c {
        Cond::Ult(a, b) => ult(build_tree(a, vars), build_tree(b, vars)),
        Cond::Slt(a, b) => slt(build_tree(a, vars), build_tree(b, vars)),
        Cond::Eq(a, b) => eq(build_tree(a, vars), build_tree(b, vars)),
        Cond::Not(c) => not(build_cond(c, vars)),
    }
}

#[test]
fn simplified_expressions_keep_their_meaning() {
    let mut r = Rng(0x1234_5678_9abc_def1);
    let syms: Vec<Symbol> = (0..3)
        .map(|i| Symbol::fresh(&format!("r{i}"), Sort::Bv(W), SymbolKind::Input))
        .collect();
    let vars: Vec<Expr> = syms.iter().map(|s| sym(*s)).collect();
    for case in 0..3000 {
        let t = gen(&mut r, 5);
        let e = build_tree(&t, &vars);
        for _ in 0..4 {
            let env: Vec<u128> = (0..3)
                .map(|_| {
                    if r.below(3) == 0 {
                        [0, 1, 0xffff, 0x8000][r.below(4) as usize]
                    } else {
                        r.next() as u128 & mask(W)
                    }
                })
                .collect();
            let mut a = Assignment::default();
            for (s, x) in syms.iter().zip(&env) {
                a.set(*s, *x);
            }
            let got = eval(e, &a).unwrap().bits();
            let want = reference(&t, &env);
            assert_eq!(
                got, want,
                "case {case}: {t:?}\nsimplified to {e}\nenv {env:?}"
            );
        }
    }
}

#[test]
fn substitution_replaces_and_simplifies() {
    let (xs, x) = v("x", 32);
    let (ys, y) = v("y", 32);
    let e = add(x, mul(bv(32, 2), y));
    let mut th = SymMemory::new();
    th.set(xs, bv(32, 3));
    th.set(ys, bv(32, 4));
    assert_eq!(th.apply(e), bv(32, 11));
    let mut th2 = SymMemory::new();
    th2.set(ys, x);
    assert_eq!(th2.apply(eq(x, y)), tru());
    // unmapped symbols stand for themselves
    assert_eq!(SymMemory::new().apply(e), e);
    assert_eq!(th2.get(xs), x);
}

#[test]
fn substitution_leaves_bound_variables_alone() {
    let (ks, k) = v("k", 32);
    let (ns, n) = v("n", 32);
    let body = ult(k, n);
    let q = forall(vec![ks], body);
    let mut th = SymMemory::new();
    th.set(ks, bv(32, 0));
    th.set(ns, bv(32, 10));
    let r = th.apply(q);
    assert_eq!(r, forall(vec![ks], ult(k, bv(32, 10))));
}

#[test]
fn composition_is_sequential_effect() {
    // θ1: x := x + 1 ; θ2: y := 2 * x, x := x + y
    let (xs, x) = v("x", 32);
    let (ys, y) = v("y", 32);
    let mut t1 = SymMemory::new();
    t1.set(xs, add(x, bv(32, 1)));
    let mut t2 = SymMemory::new();
    t2.set(ys, mul(bv(32, 2), x));
    t2.set(xs, add(x, y));
    let c = t1.compose(&t2);
    assert_eq!(c.get(ys), mul(bv(32, 2), add(bv(32, 1), x)));
    assert_eq!(c.get(xs), add(add(bv(32, 1), x), y));
    // identity is neutral on both sides
    assert_eq!(SymMemory::new().compose(&t1), t1);
    assert_eq!(t1.compose(&SymMemory::new()), t1);
}

#[test]
fn composition_law_holds_on_random_memories() {
    // (θ1 ◇ θ2)⟨e⟩ = θ1⟨θ2⟨e⟩⟩ and ◇ is associative
    let mut r = Rng(0xfeed_beef_1234_5678);
    let syms: Vec<Symbol> = (0..3)
        .map(|i| Symbol::fresh(&format!("c{i}"), Sort::Bv(W), SymbolKind::Input))
        .collect();
    let vars: Vec<Expr> = syms.iter().map(|s| sym(*s)).collect();
    let random_mem = |r: &mut Rng| {
        let mut m = SymMemory::new();
        for s in &syms {
            if r.below(3) != 0 {
                m.set(*s, build_tree(&gen(r, 3), &vars));
            }
        }
        m
    };
    for _ in 0..300 {
        let (a, b, c) = (random_mem(&mut r), random_mem(&mut r), random_mem(&mut r));
        let e = build_tree(&gen(&mut r, 4), &vars);
        assert_eq!(a.compose(&b).apply(e), a.apply(b.apply(e)));
        assert_eq!(a.compose(&b).compose(&c), a.compose(&b.compose(&c)));
    }
}

#[test]
fn comparison_rewrites_are_exact_on_all_8_bit_values() {
    // every constant-comparison rewrite in `eq`, checked exhaustively
    let (xs, x) = v("ex", 8);
    let (_, p) = (0, eq(x, bv(8, 42)));
    for c in [0u128, 1, 7, 42, 127, 128, 200, 255] {
        for k in [0u128, 1, 5, 128, 255] {
            let forms = [
                (
                    eq(bv(8, c), add(bv(8, k), x)),
                    Box::new(move |xv: u128| c == (k + xv) & 0xff) as Box<dyn Fn(u128) -> bool>,
                ),
                (
                    eq(bv(8, c), ite(p, bv(8, k), bv(8, 7))),
                    Box::new(move |xv: u128| c == if xv == 42 { k } else { 7 }),
                ),
            ];
            for (e, want) in &forms {
                for xv in 0..256u128 {
                    let mut a = Assignment::default();
                    a.set(xs, xv);
                    assert_eq!(
                        eval(*e, &a).unwrap().truth(),
                        want(xv),
                        "c={c} k={k} x={xv}: {e}"
                    );
                }
            }
        }
        for w in [16u32, 32] {
            let cz = eq(bv(w, c | (c << 8)), zext(x, w));
            let cs = eq(bv(w, c | (c << 8)), sext(x, w));
            for xv in 0..256u128 {
                let mut a = Assignment::default();
                a.set(xs, xv);
                let wide = c | (c << 8);
                assert_eq!(
                    eval(cz, &a).unwrap().truth(),
                    wide == xv,
                    "zext c={c} w={w} x={xv}"
                );
                let sx = (to_signed(xv, 8) as u128) & mask(w);
                assert_eq!(
                    eval(cs, &a).unwrap().truth(),
                    wide == sx,
                    "sext c={c} w={w} x={xv}"
                );
            }
        }
    }
}

#[test]
fn array_equality_compares_contents() {
    let a = Symbol::fresh("arr", Sort::Array { index: 8, elem: 8 }, SymbolKind::Input);
    let e = eq(
        store(const_array(8, bv(8, 255)), bv(8, 17), bv(8, 255)),
        sym(a),
    );
    let mut m = Assignment::default();
    m.arrays.insert(
        a,
        std::rc::Rc::new(crate::eval::ArrVal {
            default: 255,
            entries: Default::default(),
        }),
    );
    assert!(eval(e, &m).unwrap().truth());
    let mut other = crate::eval::ArrVal {
        default: 255,
        entries: Default::default(),
    };
    other.entries.insert(17, 3);
    m.arrays.insert(a, std::rc::Rc::new(other));
    assert!(!eval(e, &m).unwrap().truth());
}

#[test]
fn free_symbols_respect_binder_scope() {
    let (ks, k) = v("k", 8);
    let (ns, n) = v("n", 8);
    let q = forall(vec![ks], ne(mul(k, bv(8, 2)), n));
    let (free, _) = crate::print::free_symbols(&[q]);
    assert_eq!(free.into_iter().collect::<Vec<_>>(), vec![ns]);
    // bound in one conjunct, free in the other
    let both = and(q, eq(k, bv(8, 5)));
    let (free, _) = crate::print::free_symbols(&[both]);
    assert!(free.contains(&ks) && free.contains(&ns));
    assert!(crate::print::smtlib_script(&[both]).contains(&format!("(declare-fun |{}|", ks.name())));
}

/// A term shared between a place where κ is free and the body of `exists κ`
/// must not become one `define-fun` (whose κ would be the free one): the
/// script of `x(κ) = 5 ∧ ∃κ. x(κ) = 7` is satisfiable.
#[test]
fn smtlib_names_no_term_whose_symbol_a_quantifier_binds() {
    let (ks, k) = v("k", 8);
    let (_, n) = v("n", 8);
    let x = add(mul(k, bv(8, 3)), n);
    let f = and(eq(x, bv(8, 5)), exists(vec![ks], eq(x, bv(8, 7))));
    let script = crate::print::smtlib_script(&[f]);
    // the shared term is printed in place on both sides
    assert!(!script.contains("define-fun"), "{script}");
    // a term without bound symbols is still named and shared
    let y = mul(n, n);
    let g = and(eq(y, bv(8, 5)), exists(vec![ks], eq(add(k, y), bv(8, 7))));
    let script = crate::print::smtlib_script(&[g]);
    assert!(script.contains("define-fun"), "{script}");
}
