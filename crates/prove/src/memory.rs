//! What the transition system models of memory: the global objects.
//!
//! - A *scalar global* (an integer object whose address is only ever the
//!   direct operand of whole-object loads and stores of one integer type,
//!   and whose initializer is an integer) is a state variable like a
//!   register, starting at its initial value.
//! - Every other global of at most [`MAX_ARRAY_BYTES`] bytes has its
//!   contents as a state variable too: an SMT array from offsets to bytes
//!   ([`read`], [`write()`]), starting at its initializer ([`initial`]; at
//!   an arbitrary value when the initializer holds addresses). A load of a
//!   type that is not a whole number of bytes (a `_Bool`) is an unknown
//!   value, and a store or memory function the encoding does not follow
//!   byte by byte makes the whole contents unknown (a fresh array): both
//!   over-approximations.
//! - Larger globals are read as unknown values (a fresh symbol per load:
//!   an over-approximation, so a proof still holds) and their writes need
//!   not be followed. Each access of any object must stay inside it (an
//!   access that may leave it, or writes a constant object, is an error
//!   path, as for the engine).
//!
//! - A stack object of `main` of constant size allocated outside every
//!   loop (so at most once per run, alive until `main` returns) is read
//!   and written like a non-scalar global (its contents start arbitrary);
//!   the register holding its address stands for its address symbol
//!   everywhere.
//!
//! - A stack object of `main` of variable size (a VLA) allocated outside
//!   every loop is modelled the same way, its size ([`Object::len`]) a
//!   value over the registers: every access must lie below it, and an
//!   allocation of size 0 or above [`MAX_VLA_BYTES`] is an error path.
//!
//! Addresses of objects are symbols (one per object, never state), so an
//! address is `base + offset` with the offset free of them.

use kappa_expr::build as b;
use kappa_expr::{BvOp, Expr, Kind, Sort, Symbol, SymbolKind};
use kappa_ir::{GlobalId, InitValue, Instr, Module, Ty, Value};

/// A memory object the system knows: its name, size and kind.
#[derive(Clone, Debug)]
pub struct Object {
    /// The global's name, or `stack@LINE`.
    pub name: String,
    /// Size in bytes (0 for an object of variable size, see `len`).
    pub size: u64,
    /// For a stack object of variable size (a VLA): its size in bytes as
    /// computed by the allocation, over `main`'s registers. The registers
    /// it reads are never assigned again once the allocation ran (it lies
    /// outside every cycle), so the value at any later point is the size.
    pub len: Option<Value>,
    /// The source line of a stack object's allocation (0: a global or
    /// unknown).
    pub line: u32,
    /// Read-only (a constant global).
    pub constant: bool,
    /// Declared but not defined here (an `extern` global).
    pub external: bool,
}

/// The memory objects: every global of `m`, then the stack objects of
/// `f` (with the registers holding their addresses) that have a constant
/// size and are allocated outside every cycle (`loops`: the locations of
/// each cut point's cycles, indexed by location), so at most once per run.
pub fn objects(
    m: &Module,
    f: &kappa_ir::Function,
    loops: &[Vec<bool>],
) -> (Vec<Object>, rustc_hash::FxHashMap<kappa_ir::VarId, usize>) {
    let mut objs: Vec<Object> = m
        .globals
        .iter()
        .map(|g| Object {
            name: g.name.clone(),
            size: g.size,
            constant: g.constant,
            external: g.external,
            len: None,
            line: 0,
        })
        .collect();
    let mut stack = rustc_hash::FxHashMap::default();
    for e in &f.edges {
        let Instr::Alloca { dst, size, .. } = &e.instr else {
            continue;
        };
        if loops.iter().any(|l| l[e.from.index()]) {
            continue;
        }
        let (size, len) = match size {
            Value::Const { bits, .. } => match u64::try_from(*bits) {
                Ok(s) => (s, None),
                Err(_) => continue,
            },
            v => (0, Some(v.clone())),
        };
        stack.insert(*dst, objs.len());
        let mut name = format!("stack@{}", m.describe(e.src));
        let same = objs.iter().filter(|o| o.name.starts_with(&name)).count();
        if same > 0 {
            // (several objects allocated on one line: `int a[n], b[n];`)
            name = format!("{name}#{}", same + 1);
        }
        objs.push(Object {
            name,
            size,
            constant: false,
            external: false,
            len,
            line: e.src.map_or(0, |s| s.line),
        });
    }
    (objs, stack)
}

/// A scalar global as a state variable.
#[derive(Clone, Debug)]
pub struct Scalar {
    /// The global.
    pub global: GlobalId,
    /// Its width in bits.
    pub width: u32,
    /// Its initial value.
    pub init: u128,
}

