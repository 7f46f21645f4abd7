//! Translation of `kappa_expr` expressions to Z3 ASTs, with a cache that
//! lives as long as the owning [`crate::Z3Solver`].
//!
//! The z3 0.19 bindings keep one implicit Z3 context per thread (ASTs hold a
//! reference-counted handle to it, no lifetimes), so no context has to be
//! leaked: the translator remembers the thread's context and drops its caches
//! if someone swapped the thread-local context in between (e.g. via
//! `z3::with_z3_context`), so ASTs of different contexts never mix.

use kappa_expr::{BvOp, Expr, FuncDecl, Kind, Sort, Symbol};
use rustc_hash::{FxHashMap, FxHashSet};
use z3::ast::{Array, Ast, Bool, Dynamic, BV};

/// Cached translations before the cache is cleared (bounds memory).
const CACHE_LIMIT: usize = 1 << 20;

/// Feature bit: the expression involves arrays.
pub(crate) const F_ARRAY: u8 = 1;
/// Feature bit: the expression applies uninterpreted functions.
pub(crate) const F_UF: u8 = 2;
/// Feature bit: the expression contains quantifiers.
pub(crate) const F_QUANT: u8 = 4;
/// Feature bit: the expression compares arrays (needs extensionality).
pub(crate) const F_ARRAY_EQ: u8 = 8;
/// Feature bit: the expression has floating-point operations (the
/// bit-blasting logics' solvers do not take them: the general solver does).
pub(crate) const F_FP: u8 = 16;

/// Why an expression could not be translated.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TranslateError {
    /// Z3 refused to build a numeral.
    #[error("z3 rejected the {width}-bit numeral {value}")]
    Numeral {
        /// The value.
        value: u128,
        /// The width.
        width: u32,
    },
    /// A translated child had an unexpected Z3 sort (a translation bug).
    #[error("unexpected z3 sort for {0}")]
    Sort(String),
}

/// Expression → Z3 translator with a per-solver cache.
pub(crate) struct Translator {
    ctx: z3::Context,
    /// Translation and feature bits (`F_*`) of every translated node.
    cache: FxHashMap<Expr, (Dynamic, u8)>,
    funcs: FxHashMap<FuncDecl, z3::FuncDecl>,
    func_names: FxHashSet<String>,
}

/// A name Z3 accepts (no NUL bytes; symbol names are unique per thread
/// thanks to their `#id` suffix, which this keeps).
fn z3_name(s: &str) -> String {
    s.replace('\0', "?")
}

/// The Z3 sort of a `kappa_expr` sort.
pub(crate) fn z3_sort(s: Sort) -> z3::Sort {
    match s {
        Sort::Bool => z3::Sort::bool(),
        Sort::Bv(w) => z3::Sort::bitvector(w),
        Sort::Array { index, elem } => {
            z3::Sort::array(&z3::Sort::bitvector(index), &z3::Sort::bitvector(elem))
        }
    }
}

/// The Z3 constant standing for symbol `s` (free or bound: quantifiers
/// abstract these constants).
pub(crate) fn symbol_const(s: Symbol) -> Dynamic {
    let info = s.info();
    Dynamic::new_const(z3_name(&info.name), &z3_sort(info.sort))
}

/// The `width`-bit numeral `value` (`value` already below 2^width).
pub(crate) fn numeral(width: u32, value: u128) -> Result<BV, TranslateError> {
    if width <= 64 {
        Ok(BV::from_u64(value as u64, width))
    } else {
        BV::from_str(width, &value.to_string()).ok_or(TranslateError::Numeral { value, width })
    }
}

/// The feature bits a node contributes by itself.
fn own_features(e: Expr, kind: &Kind) -> u8 {
    match kind {
        Kind::Select(..) | Kind::Store(..) | Kind::ConstArray { .. } => F_ARRAY,
        Kind::Sym(_) if matches!(e.sort(), Sort::Array { .. }) => F_ARRAY,
        Kind::Eq(a, _) if matches!(a.sort(), Sort::Array { .. }) => F_ARRAY | F_ARRAY_EQ,
        Kind::Apply(..) => F_UF,
        Kind::Fp(..) => F_FP,
        Kind::Forall(..) | Kind::Exists(..) => F_QUANT,
        _ => 0,
    }
}

