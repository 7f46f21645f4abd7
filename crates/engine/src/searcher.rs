//! Search strategies: which pending state runs next (KLEE's `Searcher`).

use crate::state::State;
use kappa_ir::{FuncId, Loc};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::collections::VecDeque;

/// The available strategies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Default)]
pub enum SearcherKind {
    /// Depth-first: the newest state; the `then` side of a branch first.
    Dfs,
    /// Breadth-first: the oldest state.
    Bfs,
    /// A uniformly random pending state (fixed seed: deterministic).
    Random,
    /// Coverage-guided: the state whose location was executed least often.
    Coverage,
    /// Alternates depth-first and breadth-first picks (the default): finds
    /// deep bugs like DFS without starving shallow ones.
    #[default]
    Interleaved,
}

impl SearcherKind {
    /// Parses `dfs`, `bfs`, `random`, `coverage`, `interleaved`.
    pub fn parse(s: &str) -> Option<SearcherKind> {
        Some(match s {
            "dfs" => SearcherKind::Dfs,
            "bfs" => SearcherKind::Bfs,
            "random" | "random-state" => SearcherKind::Random,
            "coverage" | "covnew" => SearcherKind::Coverage,
            "interleaved" | "default" => SearcherKind::Interleaved,
            _ => return None,
        })
    }
}

/// How often each location was executed; read by the coverage searcher.
/// Indexed by function, then location (a flat table: it is bumped on every
/// executed edge).
#[derive(Clone, Debug, Default)]
pub struct Coverage(Vec<Vec<u64>>);

impl Coverage {
    /// Counts one execution at `l` of `f`.
    #[inline]
    pub fn bump(&mut self, f: FuncId, l: Loc) {
        let (fi, li) = (f.index(), l.index());
        if fi >= self.0.len() {
            self.0.resize_with(fi + 1, Vec::new);
        }
        let row = &mut self.0[fi];
        if li >= row.len() {
            row.resize(li + 1, 0);
        }
        row[li] += 1;
    }
    /// How often `l` of `f` was executed.
    pub fn get(&self, f: FuncId, l: Loc) -> u64 {
        self.0
            .get(f.index())
            .and_then(|r| r.get(l.index()))
            .copied()
            .unwrap_or(0)
    }
    /// Sets the count of `l` of `f` (tests).
    pub fn set(&mut self, f: FuncId, l: Loc, n: u64) {
        self.bump(f, l);
        self.0[f.index()][l.index()] = n;
    }
}

