//! Stores on the core of a cycle (issue 17, item 2): a core that writes an
//! object at an address that is a progression of the iteration,
//! `a(τ) = A₀ + s·τ (mod 2^p)` for a constant stride `s` (p-bit pointers),
//! with a stored value `v(τ)` that has a closed form in τ.
//!
//! Memory after κ iterations. Byte `j` of the object holds byte `r` of
//! `v(t)` if some iteration `t < κ` wrote it (`j = a(t) + r`, `r < n` for
//! an `n`-byte store), and its entry contents otherwise. For a stride with
//! `|s| ≥ n` the iteration and the byte are the closed division form (no
//! quantifier): for `s > 0`, `d = j - A₀`, written iff `A₀ ≤ j`,
//! `d mod s < n` and `d / s < κ`, with `t = d / s` and `r = d mod s`; for
//! `s = -m < 0`, `D = A₀ + m - 1 - j`, written iff `j ≤ A₀ + m - 1`,
//! `D mod m ≥ m - n` and `D / m < κ`, with `t = D / m` and
//! `r = m - 1 - D mod m`; for `s = 0` (the same place every iteration)
//! `t = κ - 1` when κ > 0. At a use of the template the object is a
//! concrete object of known size, so the form is instantiated at every one
//! of its bytes (the remainder is a constant when the congruence of `A₀`
//! modulo `|s|` is known, e.g. `A₀ = base + 4·i₀`) and written through the
//! normal memory path: later code reads the new contents as any other.
//!
//! Exactness. Every iteration's store must lie in its object (part of the
//! core's condition; the first one that would not is a *UB exit*, as for
//! loads). Objects lie below 2^(p-1) (2^62 for 64-bit pointers) and are
//! smaller than the distance to wrap around, so in-bounds stores at
//! `A₀ + s·τ` for τ < κ never wrap: the division form is exact modulo
//! 2^p. Stores of different iterations (or two stores of one core) that
//! may touch the same byte, and loads that may read a byte written by an
//! earlier iteration or by an earlier store of their iteration (other than
//! the same-address store they read back, which is forwarded), are
//! decided per pair by a quantifier-free query over all entry values;
//! a pair that may overlap makes the template not applicable when the two
//! addresses differ by a constant in iteration 0 (the same object), and
//! otherwise makes a use fall back to the classic step when both accesses
//! hit the same object.

use super::template::{Clash, Iter, Template, TemplateLoad, TemplateStore};
use crate::state::State;
use crate::Engine;
use kappa_expr::build::{self as b};
use kappa_expr::{mask, substitute, BvOp, Expr, Kind, Symbol};
use kappa_solver::SatResult;

/// `e ≡ e₀ + c·τ (mod 2^w)` for the 64-bit bound variable `tau`, as
/// `(e₀, c)` with `e₀` free of `tau`; `None` when `e` is not of that form
/// by the rules (sums, constant multiples and shifts, truncations, and the
/// zero extension of τ itself). Exact: truncation is a ring morphism
/// modulo 2^w.
#[cfg(test)]
pub(crate) fn linear(e: Expr, tau: Symbol) -> Option<(Expr, u128)> {
    linear_in(e, tau, false)
}

/// The progression `a₀ + s·τ` of an access's address in iteration τ,
/// also through zero and sign extensions of an index (64-bit pointers with
/// a 32-bit index: `base + 4·ext(i₀ + τ)`). Through an extension the form
/// equals the address only while the index does not wrap; an index that
/// of at least 32 bits that wraps between two iterations makes the form
/// and the address differ by a nonzero multiple of 2^32 modulo 2^p, more
/// than any object an access may use (4096 bytes), so wherever every
/// access of iterations 0..τ lies in its object (the core's condition for
/// τ < κ) the form is exact; narrower indices are not extended.
/// Only the per-byte contents after κ in-bounds iterations and the trip
/// bounds use the form; bound checks use the address itself.
pub(crate) fn linear_address(e: Expr, tau: Symbol) -> Option<(Expr, u128)> {
    linear_in(e, tau, true)
}

