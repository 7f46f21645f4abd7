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
pub type Coverage = FxHashMap<(FuncId, Loc), u64>;

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
            .min_by_key(|(i, s)| {
                (
                    cov.get(&(s.func(), s.loc)).copied().unwrap_or(0),
                    usize::MAX - i,
                )
            })?
            .0;
        Some(self.states.remove(best))
    }
    fn len(&self) -> usize {
        self.states.len()
    }
}

/// DFS and BFS over one shared pool, alternating.
#[derive(Default)]
struct Interleaved {
    slots: Vec<Option<State>>,
    free: Vec<usize>,
    stack: Vec<usize>,
    queue: VecDeque<usize>,
    live: usize,
    turn: u64,
}
impl Searcher for Interleaved {
    fn add(&mut self, states: Vec<State>) {
        let mut ids = vec![];
        for s in states {
            let i = match self.free.pop() {
                Some(i) => {
                    self.slots[i] = Some(s);
                    i
                }
                None => {
                    self.slots.push(Some(s));
                    self.slots.len() - 1
                }
            };
            self.live += 1;
            ids.push(i);
        }
        self.queue.extend(ids.iter().copied());
        self.stack.extend(ids.into_iter().rev());
    }
    fn select(&mut self, _: &Coverage) -> Option<State> {
        if self.live == 0 {
            self.stack.clear();
            self.queue.clear();
            return None;
        }
        self.turn += 1;
        loop {
            let i = if self.turn.is_multiple_of(2) {
                self.queue.pop_front()
            } else {
                self.stack.pop()
            };
            let Some(i) = i else {
                self.turn += 1;
                continue;
            };
            if let Some(s) = self.slots[i].take() {
                self.free.push(i);
                self.live -= 1;
                // drop the stale entry in the other list lazily
                return Some(s);
            }
        }
    }
    fn len(&self) -> usize {
        self.live
    }
}
