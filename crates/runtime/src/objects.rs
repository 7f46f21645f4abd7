//! Symbolic addresses: the registry of memory objects (base, size) and the
//! loads and stores at addresses that are terms (`a[k]` with `k` an input),
//! answered in one path by an `ite` over the object's positions instead of
//! one process per feasible address.
//!
//! The transformation registers objects (`__kappa_object`) after allocas of
//! aggregates and VLAs, for aggregate globals at the start of `main`, and
//! after `malloc`/`calloc`/`valloc`/`realloc`; `free` (and `realloc`, for
//! the old block) unregisters them. Registered ranges never overlap: a new
//! registration removes the ranges it overlaps (that memory belongs to the
//! new object now, e.g. a stack frame reused by another call).
//!
//! An access of `n` bytes at `a0 + d` (`__kappa_sym_addr`; `a0` the
//! concrete part of the address, `d` an offset term) looks up the object
//! containing `a0`; with none, `d` is lowered as before. Terms are relative
//! to that object (`off = d + (a0 - base)`), so they do not depend on where
//! a run's memory is laid out (the replay and concolic explorers re-run the
//! program). For `n` a power of two, a choice on
//! `in_range = off ule (size - n) ∧ off & (n - 1) == 0` (the positions are
//! the multiples of `n`):
//! its true side returns the witness's address (a position of the object,
//! so the native access there is valid) and leaves the access pending for
//! the call that follows:
//! - `__kappa_sym_load` gives the value term computed before the choice:
//!   `ite(off == o, cell(o), ...)` over the positions, `cell(o)` the
//!   shadow's term of the bytes there or their concrete bytes (what a
//!   native load there reads, as in each process of the lowering), with the
//!   most common cell as the final `else` (at most
//!   `KAPPA_NATIVE_MAX_SYM_LOAD` entries, default 4096; more: not in range);
//! - `__kappa_sym_store`, called before the native store, freezes every
//!   cell as `ite(off == o, v, cell(o))`; an object of more positions than
//!   `KAPPA_NATIVE_MAX_SYM_STORE` (default 1024) gets a write log instead
//!   ([`log`]).
//!
//! When the outermost abstract index indexes an array member of an
//! aggregate (the transformation passes its start and size), the same
//! choice is made on that array first, its cells only (the other members
//! keep their values; a store rewrites only the array's cells); its false
//! side continues with the registry's object as above.
//!
//! The false side: an aligned-or-not position inside the object (or inside
//! the object ending at `a0`, indexed backwards by a one-past-the-end
//! pointer) lowers `d` as before; beyond them the access is undefined
//! behaviour and the path a failed leaf, as in the interpreter.
//!
//! In the concolic domain the witness is the run's inputs, so the returned
//! address is `eval(t, inputs)`: the native load reads the concrete member
//! (concrete memory holds the concrete members of frozen terms there), and
//! the native store writes it where the term says.
//!
//! IR before (`%x` abstract):
//! ```text
//! %p = getelementptr inbounds [8 x i32], ptr %a, i64 0, i64 %x
//! %v = load i32, ptr %p
//! store i32 %w, ptr %p
//! ```
//! after the transformation:
//! ```text
//! %a0 = getelementptr [8 x i32], ptr %a, i64 0, i64 0
//! %d = call i64 @__kappa_offset(i32 64, i64 0, i32 64, i64 %x, i64 %tx, i64 4)
//! %q = call ptr @__kappa_sym_addr(ptr %a0, i64 %d, i32 4)
//! %v = load i32, ptr %q
//! %tv = call i64 @__kappa_sym_load(ptr %q, i32 32)
//! %r = call ptr @__kappa_sym_addr(ptr %a0, i64 %d, i32 4)
//! call void @__kappa_sym_store(ptr %r, i32 32, i64 %w64, i64 %tw)
//! store i32 %w, ptr %r
//! ```

mod log;

