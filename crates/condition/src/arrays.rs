//! The iterated memory of a loop that stores at a progression (the array
//! rule of issue 17 for θ^κ of the memory), and the expansion of reads of
//! such memories in φ̂.
//!
//! **The rule.** When exactly one backbone `i` of a loop changes the memory,
//! by one store of `n` bytes (1 ≤ n ≤ 8) of a value `v` at an address `a`,
//! and θ^κ⟨a⟩ and θ^κ⟨v⟩ are free of ⋆, volatile symbols and counters other
//! than κ_i (as in rule 4 of [`crate::summary`]), the store of the t-th run
//! of backbone `i` (t < κ_i) writes `V(t) = θ^κ⟨v⟩[κ_i := t]` at
//! `A(t) = θ^κ⟨a⟩[κ_i := t]`. If `A(t) = A0 + s·t` modulo 2^p (p the
//! address width; [`affine_in`] decides it exactly through sums,
//! differences, products and shifts by constants, bitwise negation and
//! truncations, which are all ring homomorphisms modulo 2^w; any other
//! operation on κ_i gives up) the memory after the loop is, byte by byte,
//!
//! ```text
//! M'[j] = fits ? (written(j) ? byte r(j) of V(t(j)) : M[j]) : ⋆[j]
//! ```
//!
//! with, for `s ≥ n` (as a signed number), `d = j − A0`,
//! `written = d mod s < n ∧ d / s < κ_i`, `t = d / s`, `r = d mod s`
//! (mirrored for `s ≤ −n`: `d' = A0 + n − 1 − j`, `r = n − 1 − d' mod |s|`);
//! for `s = 0` the last run wins: `written = κ_i ≠ 0 ∧ j − A0 < n`,
//! `t = κ_i − 1`. `fits` is `(κ_i − 1)·|s| + n ≤ 2^p`: the written bytes of
//! different runs are then pairwise distinct and the positions do not wrap
//! around the address space, so the division recovers `(t, r)` exactly.
//! Beyond it (a loop writing more bytes than the address space holds), the
//! memory is the summary's ⋆. Overlapping runs (`0 < |s| < n`) give up.
//! The rule is exact modulo 2^p under no assumption on the addresses.
//!
//! **The representation.** kappa-expr has no λ-terms, so M' is carried as
//! an application `mem_after_N(params)` of an uninterpreted function of
//! array sort whose arguments are the free symbols of the body above (entry
//! symbols, κ_i, the ⋆): substituting the summary into a backbone
//! substitutes the arguments, so every application carries its own context.
//! [`expand`] then replaces each read `select(mem_after_N(args), x)` (also
//! through stores and if-then-else over it) by the body with the parameters
//! bound to `args` and `j` to `x`: an equivalence, since the function stands
//! for exactly that array. An application that is not read (never the case
//! for memory, which is only read by loads) stays uninterpreted: a
//! functional unknown, sound because the real memory is a function of the
//! same arguments.
//!
//! **The initial memory.** The same representation carries the memory when
//! `main` starts ([`initial_memory`]): the globals the analysis referenced
//! hold their initializers (zero where none is given), everything else is
//! unconstrained.

use kappa_expr::build as b;
use kappa_expr::print::free_symbols;
use kappa_expr::{mask, substitute, BvOp, Expr, FuncDecl, Kind, Sort, Symbol, SymbolKind};
use kappa_ir::{Global, InitValue, Module};
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// The array an application of a `mem_after_N` function stands for.
#[derive(Clone, Debug)]
pub struct ArrayDef {
    /// The function's formal parameters, in argument order.
    pub params: Vec<Symbol>,
    /// The index variable `j` of the body.
    pub index: Symbol,
    /// `M'[j]` over `params` and `index`.
    pub body: Expr,
}

/// The registry of the array functions of one analysis.
pub type ArrayDefs = FxHashMap<FuncDecl, ArrayDef>;

/// Registers a fresh array function `NAME_N` of sort `sort` standing for
/// `λ index. body` over `params` and returns its application to them.
fn define(
    defs: &mut ArrayDefs,
    name: &str,
    sort: Sort,
    params: Vec<Symbol>,
    index: Symbol,
    body: Expr,
) -> Expr {
    let id = NEXT_FUNC.fetch_add(1, Ordering::Relaxed);
    let f = FuncDecl::new(
        &format!("{name}_{id}"),
        params.iter().map(|x| x.sort()).collect(),
        sort,
    );
    let args = params.iter().copied().map(b::sym).collect();
    defs.insert(
        f,
        ArrayDef {
            params,
            index,
            body,
        },
    );
    b::apply(f, args)
}