/// A pool of pending states with a selection policy.
pub trait Searcher {
    /// Adds states; `states` are given in preference order (first = preferred).
    fn add(&mut self, states: Vec<State>);
    /// Removes and returns the next state to run.
    fn select(&mut self, cov: &Coverage) -> Option<State>;
    /// Number of pending states.
    fn len(&self) -> usize;
    /// Whether no state is pending.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Creates a searcher; `seed` drives the random ones.
pub fn make_searcher(kind: SearcherKind, seed: u64) -> Box<dyn Searcher> {
    match kind {
        SearcherKind::Dfs => Box::new(Dfs(vec![])),
        SearcherKind::Bfs => Box::new(Bfs(VecDeque::new())),
        SearcherKind::Random => Box::new(RandomState {
            states: vec![],
            rng: seed | 1,
        }),
        SearcherKind::Coverage => Box::new(CoverageSearcher { states: vec![] }),
        SearcherKind::Interleaved => Box::new(Interleaved::default()),
    }
}

struct Dfs(Vec<State>);
impl Searcher for Dfs {
    fn add(&mut self, states: Vec<State>) {
        self.0.extend(states.into_iter().rev());
    }
    fn select(&mut self, _: &Coverage) -> Option<State> {
        self.0.pop()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

struct Bfs(VecDeque<State>);
impl Searcher for Bfs {
    fn add(&mut self, states: Vec<State>) {
        self.0.extend(states);
    }
    fn select(&mut self, _: &Coverage) -> Option<State> {
        self.0.pop_front()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// xorshift64*: small, deterministic.
pub fn next_random(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

struct RandomState {
    states: Vec<State>,
    rng: u64,
}
impl Searcher for RandomState {
    fn add(&mut self, states: Vec<State>) {
        self.states.extend(states);
    }
    fn select(&mut self, _: &Coverage) -> Option<State> {
        if self.states.is_empty() {
            return None;
        }
        let i = (next_random(&mut self.rng) % self.states.len() as u64) as usize;
        Some(self.states.swap_remove(i))
    }
    fn len(&self) -> usize {
        self.states.len()
    }
}

struct CoverageSearcher {
    states: Vec<State>,
}
impl Searcher for CoverageSearcher {
    fn add(&mut self, states: Vec<State>) {
        self.states.extend(states);
    }
    fn select(&mut self, cov: &Coverage) -> Option<State> {
        let best = self
            .states
            .iter()
            .enumerate()
            .min_by_key(|(i, s)| (cov.get(s.func(), s.loc), usize::MAX - i))?
            .0;
        Some(self.states.remove(best))
    }
    fn len(&self) -> usize {
        self.states.len()
    }
}

/// DFS and BFS over one shared pool, alternating. Each pending state has a
/// fresh ticket (never reused); both lists hold every ticket, and a ticket
/// whose state the other list already took is skipped. The DFS list is a
/// deque: children of a state the DFS turn picked go on top (so DFS keeps
/// following its own deep line), children of a BFS pick go to the bottom.
#[derive(Default)]
struct Interleaved {
    pool: FxHashMap<u64, State>,
    next_ticket: u64,
    dfs: VecDeque<u64>,
    queue: VecDeque<u64>,
    turn: u64,
    last_pick_bfs: bool,
}
impl Searcher for Interleaved {
    fn add(&mut self, states: Vec<State>) {
        let mut tickets = Vec::with_capacity(states.len());
        for s in states {
            let t = self.next_ticket;
            self.next_ticket += 1;
            self.pool.insert(t, s);
            tickets.push(t);
        }
        self.queue.extend(tickets.iter().copied());
        if self.last_pick_bfs {
            // at the bottom, in an order that still pops the preferred child first
            for t in tickets {
                self.dfs.push_front(t);
            }
        } else {
            self.dfs.extend(tickets.into_iter().rev());
        }
    }
    fn select(&mut self, _: &Coverage) -> Option<State> {
        if self.pool.is_empty() {
            self.dfs.clear();
            self.queue.clear();
            return None;
        }
        self.turn += 1;
        let bfs = self.turn.is_multiple_of(2);
        self.last_pick_bfs = bfs;
        loop {
            let t = if bfs {
                self.queue.pop_front()
            } else {
                self.dfs.pop_back()
            };
            // the pool is non-empty, so each list still holds a live ticket
            let t = t.expect("a live ticket in both lists");
            if let Some(s) = self.pool.remove(&t) {
                return Some(s);
            }
        }
    }
    fn len(&self) -> usize {
        self.pool.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::Memory;
    use crate::state::Frame;

    fn st(id: u64) -> State {
        State::start(
            id,
            Loc(id as u32),
            vec![Frame {
                func: FuncId(0),
                regs: vec![],
                ret: None,
                allocas: vec![],
                slots: Default::default(),
            }],
            Memory::new(32),
        )
    }

    fn drain(s: &mut dyn Searcher, cov: &Coverage) -> Vec<u64> {
        std::iter::from_fn(|| s.select(cov).map(|x| x.id)).collect()
    }

    #[test]
    fn dfs_takes_the_preferred_side_of_the_newest_fork_first() {
        let mut s = make_searcher(SearcherKind::Dfs, 1);
        s.add(vec![st(1), st(2)]);
        let first = s.select(&Coverage::default()).unwrap();
        assert_eq!(first.id, 1);
        s.add(vec![st(3), st(4)]);
        assert_eq!(drain(s.as_mut(), &Coverage::default()), vec![3, 4, 2]);
    }

    #[test]
    fn bfs_is_first_in_first_out() {
        let mut s = make_searcher(SearcherKind::Bfs, 1);
        s.add(vec![st(1), st(2)]);
        s.add(vec![st(3)]);
        assert_eq!(drain(s.as_mut(), &Coverage::default()), vec![1, 2, 3]);
    }

    #[test]
    fn interleaved_alternates_and_loses_nothing() {
        let cov = Coverage::default();
        let mut s = make_searcher(SearcherKind::Interleaved, 1);
        s.add(vec![st(1), st(2)]);
        assert_eq!(
            s.select(&cov).unwrap().id,
            1,
            "DFS pick: the preferred side"
        );
        s.add(vec![st(3), st(4)]);
        assert_eq!(s.select(&cov).unwrap().id, 2, "BFS pick: the oldest state");
        assert_eq!(
            s.select(&cov).unwrap().id,
            3,
            "DFS pick: the newest fork's preferred side"
        );
        s.add(vec![st(5)]);
        assert_eq!(
            drain(s.as_mut(), &cov),
            vec![4, 5],
            "every state exactly once"
        );
        assert!(s.is_empty());
    }

    #[test]
    fn random_is_deterministic_per_seed() {
        let run = |seed| {
            let mut s = make_searcher(SearcherKind::Random, seed);
            s.add((1..=8).map(st).collect());
            drain(s.as_mut(), &Coverage::default())
        };
        assert_eq!(run(7), run(7));
        assert_eq!(run(7).len(), 8);
    }

    #[test]
    fn coverage_prefers_rarely_executed_locations() {
        let mut s = make_searcher(SearcherKind::Coverage, 1);
        s.add(vec![st(1), st(2), st(3)]);
        let mut cov = Coverage::default();
        cov.set(FuncId(0), Loc(1), 5);
        cov.set(FuncId(0), Loc(3), 1);
        assert_eq!(drain(s.as_mut(), &cov), vec![2, 3, 1]);
    }
}