use crate::{abi, rt, term, Runtime};
use std::collections::{BTreeMap, HashMap};

/// The access left pending by `__kappa_sym_addr` on its in-range side.
#[derive(Clone, Copy, Debug)]
struct Pending {
    /// The offset term from the object's base.
    off: u32,
    /// The object's base.
    base: usize,
    /// The object's size in bytes.
    size: usize,
    /// A load's value term (computed before the choice).
    value: Option<u32>,
    /// An array member of an aggregate: stores rewrite its cells (never a log).
    member: bool,
}

/// Registered objects and the pending symbolic access.
#[derive(Debug)]
pub struct Objects {
    /// base → size; the ranges are disjoint.
    by_base: BTreeMap<usize, usize>,
    /// Write logs of large objects, by base (see [`log`]).
    logs: HashMap<usize, log::Log>,
    pending: Option<Pending>,
    /// Most positions a symbolic load reads (`KAPPA_NATIVE_MAX_SYM_LOAD`).
    max_load: usize,
    /// Most positions a symbolic store writes (`KAPPA_NATIVE_MAX_SYM_STORE`).
    max_store: usize,
}

impl Objects {
    /// An empty registry with the bounds from the environment.
    pub fn from_env() -> Self {
        Objects {
            by_base: BTreeMap::new(),
            logs: HashMap::new(),
            pending: None,
            max_load: crate::env_u32("KAPPA_NATIVE_MAX_SYM_LOAD", 4096) as usize,
            max_store: crate::env_u32("KAPPA_NATIVE_MAX_SYM_STORE", 1024) as usize,
        }
    }

    /// Registers `[base, base + size)`, removing the objects it overlaps.
    /// A null base or an empty object registers nothing.
    pub fn register(&mut self, base: usize, size: usize) {
        if base == 0 || size == 0 {
            return;
        }
        let end = base.saturating_add(size);
        // ranges are disjoint and sorted, so their ends increase too
        let gone: Vec<usize> = self
            .by_base
            .range(..end)
            .rev()
            .take_while(|(&b, &s)| b.saturating_add(s) > base)
            .map(|(&b, _)| b)
            .collect();
        for b in gone {
            self.by_base.remove(&b);
            self.logs.remove(&b);
        }
        self.by_base.insert(base, size);
    }

    /// Unregisters the object starting at `base` (if any).
    pub fn forget(&mut self, base: usize) {
        self.by_base.remove(&base);
        self.logs.remove(&base);
    }

    /// Whether some object has a write log (its memory holds terms the
    /// shadow does not show yet).
    pub fn has_logs(&self) -> bool {
        !self.logs.is_empty()
    }

    /// The object (base, size) containing address `a`.
    pub fn containing(&self, a: usize) -> Option<(usize, usize)> {
        let (&b, &s) = self.by_base.range(..=a).next_back()?;
        (a - b < s).then_some((b, s))
    }

    /// Number of registered objects.
    pub fn len(&self) -> usize {
        self.by_base.len()
    }

    /// Whether no object is registered.
    pub fn is_empty(&self) -> bool {
        self.by_base.is_empty()
    }
}

impl Runtime {
    /// The value of `t` on this path: under the given inputs of a single
    /// run, else under the witness (the run's inputs in the concolic domain).
    fn current(&self, t: u32) -> u64 {
        match &self.fixed {
            Some(inputs) => self.terms.eval(t, inputs),
            None => self.terms.eval(t, &self.witness),
        }
    }

    /// Today's lowering of an offset term of `w` bits.
    fn lower_address(&mut self, t: u32, w: u32) -> u64 {
        if self.concolic.is_some() {
            let v = self.current(t);
            return self.concolic_lower(t, w, v);
        }
        self.lower(t)
    }