fn linear_in(e: Expr, tau: Symbol, ext_ok: bool) -> Option<(Expr, u128)> {
    let w = e.width();
    let m = mask(w);
    if !mentions(e, tau) {
        return Some((e, 0));
    }
    match e.kind() {
        Kind::Sym(s) if s == tau => Some((b::bv(w, 0), 1)),
        Kind::ZExt { arg, .. } if arg == b::sym(tau) => Some((b::bv(w, 0), 1)),
        // the extension of an index that steps by c (as a signed number):
        // equal to the extended start plus the extended steps as long as
        // the index does not wrap (see `linear_address`)
        Kind::ZExt { arg, .. } | Kind::SExt { arg, .. } if ext_ok && arg.width() >= 32 => {
            let (a0, c) = linear_in(arg, tau, ext_ok)?;
            let aw = arg.width();
            let step = if c >> (aw - 1) & 1 == 1 {
                (c | !mask(aw)) & m
            } else {
                c
            };
            let a0 = match e.kind() {
                Kind::SExt { .. } => b::sext(a0, w),
                _ => b::zext(a0, w),
            };
            Some((a0, step))
        }
        Kind::Extract { lo: 0, arg, .. } => {
            let (e0, c) = linear_in(arg, tau, ext_ok)?;
            Some((b::trunc(e0, w), c & m))
        }
        Kind::Bin(BvOp::Add, x, y) => {
            let (x0, cx) = linear_in(x, tau, ext_ok)?;
            let (y0, cy) = linear_in(y, tau, ext_ok)?;
            Some((b::add(x0, y0), cx.wrapping_add(cy) & m))
        }
        Kind::Bin(BvOp::Sub, x, y) => {
            let (x0, cx) = linear_in(x, tau, ext_ok)?;
            let (y0, cy) = linear_in(y, tau, ext_ok)?;
            Some((b::sub(x0, y0), cx.wrapping_sub(cy) & m))
        }
        Kind::Bin(BvOp::Mul, x, y) => {
            let (k, other) = match (x.as_bv_const(), y.as_bv_const()) {
                (Some(k), _) => (k, y),
                (_, Some(k)) => (k, x),
                _ => return None,
            };
            let (o0, c) = linear_in(other, tau, ext_ok)?;
            Some((b::mul(b::bv(w, k), o0), c.wrapping_mul(k) & m))
        }
        Kind::Bin(BvOp::Shl, x, k) => {
            let k = k.as_bv_const().filter(|k| *k < w as u128)?;
            let (x0, c) = linear_in(x, tau, ext_ok)?;
            Some((b::bin(BvOp::Shl, x0, b::bv(w, k)), (c << k) & m))
        }
        _ => None,
    }
}

/// Whether `tau` occurs in `e`.
fn mentions(e: Expr, tau: Symbol) -> bool {
    kappa_expr::print::free_symbols(&[e]).0.contains(&tau)
}

/// The exclusive upper end of object addresses for `pb`-bit pointers (the
/// memory model keeps every object below it).
fn address_limit(pb: u32) -> u128 {
    if pb >= 64 {
        1 << 62
    } else {
        1 << (pb - 1)
    }
}

/// `|s|` of a `pb`-bit stride read as a signed number.
pub(crate) fn stride_magnitude(s: u128, pb: u32) -> u128 {
    if s >> (pb - 1) & 1 == 1 {
        (s.wrapping_neg()) & mask(pb)
    } else {
        s
    }
}

/// One access of an iteration, for the overlap queries.
pub(crate) struct Access {
    /// Address in iteration τ (over the template's τ).
    pub addr: Expr,
    /// Bytes touched.
    pub bytes: u32,
    /// Its stride (for stores; loads: that of their address when linear).
    pub stride: Option<u128>,
}

