//! Simplifying constructors: the only way to make expressions.
//!
//! Each constructor folds constants and applies local rewrites that keep the
//! meaning exactly (bit-precise): neutral and absorbing elements, double
//! negation, constants moved left and merged in `+`/`*` chains, extraction
//! through concatenation and extension, truncation pushed through modular
//! arithmetic, comparisons of `ite`s of constants, select-over-store with
//! distinct constant indices. Sort mismatches panic (caller bug).

use crate::pool::{BvOp, Expr, FuncDecl, Kind, Sort, Symbol};
use crate::{mask, to_signed};

fn mk(kind: Kind, sort: Sort) -> Expr {
    Expr::intern(kind, sort)
}

fn same_bv(a: Expr, b: Expr) -> u32 {
    let (sa, sb) = (a.sort(), b.sort());
    assert!(
        sa == sb && matches!(sa, Sort::Bv(_)),
        "bitvector sort mismatch: {sa:?} vs {sb:?}"
    );
    sa.width()
}

fn is_bool(a: Expr) {
    assert_eq!(a.sort(), Sort::Bool, "expected a boolean, got {a}");
}

/// The boolean constant `b`.
pub fn bool_const(b: bool) -> Expr {
    mk(Kind::BoolConst(b), Sort::Bool)
}
/// `true`.
pub fn tru() -> Expr {
    bool_const(true)
}
/// `false`.
pub fn fls() -> Expr {
    bool_const(false)
}
/// The `w`-bit constant `v` (truncated to `w` bits).
pub fn bv(w: u32, v: u128) -> Expr {
    assert!((1..=128).contains(&w), "bad width {w}");
    mk(
        Kind::BvConst {
            width: w,
            value: v & mask(w),
        },
        Sort::Bv(w),
    )
}
/// The `w`-bit constant `v` given as a signed number.
pub fn bv_i(w: u32, v: i128) -> Expr {
    bv(w, v as u128)
}
/// The symbol `s` as an expression.
pub fn sym(s: Symbol) -> Expr {
    mk(Kind::Sym(s), s.sort())
}

/// Boolean negation.
pub fn not(a: Expr) -> Expr {
    is_bool(a);
    match a.kind() {
        Kind::BoolConst(b) => bool_const(!b),
        Kind::Not(x) => x,
        _ => mk(Kind::Not(a), Sort::Bool),
    }
}

fn is_negation(a: Expr, b: Expr) -> bool {
    matches!(a.kind(), Kind::Not(x) if x == b) || matches!(b.kind(), Kind::Not(x) if x == a)
}

/// Conjunction.
pub fn and(a: Expr, b: Expr) -> Expr {
    is_bool(a);
    is_bool(b);
    match (a.as_bool_const(), b.as_bool_const()) {
        (Some(false), _) | (_, Some(false)) => return fls(),
        (Some(true), _) => return b,
        (_, Some(true)) => return a,
        _ => {}
    }
    if a == b {
        return a;
    }
    if is_negation(a, b) {
        return fls();
    }
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    mk(Kind::And(a, b), Sort::Bool)
}
/// Disjunction.
pub fn or(a: Expr, b: Expr) -> Expr {
    is_bool(a);
    is_bool(b);
    match (a.as_bool_const(), b.as_bool_const()) {
        (Some(true), _) | (_, Some(true)) => return tru(),
        (Some(false), _) => return b,
        (_, Some(false)) => return a,
        _ => {}
    }
    if a == b {
        return a;
    }
    if is_negation(a, b) {
        return tru();
    }
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    mk(Kind::Or(a, b), Sort::Bool)
}
/// Conjunction of many (true when empty).
pub fn and_all(items: impl IntoIterator<Item = Expr>) -> Expr {
    items.into_iter().fold(tru(), and)
}
/// Implication `a -> b`.
pub fn implies(a: Expr, b: Expr) -> Expr {
    or(not(a), b)
}