/// `e` as `base + c·k` modulo 2^w (w the width of `e`), with `base` free of
/// `k`; `None` when some operation applied to `k` is not a ring
/// homomorphism modulo 2^w (see the module doc). `k` is a bitvector symbol.
pub fn affine_in(e: Expr, k: Symbol) -> Option<(Expr, u128)> {
    let w = match e.sort() {
        Sort::Bv(w) => w,
        _ => return None,
    };
    let m = mask(w);
    if !mentions(e, k) {
        return Some((e, 0));
    }
    let kind = e.kind();
    match kind {
        Kind::Sym(s) if s == k => Some((b::bv(w, 0), 1)),
        Kind::Extract { hi, lo: 0, arg } => {
            let (base, c) = affine_in(arg, k)?;
            Some((b::extract(hi, 0, base), c & m))
        }
        Kind::Bin(BvOp::Add, x, y) => {
            let (bx, cx) = affine_in(x, k)?;
            let (by, cy) = affine_in(y, k)?;
            Some((b::add(bx, by), cx.wrapping_add(cy) & m))
        }
        Kind::Bin(BvOp::Sub, x, y) => {
            let (bx, cx) = affine_in(x, k)?;
            let (by, cy) = affine_in(y, k)?;
            Some((b::sub(bx, by), cx.wrapping_sub(cy) & m))
        }
        Kind::Bin(BvOp::Mul, x, y) => {
            let (c, other) = match (x.as_bv_const(), y.as_bv_const()) {
                (Some(c), _) => (c, y),
                (_, Some(c)) => (c, x),
                _ => return None,
            };
            let (bo, co) = affine_in(other, k)?;
            Some((b::mul(b::bv(w, c), bo), co.wrapping_mul(c) & m))
        }
        Kind::Bin(BvOp::Shl, x, y) => {
            let sh = y.as_bv_const().filter(|s| *s < u128::from(w))?;
            let (bx, cx) = affine_in(x, k)?;
            Some((b::bin(BvOp::Shl, bx, b::bv(w, sh)), (cx << sh) & m))
        }
        Kind::BvNot(x) => {
            // ~(b + c·k) = −(b + c·k) − 1 = ~b − c·k
            let (bx, cx) = affine_in(x, k)?;
            Some((b::bvnot(bx), cx.wrapping_neg() & m))
        }
        _ => None,
    }
}

/// Whether symbol `k` occurs in `e`.
fn mentions(e: Expr, k: Symbol) -> bool {
    free_symbols(&[e]).0.contains(&k)
}

/// Numbers the `mem_after_N` functions process-wide (their names must
/// differ in one SMT-LIB script).
static NEXT_FUNC: AtomicU64 = AtomicU64::new(0);