impl Engine<'_> {
    /// Whether access `x` in iteration `tx` and access `y` in iteration
    /// `ty` may touch a common byte, for some entry values, where `order`
    /// relates the iterations (`tx` vs `ty`; `None`: any). Not refuted (sat or undecided)
    /// counts as possible.
    pub(crate) fn may_overlap(
        &mut self,
        x: &Access,
        y: &Access,
        tau: Symbol,
        order: Option<std::cmp::Ordering>,
    ) -> bool {
        let pb = self.ptr_bits();
        let t1 = Symbol::fresh(
            "t1",
            kappa_expr::Sort::Bv(64),
            kappa_expr::SymbolKind::Fresh,
        );
        let t2 = Symbol::fresh(
            "t2",
            kappa_expr::Sort::Bv(64),
            kappa_expr::SymbolKind::Fresh,
        );
        let at = |e: Expr, t: Symbol| substitute(e, &|s| (s == tau).then(|| b::sym(t)));
        let (ax, ay) = (at(x.addr, t1), at(y.addr, t2));
        let lim = address_limit(pb);
        let mut hyp = b::and_all([
            b::ult(ax, b::bv(pb, lim)),
            b::ult(ay, b::bv(pb, lim)),
            match order {
                Some(std::cmp::Ordering::Less) => b::ult(b::sym(t1), b::sym(t2)),
                Some(std::cmp::Ordering::Equal) => b::eq(b::sym(t1), b::sym(t2)),
                Some(std::cmp::Ordering::Greater) => b::ugt(b::sym(t1), b::sym(t2)),
                None => b::tru(),
            },
        ]);
        // in-bounds accesses at a nonzero stride stay within an object
        // smaller than `lim`, so their iteration is below lim/|s| (+1 for
        // the iteration κ of an exit's prefix)
        for (a, t) in [(x, t1), (y, t2)] {
            if let Some(most) = a
                .stride
                .and_then(|s| lim.checked_div(stride_magnitude(s, pb)))
            {
                hyp = b::and(hyp, b::ule(b::sym(t), b::bv(64, most + 1)));
            }
        }
        let overlap = b::and(
            b::ult(ax, b::add(ay, b::bv(pb, y.bytes as u128))),
            b::ult(ay, b::add(ax, b::bv(pb, x.bytes as u128))),
        );
        let cap = self.query_cap(super::template::TEMPLATE_CHECK_TIMEOUT);
        let prev = self.push_query_cap(cap);
        let r = self.solver.check(&[], b::and(hyp, overlap));
        self.pop_query_cap(prev);
        r != SatResult::Unsat
    }

    /// The object an access whose iteration-0 address is `a0` (entry values
    /// substituted) hits: its base and size. A concrete address picks its
    /// object; a symbolic one the object whose base is a constant term of
    /// the address's sum, or else the object the state's witness points
    /// into. Only objects of concrete size up to
    /// [`super::MAX_LOADED_OBJECT`] bytes qualify (read-only ones too when
    /// `write` is false). A wrong pick loses no path: every access outside
    /// the object is a UB exit (a failed leaf).
    pub(crate) fn object_of(&self, st: &State, a0: Expr, write: bool) -> Option<(u64, u64)> {
        let ok = |o: &crate::memory::Object| {
            o.bound.is_none() && o.size <= super::MAX_LOADED_OBJECT && !(write && o.read_only)
        };
        let obj = if let Some(a) = a0.as_bv_const() {
            st.mem.find(a as u64)
        } else {
            let found = st.mem.base_term(a0).and_then(|c| st.mem.object_at(c));
            found.or_else(|| {
                let v = kappa_expr::eval(a0, &st.witness)?.bits() as u64;
                st.mem.find(v)
            })
        }?;
        ok(obj).then_some((obj.base, obj.size))
    }

    /// Writes the κ iterations' stores of template `t` into `s`'s memory
    /// (every byte of each store's object, by the division form of the
    /// module documentation). `rename` maps template symbols to this use;
    /// `objects[k]` is the object of store `k`; `kappa` is this use's κ.
    pub(crate) fn apply_iterated_stores(
        &self,
        s: &mut State,
        t: &Template,
        rename: &dyn Fn(Expr) -> Expr,
        kappa: Expr,
        objects: &[(u64, u64)],
    ) {
        let pb = self.ptr_bits();
        for (st_, &(base, size)) in t.stores.iter().zip(objects) {
            let a0 = rename(st_.start);
            // known remainder of the address modulo a power of two
            let (m, r0) = crate::memory::congruence(a0);
            let value_at = |tt: Expr| {
                let tt = if tt.width() < 64 {
                    b::zext(tt, 64)
                } else {
                    b::trunc(tt, 64)
                };
                rename(substitute(st_.value_at, &|x| (x == t.tau).then_some(tt)))
            };
            let byte_of = |v: Expr, r: Expr| -> Expr {
                // byte r of the n-byte value v (r < n)
                if let Some(rc) = r.as_bv_const() {
                    let rc = rc as u32;
                    return b::extract(8 * rc + 7, 8 * rc, v);
                }
                let mut out = b::extract(7, 0, v);
                for k in 1..st_.bytes {
                    out = b::ite(
                        b::eq(r, b::bv(pb, k as u128)),
                        b::extract(8 * k + 7, 8 * k, v),
                        out,
                    );
                }
                out
            };
            for off in 0..size {
                let j = (base + off) as u128;
                let Some((hit, it, r)) =
                    byte_source(j, a0, st_.stride, st_.bytes, kappa, pb, (m, r0))
                else {
                    continue;
                };
                let byte = byte_of(value_at(it), r);
                let at = b::bv(pb, off as u128);
                let old = s.mem.read(base, at, 1);
                s.mem.write(base, at, b::ite(hit, byte, old));
            }
        }
    }
}

