//! The technique seam: the trait through which the engine calls its loop
//! techniques (compact execution, state matching, loop navigation, pruning
//! with a necessary condition), and the per-state and per-frame slots that
//! hold their data. Registration and installation: [`crate::registry`].
//!
//! The model is Miri's `Machine`: the interpreter (the engine's classic
//! step, in `exec`) runs on its own and calls the installed techniques at
//! defined points:
//!
//! | hook | when | may |
//! |---|---|---|
//! | [`Technique::prepare`] | once, before the first step | answer `true` (a proof before execution) |
//! | [`Technique::at_location`] | before each step of a state | take the step (replace it), end the state, or pass |
//! | [`Technique::on_fork`] | after a step forked | reorder or drop successors |
//! | [`Technique::on_input`] | a path reads a program input | note it, suggest a witness value |
//! | [`Technique::on_error`] | an error path was confirmed natively | record statistics |
//!
//! Techniques compose: any subset may be installed in one run; every hook
//! runs them in registration order ([`crate::REGISTRY`]), and at a location the
//! first technique that takes the step wins (the others do not see that
//! state at that step). A technique that cannot handle a state passes it on
//! unchanged, so the next technique or, last, the classic step handles it:
//! a technique never drops a path except by a proof (pruning, navigation,
//! matching, each of which says why the dropped path reaches no error).
//!
//! While one of its hooks runs, a technique is taken out of the engine (its
//! `&mut self` and the engine's `&mut` are disjoint); hooks of the *other*
//! techniques still run from inside it (e.g. pruning sees the inputs that a
//! compact template's computation reads), the running technique's own hooks
//! do not re-enter.
//!
//! A technique's data for one state lives in the state's [`Slots`] (or a
//! frame's), keyed by its type, never in fields of `State`/`Frame`. A frame
//! slot may change the value the frame returns ([`SlotData::map_return`]),
//! so that meaning travels with the frame and does not depend on the
//! technique being installed when the frame returns. The solver time caps
//! that techniques use are the engine core's (`budget`).

use crate::exec::StepOut;
use crate::state::State;
use crate::Engine;
use kappa_expr::{Expr, Symbol};
use kappa_ir::{FuncId, Loc, SrcLoc};
use std::any::{Any, TypeId};
use std::fmt::Debug;

/// What a technique did with a state at its location.
pub(crate) enum Hook {
    /// Not taken: the state (possibly with updated slots) goes on to the
    /// next technique and then to the classic step.
    Pass(State),
    /// The technique took the step: these are its successors.
    Took(StepOut),
    /// The state ends here without reaching anything (a proof: matched by a
    /// covering state); the engine terminates it as pruned.
    End(State),
}

/// A loop technique plugged into the engine (see the module documentation).
/// Every hook has a default that does nothing, so a technique implements
/// only the hooks it needs.
pub(crate) trait Technique<'m> {
    /// Short name, for messages.
    fn name(&self) -> &'static str;

    /// Registers this technique's counters before the run, so the report
    /// shows them even when nothing was counted (see
    /// [`crate::technique_stats`]). Default: none.
    fn register_stats(&self, _stats: &mut crate::technique_stats::TechniqueCounters) {}

    /// Before the first step of a run from `main`: `Some(reason)` proves
    /// that no run reaches `reach_error` (the verdict is `true`, with the
    /// reason); `None` lets execution start.
    fn prepare(&mut self, _eng: &mut Engine<'m>, _main: FuncId) -> Option<String> {
        None
    }

    /// Whether [`Self::at_location`] may do anything for `st` at its
    /// location: a cheap test run before every step, which may update the
    /// technique's bookkeeping in `st` (it runs exactly once per step). The
    /// engine calls the `at_location` hooks only when some technique wants
    /// the state (moving a state through the hooks costs more than a
    /// concrete step: measured 40% of classic execution's time on a long
    /// concrete loop). Default: `true` (always called).
    fn wants(&mut self, _eng: &mut Engine<'m>, _st: &mut State) -> bool {
        true
    }

    /// Before the step of `st` at its location, when some technique
    /// [`Self::wants`] it.
    fn at_location(&mut self, _eng: &mut Engine<'m>, st: State) -> Hook {
        Hook::Pass(st)
    }

    /// After a step at `at` forked into `states` (at least two): the states
    /// to keep, in the order the searcher should get them.
    fn on_fork(&mut self, _eng: &mut Engine<'m>, _at: Loc, states: Vec<State>) -> Vec<State> {
        states
    }

    /// A path read a fresh program input, the engine symbol `sym`, at
    /// `src`: a suggested witness value for it, if any (a hint for the
    /// search; any `false` is still replayed natively).
    fn on_input(
        &mut self,
        _eng: &mut Engine<'m>,
        _sym: Symbol,
        _src: Option<SrcLoc>,
    ) -> Option<u128> {
        None
    }

    /// The error path of `st` was confirmed by native replay.
    fn on_error(&mut self, _eng: &mut Engine<'m>, _st: &State) {}
}

