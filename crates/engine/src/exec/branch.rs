//! Branching: the feasible successors of a location with several outgoing
//! edges, continued in place or forked.

use super::{bool_of, dummy_state, Feas, StepOut};
use crate::state::State;
use crate::tree::LeafKind;
use crate::Failure;
use crate::{End, Engine, ErrorWitness, Validation};
use kappa_ir::{EdgeId, Instr};

impl Engine<'_> {
    /// Takes the feasible ones of the assume edges `succs`: none prunes the
    /// path, one continues in place, several fork (a clone per edge).
    pub(super) fn branch(
        &mut self,
        mut st: State,
        succs: &[EdgeId],
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let m = self.module;
        let f = m.func(st.func());
        let mut feasible = vec![];
        for &e in succs {
            let edge = &f.edges[e.index()];
            let Instr::Assume(c) = &edge.instr else {
                unreachable!("validated IR: branches are assumes")
            };
            let mut ob = vec![];
            let c = match self.eval_value(&st, c, &mut ob) {
                Ok(c) => bool_of(c),
                Err(err) => {
                    self.terminate(st, End::Failed(Failure::from(err)), validate);
                    return StepOut::Done;
                }
            };
            match self.feasible(&st, c) {
                Feas::Sat(model) => feasible.push((e, c, model)),
                Feas::Unsat => {}
                Feas::Unknown(r) => {
                    let at = m.describe(edge.src);
                    self.record_failed(Failure::Solver(format!("solver {r} at branch {at}")));
                    self.tree_leaf(&st, LeafKind::Failed(format!("solver {r}")));
                }
            }
        }
        self.coverage.bump(st.func(), st.loc);
        let record = |s: &mut State, e: EdgeId| {
            if let Some(k) = succs.iter().position(|x| *x == e) {
                s.trail.events.push_back(crate::PathEvent::Branch {
                    src: f.edges[e.index()].src,
                    taken: k as u32,
                    of: succs.len() as u32,
                });
            }
        };
        match feasible.len() {
            0 => {
                self.terminate(st, End::Pruned, validate);
                StepOut::Done
            }
            1 => {
                let (e, c, model) = feasible.pop().unwrap();
                Self::constrain(&mut st, c, model);
                if self.cfg.record_events {
                    record(&mut st, e);
                }
                let edge = &f.edges[e.index()];
                st.visit(edge.src);
                st.loc = edge.to;
                self.stats.instructions += 1;
                StepOut::Continue(st)
            }
            n => {
                let label = self.describe(st.func(), st.loc);
                let mut out = Vec::with_capacity(n);
                let mut iter = feasible.into_iter().peekable();
                while let Some((e, c, model)) = iter.next() {
                    let mut s = if iter.peek().is_some() {
                        let mut s = st.clone();
                        s.id = self.new_state_id();
                        s
                    } else {
                        std::mem::replace(&mut st, dummy_state())
                    };
                    Self::constrain(&mut s, c, model);
                    if self.cfg.record_events {
                        record(&mut s, e);
                    }
                    let edge = &f.edges[e.index()];
                    s.visit(edge.src);
                    s.loc = edge.to;
                    s.depth += 1;
                    if let Some(t) = self.tree.as_mut() {
                        s.tree_node = t.add(s.tree_node, label.clone(), c.to_string(), None);
                    }
                    out.push(s);
                }
                self.stats.instructions += 1;
                StepOut::Fork(out)
            }
        }
    }
}
