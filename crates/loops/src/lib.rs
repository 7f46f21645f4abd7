//! Loop structure of kappa IR functions, shared by the loop techniques
//! (compact symbolic execution now; loop summaries and chains later): loop
//! headers found by dominance, and cycles in the sense of Definition 1 of
//! "Compact Symbolic Execution" (Slaby, Strejček, Trtík, ATVA 2013).
//!
//! A *cycle* `(π, e, X)` is a core path `π = e ω e` whose nodes in `ω e` are
//! pairwise distinct, its entry `e`, and its exit edges `X`: every edge not
//! on `π` whose start lies on `π`. kappa takes loop headers (targets of back
//! edges: edges `u → h` with `h` dominating `u`) as entries, so every cycle
//! of a reducible flowgraph has an entry where templates are tried. The
//! number of cycles can grow exponentially with branching inside a loop, so
//! the enumeration is bounded ([`CycleOptions::max_cycles`]) and what was
//! skipped is counted.
//!
//! Call cycles of directly recursive functions, for recursion templates,
//! are in [`recursion`].
//!
//! Everything here is a pure function of the IR: no expressions, no solver.

pub mod backbone;
pub mod chain;
pub mod closed;
pub mod live;
pub mod recursion;
pub mod sem;

use kappa_ir::{EdgeId, Function, Loc};
use petgraph::algo::dominators;
use petgraph::graph::{DiGraph, NodeIndex};
pub use recursion::{recursion_cycles, RecursionCycle};
use serde::Serialize;

/// Options of the cycle enumeration.
#[derive(Clone, Copy, Debug)]
pub struct CycleOptions {
    /// Most cycles enumerated per function; the rest are counted as skipped.
    /// Default: 64.
    pub max_cycles: usize,
    /// Most search steps spent counting skipped cycles per function; past it
    /// the count is a lower bound ([`LoopInfo::skipped_exact`] is false).
    /// Default: 100 000.
    pub max_steps: usize,
}

impl Default for CycleOptions {
    fn default() -> Self {
        CycleOptions {
            max_cycles: 64,
            max_steps: 100_000,
        }
    }
}

/// A cycle `(π, e, X)` of one function (Definition 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cycle {
    /// The entry location `e` (a loop header).
    pub entry: Loc,
    /// The core path `π` as its edges, from `e` back to `e`.
    pub core: Vec<EdgeId>,
    /// The exit edges `X`: edges not on `π` leaving a location of `π`, in
    /// the order of their start on `π`.
    pub exits: Vec<EdgeId>,
    /// For each exit edge: whether it leaves the natural loop of the entry
    /// (its target is outside the loop body; in nested loops, leaving the
    /// inner loop counts even though the outer one may come back).
    pub leaves_loop: Vec<bool>,
}

/// The loop structure of one function.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LoopInfo {
    /// Loop headers (targets of back edges), in location order.
    pub headers: Vec<Loc>,
    /// The cycles found, grouped by entry in header order.
    pub cycles: Vec<Cycle>,
    /// Cycles not enumerated because of [`CycleOptions::max_cycles`].
    pub skipped: usize,
    /// Whether `skipped` is exact (false: the counting ran out of steps and
    /// `skipped` is a lower bound).
    pub skipped_exact: bool,
}

/// Loop headers of `f`: locations reachable from the entry that dominate a
/// predecessor of theirs. Sorted by location.
pub fn loop_headers(f: &Function) -> Vec<Loc> {
    let mut heads: Vec<Loc> = back_edges(f).into_iter().map(|(_, h)| h).collect();
    heads.sort();
    heads.dedup();
    heads
}

/// Whether some cycle of `f`'s control-flow graph is reachable from its
/// entry (iterative depth-first search, linear in the graph's size).
pub fn has_reachable_cycle(f: &Function) -> bool {
    !cycle_entries(f).is_empty()
}

