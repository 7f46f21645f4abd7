//! The thread-local hash-consing pool: expression nodes, sorts, symbols and
//! uninterpreted function declarations.

use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::fmt;

/// A hash-consed expression: either an index into the thread-local pool, or
/// a bitvector constant stored inline in the handle itself.
///
/// Encoding (never visible outside this module): bit 63 set means an inline
/// constant, with the width (1..=64, or 0 for a boolean) in bits 56..=62 and
/// the value in bits 0..=55. Boolean constants are always inline. A constant is inline when its width is at most 56, or when its
/// 64-bit-or-narrower value is the sign extension of its low 56 bits (so
/// small negative numbers of `i64` are inline too). Every other constant is
/// interned in the pool, so a given constant always has exactly one handle
/// and structural equality stays handle equality. Inline constants never
/// touch the pool: concrete execution does not make the pool grow.
/// Pool nodes are numbered from 1, so the handle is never zero and
/// `Option<Expr>` takes 8 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Expr(pub(crate) std::num::NonZeroU64);

const INLINE_TAG: u64 = 1 << 63;
const INLINE_PAYLOAD_BITS: u32 = 56;
const INLINE_PAYLOAD_MASK: u64 = (1 << INLINE_PAYLOAD_BITS) - 1;

/// A symbol (free constant) such as a program input `a̲`, a parameter κ or a
/// bound variable of a quantifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub(crate) u32);

/// An uninterpreted function declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncDecl(pub(crate) u32);

/// The sort (type) of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sort {
    /// Truth values.
    Bool,
    /// Bitvectors of the given width (1..=128).
    Bv(u32),
    /// Arrays from `index`-bit bitvectors to `elem`-bit bitvectors.
    Array {
        /// Index width.
        index: u32,
        /// Element width.
        elem: u32,
    },
}

impl Sort {
    /// Width of a bitvector sort. Panics on other sorts (a caller bug).
    pub fn width(self) -> u32 {
        match self {
            Sort::Bv(w) => w,
            s => panic!("expected a bitvector sort, found {s:?}"),
        }
    }
}

/// What a symbol stands for; decides naming and how reports show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// A program input (a `__VERIFIER_nondet_*` result).
    Input,
    /// Initial contents of memory nobody wrote (uninitialised locals, heap).
    Uninit,
    /// A template parameter κ (compact symbolic execution).
    Param,
    /// A path counter (loop summaries).
    Counter,
    /// A variable bound by a quantifier.
    Bound,
    /// Any other fresh value (e.g. LLVM `undef`).
    Fresh,
}

/// Registered data of a symbol.
#[derive(Clone, Debug)]
pub struct SymbolInfo {
    /// Unique printable name.
    pub name: String,
    /// Sort.
    pub sort: Sort,
    /// Kind.
    pub kind: SymbolKind,
}

/// Bitvector binary operators (SMT-LIB semantics; division by zero follows SMT-LIB).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum BvOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

impl BvOp {
    /// Every operator, in declaration order.
    pub const ALL: [BvOp; 13] = [
        BvOp::Add,
        BvOp::Sub,
        BvOp::Mul,
        BvOp::UDiv,
        BvOp::SDiv,
        BvOp::URem,
        BvOp::SRem,
        BvOp::Shl,
        BvOp::LShr,
        BvOp::AShr,
        BvOp::And,
        BvOp::Or,
        BvOp::Xor,
    ];
}

/// The shape of an expression node. Obtain with [`Expr::kind`]; build with
/// the constructors in [`crate::build`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Kind {
    BoolConst(bool),
    BvConst {
        width: u32,
        value: u128,
    },
    Sym(Symbol),
    Not(Expr),
    And(Expr, Expr),
    Or(Expr, Expr),
    Ite(Expr, Expr, Expr),
    Eq(Expr, Expr),
    Ult(Expr, Expr),
    Ule(Expr, Expr),
    Slt(Expr, Expr),
    Sle(Expr, Expr),
    Bin(BvOp, Expr, Expr),
    BvNot(Expr),
    Concat(Expr, Expr),
    Extract {
        hi: u32,
        lo: u32,
        arg: Expr,
    },
    ZExt {
        width: u32,
        arg: Expr,
    },
    SExt {
        width: u32,
        arg: Expr,
    },
    Select(Expr, Expr),
    Store(Expr, Expr, Expr),
    ConstArray {
        index: u32,
        value: Expr,
    },
    Apply(FuncDecl, Box<[Expr]>),
    /// A floating-point operation on IEEE bits (see [`crate::float`]).
    Fp(crate::float::FpOp, Box<[Expr]>),
    Forall(Box<[Symbol]>, Expr),
    Exists(Box<[Symbol]>, Expr),
}