impl Translator {
    /// An empty translator bound to the thread's current Z3 context.
    pub(crate) fn new() -> Self {
        Translator {
            ctx: z3::Context::thread_local(),
            cache: FxHashMap::default(),
            funcs: FxHashMap::default(),
            func_names: FxHashSet::default(),
        }
    }

    /// Drops every cached AST (and function declaration).
    pub(crate) fn clear(&mut self) {
        self.cache.clear();
        self.funcs.clear();
        self.func_names.clear();
    }

    /// Makes sure cached ASTs belong to the current thread-local context;
    /// clears the caches otherwise. Call before each query.
    pub(crate) fn sync_context(&mut self) {
        let now = z3::Context::thread_local();
        if now != self.ctx {
            self.clear();
            self.ctx = now;
        }
        if self.cache.len() > CACHE_LIMIT {
            self.cache.clear();
        }
    }

    /// Number of cached translations.
    #[cfg(test)]
    pub(crate) fn cached(&self) -> usize {
        self.cache.len()
    }

    /// Translates a boolean expression.
    pub(crate) fn translate_bool(&mut self, e: Expr) -> Result<Bool, TranslateError> {
        let d = self.translate(e)?;
        d.as_bool()
            .ok_or_else(|| TranslateError::Sort(e.to_string()))
    }

    /// Translates `e` (iteratively: deep expressions do not overflow the stack).
    pub(crate) fn translate(&mut self, e: Expr) -> Result<Dynamic, TranslateError> {
        if let Some((d, _)) = self.cache.get(&e) {
            return Ok(d.clone());
        }
        let mut stack: Vec<(Expr, bool)> = vec![(e, false)];
        while let Some((x, ready)) = stack.pop() {
            if self.cache.contains_key(&x) {
                continue;
            }
            let kind = x.kind();
            if ready {
                let d = self.node(x, &kind)?;
                let f = kind
                    .children()
                    .iter()
                    .fold(own_features(x, &kind), |f, c| f | self.cache[c].1);
                self.cache.insert(x, (d, f));
            } else {
                stack.push((x, true));
                for c in kind.children() {
                    if !self.cache.contains_key(&c) {
                        stack.push((c, false));
                    }
                }
            }
        }
        Ok(self.cache[&e].0.clone())
    }

    /// The feature bits (`F_*`) of an already translated expression.
    pub(crate) fn features(&self, e: Expr) -> u8 {
        self.cache.get(&e).map_or(0, |(_, f)| *f)
    }

    fn get(&self, e: Expr) -> Dynamic {
        self.cache[&e].0.clone()
    }
    fn b(&self, e: Expr) -> Result<Bool, TranslateError> {
        self.get(e)
            .as_bool()
            .ok_or_else(|| TranslateError::Sort(e.to_string()))
    }
    fn v(&self, e: Expr) -> Result<BV, TranslateError> {
        self.get(e)
            .as_bv()
            .ok_or_else(|| TranslateError::Sort(e.to_string()))
    }
    fn arr(&self, e: Expr) -> Result<Array, TranslateError> {
        self.get(e)
            .as_array()
            .ok_or_else(|| TranslateError::Sort(e.to_string()))
    }

    fn declare(&mut self, f: FuncDecl) {
        if self.funcs.contains_key(&f) {
            return;
        }
        let (name, domain, range) = f.signature();
        // Distinct declarations stay distinct in Z3 even if they share a name.
        let mut z3n = z3_name(&name);
        if self.func_names.contains(&z3n) {
            z3n = format!("{z3n}!{}", self.funcs.len());
        }
        self.func_names.insert(z3n.clone());
        let dom: Vec<z3::Sort> = domain.into_iter().map(z3_sort).collect();
        let dom_refs: Vec<&z3::Sort> = dom.iter().collect();
        let d = z3::FuncDecl::new(z3n, &dom_refs, &z3_sort(range));
        self.funcs.insert(f, d);
    }