/// Which write of the κ iterations of an `n`-byte store at
/// `a0 + stride·τ` (p-bit addresses) byte address `j` holds, by the closed
/// division form of the module documentation: `(hit, t, r)`, byte `r` of
/// the value of iteration `t` (p bits; 64 bits for stride 0) if `hit`;
/// `None` when no iteration writes `j`. `cong = (m, r₀)`: `a0 ≡ r₀ mod m`
/// (`m` a power of two), which makes `r` a constant when `|s|` divides
/// `m`. Exact when the iterations' stores do not wrap around the address
/// space, which in-bounds stores guarantee; requires `|s| ≥ n` or `s = 0`.
pub(crate) fn byte_source(
    j: u128,
    a0: Expr,
    stride: u128,
    bytes: u32,
    kappa: Expr,
    pb: u32,
    (m, r0): (u128, u128),
) -> Option<(Expr, Expr, Expr)> {
    let j = b::bv(pb, j);
    let n = bytes as u128;
    let s_mag = stride_magnitude(stride, pb);
    let negative = stride != s_mag;
    if s_mag == 0 {
        let d = b::sub(j, a0);
        let hit = b::and(b::ugt(kappa, b::bv(64, 0)), b::ult(d, b::bv(pb, n)));
        return (hit.as_bool_const() != Some(false)).then(|| (hit, b::sub(kappa, b::bv(64, 1)), d));
    }
    let known = s_mag.is_power_of_two() && m % s_mag == 0;
    let sm = b::bv(pb, s_mag);
    let (d, lo_ok) = if negative {
        let top = b::add(a0, b::bv(pb, s_mag - 1));
        (b::sub(top, j), b::ule(j, top))
    } else {
        (b::sub(j, a0), b::ule(a0, j))
    };
    // remainder of d modulo |s|: a constant when known
    let rem = if known {
        let jm = j.as_bv_const().expect("a concrete address") % s_mag;
        let rc = if negative {
            (r0 % s_mag + s_mag - 1 + s_mag - jm) % s_mag
        } else {
            (jm + s_mag - r0 % s_mag) % s_mag
        };
        b::bv(pb, rc)
    } else if s_mag.is_power_of_two() {
        b::bin(BvOp::And, d, b::bv(pb, s_mag - 1))
    } else {
        b::bin(BvOp::URem, d, sm)
    };
    let (r_ok, r) = if negative {
        (
            b::uge(rem, b::bv(pb, s_mag - n)),
            b::sub(b::bv(pb, s_mag - 1), rem),
        )
    } else {
        (b::ult(rem, b::bv(pb, n)), rem)
    };
    if r_ok.as_bool_const() == Some(false) {
        return None;
    }
    let it = if s_mag.is_power_of_two() {
        let shift = b::bv(pb, s_mag.trailing_zeros() as u128);
        b::bin(BvOp::LShr, d, shift)
    } else {
        b::bin(BvOp::UDiv, d, sm)
    };
    let it64 = if pb < 64 { b::zext(it, 64) } else { it };
    let hit = b::and_all([lo_ok, r_ok, b::ult(it64, kappa)]);
    (hit.as_bool_const() != Some(false)).then_some((hit, it, r))
}