impl<'m> Engine<'m> {
    /// The names of the installed techniques, in hook order.
    pub fn technique_names(&self) -> Vec<&'static str> {
        self.techniques.iter().flatten().map(|t| t.name()).collect()
    }

    /// Runs `f` on the `i`-th installed technique, taken out of the engine
    /// meanwhile; `None` when there is none or it is running already.
    fn with_technique<R>(
        &mut self,
        i: usize,
        f: impl FnOnce(&mut (dyn Technique<'m> + 'm), &mut Engine<'m>) -> R,
    ) -> Option<R> {
        let mut t = self.techniques.get_mut(i)?.take()?;
        let r = f(&mut *t, self);
        self.techniques[i] = Some(t);
        Some(r)
    }

    /// [`Technique::prepare`] of each technique until one proves the program safe.
    pub(crate) fn techniques_prepare(&mut self, main: FuncId) -> Option<String> {
        tracing::debug!(techniques = ?self.technique_names(), "installed techniques");
        for t in self.techniques.iter().flatten() {
            t.register_stats(&mut self.stats.techniques);
        }
        (0..self.techniques.len())
            .find_map(|i| self.with_technique(i, |t, e| t.prepare(e, main)).flatten())
    }

    /// Whether some technique [`Technique::wants`] `st` at its location
    /// (each one is asked, as the test may update its bookkeeping).
    #[inline]
    pub(crate) fn techniques_want(&mut self, st: &mut State) -> bool {
        let mut any = false;
        for i in 0..self.techniques.len() {
            let Some(mut t) = self.techniques[i].take() else {
                continue;
            };
            any |= t.wants(self, st);
            self.techniques[i] = Some(t);
        }
        any
    }

    /// [`Technique::at_location`] of each technique until one takes the step.
    pub(crate) fn techniques_at_location(&mut self, mut st: State) -> Hook {
        for i in 0..self.techniques.len() {
            let Some(mut t) = self.techniques[i].take() else {
                continue;
            };
            let h = t.at_location(self, st);
            self.techniques[i] = Some(t);
            match h {
                Hook::Pass(s) => st = s,
                other => return other,
            }
        }
        Hook::Pass(st)
    }

    /// [`Technique::on_fork`] of each technique in turn.
    pub(crate) fn techniques_on_fork(&mut self, at: Loc, mut states: Vec<State>) -> Vec<State> {
        for i in 0..self.techniques.len() {
            let taken = std::mem::take(&mut states);
            states = match self.techniques.get_mut(i).and_then(Option::take) {
                Some(mut t) => {
                    let kept = t.on_fork(self, at, taken);
                    self.techniques[i] = Some(t);
                    kept
                }
                None => taken,
            };
        }
        states
    }

    /// [`Technique::on_input`] of each technique; the first hint wins.
    pub(crate) fn techniques_on_input(&mut self, sym: Symbol, src: Option<SrcLoc>) -> Option<u128> {
        let mut hint = None;
        for i in 0..self.techniques.len() {
            let h = self
                .with_technique(i, |t, e| t.on_input(e, sym, src))
                .flatten();
            hint = hint.or(h);
        }
        hint
    }

    /// [`Technique::on_error`] of each technique.
    pub(crate) fn techniques_on_error(&mut self, st: &State) {
        for i in 0..self.techniques.len() {
            self.with_technique(i, |t, e| t.on_error(e, st));
        }
    }
}

