//! The concrete fast path: edges whose operands are all concrete, executed in
//! place on the state without building expressions or moving the state.
//!
//! [`Engine::fast_step`] handles assignments, phis and branches whose values
//! are concrete constants, and loads and stores at a concrete address inside
//! a live object. Anything else, and anything that could be undefined
//! behaviour (division by zero, `INT_MIN / -1`, over-wide shifts, an access
//! outside an object or to read-only memory), is left to the general step in
//! `exec`, which then does exactly what it always did: the fast path either
//! performs the same effect as the general step or declines before changing
//! anything. Values follow the same sorts as `Engine::eval_value`: booleans
//! for `Ty::Bool` results and comparisons, bitvectors of the IR width
//! otherwise.

use crate::exec::loaded_value;
use crate::state::State;
use crate::Engine;
use kappa_expr::build::{self as b, fold_bin};
use kappa_expr::{mask, to_signed, Expr};
use kappa_ir::{BinOp, CastOp, CmpOp, Instr, Ty, Value};

/// A concrete value: `w == 0` is a boolean (`bits` 0 or 1), otherwise a
/// `w`-bit bitvector with `bits` zero-extended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CVal {
    pub(crate) w: u32,
    pub(crate) bits: u128,
}

impl CVal {
    fn boolean(b: bool) -> CVal {
        CVal {
            w: 0,
            bits: b as u128,
        }
    }
    fn bv(w: u32, bits: u128) -> CVal {
        CVal {
            w,
            bits: bits & mask(w),
        }
    }
    /// The value as a boolean (a bitvector is true when nonzero), as `bool_of`.
    fn truth(self) -> bool {
        self.bits != 0
    }
    /// The value as a `w`-bit bitvector (a boolean becomes 0/1), as `as_bv`.
    fn as_bv(self, w: u32) -> u128 {
        if self.w == 0 {
            self.bits
        } else {
            self.bits & mask(w)
        }
    }
    /// The expression of this value.
    pub(crate) fn expr(self) -> Expr {
        if self.w == 0 {
            b::bool_const(self.bits != 0)
        } else {
            b::bv(self.w, self.bits)
        }
    }
}

use kappa_ir::FpOp;
use kappa_loops::sem::bv_op;

/// `l op r` on `w` bits, or `None` when the operation could be undefined
/// behaviour (the general step then reports it).
fn binary(op: BinOp, w: u32, l: u128, r: u128) -> Option<u128> {
    match op {
        BinOp::UDiv | BinOp::URem if r == 0 => return None,
        BinOp::SDiv | BinOp::SRem if r == 0 || (l == 1u128 << (w - 1) && r == mask(w)) => {
            return None
        }
        BinOp::Shl | BinOp::LShr | BinOp::AShr if r >= w as u128 => return None,
        _ => {}
    }
    Some(fold_bin(bv_op(op), w, l, r))
}

fn compare(op: CmpOp, w: u32, l: u128, r: u128) -> bool {
    let (sl, sr) = (to_signed(l, w), to_signed(r, w));
    match op {
        CmpOp::Eq => l == r,
        CmpOp::Ne => l != r,
        CmpOp::Ult => l < r,
        CmpOp::Ule => l <= r,
        CmpOp::Ugt => l > r,
        CmpOp::Uge => l >= r,
        CmpOp::Slt => sl < sr,
        CmpOp::Sle => sl <= sr,
        CmpOp::Sgt => sl > sr,
        CmpOp::Sge => sl >= sr,
    }
}

