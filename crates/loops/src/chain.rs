//! Chain program form (Obdržálek, Trtík, "Efficient Loop Navigation for
//! Symbolic Execution", ATVA 2011, Section 3.1): the flowgraph of one
//! function unfolded into linear pieces.
//!
//! The flowgraph is unfolded into a tree from a start location, stopping a
//! branch when a location repeats on it. A *root chain* is a tree path from
//! the start to a *target edge* (any edge the caller marks: `reach_error`,
//! or an edge that may fail); a *subchain* of a tree node at location `v` is
//! a tree path from `v` back to `v` (one path through a loop, whose other
//! locations are off the path that led to `v`). A tree node with subchains
//! is a *loop node*; root chains and subchains passing through it carry it
//! at its position, so nested loops give subchains with loop nodes of their
//! own. Every path of the flowgraph from the start to a target edge is an
//! execution path of the chain form (Theorem 1 of the paper): at a loop node
//! any number of its subchains run, in any order, then the chain continues.
//!
//! The unfolding is exponential in the branching of the program, so it is
//! bounded ([`ChainOptions::max_pieces`]); a form built past the bound is
//! marked [`ChainForm::bound_hit`] and must not be used for conclusions.
//!
//! Everything here is a pure function of the IR: no expressions, no solver.

use kappa_ir::{EdgeId, Function, Loc};
use serde::Serialize;

/// Options of the unfolding.
#[derive(Clone, Copy, Debug)]
pub struct ChainOptions {
    /// Most path pieces (partial chains) built while unfolding; past it the
    /// form is incomplete ([`ChainForm::bound_hit`]). Default: 20 000.
    pub max_pieces: usize,
}

impl Default for ChainOptions {
    fn default() -> Self {
        ChainOptions { max_pieces: 20_000 }
    }
}

/// Index of a chain in [`ChainForm::chains`].
pub type ChainId = usize;
/// Index of a loop node in [`ChainForm::loop_nodes`].
pub type LoopNodeId = usize;

/// A loop node: one tree node at a loop header with its subchains.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopNode {
    /// The location (a loop header).
    pub loc: Loc,
    /// The subchains associated with the node (each one path from `loc`
    /// back to `loc`), in unfolding order.
    pub subchains: Vec<ChainId>,
}

/// Whether a chain is a root chain or a subchain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ChainKind {
    /// From the start to a target edge (the last edge of the chain).
    Root,
    /// From a loop node back to it.
    Sub(LoopNodeId),
}

/// A chain: a linear sequence of edges with loop nodes between them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chain {
    /// Root chain or subchain (of which loop node).
    pub kind: ChainKind,
    /// The edges, in order. A root chain ends with its target edge; a
    /// subchain's last edge returns to its loop node's location.
    pub edges: Vec<EdgeId>,
    /// Loop nodes on the chain as `(position, node)`: the node sits at the
    /// location where `edges[position]` starts, and runs before that edge.
    /// Sorted by position. A subchain never holds its own loop node.
    pub loop_nodes: Vec<(usize, LoopNodeId)>,
}

/// The chain program form of a function from one start location.
#[derive(Clone, Debug, Serialize)]
pub struct ChainForm {
    /// The start location of the unfolding.
    pub start: Loc,
    /// All chains: root chains and subchains.
    pub chains: Vec<Chain>,
    /// The root chains, in unfolding order.
    pub roots: Vec<ChainId>,
    /// All loop nodes.
    pub loop_nodes: Vec<LoopNode>,
    /// Whether [`ChainOptions::max_pieces`] stopped the unfolding (the form
    /// then misses chains and must not be used to prove anything).
    pub bound_hit: bool,
    /// Path pieces built.
    pub pieces: usize,
}

impl ChainForm {
    /// Number of subchains.
    pub fn subchains(&self) -> usize {
        self.chains.len() - self.roots.len()
    }
}

