//! Recursion templates (Trtík's report on compact symbolic execution,
//! Section 5.2): for a function calling itself directly, a template for the
//! phase of calls and one for the phase of returns, sharing the parameter κ.
//!
//! The phase of calls is Algorithm 1 on a call cycle (see
//! `kappa_loops::recursion`): the path from the entry to the recursive call,
//! closed by the parallel assignment parameters := arguments. Its
//! parametric states are the ways out of activation κ after κ nested calls,
//! with every closed form exact modulo 2^w exactly as for loop templates.
//!
//! The phase of returns is computed from the return path (the code after
//! the call up to the return, which must not branch): one return maps the
//! value `r` returned by the callee to `g(r)`. Only `g` that depend on `r`
//! alone are accepted (values of the activation such as its parameters
//! would make `g` differ per level), and then:
//! - `g(r) = r + c` or `r · c` (or `r << k`): the progression rules of
//!   `template::progression`, exact modulo 2^w;
//! - `g` not mentioning `r`: after κ ≥ 1 returns the value is `g`, so it is
//!   `ite(κ > 0, g, r)` (exact);
//! - anything else: no template (`NotApplicable`), the recursion runs
//!   classically.
//!
//! The call-stack record that stands for the κ folded activations is the
//! [`Folded`] slot of the innermost activation's frame: when
//! that frame returns `r`, its caller receives `g_κ(r)`, as if the κ
//! activations in between had returned one by one. The folded activations
//! hold no stack objects (their path has no allocation) and write no memory
//! (no store or call on the path, none on the return path), so nothing else
//! of theirs is observable after the return.

use super::template::{progression, sort_of, value_vars, Closing, ReturnPhase, Template};
use crate::technique::SlotData;
use crate::Engine;
use kappa_expr::build::{self as b};
use kappa_expr::{Expr, Symbol, SymbolKind};
use kappa_ir::{EdgeId, FuncId, Instr, VarId};
use kappa_loops::{Cycle, RecursionCycle};

/// The record of folded recursive activations, in the frame slot of the
/// innermost one (the report's special call-stack record): that frame is
/// the innermost of κ + 1 activations, and when it returns `r` its caller
/// receives `value` with `r0` replaced by `r` (`value` = `None`: the
/// function returns nothing).
#[derive(Clone, Debug)]
pub(crate) struct Folded {
    /// The symbol standing for the innermost activation's return value.
    pub r0: Symbol,
    /// What the outermost activation returns, in terms of `r0`.
    pub value: Option<Expr>,
}

impl SlotData for Folded {
    fn map_return(&self, rv: Option<Expr>) -> Option<Expr> {
        match (self.value, rv) {
            (Some(g), Some(v)) => Some(kappa_expr::substitute(g, &|x| (x == self.r0).then_some(v))),
            (_, rv) => rv,
        }
    }
}

impl Engine<'_> {
    /// The recursion template of call cycle `rc` of `func`, or why none.
    pub(crate) fn recursion_template(
        &mut self,
        func: FuncId,
        rc: &RecursionCycle,
    ) -> Result<Template, String> {
        let m = self.module;
        let f = m.func(func);
        let ret_path = rc.ret_path.clone()?;
        if !f.byval.is_empty() {
            return Err("a by-value parameter".into());
        }
        let call = &f.edges[rc.call.index()];
        let Instr::Call { dst, args, .. } = &call.instr else {
            return Err("not a call".into());
        };
        if f.variadic || args.len() != f.params.len() {
            return Err("a variadic recursive call".into());
        }
        let closing = Closing {
            from: call.from,
            moves: f.params.iter().copied().zip(args.iter().cloned()).collect(),
        };
        let cycle = Cycle {
            entry: f.entry,
            core: rc.core.clone(),
            exits: rc.exits.clone(),
            leaves_loop: vec![true; rc.exits.len()],
        };
        let mut t = self.template_of(func, &cycle, Some(&closing))?;
        t.returns = Some(self.return_phase(func, rc.call, *dst, &ret_path, t.kappa)?);
        Ok(t)
    }

    /// The phase of returns: the return path run once from a symbol `r0`
    /// for the callee's result, then closed over κ returns.
    fn return_phase(
        &mut self,
        func: FuncId,
        call: EdgeId,
        dst: Option<VarId>,
        path: &[EdgeId],
        kappa: Symbol,
    ) -> Result<ReturnPhase, String> {
        let m = self.module;
        let f = m.func(func);
        let (last, body) = path.split_last().ok_or("an empty return path")?;
        let mut read = vec![];
        for e in body {
            match &f.edges[e.index()].instr {
                Instr::Assign { value, .. } => value_vars(value, &mut read),
                Instr::Phi(moves) => moves.iter().for_each(|(_, v)| value_vars(v, &mut read)),
                _ => {
                    return Err(format!(
                        "the code after the recursive call at {} does more than compute",
                        m.describe(f.edges[e.index()].src)
                    ))
                }
            }
        }
        let Instr::Return(rv) = &f.edges[last.index()].instr else {
            return Err("the return path does not end in a return".into());
        };
        if let Some(v) = rv {
            value_vars(v, &mut read);
        }
        let r_sort = match f.ret {
            Some(ty) => sort_of(ty),
            None => kappa_expr::Sort::Bool,
        };
        let r0 = Symbol::fresh("ret", r_sort, SymbolKind::Fresh);
        if let Some(d) = dst {
            if sort_of(f.vars[d.index()].ty) != r_sort {
                return Err("the recursive call's result converted to another type".into());
            }
        }
        let mut st = self.scratch_state(func);
        for v in read {
            let s = if Some(v) == dst {
                r0
            } else {
                Symbol::fresh("act", sort_of(f.vars[v.index()].ty), SymbolKind::Fresh)
            };
            st.frame_mut().regs[v.index()] = Some(b::sym(s));
        }
        let cond = self.run_core_edges(
            func,
            body,
            &mut st,
            (&[], &[]),
            &mut super::template::Effects::default(),
            &mut |_, _| unreachable!("the return path has no reads"),
        )?;
        if cond.as_bool_const() != Some(true) {
            return Err("the code after the recursive call has a condition".into());
        }
        let value = match rv {
            None => None,
            Some(v) => {
                let mut ob = vec![];
                let g = self.eval_value(&st, v, &mut ob)?;
                if ob.iter().any(|o| o.cond.as_bool_const() != Some(true)) {
                    return Err("possible undefined behaviour in the return value".into());
                }
                let (syms, funcs) = kappa_expr::print::free_symbols(&[g]);
                if !funcs.is_empty() || syms.iter().any(|s| *s != r0) {
                    return Err("the return value depends on the activation's own values".into());
                }
                let k = b::sym(kappa);
                let closed = if syms.is_empty() {
                    Some(b::ite(b::ugt(k, b::bv(64, 0)), g, b::sym(r0)))
                } else {
                    progression(b::sym(r0), g, k)
                };
                Some(closed.ok_or("the return value follows no supported progression")?)
            }
        };
        Ok(ReturnPhase { call, r0, value })
    }
}
