//! The proof stage's path walker on memory: loads, stores, stack
//! allocations (of variable size included) and the memory functions, over
//! the objects of the cut-point system (see `system.rs`). Every access
//! gets its failure condition (out of bounds, a write to a constant); what
//! cannot be placed in one known object makes the stage give up.

use super::{source_name, Frame, Theta, Walker};
use kappa_expr::build as b;
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{Ty, Value, VarId};
use kappa_loops::closed::sort_of;

impl Walker<'_> {
    /// A load of a `ty` at `addr`: its value (a fresh one when the bytes
    /// read are not modelled). `defined_only` is set after an access of a
    /// stack object of variable size.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn load(
        &self,
        addr: &Value,
        ty: Ty,
        at: &str,
        theta: &Theta,
        frame: Option<&Frame>,
        ub: &mut Vec<Expr>,
        defined_only: &mut bool,
    ) -> Result<Expr, String> {
        let a = self.value(addr, theta, frame, ub)?;
        let n = ty.store_bytes() as u64;
        let v = match self.access(a, n, false, at, theta, ub)? {
            Access::Scalar(g) => Some(self.current(g, theta)),
            // (exact: the bytes read are those bits of the value)
            Access::ScalarPart { var, byte, .. } => match ty {
                Ty::Int(w) if w as u64 == n * 8 => {
                    let lo = (byte * 8) as u32;
                    Some(b::extract(lo + w - 1, lo, self.current(var, theta)))
                }
                _ => None,
            },
            Access::Object(k, off) => self.sys.arrays[k].and_then(|c| {
                *defined_only |= self.sys.objects[k].len.is_some();
                crate::memory::read(self.current(c, theta), off, n, ty)
            }),
        };
        Ok(v.unwrap_or_else(|| b::sym(Symbol::fresh("load", sort_of(ty), SymbolKind::Fresh))))
    }

    /// A store of `value` at `addr`: its effect on θ. `defined_only` as in
    /// [`Self::load`].
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &self,
        addr: &Value,
        value: &Value,
        at: &str,
        theta: &mut Theta,
        frame: Option<&Frame>,
        ub: &mut Vec<Expr>,
        defined_only: &mut bool,
    ) -> Result<(), String> {
        let a = self.value(addr, theta, frame, ub)?;
        let v = self.value(value, theta, frame, ub)?;
        let n = match v.sort() {
            Sort::Bv(w) => w.div_ceil(8) as u64,
            _ => 1,
        };
        match self.access(a, n, true, at, theta, ub)? {
            Access::Scalar(g) => {
                theta.insert(g, v);
            }
            Access::ScalarPart { var, width, byte } => {
                let Some(bytes) = as_bytes(v, n) else {
                    return Err(format!("a store into a scalar global at {at} of a value wider than its {n} bytes (not modelled)"));
                };
                let after = splice(self.current(var, theta), width, byte, bytes);
                theta.insert(var, after);
            }
            Access::Object(k, off) => {
                *defined_only |= self.sys.objects[k].len.is_some();
                if let Some(c) = self.sys.arrays[k] {
                    let pb = off.width();
                    let after = crate::memory::write(self.current(c, theta), off, v)
                        .unwrap_or_else(|| crate::memory::unknown(pb));
                    theta.insert(c, after);
                }
            }
        }
        Ok(())
    }

    /// The allocation of stack object `dst` (only `main`'s, outside
    /// loops, are modelled): for one of variable size, its failure
    /// conditions go to `ub` and the facts that hold of its size at every
    /// cut point to `sane`.
    pub(super) fn alloca(
        &mut self,
        dst: VarId,
        in_main: bool,
        at: &str,
        theta: &Theta,
        ub: &mut Vec<Expr>,
    ) -> Result<(), String> {
        let Some(&k) = self.sys.stack.get(&dst).filter(|_| in_main) else {
            return Err(format!(
                "stack object at {at} in a loop or a callee (not modelled)"
            ));
        };
        let Some(len) = self.sys.objects[k].len.clone() else {
            return Ok(());
        };
        let bad = match vla_count(&len) {
            Some((lhs, esize)) => {
                let count = self.value(lhs, theta, None, ub)?;
                let at_state = self.value(lhs, &Theta::default(), None, &mut vec![])?;
                self.sane
                    .push(b::not(crate::memory::bad_vla_count(at_state, esize)));
                crate::memory::bad_vla_count(count, esize)
            }
            _ => crate::memory::bad_vla_size(self.value(&len, theta, None, ub)?),
        };
        ub.push(bad);
        Ok(())
    }

    /// The failure conditions of a memory function writing `n` bytes at
    /// `args[0]` (and reading them at `args[1]`; for `memcpy` the two may
    /// not overlap within one object), and its effect on the destination's
    /// contents when they are modelled: byte by byte up to
    /// [`crate::memory::MAX_COPY_BYTES`] from a known source, else unknown.
    pub(super) fn mem_call(
        &self,
        kind: crate::memory::MemCall,
        args: &[Expr],
        n: u64,
        at: &str,
        ub: &mut Vec<Expr>,
        theta: &mut Theta,
    ) -> Result<(), String> {
        use crate::memory::MemCall;
        let on_scalar = || format!("a memory function on a scalar at {at}");
        let Access::Object(dk, doff) = self.access(args[0], n, true, at, theta, ub)? else {
            return Err(on_scalar());
        };
        let src = if kind == MemCall::Set {
            None
        } else {
            let Access::Object(sk, soff) = self.access(args[1], n, false, at, theta, ub)? else {
                return Err(on_scalar());
            };
            Some((sk, soff))
        };
        if kind == MemCall::Copy {
            let split = |a| crate::memory::split(a, &self.sys.addrs);
            if let (Some((x, dx)), Some((y, dy))) = (split(args[0]), split(args[1])) {
                if x == y {
                    let w = dx.width();
                    let d = b::sub(dx, dy);
                    let k = b::bv(w, n as u128);
                    ub.push(b::or(b::ult(d, k), b::ult(b::neg(d), k)));
                }
            }
        }
        let Some(c) = self.sys.arrays[dk] else {
            return Ok(());
        };
        let pb = doff.width();
        let at_off = |off: Expr, i: u64| b::add(off, b::bv(pb, i as u128));
        let bytes: Option<Vec<Expr>> = if n > crate::memory::MAX_COPY_BYTES {
            None
        } else {
            match src {
                None => {
                    let v = args[1];
                    let byte = match v.sort() {
                        Sort::Bool => b::ite(v, b::bv(8, 1), b::bv(8, 0)),
                        Sort::Bv(w) if w >= 8 => b::extract(7, 0, v),
                        Sort::Bv(_) => b::zext(v, 8),
                        _ => return Err(format!("memset of a non-integer at {at}")),
                    };
                    Some(vec![byte; n as usize])
                }
                // (all bytes read before any is written: memmove's meaning)
                Some((sk, soff)) => self.sys.arrays[sk].map(|sc| {
                    let from = self.current(sc, theta);
                    (0..n).map(|i| b::select(from, at_off(soff, i))).collect()
                }),
            }
        };
        let after = match bytes {
            Some(bytes) => bytes
                .into_iter()
                .enumerate()
                .fold(self.current(c, theta), |a, (i, byte)| {
                    b::store(a, at_off(doff, i as u64), byte)
                }),
            None => crate::memory::unknown(pb),
        };
        theta.insert(c, after);
        Ok(())
    }

    /// Why an access at address `a` (at `at`) is not placed in one known
    /// object: the reason names what the stage does not model.
    fn unplaced(&self, a: Expr, at: &str) -> String {
        let (syms, _) = kappa_expr::print::free_symbols(&[a]);
        let carried: Vec<&str> = syms
            .iter()
            .filter_map(|s| self.sys.state.iter().position(|x| x == s))
            .map(|i| source_name(&self.sys.names[i]))
            .collect();
        let bases = syms.iter().filter(|s| self.sys.addrs.contains(s)).count();
        if !carried.is_empty() {
            format!(
                "memory access at {at} through pointer {} carried across loop iterations (the object it points into is not known at the loop header; not modelled)",
                carried.join(", ")
            )
        } else if bases > 1 {
            format!(
                "memory access at {at} at an address computed from several objects (not modelled)"
            )
        } else {
            format!(
                "memory access at {at} through a pointer that is not a known object's address (one loaded from memory, an input or an integer; not modelled)"
            )
        }
    }

    /// The value of state variable `v` under θ.
    fn current(&self, v: VarId, theta: &Theta) -> Expr {
        theta
            .get(&v)
            .copied()
            .unwrap_or_else(|| b::sym(self.sys.state[v.index()]))
    }

    /// An access of `n` bytes at address `a`: the scalar global's state
    /// variable it reads or writes whole, or the object and offset of an
    /// access inside another object (its failure condition goes to `ub`).
    /// An address that is not `object + offset` cannot be modelled.
    fn access(
        &self,
        a: Expr,
        n: u64,
        write: bool,
        at: &str,
        theta: &Theta,
        ub: &mut Vec<Expr>,
    ) -> Result<Access, String> {
        let Some((g, off)) = crate::memory::split(a, &self.sys.addrs) else {
            return Err(self.unplaced(a, at));
        };
        if let Some(k) = self.sys.scalars.iter().position(|s| s.global.index() == g) {
            // every access of a scalar global is to its state variable or
            // gives up: a write elsewhere would vanish (its contents have no
            // array), and reads of the whole would miss it
            let var = VarId((self.f.vars.len() + k) as u32);
            let width = self.sys.scalars[k].width;
            let size = width as u64 / 8;
            match off.as_bv_const().and_then(|o| u64::try_from(o).ok()) {
                Some(0) if n * 8 == width as u64 => return Ok(Access::Scalar(var)),
                Some(byte) if byte.checked_add(n).is_some_and(|end| end <= size) => {
                    return Ok(Access::ScalarPart { var, width, byte })
                }
                _ if write => {
                    let name = &self.sys.objects[g].name;
                    return Err(format!(
                        "a write of {n} bytes at a variable or out-of-bounds offset of global {name} at {at} (not modelled)"
                    ));
                }
                // a read elsewhere: its bounds are checked below and its
                // value is unknown (the object has no contents array)
                _ => {}
            }
        }
        let obj = &self.sys.objects[g];
        if obj.external {
            return Err(format!("access of external global {} at {at}", obj.name));
        }
        if write && obj.constant {
            ub.push(b::tru());
        } else if let Some(len) = &obj.len {
            // (its registers hold the values they had at the allocation;
            // the allocation's own failures are counted there)
            let size = self.value(len, theta, None, &mut vec![])?;
            ub.push(crate::memory::out_of_bounds_sym(off, n, size));
        } else {
            ub.push(crate::memory::out_of_bounds(off, n, obj.size));
        }
        Ok(Access::Object(g, off))
    }
}

