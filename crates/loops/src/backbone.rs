//! Backbones to a target and the flowgraphs induced by loops along them
//! ("Abstracting Path Conditions", Strejček and Trtík, ISSTA 2012, Sections
//! 2 and 3.1): the pure graph structure used by loop summaries.
//!
//! A [`Flowgraph`] is a view of (part of) a kappa IR function: nodes stand
//! for locations, edges for IR edges (or for an instruction-free step into
//! the virtual target). A *complete path* runs from the start node to the
//! target node; its *backbone* is the path with every cycle cut out, so the
//! backbones are exactly the acyclic complete paths. A backbone `π = α v ...`
//! has a *loop with entry v* when some path `v β v` avoids the nodes of `α`;
//! the loop `C` is the set of nodes on all such paths, i.e. the strongly
//! connected component of `v` in the graph without `α`. The flowgraph
//! *induced* by `C` at `v`, `P(C, v)`, is the subgraph on `C` started at `v`
//! whose edges into `v` go to a fresh target node `v'` instead; its complete
//! paths are the single iterations of the loop, and nested loops are found
//! by the same definitions applied to it (Algorithm 1 recurses on it).
//!
//! Everything here is a pure function of the graph: no expressions, no solver.

use kappa_ir::{EdgeId, Function, Loc};

/// An edge of a [`Flowgraph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FEdge {
    /// Source node (index into [`Flowgraph::locs`]).
    pub from: usize,
    /// Target node.
    pub to: usize,
    /// The IR edge whose instruction this edge executes; `None` for the
    /// instruction-free steps into the virtual target of a whole function.
    pub edge: Option<EdgeId>,
}

/// A flowgraph with one start and one target node (the paper's
/// `(V, E, l_s, l_t, ι)` with `ι` read from the IR through [`FEdge::edge`]).
#[derive(Clone, Debug)]
pub struct Flowgraph {
    /// The IR location of each node; the target node of an induced
    /// flowgraph carries the entry's location, the virtual target of a whole
    /// function carries `None`.
    pub locs: Vec<Option<Loc>>,
    /// The edges.
    pub edges: Vec<FEdge>,
    /// Outgoing edges (indices into `edges`) of each node, in IR edge order.
    pub succs: Vec<Vec<usize>>,
    /// The start node.
    pub start: usize,
    /// The target node (no outgoing edges).
    pub target: usize,
}

/// A loop along a backbone: its entry (a node of the backbone) and its nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopAlong {
    /// Position of the entry node in [`Backbone::nodes`].
    pub position: usize,
    /// The entry node `v`.
    pub entry: usize,
    /// Membership of each node of the flowgraph in the loop `C`.
    pub body: Vec<bool>,
}

/// A backbone: an acyclic complete path, with the loops along it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backbone {
    /// The nodes, from the start to the target.
    pub nodes: Vec<usize>,
    /// The edges (indices into [`Flowgraph::edges`]); `edges[i]` joins
    /// `nodes[i]` and `nodes[i + 1]`.
    pub edges: Vec<usize>,
    /// The loops along the backbone, by position of their entry.
    pub loops: Vec<LoopAlong>,
}

/// More backbones than the caller's bound: the enumeration was abandoned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyBackbones {
    /// The bound that was exceeded.
    pub bound: usize,
}

impl Flowgraph {
    /// The flowgraph of a whole function: one node per location plus a
    /// virtual target node, entered by an instruction-free edge from each
    /// location of `targets`. A target location keeps no other outgoing
    /// edge: a run reaching a target does so a first time, and the prefix up
    /// to that visit is the complete path that matters.
    pub fn of_function(f: &Function, targets: &[Loc]) -> Flowgraph {
        Self::of_function_with_checks(f, targets, &[])
    }