impl Kind {
    /// The direct sub-expressions, in order.
    pub fn children(&self) -> Vec<Expr> {
        use Kind::*;
        match self {
            BoolConst(_) | BvConst { .. } | Sym(_) => vec![],
            Not(a) | BvNot(a) => vec![*a],
            Extract { arg, .. } | ZExt { arg, .. } | SExt { arg, .. } => vec![*arg],
            ConstArray { value, .. } => vec![*value],
            And(a, b)
            | Or(a, b)
            | Eq(a, b)
            | Ult(a, b)
            | Ule(a, b)
            | Slt(a, b)
            | Sle(a, b)
            | Bin(_, a, b)
            | Concat(a, b)
            | Select(a, b) => vec![*a, *b],
            Ite(a, b, c) | Store(a, b, c) => vec![*a, *b, *c],
            Apply(_, args) | Fp(_, args) => args.to_vec(),
            Forall(_, body) | Exists(_, body) => vec![*body],
        }
    }
}

struct FuncInfo {
    name: String,
    domain: Vec<Sort>,
    range: Sort,
}

#[derive(Default)]
struct Pool {
    nodes: Vec<(Kind, Sort)>,
    map: FxHashMap<Kind, u32>,
    symbols: Vec<SymbolInfo>,
    funcs: Vec<FuncInfo>,
}

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

impl Expr {
    /// Interns a node whose sort the caller has computed. Use the simplifying
    /// constructors in [`crate::build`] instead of calling this directly.
    pub(crate) fn intern(kind: Kind, sort: Sort) -> Expr {
        match kind {
            Kind::BvConst { width, value } => {
                if let Some(e) = Expr::inline_const(width, value) {
                    return e;
                }
            }
            Kind::BoolConst(b) => {
                let bits = INLINE_TAG | b as u64;
                return Expr(std::num::NonZeroU64::new(bits).expect("tagged"));
            }
            _ => {}
        }
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            if let Some(&id) = p.map.get(&kind) {
                return Expr::pooled(id);
            }
            let id = u32::try_from(p.nodes.len()).expect("expression pool overflow");
            p.nodes.push((kind.clone(), sort));
            p.map.insert(kind, id);
            Expr::pooled(id)
        })
    }
    /// The handle of pool node `id`.
    fn pooled(id: u32) -> Expr {
        Expr(std::num::NonZeroU64::new(id as u64 + 1).expect("nonzero"))
    }
    /// The handle of the `width`-bit constant `value` (already truncated to
    /// `width` bits) when it can be stored inline (see [`Expr`]).
    #[inline]
    pub(crate) fn inline_const(width: u32, value: u128) -> Option<Expr> {
        if width == 0 || width > 64 {
            return None;
        }
        let v = value as u64;
        let fits = width <= INLINE_PAYLOAD_BITS || {
            // the bits above the payload repeat the payload's top bit, up to the width
            let top = (v >> (INLINE_PAYLOAD_BITS - 1)) & 1;
            let high = v >> INLINE_PAYLOAD_BITS;
            let high_mask = (1u64 << (width - INLINE_PAYLOAD_BITS)) - 1;
            high == if top == 1 { high_mask } else { 0 }
        };
        fits.then(|| {
            let bits =
                INLINE_TAG | ((width as u64) << INLINE_PAYLOAD_BITS) | (v & INLINE_PAYLOAD_MASK);
            Expr(std::num::NonZeroU64::new(bits).expect("tagged"))
        })
    }
    /// Width and value of an inline constant (width 0: a boolean).
    #[inline]
    fn inline_parts(self) -> Option<(u32, u128)> {
        let bits = self.0.get();
        if bits & INLINE_TAG == 0 {
            return None;
        }
        let width = ((bits >> INLINE_PAYLOAD_BITS) & 0x7f) as u32;
        let payload = bits & INLINE_PAYLOAD_MASK;
        let v = if width <= INLINE_PAYLOAD_BITS {
            payload
        } else {
            // sign-extend the payload, then cut to the width
            let ext = ((payload << (64 - INLINE_PAYLOAD_BITS)) as i64 >> (64 - INLINE_PAYLOAD_BITS))
                as u64;
            ext & (u64::MAX >> (64 - width))
        };
        Some((width, v as u128))
    }
    /// The pool index of a pooled expression.
    #[inline]
    fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
    /// The node shape of this expression.
    pub fn kind(self) -> Kind {
        if let Some((width, value)) = self.inline_parts() {
            if width == 0 {
                return Kind::BoolConst(value != 0);
            }
            return Kind::BvConst { width, value };
        }
        POOL.with(|p| p.borrow().nodes[self.index()].0.clone())
    }
    /// The sort of this expression.
    pub fn sort(self) -> Sort {
        if let Some((width, _)) = self.inline_parts() {
            if width == 0 {
                return Sort::Bool;
            }
            return Sort::Bv(width);
        }
        POOL.with(|p| p.borrow().nodes[self.index()].1)
    }
    /// Bit width; panics unless this is a bitvector.
    pub fn width(self) -> u32 {
        self.sort().width()
    }
    /// A stable numeric id (the handle's bits), for printing and hashing;
    /// distinct expressions have distinct ids.
    pub fn id(self) -> u64 {
        self.0.get()
    }
    /// The constant value if this is a bitvector constant.
    #[inline]
    pub fn as_bv_const(self) -> Option<u128> {
        if let Some((w, v)) = self.inline_parts() {
            return (w != 0).then_some(v);
        }
        match self.kind() {
            Kind::BvConst { value, .. } => Some(value),
            _ => None,
        }
    }
    /// The constant value if this is a boolean constant.
    pub fn as_bool_const(self) -> Option<bool> {
        match self.inline_parts() {
            Some((0, v)) => Some(v != 0),
            _ => None,
        }
    }
    /// Whether the expression is a constant (boolean or bitvector).
    pub fn is_const(self) -> bool {
        if self.0.get() & INLINE_TAG != 0 {
            return true;
        }
        matches!(self.kind(), Kind::BoolConst(_) | Kind::BvConst { .. })
    }
    /// Width and value of a constant stored inline in the handle, without
    /// touching the pool: `Some((0, 0 or 1))` for a boolean, `Some((w, v))`
    /// for an inline `w`-bit constant, `None` for everything else (including
    /// the rare wide constants kept in the pool).
    #[inline]
    pub fn inline_const_parts(self) -> Option<(u32, u128)> {
        self.inline_parts()
    }
    /// Whether this is a constant stored inline in the handle (no pool node).
    pub fn is_inline(self) -> bool {
        self.0.get() & INLINE_TAG != 0
    }
    /// Number of nodes in the pool (a measure of memory use).
    pub fn pool_size() -> usize {
        POOL.with(|p| p.borrow().nodes.len())
    }
}