    /// The term of the `w` bits at `p`: frozen bytes' term, or the concrete
    /// bytes in memory as a constant.
    fn cell(&mut self, p: usize, w: u32) -> u32 {
        let Runtime { shadow, terms, .. } = self;
        let t = if shadow.is_empty() {
            0
        } else {
            shadow.thaw(terms, p, w)
        };
        if t != 0 {
            return t;
        }
        let n = w.div_ceil(8) as usize;
        let mut v = 0u64;
        for k in (0..n).rev() {
            // SAFETY: p is a position of a registered (live) object, which
            // the program is accessing at some position itself.
            let byte = unsafe { *((p + k) as *const u8) };
            v = (v << 8) | byte as u64;
        }
        self.terms.konst(w, v & term::mask(w))
    }

    /// The positions (offsets from the base) of an `n`-byte access in an
    /// object of `size` bytes.
    fn positions(size: usize, n: usize) -> impl DoubleEndedIterator<Item = usize> {
        (0..size - n + 1).step_by(n)
    }

    /// `__kappa_sym_addr`: see the module doc.
    fn sym_addr(&mut self, a0: usize, d: u32, n: u32, store: bool, array: (usize, usize)) -> usize {
        self.objects.pending = None;
        let pw = self.terms.width(d);
        if let Some(v) = self.terms.constant(d) {
            return a0.wrapping_add(v as usize);
        }
        let n = n as usize;
        if let Some(a) = self.sym_member(a0, d, n, store, array) {
            return a;
        }
        let bound = self.objects.max_load;
        // the object the concrete part points into; every term below is
        // relative to it, so it does not depend on where the run's memory
        // is laid out (address space randomisation): the replay and
        // concolic explorers re-run the program and must meet the same terms
        let Some((base, size)) = self.objects.containing(a0).filter(|&(_, size)| size >= n) else {
            let v = self.lower_address(d, pw);
            return a0.wrapping_add(v as usize);
        };
        let rel = self.terms.konst(pw, (a0 - base) as u64);
        let off = self.terms.binop(abi::binop::ADD, d, rel);
        let last = self.terms.konst(pw, (size - n) as u64);
        let within = self.terms.icmp(abi::icmp::ULE, off, last);
        let value = if !n.is_power_of_two() {
            None
        } else if store {
            Some(0)
        } else {
            self.load_term(off, base, size, n, bound, true)
        };
        if let Some(value) = value {
            let in_range = self.in_range(off, size, n);
            if self.choose(in_range) {
                self.objects.pending = Some(Pending {
                    off,
                    base,
                    size,
                    value: (!store).then_some(value),
                    member: false,
                });
                return base + self.current(off) as usize;
            }
        }
        // beyond the object (and beyond the one that ends where the
        // concrete part points, which a one-past-the-end pointer indexes
        // backwards): undefined behaviour, a failed leaf as in the interpreter
        let mut inside = within;
        if let Some((pb, ps)) = a0
            .checked_sub(1)
            .and_then(|q| self.objects.containing(q))
            .filter(|&(pb, ps)| pb + ps == a0 && ps >= n)
        {
            let prel = self.terms.konst(pw, (a0 - pb) as u64);
            let poff = self.terms.binop(abi::binop::ADD, d, prel);
            let plast = self.terms.konst(pw, (ps - n) as u64);
            let in_prev = self.terms.icmp(abi::icmp::ULE, poff, plast);
            inside = self.terms.binop(abi::binop::OR, inside, in_prev);
        }
        if !self.choose(inside) {
            self.unsupported(
                "possible undefined behaviour: out-of-bounds access at a symbolic index",
            );
        }
        // today's lowering, of the offset (not of the absolute address)
        let v = self.lower_address(d, pw);
        a0.wrapping_add(v as usize)
    }

