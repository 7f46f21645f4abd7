//! Operation codes shared by the symbolizing transformation (kappa-symbolize)
//! and the runtime: the numbers passed as the first argument of
//! `__kappa_binop`, `__kappa_icmp` and `__kappa_cast`, and the term node
//! kinds of the runtime↔kappa protocol.

/// Binary operation codes (`__kappa_binop(op, width, ca, ta, cb, tb)`),
/// with LLVM's semantics on `width`-bit values.
pub mod binop {
    /// Addition modulo 2^w.
    pub const ADD: u32 = 0;
    /// Subtraction modulo 2^w.
    pub const SUB: u32 = 1;
    /// Multiplication modulo 2^w.
    pub const MUL: u32 = 2;
    /// Unsigned division (a zero divisor ends the path `unsupported`).
    pub const UDIV: u32 = 3;
    /// Signed division (a zero divisor ends the path `unsupported`).
    pub const SDIV: u32 = 4;
    /// Unsigned remainder.
    pub const UREM: u32 = 5;
    /// Signed remainder.
    pub const SREM: u32 = 6;
    /// Shift left.
    pub const SHL: u32 = 7;
    /// Logical shift right.
    pub const LSHR: u32 = 8;
    /// Arithmetic shift right.
    pub const ASHR: u32 = 9;
    /// Bitwise and.
    pub const AND: u32 = 10;
    /// Bitwise or.
    pub const OR: u32 = 11;
    /// Bitwise xor.
    pub const XOR: u32 = 12;
    /// Names in the order of the codes (used in phase-1 intrinsic names).
    pub const NAMES: [&str; 13] = [
        "add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or",
        "xor",
    ];
}

/// Comparison codes (`__kappa_icmp(pred, width, ca, ta, cb, tb)`); the
/// result is a 1-bit term.
pub mod icmp {
    /// Equal.
    pub const EQ: u32 = 0;
    /// Not equal.
    pub const NE: u32 = 1;
    /// Unsigned greater than.
    pub const UGT: u32 = 2;
    /// Unsigned greater or equal.
    pub const UGE: u32 = 3;
    /// Unsigned less than.
    pub const ULT: u32 = 4;
    /// Unsigned less or equal.
    pub const ULE: u32 = 5;
    /// Signed greater than.
    pub const SGT: u32 = 6;
    /// Signed greater or equal.
    pub const SGE: u32 = 7;
    /// Signed less than.
    pub const SLT: u32 = 8;
    /// Signed less or equal.
    pub const SLE: u32 = 9;
    /// Names in the order of the codes.
    pub const NAMES: [&str; 10] = [
        "eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle",
    ];
}

/// Cast codes (`__kappa_cast(kind, from, to, c, t)`).
pub mod cast {
    /// Zero extension.
    pub const ZEXT: u32 = 0;
    /// Sign extension.
    pub const SEXT: u32 = 1;
    /// Truncation.
    pub const TRUNC: u32 = 2;
    /// Names in the order of the codes.
    pub const NAMES: [&str; 3] = ["zext", "sext", "trunc"];
}

/// Term node kinds of the protocol (`N id kind width a b c value`).
pub mod node {
    /// Constant `value` of `width` bits.
    pub const CONST: u32 = 0;
    /// Input number `value` (order of the `__VERIFIER_nondet_*` calls).
    pub const INPUT: u32 = 1;
    /// Binary operation `a` (code in `c`, see [`super::binop`]) `b`.
    pub const BINOP: u32 = 2;
    /// Comparison `a` (code in `c`, see [`super::icmp`]) `b`; 1 bit.
    pub const ICMP: u32 = 3;
    /// Zero extension of `a` to `width`.
    pub const ZEXT: u32 = 4;
    /// Sign extension of `a` to `width`.
    pub const SEXT: u32 = 5;
    /// Bits `[value, value + width)` of `a` (truncation is `value = 0`).
    pub const EXTRACT: u32 = 6;
    /// If `a` (1 bit) ≠ 0 then `b` else `c`.
    pub const ITE: u32 = 7;
    /// Concatenation: `a` high part, `b` low part.
    pub const CONCAT: u32 = 8;
}
