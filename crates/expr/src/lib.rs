//! Hash-consed expressions over booleans, bitvectors and arrays: the term
//! language shared by the engine, the solver and the loop analyses.
//!
//! An [`Expr`] is a `Copy` handle (a 32-bit index) into a thread-local pool;
//! two structurally equal expressions are the same handle, so equality and
//! hashing are O(1). Every constructor simplifies (constant folding and a set
//! of local rewrites, see [`build`]), so there is no separate "unsimplified"
//! form: substitution rebuilds through the same constructors.
//!
//! Invariants:
//! - expressions are immutable and never freed (the pool only grows for the
//!   lifetime of the thread);
//! - every expression is well-sorted: constructors panic on sort mismatches,
//!   which are programming errors in the caller, never input errors;
//! - bitvector widths are 1..=128; values are stored zero-extended in `u128`;
//! - template parameters and path counters (later issues) are 64-bit
//!   bitvector symbols of kind [`SymbolKind::Param`] / [`SymbolKind::Counter`]:
//!   bit-precise like the program, results beyond 2^64 iterations are out of scope.

pub mod build;
pub mod eval;
pub mod float;
mod pool;
pub mod print;
pub mod subst;

pub use eval::{eval, Assignment, Val};
pub use float::{FCmp, FTy, FpOp};
pub use pool::{BvOp, Expr, FuncDecl, Kind, Sort, Symbol, SymbolInfo, SymbolKind};
pub use subst::{substitute, SymMemory};

/// Whether some expression of `roots` contains a quantifier (iterative walk
/// over the shared DAG).
pub fn has_quantifier(roots: &[Expr]) -> bool {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = roots.to_vec();
    while let Some(e) = stack.pop() {
        if e.is_const() || !seen.insert(e) {
            continue;
        }
        let k = e.kind();
        if matches!(k, Kind::Forall(..) | Kind::Exists(..)) {
            return true;
        }
        stack.extend(k.children());
    }
    false
}

/// All-ones mask of `w` bits (`w` in 1..=128).
pub fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

/// Interprets the low `w` bits of `v` as a two's-complement signed number.
pub fn to_signed(v: u128, w: u32) -> i128 {
    let v = v & mask(w);
    if w < 128 && (v >> (w - 1)) & 1 == 1 {
        (v as i128).wrapping_sub(1i128 << w)
    } else {
        v as i128
    }
}

#[cfg(test)]
mod tests;