impl Symbol {
    /// Registers a new symbol with a unique name built from `base` (a numeric
    /// suffix is added when needed).
    pub fn fresh(base: &str, sort: Sort, kind: SymbolKind) -> Symbol {
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            let id = p.symbols.len() as u32;
            let name = format!("{base}#{id}");
            p.symbols.push(SymbolInfo { name, sort, kind });
            Symbol(id)
        })
    }
    /// The symbol's registered data.
    pub fn info(self) -> SymbolInfo {
        POOL.with(|p| p.borrow().symbols[self.0 as usize].clone())
    }
    /// The symbol's sort.
    pub fn sort(self) -> Sort {
        POOL.with(|p| p.borrow().symbols[self.0 as usize].sort)
    }
    /// The symbol's unique name.
    pub fn name(self) -> String {
        POOL.with(|p| p.borrow().symbols[self.0 as usize].name.clone())
    }
    /// A stable numeric id.
    pub fn id(self) -> u32 {
        self.0
    }
}

impl FuncDecl {
    /// Declares an uninterpreted function.
    pub fn new(name: &str, domain: Vec<Sort>, range: Sort) -> FuncDecl {
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            p.funcs.push(FuncInfo {
                name: name.to_string(),
                domain,
                range,
            });
            FuncDecl(p.funcs.len() as u32 - 1)
        })
    }
    /// Name, domain and range.
    pub fn signature(self) -> (String, Vec<Sort>, Sort) {
        POOL.with(|p| {
            let p = p.borrow();
            let f = &p.funcs[self.0 as usize];
            (f.name.clone(), f.domain.clone(), f.range)
        })
    }
}

impl fmt::Debug for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}