/// The targets of the retreating edges of a depth-first search from the
/// entry (edges to a location on the search's stack), sorted: cut points
/// that cut every cycle reachable from the entry, irreducible ones
/// included. Exact reasoning: tree, forward and cross edges all go from a
/// location that finishes later to one that finishes earlier, so no cycle
/// is made of them alone, and every cycle holds a retreating edge whose
/// target is in the set. On reducible control flow every retreating edge is
/// a back edge, so the set is [`loop_headers`]; an irreducible cycle (one
/// entered at two places, as `goto`s into a loop make) adds the place where
/// the search first entered it.
pub fn cycle_entries(f: &Function) -> Vec<Loc> {
    if f.locs.is_empty() {
        return vec![];
    }
    let mut succs: Vec<Vec<Loc>> = vec![vec![]; f.locs.len()];
    for e in &f.edges {
        succs[e.from.index()].push(e.to);
    }
    // 0: unvisited, 1: on the DFS stack, 2: done
    let mut color = vec![0u8; f.locs.len()];
    let mut out = vec![];
    let mut stack: Vec<(Loc, usize)> = vec![(f.entry, 0)];
    color[f.entry.index()] = 1;
    while let Some(&mut (l, ref mut next)) = stack.last_mut() {
        if let Some(&s) = succs[l.index()].get(*next) {
            *next += 1;
            match color[s.index()] {
                0 => {
                    color[s.index()] = 1;
                    stack.push((s, 0));
                }
                1 => out.push(s),
                _ => {}
            }
        } else {
            color[l.index()] = 2;
            stack.pop();
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The locations on a cycle through `c` (reachable from `c` and reaching
/// it), `c` included; indexed by location. For a loop header this holds
/// its natural loop and more (the cycles of enclosing loops through it);
/// for an entry of an irreducible cycle ([`cycle_entries`]) it is the
/// region the cycle belongs to.
pub fn cycles_through_region(f: &Function, c: Loc) -> Vec<bool> {
    let n = f.locs.len();
    let mut succs: Vec<Vec<Loc>> = vec![vec![]; n];
    let mut preds: Vec<Vec<Loc>> = vec![vec![]; n];
    for e in &f.edges {
        succs[e.from.index()].push(e.to);
        preds[e.to.index()].push(e.from);
    }
    let reach = |next: &Vec<Vec<Loc>>| {
        let mut seen = vec![false; n];
        let mut stack = vec![c];
        while let Some(l) = stack.pop() {
            if !std::mem::replace(&mut seen[l.index()], true) {
                stack.extend(next[l.index()].iter().copied());
            }
        }
        seen
    };
    let (fwd, bwd) = (reach(&succs), reach(&preds));
    fwd.iter().zip(&bwd).map(|(a, b)| *a && *b).collect()
}

/// The back edges `u → h` of `f` (`h` dominates `u`), as (u, h). None
/// without a reachable cycle, found without computing dominators (whose
/// per-edge walk is quadratic in the nesting of long conditionals).
fn back_edges(f: &Function) -> Vec<(Loc, Loc)> {
    if !has_reachable_cycle(f) {
        return vec![];
    }
    let (g, nodes) = graph_of(f);
    let dom = dominators::simple_fast(&g, nodes[f.entry.index()]);
    f.edges
        .iter()
        .filter(|e| {
            let (u, v) = (nodes[e.from.index()], nodes[e.to.index()]);
            dom.dominators(u).is_some_and(|mut d| d.any(|x| x == v))
        })
        .map(|e| (e.from, e.to))
        .collect()
}

/// The natural loop of header `h`: `h` and every location that reaches the
/// source of a back edge into `h` without passing through `h`. Indexed by
/// location.
pub fn natural_loop(f: &Function, h: Loc) -> Vec<bool> {
    let mut preds: Vec<Vec<Loc>> = vec![vec![]; f.locs.len()];
    for e in &f.edges {
        preds[e.to.index()].push(e.from);
    }
    let mut body = vec![false; f.locs.len()];
    body[h.index()] = true;
    let mut stack: Vec<Loc> = back_edges(f)
        .into_iter()
        .filter(|(_, t)| *t == h)
        .map(|(u, _)| u)
        .collect();
    while let Some(l) = stack.pop() {
        if std::mem::replace(&mut body[l.index()], true) {
            continue;
        }
        stack.extend(preds[l.index()].iter().copied());
    }
    body
}

fn graph_of(f: &Function) -> (DiGraph<(), ()>, Vec<NodeIndex>) {
    let mut g = DiGraph::new();
    let nodes: Vec<NodeIndex> = (0..f.locs.len()).map(|_| g.add_node(())).collect();
    for e in &f.edges {
        g.add_edge(nodes[e.from.index()], nodes[e.to.index()], ());
    }
    (g, nodes)
}

/// The loop headers and cycles of `f`.
pub fn analyze(f: &Function, opts: CycleOptions) -> LoopInfo {
    let headers = if f.defined && !f.locs.is_empty() {
        loop_headers(f)
    } else {
        vec![]
    };
    let mut info = LoopInfo {
        headers: headers.clone(),
        skipped_exact: true,
        ..Default::default()
    };
    let mut steps = 0;
    for h in headers {
        cycles_through(f, h, opts, &mut steps, &mut info);
    }
    info
}

/// Enumerates the simple cycles through `h` (depth-first, successors in the
/// function's edge order, so the result is deterministic).
fn cycles_through(
    f: &Function,
    h: Loc,
    opts: CycleOptions,
    steps: &mut usize,
    info: &mut LoopInfo,
) {
    let mut on_path = vec![false; f.locs.len()];
    let mut path: Vec<EdgeId> = vec![];
    // explicit stack of (location, index of the next successor to try)
    let mut stack: Vec<(Loc, usize)> = vec![(h, 0)];
    on_path[h.index()] = true;
    while let Some(&mut (l, ref mut next)) = stack.last_mut() {
        if info.cycles.len() >= opts.max_cycles {
            *steps += 1;
            if *steps > opts.max_steps {
                info.skipped_exact = false;
                return;
            }
        }
        let succs = &f.succs[l.index()];
        if *next >= succs.len() {
            stack.pop();
            if l != h {
                on_path[l.index()] = false;
            }
            path.pop();
            continue;
        }
        let e = succs[*next];
        *next += 1;
        let to = f.edges[e.index()].to;
        if to == h {
            path.push(e);
            if info.cycles.len() < opts.max_cycles {
                info.cycles.push(make_cycle(f, h, &path));
            } else {
                info.skipped += 1;
            }
            path.pop();
        } else if !on_path[to.index()] {
            on_path[to.index()] = true;
            path.push(e);
            stack.push((to, 0));
        }
    }
}

fn make_cycle(f: &Function, h: Loc, core: &[EdgeId]) -> Cycle {
    let mut exits = vec![];
    let mut at = h;
    for &e in core {
        for &x in &f.succs[at.index()] {
            if x != e && !core.contains(&x) {
                exits.push(x);
            }
        }
        at = f.edges[e.index()].to;
    }
    let body = natural_loop(f, h);
    let leaves_loop = exits
        .iter()
        .map(|x| !body[f.edges[x.index()].to.index()])
        .collect();
    Cycle {
        entry: h,
        core: core.to_vec(),
        exits,
        leaves_loop,
    }
}

#[cfg(test)]
mod tests;