/// The memory after κ runs of a backbone whose single store writes `n`
/// bytes of `value` (width 8·n) at `addr`, both over the counter `kappa`
/// (see the module doc), from the entry memory `mem`; `star` is the ⋆ array
/// of the summary (the memory when the writes do not fit). Registers the
/// function in `defs` and returns its application; `None` when the address
/// is no progression or the runs overlap.
pub fn iterated_store(
    defs: &mut ArrayDefs,
    mem: Symbol,
    star: Symbol,
    kappa: Symbol,
    addr: Expr,
    value: Expr,
    n: u32,
) -> Option<Expr> {
    let p = addr.width();
    if !(1..=8).contains(&n) || value.width() != 8 * n || p > 64 {
        return None;
    }
    let (a0, s) = affine_in(addr, kappa)?;
    let pm = mask(p);
    let signed = |x: u128| {
        if x >> (p - 1) & 1 == 1 {
            -((pm - x + 1) as i128)
        } else {
            x as i128
        }
    };
    let s_signed = signed(s);
    let nn = i128::from(n);
    let j = Symbol::fresh("j", Sort::Bv(p), SymbolKind::Bound);
    let bj = b::sym(j);
    let k = b::sym(kappa);
    let to64 = |x: Expr| if p < 64 { b::zext(x, 64) } else { x };
    let magnitude = s_signed.unsigned_abs();
    let (written, t, r) = if s_signed == 0 {
        let d = b::sub(bj, a0);
        let written = b::and(b::ne(k, b::bv(64, 0)), b::ult(d, b::bv(p, u128::from(n))));
        (written, b::sub(k, b::bv(64, 1)), d)
    } else if s_signed >= nn {
        let d = b::sub(bj, a0);
        let sv = b::bv(p, magnitude);
        let (q, rem) = (b::bin(BvOp::UDiv, d, sv), b::bin(BvOp::URem, d, sv));
        let written = b::and(b::ult(rem, b::bv(p, u128::from(n))), b::ult(to64(q), k));
        (written, to64(q), rem)
    } else if s_signed <= -nn {
        let d = b::sub(b::add(a0, b::bv(p, u128::from(n - 1))), bj);
        let sv = b::bv(p, magnitude);
        let (q, rem) = (b::bin(BvOp::UDiv, d, sv), b::bin(BvOp::URem, d, sv));
        let written = b::and(b::ult(rem, b::bv(p, u128::from(n))), b::ult(to64(q), k));
        (written, to64(q), b::sub(b::bv(p, u128::from(n - 1)), rem))
    } else {
        return None; // runs overlap
    };
    let v_t = substitute(value, &|x| (x == kappa).then_some(t));
    let byte = if n == 1 {
        v_t
    } else {
        let vw = 8 * n;
        let r_w = if vw <= p {
            b::extract(vw - 1, 0, r)
        } else {
            b::zext(r, vw)
        };
        let shift = b::mul(r_w, b::bv(vw, 8));
        b::extract(7, 0, b::bin(BvOp::LShr, v_t, shift))
    };
    let old = b::select(b::sym(mem), bj);
    // (κ − 1)·|s| + n ≤ 2^p  ⟺  κ ≤ (2^p − n) / |s| + 1 (always for s = 0)
    let fits = match ((1u128 << p) - u128::from(n)).checked_div(magnitude) {
        Some(q) if q < u128::from(u64::MAX) => b::ule(k, b::bv(64, q + 1)),
        _ => b::tru(),
    };
    let body = b::ite(
        fits,
        b::ite(written, byte, old),
        b::select(b::sym(star), bj),
    );
    let params: Vec<Symbol> = free_symbols(&[body])
        .0
        .into_iter()
        .filter(|x| *x != j)
        .collect();
    Some(define(defs, "mem_after", mem.sort(), params, j, body))
}

/// The contents of global `g` when `main` starts, as an array from
/// offsets (`pb` bits) to bytes: zero bytes overwritten by its integer
/// initializers; `None` (arbitrary) when it has other pieces (addresses).
pub fn global_initial(g: &Global, pb: u32) -> Option<Expr> {
    let mut a = b::const_array(pb, b::bv(8, 0));
    for (off, piece) in &g.init {
        let InitValue::Int { bytes, value } = piece else {
            return None;
        };
        for i in 0..u64::from(*bytes) {
            let byte = (value >> (8 * i)) & 0xff;
            if byte != 0 {
                a = b::store(a, b::bv(pb, u128::from(off + i)), b::bv(8, byte));
            }
        }
    }
    Some(a)
}

/// The memory when `main` starts as far as the condition knows it: the
/// bytes of each defined global of `globals` (index in `m`, address
/// symbol) with an integer initializer are those of
/// [`global_initial`]; every other byte is `mem`'s (unconstrained).
/// Registers the array function in `defs` and returns its application;
/// `None` when no global qualifies. Sound for every native run: there
/// the globals lie at their addresses without overlapping and hold their
/// initializers when `main` starts (constructors run later, in front of
/// `main` in the flowgraph), so the run's memory is this array.
pub fn initial_memory(
    defs: &mut ArrayDefs,
    m: &Module,
    globals: &[(u32, Symbol)],
    mem: Symbol,
) -> Option<Expr> {
    let Sort::Array { index: pb, .. } = mem.sort() else {
        return None;
    };
    let j = Symbol::fresh("j", Sort::Bv(pb), SymbolKind::Bound);
    let bj = b::sym(j);
    let mut body = b::select(b::sym(mem), bj);
    let mut params = vec![mem];
    // (at most 32 globals: every read becomes a test per global)
    for &(gi, addr) in globals.iter().take(32) {
        let g = &m.globals[gi as usize];
        if g.external || g.size == 0 || g.size >= 1u64 << (pb - 1) {
            continue;
        }
        let Some(contents) = global_initial(g, pb) else {
            continue;
        };
        let off = b::sub(bj, b::sym(addr));
        body = b::ite(
            b::ult(off, b::bv(pb, u128::from(g.size))),
            b::select(contents, off),
            body,
        );
        params.push(addr);
    }
    if params.len() == 1 {
        return None;
    }
    Some(define(defs, "mem_initial", mem.sort(), params, j, body))
}