    /// The in-range side of an access whose outermost abstract index
    /// indexes an array member `(start, size)` of an aggregate: the cells of
    /// that array only (the rest of the aggregate keeps its values; e.g. a
    /// pointer member stays readable). None: not in range, or not
    /// applicable (then the object of the registry decides).
    fn sym_member(
        &mut self,
        a0: usize,
        d: u32,
        n: usize,
        store: bool,
        (lo, size): (usize, usize),
    ) -> Option<usize> {
        if lo == 0
            || a0 < lo
            || size < n
            || !n.is_power_of_two()
            || size / n > self.objects.max_store
        {
            return None;
        }
        let pw = self.terms.width(d);
        let rel = self.terms.konst(pw, (a0 - lo) as u64);
        let off = self.terms.binop(abi::binop::ADD, d, rel);
        let in_range = self.in_range(off, size, n);
        // an enclosing object's write log no longer applies to these bytes
        self.touch(lo, size, false);
        let value = if store {
            None
        } else {
            Some(self.load_term(off, lo, size, n, self.objects.max_load, false)?)
        };
        if !self.choose(in_range) {
            return None;
        }
        self.objects.pending = Some(Pending {
            off,
            base: lo,
            size,
            value,
            member: true,
        });
        Some(lo + self.current(off) as usize)
    }

    /// `off ule (size - n) ∧ off & (n - 1) == 0` (`n` a power of two).
    fn in_range(&mut self, off: u32, size: usize, n: usize) -> u32 {
        let pw = self.terms.width(off);
        let last = self.terms.konst(pw, (size - n) as u64);
        let within = self.terms.icmp(abi::icmp::ULE, off, last);
        if n == 1 {
            return within;
        }
        let m = self.terms.konst(pw, (n - 1) as u64);
        let low = self.terms.binop(abi::binop::AND, off, m);
        let z = self.terms.konst(pw, 0);
        let aligned = self.terms.icmp(abi::icmp::EQ, low, z);
        self.terms.binop(abi::binop::AND, within, aligned)
    }

    /// `__kappa_sym_load`: see the module doc.
    fn sym_load(&mut self, p: usize, w: u32) -> u32 {
        match self.objects.pending.take() {
            Some(Pending { value: Some(v), .. }) => v,
            _ => {
                self.touch(p, w.div_ceil(8) as usize, false);
                let Runtime { shadow, terms, .. } = self;
                if shadow.is_empty() {
                    0
                } else {
                    shadow.thaw(terms, p, w)
                }
            }
        }
    }

    /// `__kappa_sym_store`: see the module doc.
    fn sym_store(&mut self, p: usize, w: u32, c: u64, t: u64) {
        let n = w.div_ceil(8) as usize;
        let Some(Pending {
            off,
            base,
            size,
            member,
            ..
        }) = self.objects.pending.take()
        else {
            self.touch(p, n, true);
            let Runtime { shadow, terms, .. } = self;
            shadow.freeze(terms, p, w, t as u32);
            return;
        };
        let pw = self.terms.width(off);
        let v = self.lift(w, c & term::mask(w), t);
        if !member && (size / n > self.objects.max_store || self.objects.logs.contains_key(&base)) {
            return self.log_store(p, off, base, size, n, v);
        }
        let cells: Vec<(usize, u32)> = Self::positions(size, n)
            .map(|o| {
                let old = self.cell(base + o, w);
                let at = self.terms.konst(pw, o as u64);
                let eq = self.terms.icmp(abi::icmp::EQ, off, at);
                (base + o, self.terms.ite(eq, v, old))
            })
            .collect();
        let Runtime { shadow, terms, .. } = self;
        for (q, cell) in cells {
            shadow.freeze(terms, q, w, cell);
        }
    }
}

/// Registers the object `[p, p + size)` (see the module doc).
#[no_mangle]
pub extern "C" fn __kappa_object(p: *const u8, size: u64) {
    rt().objects.register(p as usize, size as usize);
}

/// Unregisters the object starting at `p` (the old block of `realloc`).
#[no_mangle]
pub extern "C" fn __kappa_forget(p: *const u8) {
    rt().objects.forget(p as usize);
}