/// If-then-else over any sort.
pub fn ite(c: Expr, t: Expr, e: Expr) -> Expr {
    is_bool(c);
    assert_eq!(t.sort(), e.sort(), "ite branches differ in sort");
    if let Some(b) = c.as_bool_const() {
        return if b { t } else { e };
    }
    if t == e {
        return t;
    }
    if let Kind::Not(inner) = c.kind() {
        return ite(inner, e, t);
    }
    if t.sort() == Sort::Bool {
        match (t.as_bool_const(), e.as_bool_const()) {
            (Some(true), Some(false)) => return c,
            (Some(false), Some(true)) => return not(c),
            (Some(true), None) => return or(c, e),
            (Some(false), None) => return and(not(c), e),
            (None, Some(true)) => return or(not(c), t),
            (None, Some(false)) => return and(c, t),
            _ => {}
        }
    }
    // ite(c, ite(c, x, y), z) -> ite(c, x, z)
    if let Kind::Ite(c2, x, _) = t.kind() {
        if c2 == c {
            return ite(c, x, e);
        }
    }
    if let Kind::Ite(c2, _, y) = e.kind() {
        if c2 == c {
            return ite(c, t, y);
        }
    }
    mk(Kind::Ite(c, t, e), t.sort())
}

/// Equality of two expressions of the same sort.
pub fn eq(a: Expr, b: Expr) -> Expr {
    assert_eq!(a.sort(), b.sort(), "eq of different sorts: {a} vs {b}");
    if a == b {
        return tru();
    }
    if a.sort() == Sort::Bool {
        match (a.as_bool_const(), b.as_bool_const()) {
            (Some(x), Some(y)) => return bool_const(x == y),
            (Some(true), None) => return b,
            (Some(false), None) => return not(b),
            (None, Some(true)) => return a,
            (None, Some(false)) => return not(a),
            _ => {}
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        return mk(Kind::Eq(a, b), Sort::Bool);
    }
    if let Sort::Bv(w) = a.sort() {
        // constant on the left
        let (a, b) = if b.is_const() && !a.is_const() {
            (b, a)
        } else {
            (a, b)
        };
        if let Some(ca) = a.as_bv_const() {
            if let Some(cb) = b.as_bv_const() {
                return bool_const(ca == cb);
            }
            match b.kind() {
                // c == k + x  ->  c - k == x
                Kind::Bin(BvOp::Add, k, x) if k.is_const() => {
                    return eq(bv(w, ca.wrapping_sub(k.as_bv_const().unwrap())), x);
                }
                // c == ite(p, c1, c2) with constants
                Kind::Ite(p, t, e) if t.is_const() && e.is_const() => {
                    let (ct, ce) = (t.as_bv_const().unwrap(), e.as_bv_const().unwrap());
                    return match (ca == ct, ca == ce) {
                        (true, true) => tru(),
                        (true, false) => p,
                        (false, true) => not(p),
                        (false, false) => fls(),
                    };
                }
                Kind::ZExt { arg, .. } => {
                    let iw = arg.width();
                    return if ca >> iw != 0 {
                        fls()
                    } else {
                        eq(bv(iw, ca), arg)
                    };
                }
                Kind::SExt { arg, .. } => {
                    let iw = arg.width();
                    let back = to_signed(ca, w);
                    let fits = back == to_signed(ca & mask(iw), iw);
                    return if fits { eq(bv(iw, ca), arg) } else { fls() };
                }
                _ => {}
            }
        }
        let (a, b) = if a.is_const() || a <= b {
            (a, b)
        } else {
            (b, a)
        };
        return mk(Kind::Eq(a, b), Sort::Bool);
    }
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    mk(Kind::Eq(a, b), Sort::Bool)
}
/// Disequality.
pub fn ne(a: Expr, b: Expr) -> Expr {
    not(eq(a, b))
}

/// Unsigned `a < b`.
pub fn ult(a: Expr, b: Expr) -> Expr {
    let w = same_bv(a, b);
    if a == b {
        return fls();
    }
    match (a.as_bv_const(), b.as_bv_const()) {
        (Some(x), Some(y)) => return bool_const(x < y),
        (_, Some(0)) => return fls(),
        (Some(x), _) if x == mask(w) => return fls(),
        _ => {}
    }
    mk(Kind::Ult(a, b), Sort::Bool)
}
/// Unsigned `a <= b`.
pub fn ule(a: Expr, b: Expr) -> Expr {
    let w = same_bv(a, b);
    if a == b {
        return tru();
    }
    match (a.as_bv_const(), b.as_bv_const()) {
        (Some(x), Some(y)) => return bool_const(x <= y),
        (Some(0), _) => return tru(),
        (_, Some(y)) if y == mask(w) => return tru(),
        _ => {}
    }
    mk(Kind::Ule(a, b), Sort::Bool)
}
/// Signed `a < b`.
pub fn slt(a: Expr, b: Expr) -> Expr {
    let w = same_bv(a, b);
    if a == b {
        return fls();
    }
    if let (Some(x), Some(y)) = (a.as_bv_const(), b.as_bv_const()) {
        return bool_const(to_signed(x, w) < to_signed(y, w));
    }
    mk(Kind::Slt(a, b), Sort::Bool)
}
/// Signed `a <= b`.
pub fn sle(a: Expr, b: Expr) -> Expr {
    let w = same_bv(a, b);
    if a == b {
        return tru();
    }
    if let (Some(x), Some(y)) = (a.as_bv_const(), b.as_bv_const()) {
        return bool_const(to_signed(x, w) <= to_signed(y, w));
    }
    mk(Kind::Sle(a, b), Sort::Bool)
}
/// Unsigned `a > b`.
pub fn ugt(a: Expr, b: Expr) -> Expr {
    ult(b, a)
}
/// Unsigned `a >= b`.
pub fn uge(a: Expr, b: Expr) -> Expr {
    ule(b, a)
}
/// Signed `a > b`.
pub fn sgt(a: Expr, b: Expr) -> Expr {
    slt(b, a)
}
/// Signed `a >= b`.
pub fn sge(a: Expr, b: Expr) -> Expr {
    sle(b, a)
}

/// Folds a bitvector operation on constants with SMT-LIB semantics
/// (`x / 0 = all ones`, `x % 0 = x`, shifts by >= width give 0 or sign fill).
pub fn fold_bin(op: BvOp, w: u32, x: u128, y: u128) -> u128 {
    let m = mask(w);
    let (x, y) = (x & m, y & m);
    let r = match op {
        BvOp::Add => x.wrapping_add(y),
        BvOp::Sub => x.wrapping_sub(y),
        BvOp::Mul => x.wrapping_mul(y),
        BvOp::UDiv => x.checked_div(y).unwrap_or(m),
        BvOp::URem => x.checked_rem(y).unwrap_or(x),
        BvOp::SDiv | BvOp::SRem => {
            let neg = |v: u128| v.wrapping_neg() & m;
            let (sx, sy) = (to_signed(x, w) < 0, to_signed(y, w) < 0);
            let ax = if sx { neg(x) } else { x };
            let ay = if sy { neg(y) } else { y };
            if op == BvOp::SDiv {
                let q = ax.checked_div(ay).unwrap_or(m);
                if sx != sy {
                    neg(q)
                } else {
                    q
                }
            } else {
                let r = ax.checked_rem(ay).unwrap_or(ax);
                if sx {
                    neg(r)
                } else {
                    r
                }
            }
        }
        BvOp::Shl => {
            if y >= w as u128 {
                0
            } else {
                x << y
            }
        }
        BvOp::LShr => {
            if y >= w as u128 {
                0
            } else {
                x >> y
            }
        }
        BvOp::AShr => {
            let s = to_signed(x, w);
            let sh = if y >= w as u128 { w - 1 } else { y as u32 };
            if w == 128 && sh >= 128 {
                if s < 0 {
                    m
                } else {
                    0
                }
            } else {
                (s >> sh) as u128
            }
        }
        BvOp::And => x & y,
        BvOp::Or => x | y,
        BvOp::Xor => x ^ y,
    };
    r & m
}

fn commutative(op: BvOp) -> bool {
    matches!(op, BvOp::Add | BvOp::Mul | BvOp::And | BvOp::Or | BvOp::Xor)
}

/// A bitvector binary operation.
pub fn bin(op: BvOp, a: Expr, b: Expr) -> Expr {
    let w = same_bv(a, b);
    let m = mask(w);
    if let (Some(x), Some(y)) = (a.as_bv_const(), b.as_bv_const()) {
        return bv(w, fold_bin(op, w, x, y));
    }
    // constants to the left for commutative operators
    let (a, b) = if commutative(op) && b.is_const() {
        (b, a)
    } else {
        (a, b)
    };
    let ca = a.as_bv_const();
    let cb = b.as_bv_const();
    match op {
        BvOp::Add => {
            if ca == Some(0) {
                return b;
            }
            if let (Some(x), Kind::Bin(BvOp::Add, k, y)) = (ca, b.kind()) {
                if let Some(kv) = k.as_bv_const() {
                    return bin(BvOp::Add, bv(w, x.wrapping_add(kv)), y);
                }
            }
        }
        BvOp::Sub => {
            if a == b {
                return bv(w, 0);
            }
            if let Some(y) = cb {
                return bin(BvOp::Add, bv(w, y.wrapping_neg()), a);
            }
        }
        BvOp::Mul => {
            match ca {
                Some(0) => return bv(w, 0),
                Some(1) => return b,
                _ => {}
            }
            if let (Some(x), Kind::Bin(BvOp::Mul, k, y)) = (ca, b.kind()) {
                if let Some(kv) = k.as_bv_const() {
                    return bin(BvOp::Mul, bv(w, x.wrapping_mul(kv)), y);
                }
            }
        }
        BvOp::UDiv | BvOp::SDiv => {
            if cb == Some(1) {
                return a;
            }
        }
        BvOp::URem | BvOp::SRem => {
            if cb == Some(1) {
                return bv(w, 0);
            }
        }
        BvOp::Shl | BvOp::LShr | BvOp::AShr => {
            if cb == Some(0) {
                return a;
            }
            if ca == Some(0) {
                return a;
            }
        }
        BvOp::And => {
            if ca == Some(0) {
                return bv(w, 0);
            }
            if ca == Some(m) || a == b {
                return b;
            }
        }
        BvOp::Or => {
            if ca == Some(0) || a == b {
                return b;
            }
            if ca == Some(m) {
                return bv(w, m);
            }
        }
        BvOp::Xor => {
            if ca == Some(0) {
                return b;
            }
            if a == b {
                return bv(w, 0);
            }
        }
    }
    let (a, b) = if commutative(op) && !a.is_const() && b < a {
        (b, a)
    } else {
        (a, b)
    };
    mk(Kind::Bin(op, a, b), Sort::Bv(w))
}
/// `a + b`.
pub fn add(a: Expr, b: Expr) -> Expr {
    bin(BvOp::Add, a, b)
}
/// `a - b`.
pub fn sub(a: Expr, b: Expr) -> Expr {
    bin(BvOp::Sub, a, b)
}
/// `a * b`.
pub fn mul(a: Expr, b: Expr) -> Expr {
    bin(BvOp::Mul, a, b)
}

/// Bitwise complement.
pub fn bvnot(a: Expr) -> Expr {
    let w = a.width();
    match a.kind() {
        Kind::BvConst { value, .. } => bv(w, !value),
        Kind::BvNot(x) => x,
        _ => mk(Kind::BvNot(a), Sort::Bv(w)),
    }
}
/// Two's complement negation.
pub fn neg(a: Expr) -> Expr {
    let w = a.width();
    sub(bv(w, 0), a)
}

/// Concatenation `hi ++ lo` (hi becomes the most significant bits).
pub fn concat(hi: Expr, lo: Expr) -> Expr {
    let (wh, wl) = (hi.width(), lo.width());
    let w = wh + wl;
    assert!(w <= 128, "concat wider than 128 bits");
    if let (Some(x), Some(y)) = (hi.as_bv_const(), lo.as_bv_const()) {
        return bv(w, (x << wl) | y);
    }
    // extract(h1, l1, x) ++ extract(h2, l2, x) with l1 == h2 + 1  ->  extract(h1, l2, x)
    if let Kind::Extract {
        hi: h1,
        lo: l1,
        arg: x1,
    } = hi.kind()
    {
        match lo.kind() {
            Kind::Extract {
                hi: h2,
                lo: l2,
                arg: x2,
            } if x1 == x2 && l1 == h2 + 1 => {
                return extract(h1, l2, x1);
            }
            Kind::Concat(lh, ll) => {
                if let Kind::Extract {
                    hi: h2,
                    lo: l2,
                    arg: x2,
                } = lh.kind()
                {
                    if x1 == x2 && l1 == h2 + 1 {
                        return concat(extract(h1, l2, x1), ll);
                    }
                }
            }
            _ => {}
        }
    }
    // keep concatenations right-nested: (a ++ b) ++ c -> a ++ (b ++ c)
    if let Kind::Concat(a, b) = hi.kind() {
        return concat(a, concat(b, lo));
    }
    // zero ++ x -> zext
    if hi.as_bv_const() == Some(0) {
        return zext(lo, w);
    }
    mk(Kind::Concat(hi, lo), Sort::Bv(w))
}

/// Bits `hi..=lo` of `a` (`hi >= lo`, both below the width).
pub fn extract(hi: u32, lo: u32, a: Expr) -> Expr {
    let w = a.width();
    assert!(hi >= lo && hi < w, "bad extract {hi}..{lo} of width {w}");
    let rw = hi - lo + 1;
    if lo == 0 && hi == w - 1 {
        return a;
    }
    match a.kind() {
        Kind::BvConst { value, .. } => bv(rw, value >> lo),
        Kind::Extract { lo: l2, arg, .. } => extract(hi + l2, lo + l2, arg),
        Kind::Concat(h, l) => {
            let lw = l.width();
            if hi < lw {
                extract(hi, lo, l)
            } else if lo >= lw {
                extract(hi - lw, lo - lw, h)
            } else {
                concat(extract(hi - lw, 0, h), extract(lw - 1, lo, l))
            }
        }
        Kind::ZExt { arg, .. } => {
            let iw = arg.width();
            if hi < iw {
                extract(hi, lo, arg)
            } else if lo >= iw {
                bv(rw, 0)
            } else if lo == 0 {
                zext(arg, rw)
            } else {
                mk(Kind::Extract { hi, lo, arg: a }, Sort::Bv(rw))
            }
        }
        Kind::SExt { arg, .. } => {
            let iw = arg.width();
            if hi < iw {
                extract(hi, lo, arg)
            } else if lo == 0 {
                sext(arg, rw)
            } else {
                mk(Kind::Extract { hi, lo, arg: a }, Sort::Bv(rw))
            }
        }
        // the low bits of modular arithmetic depend only on the low bits of the operands
        Kind::Bin(
            op @ (BvOp::Add | BvOp::Sub | BvOp::Mul | BvOp::And | BvOp::Or | BvOp::Xor),
            x,
            y,
        ) if lo == 0 => bin(op, extract(hi, 0, x), extract(hi, 0, y)),
        Kind::BvNot(x) => bvnot(extract(hi, lo, x)),
        Kind::Ite(c, t, e) if t.is_const() || e.is_const() => {
            ite(c, extract(hi, lo, t), extract(hi, lo, e))
        }
        _ => mk(Kind::Extract { hi, lo, arg: a }, Sort::Bv(rw)),
    }
}

/// Zero extension to `width` bits (`width >= a.width()`).
pub fn zext(a: Expr, width: u32) -> Expr {
    let w = a.width();
    assert!(width >= w && width <= 128, "bad zext {w} -> {width}");
    if width == w {
        return a;
    }
    match a.kind() {
        Kind::BvConst { value, .. } => bv(width, value),
        Kind::ZExt { arg, .. } => zext(arg, width),
        _ => mk(Kind::ZExt { width, arg: a }, Sort::Bv(width)),
    }
}
/// Sign extension to `width` bits (`width >= a.width()`).
pub fn sext(a: Expr, width: u32) -> Expr {
    let w = a.width();
    assert!(width >= w && width <= 128, "bad sext {w} -> {width}");
    if width == w {
        return a;
    }
    match a.kind() {
        Kind::BvConst { value, .. } => bv_i(width, to_signed(value, w)),
        Kind::SExt { arg, .. } => sext(arg, width),
        Kind::ZExt { arg, .. } => zext(arg, width),
        _ => mk(Kind::SExt { width, arg: a }, Sort::Bv(width)),
    }
}
/// Truncation (or identity) to `width` bits.
pub fn trunc(a: Expr, width: u32) -> Expr {
    extract(width - 1, 0, a)
}
/// A boolean as a `width`-bit 0/1 value.
pub fn bool_to_bv(b: Expr, width: u32) -> Expr {
    ite(b, bv(width, 1), bv(width, 0))
}

/// The array mapping every index to `value`.
pub fn const_array(index: u32, value: Expr) -> Expr {
    let elem = value.width();
    mk(
        Kind::ConstArray { index, value },
        Sort::Array { index, elem },
    )
}
/// Array read.
pub fn select(arr: Expr, idx: Expr) -> Expr {
    let Sort::Array { index, elem } = arr.sort() else {
        panic!("select on a non-array")
    };
    assert_eq!(idx.width(), index, "select index width");
    let mut cur = arr;
    loop {
        match cur.kind() {
            Kind::ConstArray { value, .. } => return value,
            Kind::Store(a, i, v) => {
                if i == idx {
                    return v;
                }
                if provably_distinct(i, idx) {
                    cur = a;
                    continue;
                }
                break;
            }
            _ => break,
        }
    }
    mk(Kind::Select(cur, idx), Sort::Bv(elem))
}
/// `e` as `base + k` (a constant `k`; no base for a constant `e`).
fn base_plus_const(e: Expr) -> (Option<Expr>, u128) {
    match e.kind() {
        Kind::BvConst { value, .. } => (None, value),
        Kind::Bin(BvOp::Add, c, x) => match c.as_bv_const() {
            Some(k) => (Some(x), k),
            None => (Some(e), 0),
        },
        _ => (Some(e), 0),
    }
}

/// Whether two indices of the same width differ under every assignment:
/// two constants that differ, or `x + k1` and `x + k2` with `k1 != k2`
/// (modulo the width, which the constants already are).
fn provably_distinct(i: Expr, j: Expr) -> bool {
    let (bi, ki) = base_plus_const(i);
    let (bj, kj) = base_plus_const(j);
    bi == bj && ki != kj
}

/// Array write.
pub fn store(arr: Expr, idx: Expr, val: Expr) -> Expr {
    let Sort::Array { index, elem } = arr.sort() else {
        panic!("store on a non-array")
    };
    assert_eq!(idx.width(), index, "store index width");
    assert_eq!(val.width(), elem, "store element width");
    if let Kind::Store(a, i, _) = arr.kind() {
        if i == idx {
            return store(a, idx, val);
        }
    }
    mk(Kind::Store(arr, idx, val), arr.sort())
}

/// Application of an uninterpreted function.
pub fn apply(f: FuncDecl, args: Vec<Expr>) -> Expr {
    let (name, domain, range) = f.signature();
    assert_eq!(domain.len(), args.len(), "arity of {name}");
    for (d, a) in domain.iter().zip(&args) {
        assert_eq!(*d, a.sort(), "argument sort of {name}");
    }
    mk(Kind::Apply(f, args.into_boxed_slice()), range)
}
/// The floating-point operation `op` on `args` (IEEE bits); folded when
/// every operand is a constant (see [`crate::float::eval`]).
pub fn fp(op: crate::float::FpOp, args: Vec<Expr>) -> Expr {
    assert_eq!(args.len(), op.arity(), "arity of {}", op.name());
    for a in &args {
        assert_eq!(
            a.sort(),
            Sort::Bv(op.arg_width()),
            "operand of {}",
            op.name()
        );
    }
    let consts: Option<Vec<u128>> = args.iter().map(|a| a.as_bv_const()).collect();
    if let Some(c) = consts {
        let r = crate::float::eval(op, &c);
        return match op.result_width() {
            Some(w) => bv(w, r),
            None => bool_const(r != 0),
        };
    }
    let sort = op.result_width().map_or(Sort::Bool, Sort::Bv);
    mk(Kind::Fp(op, args.into_boxed_slice()), sort)
}
/// Universal quantification of `body` over `vars`.
pub fn forall(vars: Vec<Symbol>, body: Expr) -> Expr {
    is_bool(body);
    if vars.is_empty() || body.is_const() {
        return body;
    }
    mk(Kind::Forall(vars.into_boxed_slice(), body), Sort::Bool)
}
/// Existential quantification of `body` over `vars`.
pub fn exists(vars: Vec<Symbol>, body: Expr) -> Expr {
    is_bool(body);
    if vars.is_empty() || body.is_const() {
        return body;
    }
    mk(Kind::Exists(vars.into_boxed_slice(), body), Sort::Bool)
}

/// Rebuilds a node of the same shape as `kind` with new children (in the
/// order of [`Kind::children`]), simplifying on the way.
pub fn rebuild(kind: &Kind, ch: &[Expr]) -> Expr {
    use Kind::*;
    match kind {
        BoolConst(b) => bool_const(*b),
        BvConst { width, value } => bv(*width, *value),
        Sym(s) => sym(*s),
        Not(_) => not(ch[0]),
        And(..) => and(ch[0], ch[1]),
        Or(..) => or(ch[0], ch[1]),
        Ite(..) => ite(ch[0], ch[1], ch[2]),
        Eq(..) => eq(ch[0], ch[1]),
        Ult(..) => ult(ch[0], ch[1]),
        Ule(..) => ule(ch[0], ch[1]),
        Slt(..) => slt(ch[0], ch[1]),
        Sle(..) => sle(ch[0], ch[1]),
        Bin(op, ..) => bin(*op, ch[0], ch[1]),
        BvNot(_) => bvnot(ch[0]),
        Concat(..) => concat(ch[0], ch[1]),
        Extract { hi, lo, .. } => extract(*hi, *lo, ch[0]),
        ZExt { width, .. } => zext(ch[0], *width),
        SExt { width, .. } => sext(ch[0], *width),
        Select(..) => select(ch[0], ch[1]),
        Store(..) => store(ch[0], ch[1], ch[2]),
        ConstArray { index, .. } => const_array(*index, ch[0]),
        Apply(f, _) => apply(*f, ch.to_vec()),
        Fp(op, _) => fp(*op, ch.to_vec()),
        Forall(vs, _) => forall(vs.to_vec(), ch[0]),
        Exists(vs, _) => exists(vs.to_vec(), ch[0]),
    }
}

#[cfg(test)]
mod read_over_write_tests {
    use super::*;
    use crate::{eval, Assignment, SymbolKind};

    #[test]
    fn select_skips_stores_at_provably_distinct_indices() {
        let xs = Symbol::fresh("x", Sort::Bv(32), SymbolKind::Input);
        let ys = Symbol::fresh("y", Sort::Bv(32), SymbolKind::Input);
        let (x, y) = (sym(xs), sym(ys));
        let base = const_array(32, bv(8, 0));
        let a = store(store(base, x, bv(8, 1)), add(bv(32, 1), x), bv(8, 2));
        // x + 1 != x: the outer store is skipped, the inner one answers
        assert_eq!(select(a, x), bv(8, 1));
        assert_eq!(select(a, add(bv(32, 1), x)), bv(8, 2));
        // x + 2 differs from both stores: the default
        assert_eq!(select(a, add(bv(32, 2), x)), bv(8, 0));
        // wrap-around: x + 2^32 - 1 is x - 1, distinct from x and x + 1
        assert_eq!(select(a, add(bv(32, 0xffff_ffff), x)), bv(8, 0));
        // another base: not provably distinct, the select stays
        let s = select(a, y);
        assert!(matches!(s.kind(), Kind::Select(..)));
        // the rewrites agree with the semantics
        let mut asg = Assignment::default();
        for (xv, yv) in [(0u128, 1u128), (5, 5), (5, 6), (0xffff_ffff, 0)] {
            asg.set(xs, xv);
            asg.set(ys, yv);
            let want = if yv == (xv + 1) & 0xffff_ffff {
                2
            } else if yv == xv {
                1
            } else {
                0
            };
            assert_eq!(eval(s, &asg).unwrap().bits(), want);
        }
    }
}
