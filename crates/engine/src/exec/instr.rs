//! Execution of one instruction edge: assignments, assumptions, inputs,
//! loads and stores, allocas, calls, returns and the ends they cause.

use super::{bool_of, loaded_value, Feas, StepOut};
use crate::memory::{ObjKind, MAX_OBJECT_SIZE};
use crate::state::State;
use crate::Failure;
use crate::{End, Engine, ErrorWitness, Validation};
use kappa_expr::build::{self as b};
use kappa_expr::Sort;
use kappa_ir::{Callee, EdgeId, Instr};

impl Engine<'_> {
    /// Executes the single outgoing edge `e` of `st`'s location.
    pub(super) fn exec_edge(
        &mut self,
        mut st: State,
        e: EdgeId,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let m = self.module;
        let fid = st.func();
        let f = m.func(fid);
        let edge = &f.edges[e.index()];
        self.stats.instructions += 1;
        self.coverage.bump(fid, st.loc);
        st.visit(edge.src);
        let mut ob = vec![];
        macro_rules! val {
            ($v:expr) => {
                match self.eval_value(&st, $v, &mut ob) {
                    Ok(x) => x,
                    Err(err) => {
                        self.terminate(st, End::Failed(Failure::from(err)), validate);
                        return StepOut::Done;
                    }
                }
            };
        }
        macro_rules! discharge {
            () => {
                if !self.discharge(&mut st, std::mem::take(&mut ob), edge.src) {
                    self.terminate(st, End::Pruned, validate);
                    return StepOut::Done;
                }
            };
        }
        match &edge.instr {
            Instr::Assign { dst, value } => {
                let v = val!(value);
                discharge!();
                st.frame_mut().regs[dst.index()] = Some(v);
            }
            Instr::Phi(moves) => {
                let mut vals = Vec::with_capacity(moves.len());
                for (d, v) in moves {
                    vals.push((*d, val!(v)));
                }
                discharge!();
                for (d, v) in vals {
                    st.frame_mut().regs[d.index()] = Some(v);
                }
            }
            Instr::Assume(c) => {
                let c = bool_of(val!(c));
                discharge!();
                match self.feasible(&st, c) {
                    Feas::Sat(model) => Self::constrain(&mut st, c, model),
                    Feas::Unsat => {
                        self.terminate(st, End::Pruned, validate);
                        return StepOut::Done;
                    }
                    Feas::Unknown(r) => {
                        let at = m.describe(edge.src);
                        self.terminate(
                            st,
                            End::Failed(Failure::Solver(format!("solver {r} at assumption {at}"))),
                            validate,
                        );
                        return StepOut::Done;
                    }
                }
            }
            Instr::Nondet { dst, ty, origin } => {
                let v = self.new_input(&mut st, *ty, origin, edge.src);
                st.frame_mut().regs[dst.index()] = Some(v);
            }
            Instr::Load { dst, addr, ty } => {
                let a = val!(addr);
                discharge!();
                let n = ty.store_bytes();
                let targets = self.resolve(st, a, n as u64, false, edge.src, validate);
                let mut outs = vec![];
                for (mut s, base, off) in targets {
                    let raw = s.mem.read(base, off, n);
                    s.frame_mut().regs[dst.index()] = Some(loaded_value(raw, *ty));
                    s.loc = edge.to;
                    outs.push(s);
                }
                return self.fan_out(outs);
            }
            Instr::Store { addr, value } => {
                let a = val!(addr);
                let v = val!(value);
                discharge!();
                let v = match v.sort() {
                    Sort::Bool => b::bool_to_bv(v, 8),
                    Sort::Bv(w) if w % 8 != 0 => b::zext(v, w.div_ceil(8) * 8),
                    _ => v,
                };
                let n = v.width() / 8;
                let targets = self.resolve(st, a, n as u64, true, edge.src, validate);
                let mut outs = vec![];
                for (mut s, base, off) in targets {
                    s.mem.write(base, off, v);
                    s.loc = edge.to;
                    outs.push(s);
                }
                return self.fan_out(outs);
            }
            Instr::Alloca { dst, size, align } => {
                let size = val!(size);
                discharge!();
                let name = format!(
                    "{}.{}",
                    f.name,
                    f.vars[dst.index()].name.trim_start_matches('%')
                );
                let at = m.describe(edge.src);
                let (dst, align, to) = (*dst, *align as u64, edge.to);
                if !size.is_const() {
                    // a VLA: an object of symbolic size
                    match self.allocate_symbolic(
                        &mut st,
                        size,
                        align,
                        ObjKind::Stack,
                        name,
                        false,
                        &at,
                    ) {
                        Ok(base) => {
                            st.frame_mut().allocas.push(base);
                            st.frame_mut().regs[dst.index()] =
                                Some(b::bv(self.ptr_bits(), base as u128));
                        }
                        Err(why) => {
                            self.terminate(st, End::Failed(Failure::from(why)), validate);
                            return StepOut::Done;
                        }
                    }
                    st.loc = to;
                    return StepOut::Continue(st);
                }
                return self.for_each_value(st, size, "alloca size", &at, &mut |this, mut s, n| {
                    if n > MAX_OBJECT_SIZE as u128 {
                        this.terminate(
                            s,
                            End::Failed(Failure::Unsupported(format!(
                                "unsupported: stack object of {n} bytes at {at}"
                            ))),
                            validate,
                        );
                        return StepOut::Done;
                    }
                    let Some(base) =
                        s.mem
                            .allocate(n as u64, align, ObjKind::Stack, name.clone(), false)
                    else {
                        this.terminate(
                            s,
                            End::Failed(Failure::from("address space exhausted")),
                            validate,
                        );
                        return StepOut::Done;
                    };
                    s.frame_mut().allocas.push(base);
                    s.frame_mut().regs[dst.index()] = Some(b::bv(this.ptr_bits(), base as u128));
                    s.loc = to;
                    StepOut::Continue(s)
                });
            }
            Instr::Call { dst, callee, args } => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(val!(a));
                }
                let target = match callee {
                    Callee::Direct(f) => Ok(*f),
                    Callee::Indirect(v) => {
                        let t = val!(v);
                        discharge!();
                        if t.as_bv_const().is_none() {
                            let at = m.describe(edge.src);
                            let (dst, to, src) = (*dst, edge.to, edge.src);
                            return self.for_each_value(
                                st,
                                t,
                                "function pointer",
                                &at,
                                &mut |this, s, v| match this.func_of_addr(v as u64) {
                                    Ok(f) => this.call(s, f, vals.clone(), dst, to, src, validate),
                                    Err(why) => {
                                        this.terminate(
                                            s,
                                            End::Failed(Failure::from(why)),
                                            validate,
                                        );
                                        StepOut::Done
                                    }
                                },
                            );
                        }
                        self.resolve_function(&mut st, t)
                    }
                };
                discharge!();
                let target = match target {
                    Ok(t) => t,
                    Err(why) => {
                        self.terminate(st, End::Failed(Failure::from(why)), validate);
                        return StepOut::Done;
                    }
                };
                return self.call(st, target, vals, *dst, edge.to, edge.src, validate);
            }
            Instr::Return(v) => {
                let rv = match v {
                    Some(v) => Some(val!(v)),
                    None => None,
                };
                discharge!();
                return self.ret(st, rv, validate);
            }
            Instr::Error => {
                self.terminate(st, End::Error, validate);
                return StepOut::Done;
            }
            Instr::Halt => {
                self.terminate(st, End::Exit, validate);
                return StepOut::Done;
            }
            Instr::Unsupported(why) => {
                let at = m.describe(edge.src);
                self.terminate(
                    st,
                    End::Failed(Failure::Unsupported(format!("unsupported: {why} at {at}"))),
                    validate,
                );
                return StepOut::Done;
            }
        }
        st.loc = edge.to;
        StepOut::Continue(st)
    }
}
