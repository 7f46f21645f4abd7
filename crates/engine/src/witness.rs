//! Error witnesses: the test (input values in read order, including the
//! per-iteration input sequences of compact execution) and the source path of
//! a state that reached `reach_error`.

use crate::state::{Input, IteratedRead, State};
use crate::{Engine, ErrorWitness, TestInput};
use kappa_expr::build::{self as b};
use kappa_expr::{eval, Assignment, Expr};
use kappa_solver::SatResult;

/// Most input values a test may hold (iterated inputs expand to one value
/// per iteration); a longer test is not built.
pub const MAX_TEST_INPUTS: u64 = 10_000_000;

/// Candidate parameter values tried for an error test of a compact path
/// (each checked by solving its quantifier-free instance).
pub const WITNESS_ATTEMPTS: usize = 6;

impl ErrorWitness {
    /// The test of this witness in the replay crate's terms: each input's
    /// origin and its value as C would print it ([`TestInput::decimal`]).
    pub fn test_vector(&self) -> kappa_replay::TestVector {
        kappa_replay::TestVector {
            inputs: self
                .inputs
                .iter()
                .map(|i| kappa_replay::TestInput {
                    origin: i.origin.clone(),
                    value: i.decimal(),
                })
                .collect(),
        }
    }
}

impl Engine<'_> {
    pub(crate) fn error_witness(&mut self, st: &State) -> Result<ErrorWitness, String> {
        // a full model of the whole path condition (no slicing) for the inputs
        if std::env::var_os("KAPPA_DEBUG_WITNESS").is_some() {
            for c in &st.pc {
                eprintln!("pc: {c}  [witness: {:?}]", eval(*c, &st.witness));
            }
        }
        // the witness is a model of the path condition (state invariant);
        // check it, and fall back to the solver if the check ever fails
        let pc: Vec<Expr> = st.pc.iter().copied().filter(|c| !c.is_const()).collect();
        let witness_ok = !st.witness_unchecked
            && pc
                .iter()
                .all(|c| kappa_expr::eval::eval_bool(*c, &st.witness) == Some(true));
        let model = if witness_ok {
            st.witness.clone()
        } else {
            if !st.witness_unchecked {
                tracing::warn!("witness does not satisfy the path condition; asking the solver");
            }
            // quantified (compact) path conditions: a quantifier-free
            // instance's model is a model, and much cheaper
            let rescued = if st.witness_unchecked {
                self.rescue_check(&pc, b::tru())
            } else {
                None
            };
            let answer = match rescued {
                Some(m) => SatResult::Sat(m),
                None => self.solver.check(&pc, b::tru()),
            };
            match answer {
                SatResult::Sat(m) => {
                    let mut w = st.witness.clone();
                    let (syms, _) = kappa_expr::print::free_symbols(&pc);
                    for s in syms {
                        if let Some(v) = m.scalars.get(&s) {
                            w.set(s, *v);
                        }
                        if let Some(a) = m.arrays.get(&s) {
                            w.arrays.insert(s, a.clone());
                        }
                    }
                    w
                }
                SatResult::Unsat => {
                    return Err("internal: error path condition unsatisfiable".into())
                }
                SatResult::Unknown(r) => {
                    return Err(format!("solver {r} computing the error test"))
                }
            }
        };
        // per-iteration inputs: solve the quantifier-free instance at the
        // model's parameter values (solvers rarely give array models of
        // quantified formulas in a readable form)
        let kappas: Vec<(kappa_expr::Symbol, u128)> = st
            .inputs
            .iter()
            .filter_map(|i| match i {
                Input::Iterated { count, .. } => Some(*count),
                Input::At { index, .. } => Some(*index),
                Input::One(_) => None,
            })
            .filter_map(|e| match e.kind() {
                kappa_expr::Kind::Sym(s) => Some((s, model.get(s))),
                _ => None,
            })
            .collect();
        // and the parameters of templates that read no input (recursion,
        // loops over registers only): fixing them too makes the instance
        // quantifier-free, so its model is checked, not trusted
        let mut kappas = kappas;
        if st.witness_unchecked {
            let (syms, _) = kappa_expr::print::free_symbols(&pc);
            for s in syms {
                if s.info().kind == kappa_expr::SymbolKind::Param
                    && !kappas.iter().any(|(k, _)| *k == s)
                {
                    kappas.push((s, model.get(s)));
                }
            }
            kappas.sort();
        }
        let model = if kappas.is_empty() {
            model
        } else {
            let mut pc_all = pc.clone();
            pc_all.sort();
            pc_all.dedup();
            // prefer parameter values whose instance can be expanded
            let small = b::and_all(kappas.iter().map(|(k, _)| {
                b::ule(
                    b::sym(*k),
                    b::bv(64, crate::compact::MAX_INSTANCE_ITERATIONS as u128),
                )
            }));
            // candidate parameter values: from a quantifier-free instance
            // (κ ≤ 32), else from the quantified query; each is checked by
            // solving its instance (a solver's model of a quantified query
            // is not trusted: a candidate whose instance is unsatisfiable
            // is excluded and the next one asked for)
            let mut candidate: Option<Vec<(kappa_expr::Symbol, u128)>> = self
                .rescue_check(&pc_all, b::tru())
                .map(|m| kappas.iter().map(|(k, _)| (*k, m.get(*k))).collect());
            let mut block = b::tru();
            let mut last = String::from("no parameter values found");
            let mut found = None;
            for _ in 0..WITNESS_ATTEMPTS {
                let ks: Vec<(kappa_expr::Symbol, u128)> = match candidate.take() {
                    Some(ks) => ks,
                    None => match self.solver.check(&pc_all, b::and(small, block)) {
                        SatResult::Sat(m) => kappas.iter().map(|(k, _)| (*k, m.get(*k))).collect(),
                        SatResult::Unsat => break,
                        SatResult::Unknown(r) => {
                            last = format!("solver {r} computing the error test's parameters");
                            break;
                        }
                    },
                };
                match self.instance_model(&pc_all, &ks) {
                    Ok(m) => {
                        found = Some(m);
                        break;
                    }
                    Err(e) => {
                        last = e;
                        let same =
                            b::and_all(ks.iter().map(|(k, v)| b::eq(b::sym(*k), b::bv(64, *v))));
                        block = b::and(block, b::not(same));
                    }
                }
            }
            match found {
                Some(m) => m,
                None => return Err(last),
            }
        };
        let inputs = self.test_inputs(st, &model)?;
        let path = st
            .trail
            .steps
            .iter()
            .map(|(_, s)| self.module.describe(Some(*s)))
            .collect();
        let location = st
            .trail
            .steps
            .last()
            .map(|(_, s)| self.module.describe(Some(*s)))
            .unwrap_or_else(|| "?".into());
        Ok(ErrorWitness {
            inputs,
            path,
            path_elided: st.trail.elided,
            location,
            error_src: st.trail.last_src,
            events: st.trail.events.iter().copied().collect(),
        })
    }

    /// The input values of `st` under `model`, in read order.
    pub(crate) fn test_inputs(
        &self,
        st: &State,
        model: &Assignment,
    ) -> Result<Vec<TestInput>, String> {
        let mut out = vec![];
        let at = |k: usize| {
            self.cfg
                .concrete_inputs
                .as_ref()
                .map(|v| v.get(k).copied().unwrap_or(0))
        };
        let value_of = |e: Expr| -> Result<u128, String> {
            eval(e, model)
                .map(|v| v.bits())
                .ok_or_else(|| "cannot evaluate an input under the model".to_string())
        };
        let read_at = |r: &IteratedRead, t: u128| -> TestInput {
            let v = model.arrays.get(&r.array).map(|a| a.at(t)).unwrap_or(0);
            TestInput {
                origin: r.origin.to_string(),
                ty: r.ty,
                bits: v & kappa_expr::mask(r.ty.bits()),
                at: self.module.describe(r.src),
            }
        };
        for item in st.inputs.iter() {
            match item {
                Input::One(i) => {
                    let bits = match at(out.len()) {
                        Some(v) => v,
                        None => model.get(i.sym),
                    };
                    out.push(TestInput {
                        origin: i.origin.to_string(),
                        ty: i.ty,
                        bits: bits & kappa_expr::mask(i.ty.bits()),
                        at: self.module.describe(i.src),
                    });
                }
                Input::Iterated { count, reads } => {
                    let n = value_of(*count)?;
                    if (out.len() as u128).saturating_add(n.saturating_mul(reads.len() as u128))
                        > MAX_TEST_INPUTS as u128
                    {
                        return Err(format!(
                            "test with more than {MAX_TEST_INPUTS} inputs ({n} iterations)"
                        ));
                    }
                    for t in 0..n {
                        for r in reads.iter() {
                            out.push(read_at(r, t));
                        }
                    }
                }
                Input::At { read, index } => {
                    let t = value_of(*index)?;
                    out.push(read_at(read, t));
                }
            }
        }
        Ok(out)
    }
}