/// A partial chain from a tree node to a leaf, with edges stored in reverse
/// (so prepending is a push) and loop nodes keyed by the number of edges
/// from them to the end.
struct Piece {
    rev_edges: Vec<EdgeId>,
    rev_loops: Vec<(usize, LoopNodeId)>,
    end: End,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    Target,
    Back(Loc),
}

struct Builder<'a, T: Fn(EdgeId) -> bool> {
    f: &'a Function,
    is_target: T,
    on_path: Vec<bool>,
    form: ChainForm,
    opts: ChainOptions,
}

impl<T: Fn(EdgeId) -> bool> Builder<'_, T> {
    fn finish(p: Piece, kind: ChainKind) -> Chain {
        let n = p.rev_edges.len();
        let mut edges = p.rev_edges;
        edges.reverse();
        let mut loop_nodes: Vec<(usize, LoopNodeId)> =
            p.rev_loops.iter().map(|&(k, id)| (n - k, id)).collect();
        loop_nodes.sort();
        Chain {
            kind,
            edges,
            loop_nodes,
        }
    }

    fn bump(&mut self) -> bool {
        self.form.pieces += 1;
        if self.form.pieces > self.opts.max_pieces {
            self.form.bound_hit = true;
        }
        !self.form.bound_hit
    }

    /// The pieces leaving the tree node at `x` (already on the path).
    fn node(&mut self, x: Loc) -> Vec<Piece> {
        let mut subs = vec![];
        let mut outs = vec![];
        for &e in &self.f.succs[x.index()] {
            if self.form.bound_hit {
                break;
            }
            let y = self.f.edges[e.index()].to;
            if (self.is_target)(e) && self.bump() {
                outs.push(Piece {
                    rev_edges: vec![e],
                    rev_loops: vec![],
                    end: End::Target,
                });
            }
            if self.on_path[y.index()] {
                if !self.bump() {
                    break;
                }
                let p = Piece {
                    rev_edges: vec![e],
                    rev_loops: vec![],
                    end: End::Back(y),
                };
                if y == x {
                    subs.push(p);
                } else {
                    outs.push(p);
                }
                continue;
            }
            self.on_path[y.index()] = true;
            for mut p in self.node(y) {
                if !self.bump() {
                    break;
                }
                p.rev_edges.push(e);
                if p.end == End::Back(x) {
                    subs.push(p);
                } else {
                    outs.push(p);
                }
            }
            self.on_path[y.index()] = false;
        }
        if !subs.is_empty() {
            let id = self.form.loop_nodes.len();
            self.form.loop_nodes.push(LoopNode {
                loc: x,
                subchains: vec![],
            });
            let mut ids = vec![];
            for p in subs {
                ids.push(self.form.chains.len());
                self.form.chains.push(Self::finish(p, ChainKind::Sub(id)));
            }
            self.form.loop_nodes[id].subchains = ids;
            for p in &mut outs {
                let k = p.rev_edges.len();
                p.rev_loops.push((k, id));
            }
        }
        outs
    }
}

/// The chain program form of `f` unfolded from `start`; root chains end at
/// the edges for which `is_target` holds (a target edge ends a root chain
/// and the unfolding also continues past it).
pub fn chain_form(
    f: &Function,
    start: Loc,
    is_target: impl Fn(EdgeId) -> bool,
    opts: ChainOptions,
) -> ChainForm {
    let mut b = Builder {
        f,
        is_target,
        on_path: vec![false; f.locs.len()],
        form: ChainForm {
            start,
            chains: vec![],
            roots: vec![],
            loop_nodes: vec![],
            bound_hit: false,
            pieces: 0,
        },
        opts,
    };
    b.on_path[start.index()] = true;
    let outs = b.node(start);
    for p in outs {
        // a piece still ending in a back edge here would return above the
        // start, which has no tree node: impossible, as the start is the root
        if p.end == End::Target {
            b.form.roots.push(b.form.chains.len());
            b.form
                .chains
                .push(Builder::<fn(EdgeId) -> bool>::finish(p, ChainKind::Root));
        }
    }
    b.form
}

#[cfg(test)]
#[path = "chain_tests.rs"]
mod chain_tests;