/// The scalar globals of `m` used by function `f` (see the module doc).
pub fn scalar_globals(m: &Module, f: &kappa_ir::Function) -> Vec<Scalar> {
    let n = m.globals.len();
    // per global: the one access width seen, or disqualified
    let mut width: Vec<Option<u32>> = vec![None; n];
    let mut bad = vec![false; n];
    let mut note = |g: GlobalId, w: Option<u32>, bad: &mut Vec<bool>| match w {
        Some(w) if width[g.index()].is_none_or(|x| x == w) => width[g.index()] = Some(w),
        _ => bad[g.index()] = true,
    };
    for e in &f.edges {
        let int = |t: Ty| match t {
            Ty::Int(w) => Some(w),
            Ty::Bool => None,
        };
        match &e.instr {
            Instr::Load {
                addr: Value::GlobalAddr(g),
                ty,
                ..
            } => note(*g, int(*ty), &mut bad),
            Instr::Store {
                addr: Value::GlobalAddr(g),
                value,
            } => {
                let w = match value {
                    Value::Const { ty, .. } => int(*ty),
                    _ => None,
                };
                let w = w.or_else(|| stored_width(f, value));
                note(*g, w, &mut bad);
                value_globals(value, &mut bad);
            }
            other => other.for_each_value(&mut |v| value_globals(v, &mut bad)),
        }
    }
    (0..n)
        .filter(|&i| !bad[i])
        .filter_map(|i| {
            let g = &m.globals[i];
            let w = width[i]?;
            if g.external || g.constant || g.size * 8 != w as u64 || w > 64 {
                return None;
            }
            let mut init = 0u128;
            for (off, piece) in &g.init {
                match piece {
                    InitValue::Int { bytes, value } if off + *bytes as u64 <= g.size => {
                        let v = value & kappa_expr::mask(bytes * 8);
                        init |= v << (8 * off);
                    }
                    _ => return None,
                }
            }
            Some(Scalar {
                global: GlobalId(i as u32),
                width: w,
                init: init & kappa_expr::mask(w),
            })
        })
        .collect()
}

/// The width of a stored register value.
fn stored_width(f: &kappa_ir::Function, v: &Value) -> Option<u32> {
    match v {
        Value::Var(x) => match f.vars[x.index()].ty {
            Ty::Int(w) => Some(w),
            Ty::Bool => None,
        },
        Value::Binary { ty: Ty::Int(w), .. }
        | Value::Select { ty: Ty::Int(w), .. }
        | Value::Cast { to: Ty::Int(w), .. } => Some(*w),
        _ => None,
    }
}

/// Marks every global whose address `v` computes.
fn value_globals(v: &Value, bad: &mut [bool]) {
    match v {
        Value::GlobalAddr(g) => bad[g.index()] = true,
        Value::Not(a) | Value::Cast { arg: a, .. } => value_globals(a, bad),
        Value::Binary { lhs, rhs, .. } | Value::Cmp { lhs, rhs, .. } => {
            value_globals(lhs, bad);
            value_globals(rhs, bad);
        }
        Value::Select {
            cond, then, else_, ..
        } => {
            value_globals(cond, bad);
            value_globals(then, bad);
            value_globals(else_, bad);
        }
        _ => {}
    }
}

/// `a` as (global, offset): exactly one summand is the address symbol of a
/// global (`addrs`), and the offset has none. `None` otherwise.
pub fn split(a: Expr, addrs: &[Symbol]) -> Option<(usize, Expr)> {
    let mut terms = vec![];
    summands(a, &mut terms);
    let is_addr = |e: &Expr| match e.kind() {
        Kind::Sym(s) => addrs.iter().position(|x| *x == s),
        _ => None,
    };
    let bases: Vec<(usize, usize)> = terms
        .iter()
        .enumerate()
        .filter_map(|(i, t)| is_addr(t).map(|g| (i, g)))
        .collect();
    let [(i, g)] = bases[..] else { return None };
    let off = terms
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .fold(b::bv(a.width(), 0), |acc, (_, t)| b::add(acc, *t));
    let (syms, _) = kappa_expr::print::free_symbols(&[off]);
    (!syms.iter().any(|s| addrs.contains(s))).then_some((g, off))
}

fn summands(e: Expr, out: &mut Vec<Expr>) {
    match e.kind() {
        Kind::Bin(BvOp::Add, x, y) => {
            summands(x, out);
            summands(y, out);
        }
        _ => out.push(e),
    }
}