/// The access of load `l` whose address in iteration τ is `at_tau`.
pub(crate) fn load_access(l: &TemplateLoad, at_tau: Expr, tau: Symbol) -> Access {
    Access {
        addr: at_tau,
        bytes: l.bytes,
        stride: linear_address(at_tau, tau).map(|(_, c)| c),
    }
}

/// The access of store `s` in iteration τ.
pub(crate) fn store_access(s: &TemplateStore) -> Access {
    Access {
        addr: s.addr_at,
        bytes: s.bytes,
        stride: Some(s.stride),
    }
}

impl Engine<'_> {
    /// Fills in each store's address and value in iteration τ, its start
    /// and stride; fails when an address is not a progression of τ or
    /// consecutive iterations' stores would overlap.
    pub(super) fn store_progressions(
        &mut self,
        stores: &mut [TemplateStore],
        it: &Iter,
        tau: Symbol,
    ) -> Result<(), String> {
        let pb = self.ptr_bits();
        let tv = b::sym(tau);
        for s in stores.iter_mut() {
            s.addr_at = it.at(s.addr, tv);
            s.value_at = it.at(s.value, tv);
            let at = self.module.describe(s.src);
            let Some((start, stride)) = linear_address(s.addr_at, tau) else {
                return Err(format!(
                    "the address of the store at {at} is not a progression of the iteration"
                ));
            };
            let mag = stride_magnitude(stride, pb);
            if mag != 0 && mag < s.bytes as u128 {
                return Err(format!(
                    "the stores of consecutive iterations at {at} overlap (stride {mag} < {} bytes)",
                    s.bytes
                ));
            }
            s.start = start;
            s.stride = stride;
        }
        Ok(())
    }

    /// The pairs of accesses that may touch a common byte in the order
    /// that matters (see the module documentation); a pair whose addresses
    /// differ by a constant in iteration 0 (the same object) makes the
    /// template not applicable instead.
    pub(super) fn clashes(
        &mut self,
        loads: &[TemplateLoad],
        stores: &[TemplateStore],
        it: &Iter,
        tau: Symbol,
    ) -> Result<Vec<Clash>, String> {
        use std::cmp::Ordering::{Equal, Less};
        let tv = b::sym(tau);
        let zero = b::bv(64, 0);
        let same_object = |x: Expr, y: Expr| {
            let at0 = |e: Expr| substitute(e, &|s| (s == tau).then_some(zero));
            b::sub(at0(x), at0(y)).is_const()
        };
        let mut out = vec![];
        for (i, l) in loads.iter().enumerate() {
            let l_at = it.at(l.addr, tv);
            let la = load_access(l, l_at, tau);
            for (k, s) in stores.iter().enumerate() {
                // a load reading back store k* sees no older write of those
                // bytes; stores after k* on the path still matter
                let orders: &[Option<std::cmp::Ordering>] = match l.forward {
                    Some(f) if k <= f => &[],
                    Some(_) if s.pos < l.pos => &[Some(Equal)],
                    Some(_) => &[],
                    None if s.pos < l.pos => &[Some(Less), Some(Equal)],
                    None => &[Some(Less)],
                };
                let sa = store_access(s);
                let mut clash = false;
                for o in orders {
                    clash = clash || self.may_overlap(&sa, &la, tau, *o);
                }
                if clash {
                    if same_object(s.addr_at, l_at) {
                        return Err(format!(
                            "the load at {} may read a byte stored by an earlier iteration or store \
                             (a recurrence over memory)",
                            self.module.describe(l.src)
                        ));
                    }
                    out.push(Clash::Load(i, k));
                }
            }
        }
        for k1 in 0..stores.len() {
            for k2 in k1 + 1..stores.len() {
                let (x, y) = (store_access(&stores[k1]), store_access(&stores[k2]));
                if self.may_overlap(&x, &y, tau, None) {
                    if same_object(stores[k1].addr_at, stores[k2].addr_at) {
                        return Err(format!(
                            "the stores at {} and {} may write the same byte",
                            self.module.describe(stores[k1].src),
                            self.module.describe(stores[k2].src)
                        ));
                    }
                    out.push(Clash::Stores(k1, k2));
                }
            }
        }
        Ok(out)
    }
}

