//! Aggregates passed by value as `byval` pointers: the call copies the
//! caller's bytes to the callee's copy natively, and these entry points
//! make the shadow map follow that copy (the transformation's side is
//! kappa-symbolize's `abstraction::byval`). The caller names each source
//! (`__kappa_byval_arg`) right before the call; the callee takes it at its
//! entry (`__kappa_byval_param`) and copies the source's shadow.

use crate::{__kappa_clear, __kappa_memcpy, rt};

/// A `byval` argument named by a caller: its source, size and the
/// function called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    src: usize,
    n: usize,
    target: usize,
}

/// Before a call: argument `k` is the `byval` copy of the `n` bytes at
/// `src` for the function `target`. With `known == 0` the target is not a
/// function of the program taking a copy as parameter `k` (a library
/// function, or a varargs argument: the concrete bytes are read), so a term
/// there ends the path unsupported instead.
#[no_mangle]
pub extern "C" fn __kappa_byval_arg(known: u64, k: u32, src: *const u8, n: u64, target: *const u8) {
    let r = rt();
    if known == 0 {
        r.touch(src as usize, n as usize, false);
        if !r.shadow.is_empty() && r.shadow.any(src as usize, n as usize) {
            r.unsupported(
                "a struct holding a term passed by value to a function outside the program or as a varargs argument",
            );
        }
        return;
    }
    let k = k as usize;
    if k >= r.byval.len() {
        r.byval.resize(k + 1, None);
    }
    r.byval[k] = Some(Slot {
        src: src as usize,
        n: n as usize,
        target: target as usize,
    });
}

/// At the entry of the function `me`: its parameter `k` is a `byval` copy
/// of `n` bytes at `dst`. Named by the caller: the source's shadow is
/// copied; otherwise (called from outside the program) the copy is
/// concrete, which is only known while memory holds no term (else the
/// path ends unsupported).
#[no_mangle]
pub extern "C" fn __kappa_byval_param(k: u32, dst: *const u8, n: u64, me: *const u8) {
    let r = rt();
    let slot = r.byval.get_mut(k as usize).and_then(Option::take);
    match slot {
        Some(s) if s.target == me as usize && s.n == n as usize => {
            __kappa_memcpy(dst, s.src as *const u8, n)
        }
        _ => {
            if !r.shadow.is_empty() || r.objects.has_logs() {
                r.unsupported(
                    "a struct passed by value from outside the program while memory holds terms",
                );
            }
            __kappa_clear(dst, n)
        }
    }
}