/// The offset term `d + idx * stride` of `pw` bits (`d` 0: none yet), for
/// an index of `iw` bits (concrete `ci`, term `ti`), sign-extended or
/// truncated to `pw` bits as `getelementptr` does. Always a term.
#[no_mangle]
pub extern "C" fn __kappa_offset(pw: u32, d: u64, iw: u32, ci: u64, ti: u64, stride: u64) -> u64 {
    let r = rt();
    let idx = r.lift(iw, ci & term::mask(iw), ti);
    let idx = match iw.cmp(&pw) {
        std::cmp::Ordering::Less => r.terms.cast(abi::cast::SEXT, idx, pw),
        std::cmp::Ordering::Greater => r.terms.cast(abi::cast::TRUNC, idx, pw),
        std::cmp::Ordering::Equal => idx,
    };
    let s = r.terms.konst(pw, stride);
    let prod = r.terms.binop(abi::binop::MUL, idx, s);
    if d == 0 {
        prod as u64
    } else {
        r.terms.binop(abi::binop::ADD, d as u32, prod) as u64
    }
}

/// The address for a native access of `n` bytes at `a0 + d` (`d` an offset
/// term): see the module doc. `store` is 1 for a store; `array` (null if
/// none) and `array_size`: the array member of an aggregate the outermost
/// abstract index indexes, tried first (its cells only).
#[no_mangle]
pub extern "C" fn __kappa_sym_addr(
    a0: *const u8,
    d: u64,
    n: u32,
    store: u32,
    array: *const u8,
    array_size: u64,
) -> *mut u8 {
    let r = rt();
    if d == 0 {
        r.objects.pending = None;
        return a0 as *mut u8;
    }
    let array = (array as usize, array_size as usize);
    r.sym_addr(a0 as usize, d as u32, n, store != 0, array) as *mut u8
}

/// The term (0: concrete) of the `w` bits loaded at `p`, the address
/// `__kappa_sym_addr` just returned.
#[no_mangle]
pub extern "C" fn __kappa_sym_load(p: *const u8, w: u32) -> u64 {
    rt().sym_load(p as usize, w) as u64
}

/// Freezes the `w`-bit value (concrete `c`, term `t`) stored at `p`, the
/// address `__kappa_sym_addr` just returned; called before the native store.
#[no_mangle]
pub extern "C" fn __kappa_sym_store(p: *const u8, w: u32, c: u64, t: u64) {
    rt().sym_store(p as usize, w, c, t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn objs() -> Objects {
        Objects {
            by_base: BTreeMap::new(),
            logs: HashMap::new(),
            pending: None,
            max_load: 4096,
            max_store: 1024,
        }
    }

    #[test]
    fn lookup_finds_the_containing_object_only() {
        let mut o = objs();
        o.register(100, 40);
        o.register(200, 8);
        assert_eq!(o.containing(100), Some((100, 40)));
        assert_eq!(o.containing(139), Some((100, 40)));
        assert_eq!(o.containing(140), None);
        assert_eq!(o.containing(99), None);
        assert_eq!(o.containing(207), Some((200, 8)));
        assert_eq!(o.containing(208), None);
    }

    #[test]
    fn a_registration_removes_the_objects_it_overlaps() {
        let mut o = objs();
        o.register(100, 40);
        o.register(150, 10);
        o.register(170, 10);
        // overlaps the end of the first and the whole second
        o.register(130, 25);
        assert_eq!(o.len(), 2);
        assert_eq!(o.containing(100), None);
        assert_eq!(o.containing(131), Some((130, 25)));
        assert_eq!(o.containing(171), Some((170, 10)));
        // adjacent ranges do not overlap
        o.register(180, 4);
        assert_eq!(o.containing(171), Some((170, 10)));
        o.forget(170);
        assert_eq!(o.containing(171), None);
        // null and empty objects register nothing
        o.register(0, 10);
        o.register(500, 0);
        assert_eq!(o.len(), 2);
    }
}