impl Engine<'_> {
    /// The memory effect of template `t`'s exit `x` on successor `s`: the
    /// κ iterations' stores, then the stores of iteration κ's prefix
    /// (through the normal memory path, at offsets the exit's condition
    /// keeps in bounds).
    pub(super) fn write_template_stores(
        &self,
        s: &mut State,
        t: &Template,
        x: &super::TemplateExit,
        rename: &dyn Fn(Expr) -> Expr,
        kappa: Symbol,
        objects: &[(u64, u64)],
    ) {
        let pb = self.ptr_bits();
        self.apply_iterated_stores(s, t, rename, b::sym(kappa), objects);
        for (k, a, v) in &x.stores {
            let base = objects[*k].0;
            let off = b::sub(rename(*a), b::bv(pb, base as u128));
            s.mem.write(base, off, rename(*v));
        }
    }
}

impl Engine<'_> {
    /// Quantifier-free consequences of the core's bound checks: an access
    /// at a nonzero stride `s` that lies in its object `[base, end)` in
    /// every iteration τ < κ never wraps (objects are smaller than the
    /// distance to wrap, see the module documentation), so
    /// `κ = 0 ∨ κ - 1 ≤ (end - base - bytes) / |s|`; stated under the
    /// memory model's invariant on objects, which holds at every use.
    pub(super) fn trip_bounds(
        &self,
        loads: &[TemplateLoad],
        stores: &[TemplateStore],
        it: &Iter,
        tau: Symbol,
        kappa: Expr,
    ) -> Expr {
        let pb = self.ptr_bits();
        let lim = b::bv(pb, address_limit(pb));
        let accesses = loads
            .iter()
            .map(|l| (l.base, l.end, l.bytes, it.at(l.addr, b::sym(tau))))
            .chain(stores.iter().map(|s| (s.base, s.end, s.bytes, s.addr_at)));
        let mut out = b::tru();
        for (base, end, bytes, at) in accesses {
            let Some((_, c)) = linear_address(at, tau) else {
                continue;
            };
            let mag = stride_magnitude(c, pb);
            if mag == 0 {
                continue;
            }
            let (base, end) = (b::sym(base), b::sym(end));
            let room = b::bin(
                BvOp::UDiv,
                b::sub(b::sub(end, base), b::bv(pb, bytes as u128)),
                b::bv(pb, mag),
            );
            let room = if pb < 64 { b::zext(room, 64) } else { room };
            let invariant = b::and_all([
                b::ule(base, end),
                b::ule(end, lim),
                b::ule(b::bv(pb, bytes as u128), b::sub(end, base)),
            ]);
            let bound = b::or(
                b::eq(kappa, b::bv(64, 0)),
                b::ule(b::sub(kappa, b::bv(64, 1)), room),
            );
            out = b::and(out, b::implies(invariant, bound));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::{eval, Assignment, Sort, SymbolKind};

    fn sym(name: &str, w: u32) -> Symbol {
        Symbol::fresh(name, Sort::Bv(w), SymbolKind::Fresh)
    }

    #[test]
    fn linear_forms_of_addresses() {
        let tau = sym("tau", 64);
        let i0 = b::sym(sym("i0", 32));
        let t32 = b::trunc(b::sym(tau), 32);
        // 65536 + 4 * (i0 + τ)  →  (65536 + 4·i0, 4)
        let a = b::add(b::bv(32, 65536), b::mul(b::bv(32, 4), b::add(i0, t32)));
        let (a0, c) = linear(a, tau).unwrap();
        assert_eq!(c, 4);
        assert!(!mentions(a0, tau));
        // base + 4 * (n - 1 - τ): stride -4 modulo 2^32
        let a = b::add(
            b::bv(32, 65536),
            b::mul(b::bv(32, 4), b::sub(b::sub(i0, b::bv(32, 1)), t32)),
        );
        assert_eq!(linear(a, tau).unwrap().1, (1u128 << 32) - 4);
        // 8 * (2τ + 1) << 1: stride 32
        let a = b::bin(
            BvOp::Shl,
            b::mul(
                b::bv(32, 8),
                b::add(b::bv(32, 1), b::mul(b::bv(32, 2), t32)),
            ),
            b::bv(32, 1),
        );
        assert_eq!(linear(a, tau).unwrap().1, 32);
        // no progression: τ·τ, an extension of a truncated τ, an input read at τ
        assert!(linear(b::mul(t32, t32), tau).is_none());
        assert!(linear(b::zext(b::trunc(b::sym(tau), 16), 32), tau).is_none());
        let arr = Symbol::fresh(
            "seq",
            Sort::Array {
                index: 64,
                elem: 32,
            },
            SymbolKind::Fresh,
        );
        assert!(linear(b::select(b::sym(arr), b::sym(tau)), tau).is_none());
        // 64-bit pointers: base + 4·sext(i0 - τ) through the extension only
        // for addresses (exact while in bounds), and only from 32 bits up
        let a = b::add(
            b::bv(64, 65536),
            b::mul(b::bv(64, 4), b::sext(b::sub(i0, t32), 64)),
        );
        assert!(linear(a, tau).is_none());
        assert_eq!(linear_address(a, tau).unwrap().1, (1u128 << 64) - 4);
        let narrow = b::zext(b::trunc(b::sym(tau), 16), 64);
        assert!(linear_address(narrow, tau).is_none());
    }

    /// The division form against a simulation of the κ stores: for every
    /// byte of a window around the written range, the same iteration and
    /// byte (or none), for strides of both signs, widths up to the stride,
    /// and starts of known and unknown congruence.
    #[test]
    fn division_form_matches_the_simulated_stores() {
        let pb = 32;
        let a_sym = sym("a0", pb);
        let k_sym = sym("k", 64);
        let a0 = b::sym(a_sym);
        let kappa = b::sym(k_sym);
        for stride in [1i64, 2, 4, 8, 12, -1, -4, -8, -12, 0] {
            for n in [1u32, 2, 4] {
                if stride != 0 && (n as i64) > stride.abs() {
                    continue;
                }
                for start in [1000u64, 1001, 1003, 1024] {
                    for k in [0u64, 1, 2, 5] {
                        // bytes written: address -> (iteration, byte), last wins
                        let mut want = std::collections::BTreeMap::new();
                        for t in 0..k {
                            let at = start as i64 + stride * t as i64;
                            for r in 0..n as i64 {
                                want.insert((at + r) as u64, (t as u128, r as u128));
                            }
                        }
                        let mut asg = Assignment::default();
                        asg.set(a_sym, start as u128);
                        asg.set(k_sym, k as u128);
                        let s = (stride as i128).rem_euclid(1 << pb) as u128;
                        for cong in [(1, 0), (8, (start % 8) as u128)] {
                            for j in 900..1100u64 {
                                let got = byte_source(j as u128, a0, s, n, kappa, pb, cong)
                                    .and_then(|(hit, it, r)| {
                                        let h = eval(hit, &asg)?.bits() == 1;
                                        h.then(|| {
                                            (
                                                eval(it, &asg).unwrap().bits(),
                                                eval(r, &asg).unwrap().bits(),
                                            )
                                        })
                                    });
                                assert_eq!(
                                    got,
                                    want.get(&j).copied(),
                                    "stride {stride}, {n} bytes, start {start}, κ {k}, byte {j}, {cong:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