impl Engine<'_> {
    /// The concrete value of `v` in the current frame of `st`, or `None` when
    /// some operand is symbolic (or undefined) or the operation could be
    /// undefined behaviour.
    pub(crate) fn concrete_value(&self, st: &State, v: &Value) -> Option<CVal> {
        Some(match v {
            Value::Var(x) => {
                let (w, bits) = st.frame().regs[x.index()]?.inline_const_parts()?;
                CVal { w, bits }
            }
            Value::Const { ty: Ty::Bool, bits } => CVal::boolean(*bits != 0),
            Value::Const { ty, bits } => CVal::bv(ty.bits(), *bits),
            Value::GlobalAddr(g) => CVal::bv(self.ptr_bits(), self.global_base[g.index()] as u128),
            Value::FuncAddr(f) => CVal::bv(
                self.ptr_bits(),
                (crate::memory::FUNC_BASE + 16 * f.0 as u64) as u128,
            ),
            Value::Undef(_) => return None,
            Value::Not(a) => {
                let a = self.concrete_value(st, a)?;
                if a.w == 0 {
                    CVal::boolean(!a.truth())
                } else {
                    CVal::bv(a.w, !a.bits)
                }
            }
            Value::Binary { op, ty, lhs, rhs } => {
                let l = self.concrete_value(st, lhs)?;
                let r = self.concrete_value(st, rhs)?;
                match ty {
                    Ty::Bool => {
                        let (l, r) = (l.truth(), r.truth());
                        CVal::boolean(match op {
                            BinOp::And => l && r,
                            BinOp::Or => l || r,
                            BinOp::Xor => l != r,
                            _ => return None,
                        })
                    }
                    Ty::Int(w) => CVal::bv(*w, binary(*op, *w, l.as_bv(*w), r.as_bv(*w))?),
                }
            }
            Value::Cmp { op, lhs, rhs } => {
                let l = self.concrete_value(st, lhs)?;
                let r = self.concrete_value(st, rhs)?;
                if l.w == 0 && r.w == 0 && matches!(op, CmpOp::Eq | CmpOp::Ne) {
                    return Some(CVal::boolean((l.bits == r.bits) == (*op == CmpOp::Eq)));
                }
                // a boolean operand compares as a 1-bit vector
                let w = l.w.max(1);
                if r.w.max(1) != w {
                    return None;
                }
                CVal::boolean(compare(*op, w, l.bits, r.bits))
            }
            Value::Cast { op, to, arg } => {
                let a = self.concrete_value(st, arg)?;
                match (a.w, to) {
                    (0, Ty::Bool) => a,
                    (0, Ty::Int(w)) => match op {
                        CastOp::SExt => CVal::bv(*w, if a.truth() { mask(*w) } else { 0 }),
                        _ => CVal::bv(*w, a.bits),
                    },
                    (_, Ty::Bool) => CVal::boolean(a.bits & 1 == 1),
                    (from, Ty::Int(w)) => {
                        if *op == CastOp::SExt && from < *w {
                            CVal::bv(*w, to_signed(a.bits, from) as u128)
                        } else {
                            CVal::bv(*w, a.bits)
                        }
                    }
                }
            }
            Value::Select {
                cond,
                then,
                else_,
                ty,
            } => {
                let c = self.concrete_value(st, cond)?.truth();
                let t = self.concrete_value(st, then)?;
                let e = self.concrete_value(st, else_)?;
                let pick = if c { t } else { e };
                match ty {
                    Ty::Bool => CVal::boolean(pick.truth()),
                    Ty::Int(w) => CVal::bv(*w, pick.as_bv(*w)),
                }
            }
            Value::Float { op, args } => {
                let mut xs = Vec::with_capacity(args.len());
                for a in args {
                    xs.push(self.concrete_value(st, a)?.as_bv(op.arg_width()));
                }
                let defined = match op {
                    FpOp::FpToSi(t, w) => FpOp::ToIntInRange(*t, *w, true),
                    FpOp::FpToUi(t, w) => FpOp::ToIntInRange(*t, *w, false),
                    _ => *op,
                };
                if defined != *op && kappa_expr::float::eval(defined, &xs) == 0 {
                    return None;
                }
                let r = kappa_expr::float::eval(*op, &xs);
                match op.result_width() {
                    Some(w) => CVal::bv(w, r),
                    None => CVal::boolean(r != 0),
                }
            }
        })
    }

    /// Executes the edge leaving `st.loc` in place when it is on the fast
    /// path (see the module documentation); returns `false`, with `st`
    /// untouched, when the general step must run instead.
    pub(crate) fn fast_step(&mut self, st: &mut State) -> bool {
        let m = self.module;
        let fid = st.func();
        let f = m.func(fid);
        let succs = &f.succs[st.loc.index()];
        let edge = match succs.len() {
            1 => {
                let edge = &f.edges[succs[0].index()];
                match &edge.instr {
                    Instr::Assign { dst, value } => {
                        let Some(v) = self.concrete_value(st, value) else {
                            return false;
                        };
                        st.frame_mut().regs[dst.index()] = Some(v.expr());
                    }
                    Instr::Phi(moves) => {
                        let mut vals = std::mem::take(&mut self.phi_buf);
                        vals.clear();
                        for (d, v) in moves {
                            match self.concrete_value(st, v) {
                                Some(c) => vals.push((*d, c)),
                                None => {
                                    self.phi_buf = vals;
                                    return false;
                                }
                            }
                        }
                        let regs = &mut st.frame_mut().regs;
                        for (d, c) in vals.drain(..) {
                            regs[d.index()] = Some(c.expr());
                        }
                        self.phi_buf = vals;
                    }
                    Instr::Load { dst, addr, ty } => {
                        let n = ty.store_bytes() as u64;
                        let Some(base) = self.concrete_access(st, addr, n, false) else {
                            return false;
                        };
                        let (base, off) = base;
                        let raw = st
                            .mem
                            .read(base, b::bv(self.ptr_bits(), off as u128), n as u32);
                        st.frame_mut().regs[dst.index()] = Some(loaded_value(raw, *ty));
                    }
                    Instr::Store { addr, value } => {
                        let Some(c) = self.concrete_value(st, value) else {
                            return false;
                        };
                        // as the general step: booleans are stored as a byte,
                        // odd widths zero-extended to whole bytes
                        let (w, bits) = match c.w {
                            0 => (8, c.bits),
                            w => (w.div_ceil(8) * 8, c.bits),
                        };
                        let Some((base, off)) =
                            self.concrete_access(st, addr, (w / 8) as u64, true)
                        else {
                            return false;
                        };
                        st.mem
                            .write(base, b::bv(self.ptr_bits(), off as u128), b::bv(w, bits));
                    }
                    _ => return false,
                }
                edge
            }
            0 => return false,
            _ if self.cfg.record_events => return false, // `branch` records it
            _ => {
                // a branch: take it here only if exactly one side is concretely true
                let mut taken = None;
                for &e in succs {
                    let edge = &f.edges[e.index()];
                    let Instr::Assume(c) = &edge.instr else {
                        return false;
                    };
                    match self.concrete_value(st, c) {
                        Some(c) if c.truth() => {
                            if taken.is_some() {
                                return false;
                            }
                            taken = Some(edge);
                        }
                        Some(_) => {}
                        None => return false,
                    }
                }
                match taken {
                    Some(edge) => edge,
                    None => return false,
                }
            }
        };
        self.coverage.bump(fid, st.loc);
        self.stats.instructions += 1;
        st.visit(edge.src);
        st.loc = edge.to;
        true
    }

    /// Base and offset of an `n`-byte access at the concrete address `addr`
    /// when it lies inside one live object (and the object is writable, for a
    /// write); `None` otherwise.
    fn concrete_access(&self, st: &State, addr: &Value, n: u64, write: bool) -> Option<(u64, u64)> {
        let a = self.concrete_value(st, addr)?;
        if a.w == 0 {
            return None;
        }
        let a = a.bits as u64;
        let o = st.mem.find(a)?;
        // objects of symbolic size need the general step's bound check
        if o.bound.is_some() || a + n > o.base + o.size || (write && o.read_only) {
            return None;
        }
        Some((o.base, a - o.base))
    }
}