    /// Like [`Flowgraph::of_function`], and every location of `checks` that
    /// is not in `targets` keeps its outgoing edges and gets one more, an
    /// instruction-free step into the target node: a complete path may end
    /// there (where an instruction may fail, say) or go on.
    pub fn of_function_with_checks(f: &Function, targets: &[Loc], checks: &[Loc]) -> Flowgraph {
        let n = f.locs.len();
        let mut g = Flowgraph {
            locs: (0..n).map(|i| Some(Loc(i as u32))).collect(),
            edges: vec![],
            succs: vec![vec![]; n + 1],
            start: f.entry.index(),
            target: n,
        };
        g.locs.push(None);
        let mut is_target = vec![false; n];
        for t in targets {
            is_target[t.index()] = true;
        }
        let mut is_check = vec![false; n];
        for c in checks {
            is_check[c.index()] = true;
        }
        for (i, succ) in f.succs.iter().enumerate() {
            if is_target[i] {
                g.push_edge(i, n, None);
                continue;
            }
            if is_check[i] {
                g.push_edge(i, n, None);
            }
            for &e in succ {
                g.push_edge(i, f.edges[e.index()].to.index(), Some(e));
            }
        }
        g
    }

    fn push_edge(&mut self, from: usize, to: usize, edge: Option<EdgeId>) {
        self.succs[from].push(self.edges.len());
        self.edges.push(FEdge { from, to, edge });
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.locs.len()
    }

    /// Whether the flowgraph has no node (never true for a built one).
    pub fn is_empty(&self) -> bool {
        self.locs.is_empty()
    }

    /// The flowgraph `P(C, v)` induced by the loop `body` with entry `entry`:
    /// the subgraph on `body` (renumbered in node order) started at `entry`,
    /// with a fresh target node carrying the entry's location that receives
    /// every edge into `entry`.
    pub fn induced(&self, body: &[bool], entry: usize) -> Flowgraph {
        let mut map = vec![usize::MAX; self.len()];
        let mut locs = vec![];
        for (i, &inside) in body.iter().enumerate() {
            if inside {
                map[i] = locs.len();
                locs.push(self.locs[i]);
            }
        }
        let target = locs.len();
        locs.push(self.locs[entry]);
        let mut g = Flowgraph {
            succs: vec![vec![]; locs.len()],
            locs,
            edges: vec![],
            start: map[entry],
            target,
        };
        for (i, &inside) in body.iter().enumerate() {
            if !inside {
                continue;
            }
            for &ei in &self.succs[i] {
                let e = &self.edges[ei];
                if !body[e.to] {
                    continue;
                }
                let to = if e.to == entry { target } else { map[e.to] };
                g.push_edge(map[i], to, e.edge);
            }
        }
        g
    }

    /// Every backbone (acyclic complete path), in depth-first order over the
    /// outgoing edges, each with the loops along it; `Err` when there are
    /// more than `max`.
    pub fn backbones(&self, max: usize) -> Result<Vec<Backbone>, TooManyBackbones> {
        let mut out = vec![];
        let mut on_path = vec![false; self.len()];
        let mut nodes = vec![self.start];
        let mut edges: Vec<usize> = vec![];
        let mut stack: Vec<usize> = vec![0];
        on_path[self.start] = true;
        if self.start == self.target {
            out.push(self.backbone_of(vec![self.start], vec![]));
            return Ok(out);
        }
        while let Some(next) = stack.last_mut() {
            let at = *nodes.last().expect("path is never empty here");
            let succ = &self.succs[at];
            if *next >= succ.len() {
                stack.pop();
                on_path[at] = false;
                nodes.pop();
                edges.pop();
                continue;
            }
            let ei = succ[*next];
            *next += 1;
            let to = self.edges[ei].to;
            if on_path[to] {
                continue;
            }
            if to == self.target {
                if out.len() >= max {
                    return Err(TooManyBackbones { bound: max });
                }
                let mut ns = nodes.clone();
                ns.push(to);
                let mut es = edges.clone();
                es.push(ei);
                out.push(self.backbone_of(ns, es));
                continue;
            }
            on_path[to] = true;
            nodes.push(to);
            edges.push(ei);
            stack.push(0);
        }
        Ok(out)
    }

