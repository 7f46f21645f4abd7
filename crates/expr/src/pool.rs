//! The thread-local hash-consing pool: expression nodes, sorts, symbols and
//! uninterpreted function declarations.

use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::fmt;

/// A hash-consed expression: an index into the thread-local pool.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Expr(pub(crate) u32);

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
    BvConst { width: u32, value: u128 },
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
    Extract { hi: u32, lo: u32, arg: Expr },
    ZExt { width: u32, arg: Expr },
    SExt { width: u32, arg: Expr },
    Select(Expr, Expr),
    Store(Expr, Expr, Expr),
    ConstArray { index: u32, value: Expr },
    Apply(FuncDecl, Box<[Expr]>),
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
            Apply(_, args) => args.to_vec(),
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
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            if let Some(&id) = p.map.get(&kind) {
                return Expr(id);
            }
            let id = p.nodes.len() as u32;
            p.nodes.push((kind.clone(), sort));
            p.map.insert(kind, id);
            Expr(id)
        })
    }
    /// The node shape of this expression.
    pub fn kind(self) -> Kind {
        POOL.with(|p| p.borrow().nodes[self.0 as usize].0.clone())
    }
    /// The sort of this expression.
    pub fn sort(self) -> Sort {
        POOL.with(|p| p.borrow().nodes[self.0 as usize].1)
    }
    /// Bit width; panics unless this is a bitvector.
    pub fn width(self) -> u32 {
        self.sort().width()
    }
    /// A stable numeric id (the pool index), for printing and hashing.
    pub fn id(self) -> u32 {
        self.0
    }
    /// The constant value if this is a bitvector constant.
    pub fn as_bv_const(self) -> Option<u128> {
        match self.kind() {
            Kind::BvConst { value, .. } => Some(value),
            _ => None,
        }
    }
    /// The constant value if this is a boolean constant.
    pub fn as_bool_const(self) -> Option<bool> {
        match self.kind() {
            Kind::BoolConst(b) => Some(b),
            _ => None,
        }
    }
    /// Whether the expression is a constant (boolean or bitvector).
    pub fn is_const(self) -> bool {
        matches!(self.kind(), Kind::BoolConst(_) | Kind::BvConst { .. })
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