/// A technique's per-state or per-frame datum (see [`Slots`]). Implement it
/// with an empty `impl` for a `Clone + Debug` type; a frame slot may
/// override [`SlotData::map_return`].
pub trait SlotData: AsAny + CloneSlot + Debug {
    /// The value the frame holding this slot returns to its caller, given
    /// the value its `ret` instruction returns. Default: unchanged.
    fn map_return(&self, rv: Option<Expr>) -> Option<Expr> {
        rv
    }
}

/// Downcasting of a [`SlotData`] (implemented for every type).
pub trait AsAny {
    /// `self` as `Any`.
    fn as_any(&self) -> &dyn Any;
    /// `self` as mutable `Any`.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Any> AsAny for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// Cloning of a boxed [`SlotData`] (implemented for every `Clone` type).
pub trait CloneSlot {
    /// A boxed copy.
    fn clone_slot(&self) -> Box<dyn SlotData>;
}

impl<T: SlotData + Clone + 'static> CloneSlot for T {
    fn clone_slot(&self) -> Box<dyn SlotData> {
        Box::new(self.clone())
    }
}

/// The techniques' data of one state or frame, one datum per type. Empty
/// (and allocation-free) when no technique keeps anything; cloned with the
/// state at every fork.
#[derive(Debug, Default)]
pub struct Slots {
    items: Vec<(TypeId, Box<dyn SlotData>)>,
}

impl Clone for Slots {
    fn clone(&self) -> Self {
        Slots {
            items: self
                .items
                .iter()
                .map(|(k, v)| (*k, v.clone_slot()))
                .collect(),
        }
    }
}

impl Slots {
    /// The datum of type `T`, if set.
    pub fn get<T: SlotData + 'static>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        self.items
            .iter()
            .find(|(k, _)| *k == id)
            .and_then(|(_, v)| (**v).as_any().downcast_ref())
    }

    /// The datum of type `T`, set to its default first if absent.
    pub fn get_mut<T: SlotData + Default + 'static>(&mut self) -> &mut T {
        let id = TypeId::of::<T>();
        let i = match self.items.iter().position(|(k, _)| *k == id) {
            Some(i) => i,
            None => {
                self.items.push((id, Box::new(T::default())));
                self.items.len() - 1
            }
        };
        (*self.items[i].1)
            .as_any_mut()
            .downcast_mut()
            .expect("slots are keyed by their type")
    }

    /// Sets the datum of type `T`.
    pub fn set<T: SlotData + 'static>(&mut self, v: T) {
        let id = TypeId::of::<T>();
        self.items.retain(|(k, _)| *k != id);
        self.items.push((id, Box::new(v)));
    }

    /// Whether no technique keeps anything here.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// `rv` passed through [`SlotData::map_return`] of every datum.
    pub fn map_return(&self, rv: Option<Expr>) -> Option<Expr> {
        self.items.iter().fold(rv, |rv, (_, d)| d.map_return(rv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq)]
    struct Mark(u32);
    impl SlotData for Mark {}

    #[derive(Clone, Debug)]
    struct Plus(u128);
    impl SlotData for Plus {
        fn map_return(&self, rv: Option<Expr>) -> Option<Expr> {
            rv.map(|v| kappa_expr::build::add(v, kappa_expr::build::bv(8, self.0)))
        }
    }

    #[test]
    fn slots_keep_one_datum_per_type_and_clone_it() {
        let mut s = Slots::default();
        assert!(s.is_empty() && s.get::<Mark>().is_none());
        s.get_mut::<Mark>().0 = 3;
        let c = s.clone();
        s.get_mut::<Mark>().0 = 4;
        assert_eq!(c.get::<Mark>(), Some(&Mark(3)));
        assert_eq!(s.get::<Mark>(), Some(&Mark(4)));
        s.set(Mark(7));
        assert_eq!(s.get::<Mark>(), Some(&Mark(7)));
        assert_eq!(s.items.len(), 1);
    }

    #[test]
    fn a_frame_slot_maps_the_returned_value() {
        let mut s = Slots::default();
        let v = kappa_expr::build::bv(8, 40);
        assert_eq!(s.map_return(Some(v)), Some(v));
        s.set(Plus(2));
        let r = s.map_return(Some(v)).expect("a value");
        assert_eq!(r.as_bv_const(), Some(42));
        assert_eq!(s.map_return(None), None);
    }
}