    fn backbone_of(&self, nodes: Vec<usize>, edges: Vec<usize>) -> Backbone {
        let mut loops = vec![];
        let mut prefix = vec![false; self.len()];
        for (pos, &v) in nodes.iter().enumerate() {
            if let Some(body) = self.loop_at(v, &prefix) {
                loops.push(LoopAlong {
                    position: pos,
                    entry: v,
                    body,
                });
            }
            prefix[v] = true;
        }
        Backbone {
            nodes,
            edges,
            loops,
        }
    }

    /// The loop with entry `v` after the prefix `avoid` (the nodes of `α`):
    /// the nodes both reachable from `v` and reaching `v` without touching
    /// `avoid`, if some edge closes a cycle through `v`.
    pub fn loop_at(&self, v: usize, avoid: &[bool]) -> Option<Vec<bool>> {
        let n = self.len();
        let mut fwd = vec![false; n];
        let mut stack = vec![v];
        fwd[v] = true;
        while let Some(u) = stack.pop() {
            for &ei in &self.succs[u] {
                let t = self.edges[ei].to;
                if !avoid[t] && !fwd[t] {
                    fwd[t] = true;
                    stack.push(t);
                }
            }
        }
        let mut preds: Vec<Vec<usize>> = vec![vec![]; n];
        for e in &self.edges {
            preds[e.to].push(e.from);
        }
        let mut bwd = vec![false; n];
        let mut stack = vec![v];
        bwd[v] = true;
        while let Some(u) = stack.pop() {
            for &p in &preds[u] {
                if !avoid[p] && !bwd[p] {
                    bwd[p] = true;
                    stack.push(p);
                }
            }
        }
        let body: Vec<bool> = (0..n).map(|i| fwd[i] && bwd[i]).collect();
        let closes = preds[v].iter().any(|&p| body[p] && !avoid[p]);
        closes.then_some(body)
    }

    /// Nodes lying on some cycle of the flowgraph.
    pub fn on_cycle(&self) -> Vec<bool> {
        let none = vec![false; self.len()];
        (0..self.len())
            .map(|v| self.loop_at(v, &none).is_some())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_ir::{Instr, LocInfo, Value};

    /// A function whose edges are `assume true` between the given locations.
    fn graph(n: usize, edges: &[(u32, u32)]) -> Function {
        let mut f = Function::external("t".into(), None, false);
        f.defined = true;
        for _ in 0..n {
            f.add_loc(LocInfo::default());
        }
        for &(a, b) in edges {
            f.add_edge(Loc(a), Loc(b), Instr::Assume(Value::bool(true)), None);
        }
        f
    }

    #[test]
    fn running_example_has_one_backbone_with_one_loop() {
        // a=0 -> b=1 -> c=2; c -> d=3 -> e=4 -> f=5 -> c; d -> f; c -> g=6 -> h=7
        let f = graph(
            8,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (4, 5),
                (3, 5),
                (5, 2),
                (2, 6),
                (6, 7),
            ],
        );
        let g = Flowgraph::of_function(&f, &[Loc(7)]);
        let bbs = g.backbones(100).unwrap();
        assert_eq!(bbs.len(), 1);
        assert_eq!(bbs[0].nodes, vec![0, 1, 2, 6, 7, 8]);
        assert_eq!(bbs[0].loops.len(), 1);
        let l = &bbs[0].loops[0];
        assert_eq!(l.entry, 2);
        let members: Vec<usize> = (0..g.len()).filter(|&i| l.body[i]).collect();
        assert_eq!(members, vec![2, 3, 4, 5]);
        // the induced flowgraph has the two iterations cdefc' and cdfc'
        let p = g.induced(&l.body, l.entry);
        let inner = p.backbones(100).unwrap();
        assert_eq!(inner.len(), 2);
        for b in &inner {
            assert!(b.loops.is_empty());
            assert_eq!(p.locs[*b.nodes.last().unwrap()], Some(Loc(2)));
        }
    }

