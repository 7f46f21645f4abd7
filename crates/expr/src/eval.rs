//! Concrete evaluation of expressions under an assignment of symbols.
//!
//! Used to check models, to test whether a cached model already witnesses a
//! branch, and by the concrete (differential) mode of the engine. Symbols
//! without a value evaluate to zero (all-zero array for array symbols).

use crate::build::fold_bin;
use crate::pool::{Expr, Kind, Sort, Symbol};
use crate::{mask, to_signed};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::rc::Rc;

/// A concrete array value: a default element plus explicit entries.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ArrVal {
    /// Value of every index not in `entries`.
    pub default: u128,
    /// Explicitly stored entries.
    pub entries: BTreeMap<u128, u128>,
}

impl ArrVal {
    /// The element at index `i`.
    pub fn at(&self, i: u128) -> u128 {
        self.entries.get(&i).copied().unwrap_or(self.default)
    }
    /// Whether both arrays map every index to the same element (however
    /// they are represented: explicit entries equal to the default count as absent).
    pub fn same_contents(&self, other: &ArrVal) -> bool {
        self.default == other.default
            && self
                .entries
                .keys()
                .chain(other.entries.keys())
                .all(|k| self.at(*k) == other.at(*k))
    }
}

/// A concrete value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    /// A truth value.
    Bool(bool),
    /// A bitvector: width and zero-extended bits.
    Bv(u32, u128),
    /// An array.
    Array(Rc<ArrVal>),
}

impl Val {
    /// The bits of a bitvector value (booleans give 0/1). Panics on arrays.
    pub fn bits(&self) -> u128 {
        match self {
            Val::Bool(b) => *b as u128,
            Val::Bv(_, v) => *v,
            Val::Array(_) => panic!("array value used as a scalar"),
        }
    }
    /// The truth value; panics on non-booleans.
    pub fn truth(&self) -> bool {
        match self {
            Val::Bool(b) => *b,
            other => panic!("expected a boolean value, got {other:?}"),
        }
    }
}

/// A persistent hash map (O(1) clone, O(log n) update) with the fast hasher.
pub type PMap<K, V> = im_rc::HashMap<K, V, std::hash::BuildHasherDefault<rustc_hash::FxHasher>>;

/// Values of symbols: a model or a test input. Persistent: cloning is O(1),
/// so every forked execution state can keep its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment {
    /// Values of boolean and bitvector symbols (booleans as 0/1).
    pub scalars: PMap<Symbol, u128>,
    /// Values of array symbols.
    pub arrays: PMap<Symbol, Rc<ArrVal>>,
}

impl Assignment {
    /// Sets a scalar symbol.
    pub fn set(&mut self, s: Symbol, v: u128) {
        self.scalars.insert(s, v);
    }
    /// The value of a scalar symbol (0 when unassigned).
    pub fn get(&self, s: Symbol) -> u128 {
        self.scalars.get(&s).copied().unwrap_or(0)
    }
    /// Overwrites this assignment's values with those of `other`.
    pub fn extend_from(&mut self, other: &Assignment) {
        for (k, v) in &other.scalars {
            self.scalars.insert(*k, *v);
        }
        for (k, v) in &other.arrays {
            self.arrays.insert(*k, v.clone());
        }
    }
}

/// Evaluates `e` under `a`. Returns `None` when `e` contains quantifiers or
/// uninterpreted functions, which have no concrete value here.
pub fn eval(e: Expr, a: &Assignment) -> Option<Val> {
    let mut memo = FxHashMap::default();
    eval_memo(e, a, &mut memo)
}

/// Evaluates `e`, expected boolean, under `a`; `None` as for [`eval`].
pub fn eval_bool(e: Expr, a: &Assignment) -> Option<bool> {
    eval(e, a).map(|v| v.truth())
}

