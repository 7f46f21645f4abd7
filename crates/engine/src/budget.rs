//! Solver time caps and budgets of the engine core: the cap in force for
//! the next queries (a stack of caps, each no looser than the one under it)
//! and the share of the time left before the run's deadline that an attempt
//! may spend. Every technique takes its query limits from here, so no
//! attempt that may fail eats the run's budget.

use crate::Engine;

impl Engine<'_> {
    /// Caps the solver's time limit at `cap` (and at any cap already in
    /// force); returns the previous cap for [`Self::pop_query_cap`].
    pub(crate) fn push_query_cap(
        &mut self,
        cap: std::time::Duration,
    ) -> Option<std::time::Duration> {
        let prev = self.query_cap_now;
        let c = prev.map_or(cap, |p| p.min(cap));
        self.query_cap_now = Some(c);
        self.solver.set_query_cap(Some(c));
        prev
    }

    /// Restores the cap returned by [`Self::push_query_cap`].
    pub(crate) fn pop_query_cap(&mut self, prev: Option<std::time::Duration>) {
        self.query_cap_now = prev;
        self.solver.set_query_cap(prev);
    }

    /// A time limit for a query of an attempt: `max`, or half
    /// of the time left before the deadline if less (so attempts that may
    /// fail never eat the run's budget).
    pub(crate) fn query_cap(&self, max: std::time::Duration) -> std::time::Duration {
        self.query_cap_share(max, 2)
    }

    /// `max`, or `1/parts` of the time left before the deadline if less.
    pub(crate) fn query_cap_share(
        &self,
        max: std::time::Duration,
        parts: u32,
    ) -> std::time::Duration {
        self.cfg
            .deadline
            .map(|d| d.saturating_duration_since(std::time::Instant::now()) / parts)
            .map_or(max, |share| share.min(max))
    }
}