    #[test]
    fn figure_3_loops_depend_on_the_backbone() {
        // ls=0 -> a=1 -> b=2 -> c=3 -> b; c -> d=4 -> a; ls -> b; d -> lt=5
        let f = graph(
            6,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 2),
                (3, 4),
                (4, 1),
                (0, 2),
                (4, 5),
            ],
        );
        let g = Flowgraph::of_function(&f, &[Loc(5)]);
        let bbs = g.backbones(100).unwrap();
        assert_eq!(bbs.len(), 2);
        let by_len = |n: usize| bbs.iter().find(|b| b.nodes.len() == n).unwrap();
        // ls a b c d lt t: loops at a ({a,b,c,d}) and at b ({b,c})
        let long = by_len(7);
        let entries: Vec<usize> = long.loops.iter().map(|l| l.entry).collect();
        assert_eq!(entries, vec![1, 2]);
        let size = |l: &LoopAlong| l.body.iter().filter(|x| **x).count();
        assert_eq!(size(&long.loops[0]), 4);
        assert_eq!(size(&long.loops[1]), 2);
        // ls b c d lt t: one loop at b ({a,b,c,d})
        let short = by_len(6);
        assert_eq!(short.loops.len(), 1);
        assert_eq!(short.loops[0].entry, 2);
        assert_eq!(size(&short.loops[0]), 4);
    }

    #[test]
    fn nested_loops_recurse_through_induced_flowgraphs() {
        // ls=0 -> a=1 -> b=2 -> c=3 -> c (self loop) ; c -> e=4 -> a ; a -> lt=5
        let f = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 3), (3, 4), (4, 1), (1, 5)]);
        let g = Flowgraph::of_function(&f, &[Loc(5)]);
        let bbs = g.backbones(100).unwrap();
        assert_eq!(bbs.len(), 1);
        let outer = &bbs[0].loops[0];
        let p = g.induced(&outer.body, outer.entry);
        let inner = p.backbones(100).unwrap();
        assert_eq!(inner.len(), 1);
        assert_eq!(
            inner[0].loops.len(),
            1,
            "the self loop at c is along a b c e a'"
        );
        let c = &inner[0].loops[0];
        let pp = p.induced(&c.body, c.entry);
        let iters = pp.backbones(100).unwrap();
        assert_eq!(iters.len(), 1);
        assert_eq!(iters[0].edges.len(), 1);
    }

    #[test]
    fn a_check_location_ends_backbones_and_goes_on() {
        // 0 -> 1 -> 2 -> 3 with a loop 2 -> 1; target 3, check at 1
        let f = graph(4, &[(0, 1), (1, 2), (2, 1), (2, 3)]);
        let g = Flowgraph::of_function_with_checks(&f, &[Loc(3)], &[Loc(1)]);
        let bbs = g.backbones(100).unwrap();
        // 0 1 ⊤ and 0 1 2 3 ⊤: the check location ends one, the other
        // goes through it
        assert_eq!(bbs.len(), 2);
        let ends: Vec<Option<Loc>> = bbs
            .iter()
            .map(|bb| g.locs[bb.nodes[bb.nodes.len() - 2]])
            .collect();
        assert!(ends.contains(&Some(Loc(1))) && ends.contains(&Some(Loc(3))));
        // the loop through the check location is still a loop, and its
        // iterations do not end at the check
        let through = bbs.iter().find(|bb| bb.nodes.len() == 5).unwrap();
        assert_eq!(through.loops.len(), 1);
        let l = &through.loops[0];
        assert_eq!(g.induced(&l.body, l.entry).backbones(100).unwrap().len(), 1);
        // a target location is cut even when also listed as a check
        let g = Flowgraph::of_function_with_checks(&f, &[Loc(1)], &[Loc(1)]);
        assert_eq!(g.backbones(100).unwrap().len(), 1);
    }

    #[test]
    fn the_bound_on_backbones_is_reported() {
        // a diamond chain with 2^4 paths
        let mut es = vec![];
        for k in 0..4u32 {
            let b = 3 * k;
            es.extend([(b, b + 1), (b, b + 2), (b + 1, b + 3), (b + 2, b + 3)]);
        }
        let f = graph(13, &es);
        let g = Flowgraph::of_function(&f, &[Loc(12)]);
        assert_eq!(g.backbones(100).unwrap().len(), 16);
        assert_eq!(g.backbones(10), Err(TooManyBackbones { bound: 10 }));
        assert!(g.on_cycle().iter().all(|c| !c));
    }
}