/// The layout facts of every native run for the defined globals of
/// `globals` (index, address symbol): each object ends below the top of
/// the address space, and two objects do not overlap (only for the first
/// 64 of them: leaving facts out keeps φ̂ necessary).
pub fn layout(m: &Module, globals: &[(u32, Symbol)]) -> Expr {
    let objs: Vec<(Expr, u128, u32)> = globals
        .iter()
        .filter_map(|&(gi, addr)| {
            let g = &m.globals[gi as usize];
            let Sort::Bv(pb) = addr.sort() else {
                return None;
            };
            (!g.external && g.size > 0 && u128::from(g.size) < mask(pb))
                .then(|| (b::sym(addr), u128::from(g.size), pb))
        })
        .take(64)
        .collect();
    let mut facts = vec![];
    for (i, (a, sa, pb)) in objs.iter().enumerate() {
        // (the end, a + size, stays below 2^p: no object ends at the top
        // of the address space natively, and the sums below never wrap)
        facts.push(b::ule(*a, b::bv(*pb, mask(*pb) - sa)));
        for (c, sc, _) in &objs[i + 1..] {
            let a_below = b::ule(b::add(*a, b::bv(*pb, *sa)), *c);
            let c_below = b::ule(b::add(*c, b::bv(*pb, *sc)), *a);
            facts.push(b::or(a_below, c_below));
        }
    }
    b::and_all(facts)
}

/// `(addr, value, n)` when `m` is `n` consecutive byte stores of `value`
/// (little-endian, as `exec` writes a store) at `addr`, `addr + 1`, … on
/// top of `base`.
pub fn single_store(m: Expr, base: Expr) -> Option<(Expr, Expr, u32)> {
    let mut writes = vec![];
    let mut cur = m;
    while let Kind::Store(a, i, v) = cur.kind() {
        writes.push((i, v));
        cur = a;
        if writes.len() > 8 {
            return None;
        }
    }
    if cur != base || writes.is_empty() {
        return None;
    }
    writes.reverse(); // in the order written
    let n = writes.len() as u32;
    let addr = writes[0].0;
    let value = match writes[0].1.kind() {
        Kind::Extract { hi: 7, lo: 0, arg } if n > 1 && arg.width() == 8 * n => arg,
        // (constant bytes are folded: the value is their concatenation)
        _ => writes
            .iter()
            .skip(1)
            .fold(writes[0].1, |acc, (_, v)| b::concat(*v, acc)),
    };
    for (r, (i, v)) in writes.iter().enumerate() {
        let r = r as u32;
        let want_i = if r == 0 {
            addr
        } else {
            b::add(addr, b::bv(addr.width(), u128::from(r)))
        };
        let want_v = if n == 1 {
            value
        } else {
            b::extract(8 * r + 7, 8 * r, value)
        };
        if *i != want_i || *v != want_v {
            return None;
        }
    }
    Some((addr, value, n))
}

/// `e` with every read of a registered array function replaced by its body
/// (see the module doc). Reads through stores and if-then-else over such an
/// application become if-then-else over the reads.
pub fn expand(e: Expr, defs: &ArrayDefs) -> Expr {
    if defs.is_empty() {
        return e;
    }
    let mut memo = FxHashMap::default();
    Expander {
        defs,
        memo: &mut memo,
    }
    .go(e)
}

struct Expander<'a> {
    defs: &'a ArrayDefs,
    memo: &'a mut FxHashMap<Expr, Expr>,
}

