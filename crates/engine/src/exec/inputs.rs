//! Program inputs (shared input symbols, hints, concrete replay values) and
//! concretization and enumeration of symbolic values.

use super::{Feas, StepOut};
use crate::state::{Input, InputRec, State};
use crate::Engine;
use kappa_expr::build::{self as b};
use kappa_expr::{eval, Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{SrcLoc, Ty};
use std::rc::Rc;

/// Why an enumeration stopped when no valuation of a state was found (see
/// `Engine::probe`).
const NO_PROBE: &str = "no model found to enumerate a symbolic value";

impl Engine<'_> {
    /// The value of the next input of the path (read by `origin` at `src`):
    /// the shared input symbol, or the concrete value under
    /// `concrete_inputs` (0 past their end); recorded in the state's inputs.
    pub(crate) fn new_input(
        &mut self,
        st: &mut State,
        ty: Ty,
        origin: &str,
        src: Option<SrcLoc>,
    ) -> Expr {
        let k = st.inputs.len();
        let (sort, w) = match ty {
            Ty::Bool => (Sort::Bool, 1),
            Ty::Int(w) => (Sort::Bv(w), w),
        };
        let (sym, origin) = self.input_symbol(k, ty, origin);
        if self.cfg.concrete_inputs.is_none() {
            if let Some(v) = self.techniques_on_input(sym, src) {
                // a fresh input of this path: not in its path condition, so
                // any witness value keeps the witness a model of it
                if st.witness.scalars.get(&sym).is_none() {
                    st.witness.set(sym, v & kappa_expr::mask(w));
                    self.stats.hinted_inputs += 1;
                }
            }
        }
        if self.cfg.record_events {
            st.trail.events.push_back(crate::PathEvent::Input {
                src,
                index: k as u32,
            });
        }
        st.inputs.push_back(Input::One(InputRec {
            sym,
            origin,
            ty,
            src,
        }));
        if let Some(vals) = &self.cfg.concrete_inputs {
            let raw = vals.get(k).copied().unwrap_or(0);
            // like the native harness: a nonzero value is `true` for _Bool
            return if sort == Sort::Bool {
                b::bool_const(raw != 0)
            } else {
                b::bv(w, raw & kappa_expr::mask(w))
            };
        }
        b::sym(sym)
    }

    /// The symbol of the `k`-th input of a path, read by `origin` with type
    /// `ty`. Paths share it: the `k`-th input of every path that reads it
    /// with the same function and type is the same symbol. This is sound
    /// because a symbol means something only through the path condition of
    /// the state that holds it: states never exchange constraints, and on
    /// one path the input index `k` only grows, so a symbol is never read
    /// twice on a path. Sharing keeps the expression pool from growing with
    /// the number of paths (2^18 paths of 18 inputs make 18 input symbols,
    /// and their comparisons are shared nodes too).
    fn input_symbol(&mut self, k: usize, ty: Ty, origin: &str) -> (Symbol, Rc<str>) {
        if self.input_syms.len() <= k {
            self.input_syms.resize_with(k + 1, Vec::new);
        }
        if let Some((_, o, s)) = self.input_syms[k]
            .iter()
            .find(|(t, o, _)| *t == ty && &**o == origin)
        {
            return (*s, o.clone());
        }
        let sort = match ty {
            Ty::Bool => Sort::Bool,
            Ty::Int(w) => Sort::Bv(w),
        };
        let short = origin.trim_start_matches("__VERIFIER_nondet_");
        let sym = Symbol::fresh(&format!("in{k}_{short}"), sort, SymbolKind::Input);
        let origin: Rc<str> = origin.into();
        self.input_syms[k].push((ty, origin.clone(), sym));
        (sym, origin)
    }

    /// A concrete value for `e`: its value if constant, else the witness
    /// value, fixed by a constraint (the path then covers only that value and
    /// is marked incomplete).
    pub(crate) fn concretize(&mut self, st: &mut State, e: Expr, what: &str) -> Option<u128> {
        if let Some(v) = e.as_bv_const() {
            return Some(v);
        }
        let v = eval(e, &st.witness)?.bits();
        let c = b::eq(e, b::bv(e.width(), v));
        match self.feasible(st, c) {
            Feas::Sat(m) => {
                Self::constrain(st, c, m);
                st.incomplete
                    .get_or_insert_with(|| format!("symbolic {what} concretized"));
                Some(v)
            }
            _ => None,
        }
    }

    /// A valuation giving `e` a value that `st`'s path condition allows
    /// together with `c`, known satisfiable (`model`: the model of that
    /// check, if any). The witness, overlaid with the model, serves for a
    /// state whose witness satisfies its path condition. A state of compact
    /// execution has none (`State::witness_unchecked`: its quantified path
    /// condition is never checked against the witness), so the valuation
    /// there is a model of the slice of `pc ∧ c` reaching `e`'s symbols:
    /// the solver's own when `model` is one, else one of the rescue
    /// instance (which implies the query) or of the quantifier-free query.
    /// `None` when no model is found.
    fn probe(
        &mut self,
        st: &State,
        c: Expr,
        e: Expr,
        model: Option<(Vec<Symbol>, kappa_expr::Assignment)>,
    ) -> Option<kappa_expr::Assignment> {
        let mut probe = st.witness.clone();
        if let Some((_, m)) = model {
            probe.extend_from(&m);
            return Some(probe);
        }
        if !st.witness_unchecked {
            return Some(probe);
        }
        let mut todo: Vec<Symbol> = self.symbols_of(c).to_vec();
        todo.extend(self.symbols_of(e).iter().copied());
        let (slice, _) = self.slice_from(st, todo);
        let m = if kappa_expr::has_quantifier(&slice) || kappa_expr::has_quantifier(&[c]) {
            self.rescue_check(&slice, c)?
        } else {
            match self.solver.check(&slice, c) {
                kappa_solver::SatResult::Sat(m) => m,
                _ => return None,
            }
        };
        probe.extend_from(&m);
        Some(probe)
    }

    /// Splits `st` by the values `e` may take: one successor per value (at
    /// most `limit`), constrained to it. The second component explains why
    /// some values were dropped (too many, solver undecided); the caller
    /// records it as a failed leaf.
    pub(crate) fn enumerate(
        &mut self,
        st: State,
        e: Expr,
        limit: usize,
    ) -> (Vec<(State, u128)>, Option<String>) {
        if let Some(v) = e.as_bv_const() {
            return (vec![(st, v)], None);
        }
        let w = e.width();
        let mut out = vec![];
        let mut excluded = b::tru();
        let Some(mut probe) = self.probe(&st, b::tru(), e, None) else {
            return (out, Some(NO_PROBE.into()));
        };
        loop {
            let Some(v) = eval(e, &probe).map(|v| v.bits()) else {
                return (out, Some("cannot evaluate a symbolic value".into()));
            };
            let c = b::eq(e, b::bv(w, v));
            match self.feasible(&st, c) {
                Feas::Sat(m) => {
                    let mut s = st.clone();
                    s.id = self.new_state_id();
                    Self::constrain(&mut s, c, m);
                    out.push((s, v));
                }
                Feas::Unsat => return (out, Some("internal: enumerated value infeasible".into())),
                Feas::Unknown(r) => {
                    return (
                        out,
                        Some(format!("solver {r} enumerating a symbolic value")),
                    )
                }
            }
            excluded = b::and(excluded, b::ne(e, b::bv(w, v)));
            match self.feasible(&st, excluded) {
                Feas::Unsat => break,
                Feas::Sat(m) => {
                    if out.len() >= limit {
                        return (
                            out,
                            Some(format!(
                                "symbolic value with more than {limit} possible values"
                            )),
                        );
                    }
                    let Some(p) = self.probe(&st, excluded, e, m) else {
                        return (out, Some(NO_PROBE.into()));
                    };
                    probe = p;
                }
                Feas::Unknown(r) => {
                    return (
                        out,
                        Some(format!("solver {r} enumerating a symbolic value")),
                    )
                }
            }
        }
        if out.len() > 1 {
            self.stats.states += out.len() as u64 - 1;
        }
        (out, None)
    }

    /// Runs `f` on every successor of [`Self::enumerate`] and gathers the results.
    pub(crate) fn for_each_value(
        &mut self,
        st: State,
        e: Expr,
        what: &str,
        at: &str,
        f: &mut dyn FnMut(&mut Self, State, u128) -> StepOut,
    ) -> StepOut {
        self.for_each_value_up_to(st, e, 16, what, at, f)
    }

    /// [`Self::for_each_value`] with at most `limit` values.
    pub(crate) fn for_each_value_up_to(
        &mut self,
        st: State,
        e: Expr,
        limit: usize,
        what: &str,
        at: &str,
        f: &mut dyn FnMut(&mut Self, State, u128) -> StepOut,
    ) -> StepOut {
        let (succ, dropped) = self.enumerate(st, e, limit);
        if let Some(why) = dropped {
            self.record_failed(format!("{why} ({what} at {at})"));
        }
        let mut outs = vec![];
        for (s, v) in succ {
            match f(self, s, v) {
                StepOut::Continue(s) => outs.push(s),
                StepOut::Fork(v) => outs.extend(v),
                StepOut::Done => {}
            }
        }
        self.fan_out(outs)
    }
}
