//! Path ends: the execution tree's leaves, recorded leaves and paths, and
//! validation of error witnesses.

use crate::memory::Memory;
use crate::state::State;
use crate::tree::LeafKind;
use crate::{End, Engine, ErrorWitness, PathRecord, Validation};
use kappa_expr::build::{self as b};
use kappa_expr::eval;

impl Engine<'_> {
    /// Adds a leaf of `kind` under `st`'s node of the execution tree (if kept).
    pub(super) fn tree_leaf(&mut self, st: &State, kind: LeafKind) {
        let label = self.describe(st.func(), st.loc);
        if let Some(t) = self.tree.as_mut() {
            t.add(st.tree_node, label, String::new(), Some(kind));
        }
    }

    /// Ends the path of `st` with `end`: counts and records it, and for an
    /// error builds its witness and validates it (confirmed or a failed leaf).
    pub(crate) fn terminate(
        &mut self,
        st: State,
        end: End,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) {
        self.stats.paths += 1;
        let concrete = self.cfg.concrete_inputs.is_some();
        let record = |this: &mut Self, st: &State, end: String| {
            if this.cfg.record_leaves {
                let leaf = crate::LeafRecord {
                    at: this.describe(st.func(), st.loc),
                    pc: st.pc.iter().fold(b::tru(), |a, c| b::and(a, *c)),
                    inputs: st
                        .inputs
                        .iter()
                        .map(|i| match i {
                            crate::state::Input::One(r) => Some(b::sym(r.sym)),
                            _ => None,
                        })
                        .collect(),
                    end: end.clone(),
                };
                this.leaves.push(leaf);
            }
            if concrete {
                let trace = st
                    .trace
                    .iter()
                    .map(|e| {
                        eval(*e, &st.witness)
                            .map(|v| kappa_expr::to_signed(v.bits(), e.width()))
                            .unwrap_or(0)
                    })
                    .collect();
                this.paths.push(PathRecord { end, trace });
            }
        };
        match end {
            End::Exit => {
                self.state_incomplete(&st);
                self.tree_leaf(&st, LeafKind::Exit);
                record(self, &st, "exit".into());
            }
            End::Pruned => {
                self.state_incomplete(&st);
                self.tree_leaf(&st, LeafKind::Exit);
                record(self, &st, "exit".into());
            }
            End::Failed(why) => {
                self.tree_leaf(&st, LeafKind::Failed(why.to_string()));
                record(self, &st, format!("failed: {why}"));
                self.record_failed(why);
            }
            End::Error => {
                self.tree_leaf(&st, LeafKind::Error);
                record(self, &st, "error".into());
                let witness = match self.error_witness(&st) {
                    Ok(w) => w,
                    Err(why) => {
                        self.record_failed(why);
                        return;
                    }
                };
                match validate(&witness) {
                    Validation::Confirmed => {
                        self.techniques_on_error(&st);
                        self.confirmed = Some(witness)
                    }
                    Validation::Rejected(why) => {
                        let mut vals: Vec<String> = witness
                            .inputs
                            .iter()
                            .take(20)
                            .map(|i| i.decimal())
                            .collect();
                        if witness.inputs.len() > 20 {
                            vals.push(format!("… {} more", witness.inputs.len() - 20));
                        }
                        self.record_failed(format!(
                            "error path at {} found but its test [{}] did not replay ({why})",
                            witness.location,
                            vals.join(" ")
                        ))
                    }
                }
            }
        }
    }
}

/// An empty placeholder state (for `mem::replace` and tests).
pub(crate) fn dummy_state() -> State {
    State::start(0, kappa_ir::Loc(0), vec![], Memory::new(32))
}
