//! Memory accesses and allocations of the engine: resolution of an address
//! to the objects it may point into (with bound checks, objects of symbolic
//! size included) and allocation of objects of symbolic size.

use crate::exec::Feas;
use crate::memory::{ObjKind, MAX_OBJECT_SIZE};
use crate::state::State;
use crate::Failure;
use crate::{End, Engine, ErrorWitness, Validation};
use kappa_expr::build::{self as b};
use kappa_expr::{eval, Assignment, Expr};
use kappa_ir::SrcLoc;

impl Engine<'_> {
    /// Splits a state by the objects an `n`-byte access at `addr` may touch.
    /// Each result carries the object's base and the offset within it.
    pub(crate) fn resolve(
        &mut self,
        st: State,
        addr: Expr,
        n: u64,
        write: bool,
        src: Option<SrcLoc>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> Vec<(State, u64, Expr)> {
        let pb = self.ptr_bits();
        let at = self.module.describe(src);
        let kind = if write { "write" } else { "read" };
        if let Some(a) = addr.as_bv_const() {
            let a = a as u64;
            let found = st
                .mem
                .find(a)
                .filter(|o| a + n <= o.base + o.size)
                .map(|o| {
                    let off = b::bv(pb, (a - o.base) as u128);
                    (o.base, o.read_only, o.in_bound(off, n))
                });
            let Some((base, ro, inb)) = found else {
                let what = if a < crate::memory::FIRST_OBJECT_ADDR {
                    "null or invalid pointer"
                } else {
                    "out-of-bounds or dangling pointer"
                };
                self.terminate(
                    st,
                    End::Failed(Failure::Ub(format!(
                        "undefined behaviour: {kind} through {what} at {at}"
                    ))),
                    validate,
                );
                return vec![];
            };
            let mut st = st;
            // an object of symbolic size: the access must lie below its bound
            if !self.within_bound(&mut st, inb, kind, &at) {
                self.terminate(
                    st,
                    End::Failed(Failure::Ub(format!(
                        "undefined behaviour: out-of-bounds {kind} at {at}"
                    ))),
                    validate,
                );
                return vec![];
            }
            if ro && write {
                self.terminate(
                    st,
                    End::Failed(Failure::Ub(format!(
                        "undefined behaviour: write to read-only memory at {at}"
                    ))),
                    validate,
                );
                return vec![];
            }
            return vec![(st, base, b::bv(pb, (a - base) as u128))];
        }
        // symbolic address: enumerate the objects it may point into
        let mut out = vec![];
        let mut excluded = b::tru();
        let mut probe_model: Option<Assignment> = None;
        let mut seen: Vec<u64> = vec![];
        for _round in 0..8 {
            let probe = match &probe_model {
                None => eval(addr, &st.witness).map(|v| v.bits() as u64),
                Some(m) => {
                    let mut w = st.witness.clone();
                    w.extend_from(m);
                    eval(addr, &w).map(|v| v.bits() as u64)
                }
            };
            // (the witness of a compact state is not kept up to date: an
            // object whose base is a constant term of the address is the
            // next guess; the checks below decide either way)
            let obj = probe
                .and_then(|p| st.mem.find(p))
                .or_else(|| {
                    let c = st.mem.base_term(addr)?;
                    (probe_model.is_none() && !seen.contains(&c))
                        .then(|| st.mem.object_at(c))
                        .flatten()
                })
                .map(|o| (o.base, o.size, o.read_only, o.bound.is_some()));
            let Some((base, size, ro, sym_size)) = obj else {
                self.record_failed(Failure::PossibleUb(format!("possible undefined behaviour: {kind} through an invalid symbolic pointer at {at}")));
                break;
            };
            if seen.contains(&base) {
                self.record_failed(Failure::PossibleUb(format!(
                    "possible undefined behaviour: out-of-bounds {kind} at {at}"
                )));
                break;
            }
            seen.push(base);
            let inb = if size >= n {
                let within = b::and(
                    b::uge(addr, b::bv(pb, base as u128)),
                    b::ule(addr, b::bv(pb, (base + size - n) as u128)),
                );
                if sym_size {
                    let off = b::sub(addr, b::bv(pb, base as u128));
                    b::and(within, st.mem.object_at(base).unwrap().in_bound(off, n))
                } else {
                    within
                }
            } else {
                b::fls()
            };
            match self.feasible(&st, inb) {
                Feas::Sat(model) => {
                    if ro && write {
                        self.record_failed(Failure::PossibleUb(format!(
                            "possible undefined behaviour: write to read-only memory at {at}"
                        )));
                    } else {
                        let mut s = st.clone();
                        s.id = self.new_state_id();
                        Self::constrain(&mut s, inb, model);
                        let off = b::sub(addr, b::bv(pb, base as u128));
                        out.push((s, base, off));
                    }
                }
                Feas::Unsat => {
                    self.record_failed(Failure::PossibleUb(format!(
                        "possible undefined behaviour: out-of-bounds {kind} at {at}"
                    )));
                    break;
                }
                Feas::Unknown(r) => {
                    self.record_failed(Failure::Solver(format!(
                        "solver {r} resolving a pointer at {at}"
                    )));
                    break;
                }
            }
            excluded = b::and(excluded, b::not(inb));
            match self.feasible(&st, excluded) {
                Feas::Unsat => {
                    if out.len() > 1 {
                        self.stats.states += out.len() as u64 - 1;
                    }
                    self.state_done_quietly(st);
                    return out;
                }
                Feas::Sat(Some((_, m))) => probe_model = Some(m),
                Feas::Sat(None) => probe_model = Some(st.witness.clone()),
                Feas::Unknown(r) => {
                    self.record_failed(Failure::Solver(format!(
                        "solver {r} resolving a pointer at {at}"
                    )));
                    break;
                }
            }
            if _round == 7 {
                self.record_failed(Failure::Unsupported(format!(
                    "unsupported: symbolic pointer into more than 8 objects at {at}"
                )));
            }
        }
        if out.len() > 1 {
            self.stats.states += out.len() as u64 - 1;
        }
        self.state_done_quietly(st);
        out
    }

    /// Checks that an access whose address is concrete lies below the bound
    /// of an object of symbolic size (`inb`): a feasible violation is a
    /// failed leaf, and the path continues under `inb`. Returns false when
    /// `inb` cannot hold.
    fn within_bound(&mut self, st: &mut State, inb: Expr, kind: &str, at: &str) -> bool {
        if inb.as_bool_const() == Some(true) {
            return true;
        }
        match self.feasible(st, b::not(inb)) {
            Feas::Unsat => return true,
            Feas::Sat(_) => self.record_failed(Failure::PossibleUb(format!(
                "possible undefined behaviour: out-of-bounds {kind} at {at}"
            ))),
            Feas::Unknown(r) => self.record_failed(Failure::Solver(format!(
                "solver {r} deciding an object bound at {at}"
            ))),
        }
        match self.feasible(st, inb) {
            Feas::Sat(m) => {
                Self::constrain(st, inb, m);
                true
            }
            _ => false,
        }
    }

    /// Drops a state that was split into successors (nothing to account).
    fn state_done_quietly(&mut self, _st: State) {}

    /// Allocates an object whose size `size` (a bitvector) is symbolic in
    /// `st` and returns its base address. The reserved extent is the smallest
    /// of [`RESERVATIONS`] that `size` cannot exceed; if it may exceed
    /// [`MAX_OBJECT_SIZE`], that is a failed leaf ("unsupported") and the path
    /// goes on with the size below it. `Err` carries why the path cannot go on.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn allocate_symbolic(
        &mut self,
        st: &mut State,
        size: Expr,
        align: u64,
        kind: ObjKind,
        name: String,
        zeroed: bool,
        at: &str,
    ) -> Result<u64, String> {
        let pb = self.ptr_bits();
        let w = size.width();
        let fits = |r: u64| {
            if w < 64 && r >= 1u64 << w {
                b::tru()
            } else {
                b::ule(size, b::bv(w, r as u128))
            }
        };
        let mut reserved = None;
        for &r in RESERVATIONS {
            match self.feasible(st, b::not(fits(r))) {
                Feas::Unsat => {
                    reserved = Some(r);
                    break;
                }
                Feas::Sat(_) => {}
                Feas::Unknown(why) => {
                    return Err(format!("solver {why} bounding an allocation size at {at}"));
                }
            }
        }
        let reserved = match reserved {
            Some(r) => r,
            None => {
                self.record_failed(Failure::Unsupported(format!(
                    "unsupported: allocation of possibly more than {MAX_OBJECT_SIZE} bytes at {at}"
                )));
                let c = fits(MAX_OBJECT_SIZE);
                match self.feasible(st, c) {
                    Feas::Sat(m) => Self::constrain(st, c, m),
                    _ => return Err(format!("allocation size too large at {at}")),
                }
                MAX_OBJECT_SIZE
            }
        };
        let bound = match w.cmp(&pb) {
            std::cmp::Ordering::Less => b::zext(size, pb),
            std::cmp::Ordering::Equal => size,
            std::cmp::Ordering::Greater => b::trunc(size, pb),
        };
        st.mem
            .allocate_symbolic(bound, reserved, align, kind, name, zeroed)
            .ok_or_else(|| format!("address space exhausted at {at}"))
    }

    /// The smallest of [`LENGTH_LIMITS`] that the symbolic length `n` cannot
    /// exceed in `st`, if any (for the bounded model of memory functions).
    pub(crate) fn bounded_length(&mut self, st: &State, n: Expr) -> Option<u64> {
        let w = n.width();
        for &l in LENGTH_LIMITS {
            if let Feas::Unsat = self.feasible(st, b::ugt(n, b::bv(w, l as u128))) {
                return Some(l);
            }
        }
        None
    }

    /// `memset` (`fill` = the byte) or `memcpy`/`memmove` (`from` = the
    /// source address) of a symbolic length `n` (at most `limit`, known)
    /// between concrete addresses: byte `i` of the destination becomes
    /// `ite(i < n, new_i, old_i)` for every `i` below `limit` that can lie
    /// in the object; the accesses must lie within both objects (a possible
    /// overrun is a failed leaf, the path goes on under the defined case).
    /// Source bytes are all read before any write (memmove's overlap).
    /// Returns the state, or `None` if the path ended.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn memop_symbolic_length(
        &mut self,
        st: State,
        dst: Expr,
        from: Option<Expr>,
        fill: Option<Expr>,
        n: Expr,
        limit: u64,
        what: &str,
        src: Option<SrcLoc>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> Option<State> {
        let pb = self.ptr_bits();
        let at = self.module.describe(src);
        // n <= limit < 2^(pb-1): truncation to pointer width is exact
        let len = match n.width().cmp(&pb) {
            std::cmp::Ordering::Less => b::zext(n, pb),
            std::cmp::Ordering::Equal => n,
            std::cmp::Ordering::Greater => b::trunc(n, pb),
        };
        let mut one = |this: &mut Self, st: State, addr: Expr, write: bool| {
            let mut t = this.resolve(st, addr, 0, write, src, validate);
            let (mut s, base, off) = t.pop()?;
            let off = off.as_bv_const().expect("a concrete address") as u64;
            let obj = s.mem.object_at(base).expect("resolved").clone();
            let room = match obj.bound {
                Some(bound) => b::ule(b::add(b::bv(pb, off as u128), len), bound),
                None => b::ule(len, b::bv(pb, (obj.size - off) as u128)),
            };
            let kind = format!("{what} {}", if write { "write" } else { "read" });
            if !this.within_bound(&mut s, room, &kind, &at) {
                this.terminate(
                    s,
                    End::Failed(Failure::Ub(format!(
                        "undefined behaviour: out-of-bounds {what} at {at}"
                    ))),
                    validate,
                );
                return None;
            }
            Some((s, base, off, obj.size - off))
        };
        let (st, dbase, doff, droom) = one(self, st, dst, true)?;
        let (mut st, sbytes) = match from {
            None => (st, None),
            Some(from) => {
                let (mut s, sbase, soff, sroom) = one(self, st, from, false)?;
                let m = limit.min(sroom).min(droom);
                let bytes: Vec<Expr> = (0..m)
                    .map(|i| s.mem.read(sbase, b::bv(pb, (soff + i) as u128), 1))
                    .collect();
                (s, Some(bytes))
            }
        };
        let m = match &sbytes {
            Some(v) => v.len() as u64,
            None => limit.min(droom),
        };
        for i in 0..m {
            let o = b::bv(pb, (doff + i) as u128);
            let new = match (&sbytes, fill) {
                (Some(v), _) => v[i as usize],
                (None, Some(c)) => c,
                (None, None) => unreachable!("memset has a fill byte"),
            };
            let old = st.mem.read(dbase, o, 1);
            let byte = b::ite(b::ult(b::bv(pb, i as u128), len), new, old);
            st.mem.write(dbase, o, byte);
        }
        Some(st)
    }
}

/// Largest symbolic lengths of memset/memcpy/memmove modelled byte by byte
/// (tried in order); longer ones are split into concrete lengths.
pub(crate) const LENGTH_LIMITS: &[u64] = &[16, 256, 4096];

/// Reserved extents tried, in order, for an object of symbolic size (bytes).
pub(crate) const RESERVATIONS: &[u64] = &[256, 4096, 1 << 16, 1 << 20, MAX_OBJECT_SIZE];