/// The condition under which an access of `n` bytes at offset `off` leaves
/// an object of `size` bytes (a symbolic size: [`out_of_bounds_sym`]).
pub fn out_of_bounds(off: Expr, n: u64, size: u64) -> Expr {
    if n > size {
        return b::tru();
    }
    b::ugt(off, b::bv(off.width(), (size - n) as u128))
}

/// The condition under which an access of `n` bytes at offset `off` leaves
/// an object of `size` bytes, `size` a bit-vector of the offset's width.
pub fn out_of_bounds_sym(off: Expr, n: u64, size: Expr) -> Expr {
    let k = b::bv(size.width(), n as u128);
    b::or(b::ult(size, k), b::ugt(off, b::sub(size, k)))
}

/// Largest size in bytes of a stack object of variable size (with 64-bit
/// pointers; with narrower ones, below half the address space): an
/// allocation of a size that may be larger (a negative count reads as
/// one) or 0 (undefined for a VLA) is an error path.
pub const MAX_VLA_BYTES: u64 = 1 << 48;

/// The condition under which a stack object of variable size `size` (a
/// bit-vector of the pointer width) is undefined or too large (see
/// [`MAX_VLA_BYTES`]).
pub fn bad_vla_size(size: Expr) -> Expr {
    let w = size.width();
    let max = MAX_VLA_BYTES.min((1u64 << (w.clamp(2, 64) - 1)) - 1);
    b::or(
        b::eq(size, b::bv(w, 0)),
        b::ugt(size, b::bv(w, max as u128)),
    )
}

/// The condition under which a stack object of `count` elements of
/// `esize` bytes (`count` a bit-vector of the pointer width) is undefined
/// (no element) or too large (see [`MAX_VLA_BYTES`]; its size in bytes
/// then does not wrap).
pub fn bad_vla_count(count: Expr, esize: u64) -> Expr {
    let w = count.width();
    let max = MAX_VLA_BYTES.min((1u64 << (w.clamp(2, 64) - 1)) - 1) / esize.max(1);
    b::or(
        b::eq(count, b::bv(w, 0)),
        b::ugt(count, b::bv(w, max as u128)),
    )
}

pub use kappa_condition::targets::{mem_call, MemCall};

/// Largest object (bytes) whose contents are a state variable.
pub const MAX_ARRAY_BYTES: u64 = 4096;

/// Most bytes a memory function may write for the encoding to follow it
/// byte by byte (beyond, the destination's contents become unknown).
pub const MAX_COPY_BYTES: u64 = 256;

/// The sort of an object's contents: `pb`-bit offsets to bytes.
pub fn contents_sort(pb: u32) -> Sort {
    Sort::Array { index: pb, elem: 8 }
}

/// A fresh, unknown contents (a havoc).
pub fn unknown(pb: u32) -> Expr {
    b::sym(Symbol::fresh("mem", contents_sort(pb), SymbolKind::Fresh))
}

/// The contents of global `g` when `main` starts (see
/// [`kappa_condition::arrays::global_initial`]).
pub fn initial(g: &kappa_ir::Global, pb: u32) -> Option<Expr> {
    kappa_condition::arrays::global_initial(g, pb)
}

/// The value of type `ty` stored in `n` bytes at offset `off` of contents
/// `arr` (little-endian); `None` when `ty` is not a whole number of bytes
/// of at most `n` (the caller reads an unknown value).
pub fn read(arr: Expr, off: Expr, n: u64, ty: Ty) -> Option<Expr> {
    let Ty::Int(w) = ty else { return None };
    if w % 8 != 0 || w as u64 > n * 8 {
        return None;
    }
    let pb = off.width();
    let byte = |i: u64| b::select(arr, b::add(off, b::bv(pb, i as u128)));
    let mut v = byte(w as u64 / 8 - 1);
    for i in (0..w as u64 / 8 - 1).rev() {
        v = b::concat(v, byte(i));
    }
    Some(v)
}

/// Contents `arr` after storing `v` at offset `off` (little-endian; a
/// boolean is the byte 0 or 1); `None` when `v` is not a whole number of
/// bytes (the caller makes the contents unknown).
pub fn write(arr: Expr, off: Expr, v: Expr) -> Option<Expr> {
    let v = match v.sort() {
        Sort::Bool => b::ite(v, b::bv(8, 1), b::bv(8, 0)),
        Sort::Bv(w) if w % 8 == 0 => v,
        _ => return None,
    };
    let pb = off.width();
    let mut a = arr;
    for i in 0..v.width() / 8 {
        let byte = b::extract(8 * i + 7, 8 * i, v);
        a = b::store(a, b::add(off, b::bv(pb, i as u128)), byte);
    }
    Some(a)
}