fn eval_memo(e: Expr, a: &Assignment, memo: &mut FxHashMap<Expr, Val>) -> Option<Val> {
    if let Some(v) = memo.get(&e) {
        return Some(v.clone());
    }
    use Kind::*;
    let kind = e.kind();
    let mut ev = |x: Expr| eval_memo(x, a, memo);
    let v = match kind {
        BoolConst(b) => Val::Bool(b),
        BvConst { width, value } => Val::Bv(width, value),
        Sym(s) => match s.sort() {
            Sort::Bool => Val::Bool(a.get(s) != 0),
            Sort::Bv(w) => Val::Bv(w, a.get(s) & mask(w)),
            Sort::Array { .. } => Val::Array(a.arrays.get(&s).cloned().unwrap_or_default()),
        },
        Not(x) => Val::Bool(!ev(x)?.truth()),
        And(x, y) => Val::Bool(ev(x)?.truth() && ev(y)?.truth()),
        Or(x, y) => Val::Bool(ev(x)?.truth() || ev(y)?.truth()),
        Ite(c, t, f) => {
            if ev(c)?.truth() {
                ev(t)?
            } else {
                ev(f)?
            }
        }
        Eq(x, y) => Val::Bool(match (ev(x)?, ev(y)?) {
            (Val::Array(a), Val::Array(b)) => a.same_contents(&b),
            (p, q) => p == q,
        }),
        Ult(x, y) => Val::Bool(ev(x)?.bits() < ev(y)?.bits()),
        Ule(x, y) => Val::Bool(ev(x)?.bits() <= ev(y)?.bits()),
        Slt(x, y) | Sle(x, y) => {
            let w = x.width();
            let (p, q) = (to_signed(ev(x)?.bits(), w), to_signed(ev(y)?.bits(), w));
            Val::Bool(if matches!(kind, Slt(..)) {
                p < q
            } else {
                p <= q
            })
        }
        Bin(op, x, y) => {
            let w = x.width();
            Val::Bv(w, fold_bin(op, w, ev(x)?.bits(), ev(y)?.bits()))
        }
        BvNot(x) => {
            let w = x.width();
            Val::Bv(w, !ev(x)?.bits() & mask(w))
        }
        Concat(h, l) => {
            let wl = l.width();
            Val::Bv(h.width() + wl, (ev(h)?.bits() << wl) | ev(l)?.bits())
        }
        Extract { hi, lo, arg } => {
            Val::Bv(hi - lo + 1, (ev(arg)?.bits() >> lo) & mask(hi - lo + 1))
        }
        ZExt { width, arg } => Val::Bv(width, ev(arg)?.bits()),
        SExt { width, arg } => {
            let w = arg.width();
            Val::Bv(width, to_signed(ev(arg)?.bits(), w) as u128 & mask(width))
        }
        Select(arr, i) => {
            let Val::Array(av) = ev(arr)? else {
                unreachable!("select on non-array")
            };
            let i = ev(i)?.bits();
            let w = e.width();
            Val::Bv(w, av.entries.get(&i).copied().unwrap_or(av.default))
        }
        Store(arr, i, x) => {
            let Val::Array(av) = ev(arr)? else {
                unreachable!("store on non-array")
            };
            let (i, x) = (ev(i)?.bits(), ev(x)?.bits());
            let mut nv = (*av).clone();
            nv.entries.insert(i, x);
            Val::Array(Rc::new(nv))
        }
        ConstArray { value, .. } => Val::Array(Rc::new(ArrVal {
            default: ev(value)?.bits(),
            entries: BTreeMap::new(),
        })),
        Fp(op, args) => {
            let mut xs = Vec::with_capacity(args.len());
            for x in args.iter() {
                xs.push(ev(*x)?.bits());
            }
            let r = crate::float::eval(op, &xs);
            match op.result_width() {
                Some(w) => Val::Bv(w, r),
                None => Val::Bool(r != 0),
            }
        }
        Apply(..) | Forall(..) | Exists(..) => return None,
    };
    memo.insert(e, v.clone());
    Some(v)
}