/// What a memory access touches.
pub(super) enum Access {
    /// A scalar global, whole: its state variable.
    Scalar(VarId),
    /// Bytes of a scalar global at a constant offset inside it: its state
    /// variable (`Var`, `width` bits) and the offset in bytes. A write
    /// changes those bits of the state variable; it is never dropped.
    ScalarPart { var: VarId, width: u32, byte: u64 },
    /// Object `k` at this offset.
    Object(usize, Expr),
}

/// A VLA's size as `count * esize` (the frontend's shape), if it is.
fn vla_count(len: &Value) -> Option<(&Value, u64)> {
    match len {
        Value::Binary {
            op: kappa_ir::BinOp::Mul,
            lhs,
            rhs,
            ..
        } => match **rhs {
            Value::Const { bits, .. } => Some((lhs, u64::try_from(bits).ok()?)),
            _ => None,
        },
        _ => None,
    }
}

/// The value `v` (a boolean is the byte 0 or 1; narrower bit-vectors are
/// zero-extended) as exactly `n` bytes, or `None` when it is wider.
fn as_bytes(v: Expr, n: u64) -> Option<Expr> {
    let v = match v.sort() {
        Sort::Bool => b::ite(v, b::bv(8, 1), b::bv(8, 0)),
        Sort::Bv(_) => v,
        _ => return None,
    };
    let w = (n * 8) as u32;
    match v.width().cmp(&w) {
        std::cmp::Ordering::Less => Some(b::zext(v, w)),
        std::cmp::Ordering::Equal => Some(v),
        std::cmp::Ordering::Greater => None,
    }
}

/// `old` (`width` bits, little-endian) with its `n` bytes from byte `byte`
/// replaced by `v` (exactly `8 * n` bits). Exact: the bytes of a scalar
/// global in memory are the bits of its value in this order.
fn splice(old: Expr, width: u32, byte: u64, v: Expr) -> Expr {
    let lo = (byte * 8) as u32;
    let hi = lo + v.width(); // one past the last bit written
    let mut out = v;
    if lo > 0 {
        out = b::concat(out, b::extract(lo - 1, 0, old));
    }
    if hi < width {
        out = b::concat(b::extract(width - 1, hi, old), out);
    }
    out
}
