//! Calls and returns: function pointers, parameter passing, by-value
//! copies, frames, and return values.

use super::{bool_of, StepOut};
use crate::memory::{ObjKind, FUNC_BASE};
use crate::state::{Frame, State};
use crate::Failure;
use crate::{End, Engine, ErrorWitness, Validation};
use kappa_expr::build::{self as b};
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{FuncId, SrcLoc, Ty};

impl Engine<'_> {
    /// The function a pointer value `t` calls (concretized if symbolic).
    pub(super) fn resolve_function(&mut self, st: &mut State, t: Expr) -> Result<FuncId, String> {
        let v = match t.as_bv_const() {
            Some(v) => v,
            None => self
                .concretize(st, t, "function pointer")
                .ok_or("undecided function pointer")?,
        } as u64;
        self.func_of_addr(v)
    }

    /// The function whose address is `v`.
    pub(crate) fn func_of_addr(&self, v: u64) -> Result<FuncId, String> {
        if v >= FUNC_BASE && (v - FUNC_BASE).is_multiple_of(16) {
            let id = (v - FUNC_BASE) / 16;
            if (id as usize) < self.module.functions.len() {
                return Ok(FuncId(id as u32));
            }
        }
        Err(format!(
            "undefined behaviour: call through an invalid function pointer 0x{v:x}"
        ))
    }

    /// Calls `target` with `args` from a call edge at `src` that returns to
    /// `ret_loc` (result in `dst`): the error function ends the path, an
    /// external one goes to its model, a defined one gets a new frame
    /// (bounded by `max_stack_depth`, by-value aggregates copied).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call(
        &mut self,
        mut st: State,
        target: FuncId,
        args: Vec<Expr>,
        dst: Option<kappa_ir::VarId>,
        ret_loc: kappa_ir::Loc,
        src: Option<SrcLoc>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let callee = self.module.func(target);
        // the property's target, however it is called (direct calls are
        // already `Error` edges; this catches calls through pointers)
        if super::is_error_function(&callee.name) {
            self.terminate(st, End::Error, validate);
            return StepOut::Done;
        }
        if !callee.defined {
            return self.call_external(st, target, args, dst, ret_loc, src, validate);
        }
        if st.frames.len() >= self.cfg.max_stack_depth {
            let why = format!(
                "call stack deeper than {} frames (bound)",
                self.cfg.max_stack_depth
            );
            self.terminate(st, End::Failed(Failure::from(why)), validate);
            return StepOut::Done;
        }
        let mut regs = vec![None; callee.vars.len()];
        for (i, p) in callee.params.iter().enumerate() {
            let ty = callee.vars[p.index()].ty;
            let v = match args.get(i) {
                Some(a) => match (a.sort(), ty) {
                    (Sort::Bool, Ty::Int(w)) => b::bool_to_bv(*a, w),
                    (Sort::Bv(_), Ty::Bool) => bool_of(*a),
                    (Sort::Bv(aw), Ty::Int(w)) if aw > w => b::trunc(*a, w),
                    (Sort::Bv(aw), Ty::Int(w)) if aw < w => b::zext(*a, w),
                    _ => *a,
                },
                None => {
                    let sort = if ty == Ty::Bool {
                        Sort::Bool
                    } else {
                        Sort::Bv(ty.bits())
                    };
                    b::sym(Symbol::fresh("missing_arg", sort, SymbolKind::Fresh))
                }
            };
            regs[p.index()] = Some(v);
        }
        // by-value aggregates: the callee works on its own copy
        let mut allocas = vec![];
        for &(i, size) in &callee.byval {
            let Some(src_ptr) = regs.get(callee.params[i].index()).copied().flatten() else {
                continue;
            };
            let at = self.module.describe(src);
            let Some(src_addr) = src_ptr.as_bv_const().map(|v| v as u64) else {
                self.terminate(
                    st,
                    End::Failed(Failure::Unsupported(format!(
                        "unsupported: by-value argument through a symbolic pointer at {at}"
                    ))),
                    validate,
                );
                return StepOut::Done;
            };
            let ok = st
                .mem
                .find(src_addr)
                .filter(|o| src_addr + size <= o.base + o.size)
                .map(|o| o.base);
            let Some(src_base) = ok else {
                self.terminate(
                    st,
                    End::Failed(Failure::Ub(format!(
                        "undefined behaviour: invalid by-value argument at {at}"
                    ))),
                    validate,
                );
                return StepOut::Done;
            };
            let name = format!("{}.byval{i}", callee.name);
            let Some(copy) = st.mem.allocate(size, 16, ObjKind::Stack, name, false) else {
                self.terminate(
                    st,
                    End::Failed(Failure::from("address space exhausted")),
                    validate,
                );
                return StepOut::Done;
            };
            let pb = self.ptr_bits();
            for k in 0..size {
                let byte = st
                    .mem
                    .read(src_base, b::bv(pb, (src_addr - src_base + k) as u128), 1);
                st.mem.write(copy, b::bv(pb, k as u128), byte);
            }
            allocas.push(copy);
            regs[callee.params[i].index()] = Some(b::bv(pb, copy as u128));
        }
        st.frames.push(Frame {
            func: target,
            regs,
            ret: Some((ret_loc, dst)),
            allocas,
            slots: Default::default(),
        });
        st.loc = callee.entry;
        StepOut::Continue(st)
    }

    /// Pops the innermost frame (freeing its allocas) and passes `rv` to the
    /// caller; the bottom frame's return ends main or a handler.
    pub(crate) fn ret(
        &mut self,
        mut st: State,
        rv: Option<Expr>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let frame = st.frames.pop().expect("frame");
        for base in &frame.allocas {
            st.mem.remove(*base);
        }
        // a technique's frame data may change the value (the innermost of
        // folded recursive activations: the returns of the activations in
        // between, at once, see `compact::recursion`)
        let rv = frame.slots.map_return(rv);
        match frame.ret {
            // main, an exit handler or a destructor returned
            None => self.bottom_returned(st, frame, rv, validate),
            Some((loc, dst)) => {
                if st.life.phase == crate::structors::Phase::Ctors && st.frames.len() == 1 {
                    // the last constructor returned into main's entry
                    st.life.phase = crate::structors::Phase::Main;
                }
                if let (Some(d), Some(v)) = (dst, rv) {
                    let ty = self.module.func(st.func()).vars[d.index()].ty;
                    let v = match (v.sort(), ty) {
                        (Sort::Bool, Ty::Int(w)) => b::bool_to_bv(v, w),
                        (Sort::Bv(_), Ty::Bool) => bool_of(v),
                        _ => v,
                    };
                    st.frame_mut().regs[d.index()] = Some(v);
                }
                st.loc = loc;
                StepOut::Continue(st)
            }
        }
    }
}