    /// Builds the Z3 AST of node `e` whose children are all cached.
    fn node(&mut self, e: Expr, kind: &Kind) -> Result<Dynamic, TranslateError> {
        use Kind::*;
        let sort_err = || TranslateError::Sort(e.to_string());
        Ok(match kind {
            BoolConst(b) => Bool::from_bool(*b).into(),
            BvConst { width, value } => numeral(*width, *value)?.into(),
            Sym(s) => symbol_const(*s),
            Not(a) => self.b(*a)?.not().into(),
            And(a, b) => Bool::and(&[self.b(*a)?, self.b(*b)?]).into(),
            Or(a, b) => Bool::or(&[self.b(*a)?, self.b(*b)?]).into(),
            Ite(c, t, f) => self.b(*c)?.ite(&self.get(*t), &self.get(*f)),
            Eq(a, b) => self
                .get(*a)
                .safe_eq(self.get(*b))
                .map_err(|_| sort_err())?
                .into(),
            Ult(a, b) => self.v(*a)?.bvult(self.v(*b)?).into(),
            Ule(a, b) => self.v(*a)?.bvule(self.v(*b)?).into(),
            Slt(a, b) => self.v(*a)?.bvslt(self.v(*b)?).into(),
            Sle(a, b) => self.v(*a)?.bvsle(self.v(*b)?).into(),
            Bin(op, a, b) => {
                let (x, y) = (self.v(*a)?, self.v(*b)?);
                match op {
                    BvOp::Add => x.bvadd(y),
                    BvOp::Sub => x.bvsub(y),
                    BvOp::Mul => x.bvmul(y),
                    BvOp::UDiv => x.bvudiv(y),
                    BvOp::SDiv => x.bvsdiv(y),
                    BvOp::URem => x.bvurem(y),
                    BvOp::SRem => x.bvsrem(y),
                    BvOp::Shl => x.bvshl(y),
                    BvOp::LShr => x.bvlshr(y),
                    BvOp::AShr => x.bvashr(y),
                    BvOp::And => x.bvand(y),
                    BvOp::Or => x.bvor(y),
                    BvOp::Xor => x.bvxor(y),
                }
                .into()
            }
            BvNot(a) => self.v(*a)?.bvnot().into(),
            Concat(a, b) => self.v(*a)?.concat(self.v(*b)?).into(),
            Extract { hi, lo, arg } => self.v(*arg)?.extract(*hi, *lo).into(),
            ZExt { width, arg } => self.v(*arg)?.zero_ext(width - arg.width()).into(),
            SExt { width, arg } => self.v(*arg)?.sign_ext(width - arg.width()).into(),
            Select(a, i) => self.arr(*a)?.select(&self.get(*i)),
            Store(a, i, v) => self.arr(*a)?.store(&self.get(*i), &self.get(*v)).into(),
            ConstArray { index, value } => {
                Array::const_array(&z3::Sort::bitvector(*index), &self.get(*value)).into()
            }
            Apply(f, args) => {
                self.declare(*f);
                let xs: Vec<Dynamic> = args.iter().map(|a| self.get(*a)).collect();
                let refs: Vec<&dyn Ast> = xs.iter().map(|x| x as &dyn Ast).collect();
                self.funcs[f].apply(&refs)
            }
            Fp(op, args) => {
                let xs = args
                    .iter()
                    .map(|a| self.v(*a))
                    .collect::<Result<Vec<BV>, _>>()?;
                crate::fpenc::encode(*op, &xs)
            }
            Forall(vs, body) | Exists(vs, body) => {
                let bounds: Vec<Dynamic> = vs.iter().map(|s| symbol_const(*s)).collect();
                let refs: Vec<&dyn Ast> = bounds.iter().map(|x| x as &dyn Ast).collect();
                let body = self.b(*body)?;
                if matches!(kind, Forall(..)) {
                    z3::ast::forall_const(&refs, &[], &body).into()
                } else {
                    z3::ast::exists_const(&refs, &[], &body).into()
                }
            }
        })
    }
}