impl Expander<'_> {
    fn go(&mut self, e: Expr) -> Expr {
        if let Some(r) = self.memo.get(&e) {
            return *r;
        }
        let kind = e.kind();
        let r = match kind {
            Kind::Select(a, i) => {
                let (a, i) = (self.go(a), self.go(i));
                self.read(a, i)
            }
            Kind::BoolConst(_) | Kind::BvConst { .. } | Kind::Sym(_) => e,
            _ => {
                let ch: Vec<Expr> = kind.children().into_iter().map(|c| self.go(c)).collect();
                b::rebuild(&kind, &ch)
            }
        };
        self.memo.insert(e, r);
        r
    }

    /// Whether reading `a` reaches an application of a registered function.
    fn defined_below(&self, a: Expr) -> bool {
        match a.kind() {
            Kind::Apply(f, _) => self.defs.contains_key(&f),
            Kind::Store(x, _, _) => self.defined_below(x),
            Kind::Ite(_, x, y) => self.defined_below(x) || self.defined_below(y),
            _ => false,
        }
    }

    /// `select(a, i)` for expanded `a` and `i`.
    fn read(&mut self, a: Expr, i: Expr) -> Expr {
        if !self.defined_below(a) {
            return b::select(a, i);
        }
        match a.kind() {
            Kind::Apply(f, args) => {
                let d = &self.defs[&f];
                let bind = |s: Symbol| {
                    if s == d.index {
                        return Some(i);
                    }
                    d.params.iter().position(|p| *p == s).map(|k| args[k])
                };
                let inst = substitute(d.body, &bind);
                // the body reads the entry memory, itself possibly defined
                self.go(inst)
            }
            Kind::Store(x, at, v) => {
                let below = self.read(x, i);
                b::ite(b::eq(at, i), v, below)
            }
            Kind::Ite(c, x, y) => {
                let (rx, ry) = (self.read(x, i), self.read(y, i));
                b::ite(c, rx, ry)
            }
            _ => b::select(a, i),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::{eval, Assignment};

    fn sym(name: &str, w: u32) -> Symbol {
        Symbol::fresh(name, Sort::Bv(w), SymbolKind::Fresh)
    }

    #[test]
    fn affine_forms_are_exact_modulo_the_width() {
        let k = sym("k", 64);
        let i0 = sym("i0", 32);
        let base = sym("base", 32);
        let idx = b::add(b::sym(i0), b::extract(31, 0, b::sym(k)));
        let shapes = [
            b::add(b::sym(base), b::mul(b::bv(32, 4), idx)),
            b::sub(b::sym(base), b::bin(BvOp::Shl, idx, b::bv(32, 3))),
            b::bvnot(b::add(b::sym(base), b::mul(idx, b::bv(32, 0xffff_fffd)))),
            b::extract(15, 0, b::mul(b::bv(32, 12), idx)),
        ];
        for e in shapes {
            let (a0, c) = affine_in(e, k).expect("affine");
            let w = e.width();
            for kv in [0u128, 1, 2, 7, 1 << 31, (1 << 32) + 5, u64::MAX as u128] {
                for (iv, bv) in [(0u128, 0u128), (5, 1000), (0xffff_fff0, 0x8000_0000)] {
                    let mut asg = Assignment::default();
                    asg.set(k, kv);
                    asg.set(i0, iv);
                    asg.set(base, bv);
                    let got = eval(e, &asg).unwrap().bits();
                    let b0 = eval(a0, &asg).unwrap().bits();
                    let want = b0.wrapping_add(c.wrapping_mul(kv)) & mask(w);
                    assert_eq!(got, want, "{e} at k = {kv}");
                }
            }
        }
        // not homomorphisms: extensions, divisions, comparisons of k
        let ext = b::zext(b::extract(31, 0, b::sym(k)), 64);
        assert!(affine_in(ext, k).is_none());
        assert!(affine_in(b::bin(BvOp::UDiv, b::sym(k), b::bv(64, 3)), k).is_none());
        assert!(affine_in(b::mul(b::sym(k), b::sym(k)), k).is_none());
    }

    /// Simulates κ runs of `mem[A0 + s·t .. +n] := V(t)` on a byte map and
    /// compares every byte with the expanded read of the iterated memory.
    fn check_against_simulation(s: u128, n: u32, p: u32) {
        let mem = Symbol::fresh("mem", Sort::Array { index: p, elem: 8 }, SymbolKind::Fresh);
        let star = Symbol::fresh("star", Sort::Array { index: p, elem: 8 }, SymbolKind::Fresh);
        let k = sym("k", 64);
        let a0 = sym("a0", p);
        let kt = if p < 64 {
            b::extract(p - 1, 0, b::sym(k))
        } else {
            b::sym(k)
        };
        let addr = b::add(b::sym(a0), b::mul(b::bv(p, s), kt));
        // V(t) = 0x..5a + 3·t in 8n bits
        let kv = if 8 * n <= 64 {
            b::extract(8 * n - 1, 0, b::sym(k))
        } else {
            b::zext(b::sym(k), 8 * n)
        };
        let value = b::add(b::bv(8 * n, 0x5a), b::mul(b::bv(8 * n, 3), kv));
        let mut defs = ArrayDefs::default();
        let app = iterated_store(&mut defs, mem, star, k, addr, value, n).expect("rule applies");
        let pm = mask(p);
        for runs in [0u128, 1, 2, 5] {
            for start in [0u128, 3, pm - 2] {
                let mut sim: FxHashMap<u128, u128> = FxHashMap::default();
                for t in 0..runs {
                    let at = (start + s.wrapping_mul(t)) & pm;
                    let v = (0x5a + 3 * t) & mask(8 * n);
                    for r in 0..u128::from(n) {
                        sim.insert((at + r) & pm, (v >> (8 * r)) & 0xff);
                    }
                }
                for off in 0..(4 * (s & 0xff) as usize + 24) {
                    for j in [
                        (start + off as u128) & pm,
                        start.wrapping_sub(off as u128) & pm,
                    ] {
                        let read = expand(b::select(app, b::bv(p, j)), &defs);
                        let mut asg = Assignment::default();
                        asg.set(k, runs);
                        asg.set(a0, start);
                        // the untouched memory reads 0xee everywhere, the ⋆
                        // 0xdd (never read: these writes fit)
                        let got = eval(
                            substitute(read, &|x| {
                                if x == mem {
                                    Some(b::const_array(p, b::bv(8, 0xee)))
                                } else {
                                    (x == star).then(|| b::const_array(p, b::bv(8, 0xdd)))
                                }
                            }),
                            &asg,
                        )
                        .unwrap()
                        .bits();
                        let want = sim.get(&j).copied().unwrap_or(0xee);
                        assert_eq!(
                            got, want,
                            "s = {s}, n = {n}, κ = {runs}, A0 = {start}, j = {j}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn iterated_stores_match_a_simulation() {
        for (s, n) in [
            (4u128, 4u32),
            (8, 4),
            (1, 1),
            (2, 1),
            (12, 4),
            (0, 4),
            (0, 1),
            (8, 8),
        ] {
            check_against_simulation(s, n, 32);
        }
        // negative strides, and 16-bit addresses
        check_against_simulation(mask(32) - 3, 4, 32); // −4
        check_against_simulation(mask(32), 1, 32); // −1
        check_against_simulation(4, 2, 16);
        check_against_simulation(mask(16) - 1, 2, 16); // −2
    }

    #[test]
    fn overlapping_runs_and_non_progressions_give_up() {
        let mem = Symbol::fresh("mem", Sort::Array { index: 32, elem: 8 }, SymbolKind::Fresh);
        let k = sym("k", 64);
        let kt = b::extract(31, 0, b::sym(k));
        let mut defs = ArrayDefs::default();
        // stride 2 for 4-byte values: runs overlap
        let addr = b::mul(b::bv(32, 2), kt);
        assert!(iterated_store(&mut defs, mem, mem, k, addr, b::bv(32, 1), 4).is_none());
        // k·k is no progression
        let sq = b::mul(kt, kt);
        assert!(iterated_store(&mut defs, mem, mem, k, sq, b::bv(8, 1), 1).is_none());
        assert!(defs.is_empty());
    }

    #[test]
    fn writes_beyond_the_address_space_read_the_star() {
        let mem = Symbol::fresh("mem", Sort::Array { index: 8, elem: 8 }, SymbolKind::Fresh);
        let star = Symbol::fresh("star", Sort::Array { index: 8, elem: 8 }, SymbolKind::Fresh);
        let k = sym("k", 64);
        let addr = b::mul(b::bv(8, 4), b::extract(7, 0, b::sym(k)));
        let mut defs = ArrayDefs::default();
        let app = iterated_store(&mut defs, mem, star, k, addr, b::bv(8, 9), 1).unwrap();
        let read = expand(b::select(app, b::bv(8, 0)), &defs);
        let mut asg = Assignment::default();
        // 64 runs of stride 4 fill 256 positions: fits; 65 wrap
        for (runs, fits) in [(64u128, true), (65, false)] {
            asg.set(k, runs);
            let e = substitute(read, &|x| {
                if x == mem {
                    Some(b::const_array(8, b::bv(8, 1)))
                } else if x == star {
                    Some(b::const_array(8, b::bv(8, 2)))
                } else {
                    None
                }
            });
            let got = eval(e, &asg).unwrap().bits();
            assert_eq!(got, if fits { 9 } else { 2 }, "κ = {runs}");
        }
    }
}
