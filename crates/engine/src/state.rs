//! Execution states (l, θ, φ) plus call stack: the current location, the
//! frames' registers, memory, the path condition and a witness model of it.

use crate::memory::Memory;
use im_rc::Vector;
use kappa_expr::eval::PMap;
use kappa_expr::{Assignment, Expr, Symbol};
use kappa_ir::{FuncId, Loc, SrcLoc, Ty, VarId};
use std::rc::Rc;

/// Direction and signedness of a constant bound `t >= L` / `t <= U`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoundKind {
    /// `t >=u L`.
    ULower,
    /// `t <=u U`.
    UUpper,
    /// `t >=s L`.
    SLower,
    /// `t <=s U`.
    SUpper,
}

/// One activation record.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The executing function.
    pub func: FuncId,
    /// Register values, indexed by [`VarId`]; `None` before assignment.
    pub regs: Vec<Option<Expr>>,
    /// Where to continue in the caller and which caller variable receives the result.
    pub ret: Option<(Loc, Option<VarId>)>,
    /// Bases of this frame's stack objects, freed on return.
    pub allocas: Vec<u64>,
    /// The techniques' data of this activation (e.g. compact execution's
    /// record of folded recursive activations, which maps the value the
    /// frame returns); empty for an ordinary frame.
    pub slots: crate::technique::Slots,
}

/// A program input consumed on the path.
#[derive(Clone, Debug)]
pub struct InputRec {
    /// The symbol standing for the input.
    pub sym: Symbol,
    /// The nondet function called (`__VERIFIER_nondet_int`, ...).
    pub origin: std::rc::Rc<str>,
    /// Its type.
    pub ty: Ty,
    /// Where it was read.
    pub src: Option<SrcLoc>,
}

/// Inputs of a path, in the order the program reads them.
#[derive(Clone, Debug)]
pub enum Input {
    /// One input, a symbol of the path condition.
    One(InputRec),
    /// The inputs read by `count` iterations of a cycle's core (compact
    /// symbolic execution): in iteration `t` (from 0), each read in order
    /// gives `array[t]`.
    Iterated {
        /// Number of iterations (a 64-bit parameter κ).
        count: Expr,
        /// The reads of one iteration, in core order.
        reads: Rc<[IteratedRead]>,
    },
    /// One read of the cycle's input sequence, at iteration `index` (the
    /// inputs of a partial last iteration).
    At {
        /// The read.
        read: IteratedRead,
        /// The iteration (64 bits).
        index: Expr,
    },
}

/// One `__VERIFIER_nondet_*` call inside a cycle: its values, one per
/// iteration, are the elements of an array indexed by the iteration.
#[derive(Clone, Debug)]
pub struct IteratedRead {
    /// Array symbol from 64-bit iteration indices to the input's bits.
    pub array: Symbol,
    /// The nondet function called.
    pub origin: Rc<str>,
    /// Its type.
    pub ty: Ty,
    /// Where it is read.
    pub src: Option<SrcLoc>,
}

/// How many of the most recent source steps a state keeps; earlier ones are
/// counted in [`Trail::elided`], so a long path costs bounded memory.
pub const TRAIL_CAP: usize = 10_000;

/// The most recent visited source lines of a path (at most [`TRAIL_CAP`],
/// consecutive repeats merged), oldest first: a persistent vector, shared
/// between forked states, whose drop is not recursive.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    /// The kept steps: source line and the function executing it.
    pub steps: Vector<(FuncId, SrcLoc)>,
    /// Number of earlier steps dropped from the front.
    pub elided: u64,
    /// File and line of the last step (a copy of the back of `steps`, kept
    /// for the cheap repeat check on every edge).
    last: Option<(u32, u32)>,
    /// The path's branch decisions and input reads in order, recorded only
    /// with [`crate::Config::record_events`] (witness writing and checking).
    pub events: Vector<crate::PathEvent>,
    /// The exact source position of the last edge run (line and column).
    pub last_src: Option<SrcLoc>,
}

/// A symbolic execution state.
#[derive(Clone, Debug)]
pub struct State {
    /// Unique id (creation order).
    pub id: u64,
    /// Current location in the innermost frame's function.
    pub loc: Loc,
    /// Call stack; the last frame is the current one. Never empty while running.
    pub frames: Vec<Frame>,
    /// Memory.
    pub mem: Memory,
    /// Path condition φ as a list of boolean constraints (their conjunction).
    pub pc: Vector<Expr>,
    /// A model of `pc` (symbols absent map to 0). Invariant: satisfies every constraint of `pc`.
    pub witness: Assignment,
    /// Inputs read so far, in order.
    pub inputs: Vector<Input>,
    /// Values passed to `__kappa_trace` (differential testing).
    pub trace: Vector<Expr>,
    /// Visited source lines (the most recent [`TRAIL_CAP`]).
    pub trail: Trail,
    /// Node of the execution tree this state hangs under (when the tree is recorded).
    pub tree_node: usize,
    /// Why this path no longer explores everything it stands for (e.g. a
    /// concretised allocation size); such a path cannot support `true`.
    pub incomplete: Option<String>,
    /// The witness may not satisfy the path condition (it holds quantified
    /// constraints of compact execution, which the witness cannot be checked
    /// against): every feasibility check asks the solver.
    pub witness_unchecked: bool,
    /// Number of forks on the path so far.
    pub depth: u32,
    /// The strongest constant bound on each term in `pc`: its index in `pc`
    /// and the bound. Weaker bounds are dropped from `pc` (replaced by `true`).
    pub bounds: PMap<(Expr, BoundKind), (usize, u128)>,
    /// For each symbol, the indices of the `pc` constraints mentioning it
    /// (for slicing a query in time proportional to the slice). A dropped
    /// (weaker) bound stays listed; its slot in `pc` is `true`, which slices
    /// harmlessly.
    pub sym_index: PMap<kappa_expr::Symbol, IdxList>,
    /// The techniques' data of this state (e.g. navigation's plan).
    pub slots: crate::technique::Slots,
    /// Program start and end: the phase and the registered exit handlers.
    pub life: crate::structors::Lifecycle,
}

impl State {
    /// A state at `loc` with these frames and memory, and nothing else yet:
    /// an empty path condition, witness, input list, trail and tree node 0.
    pub fn start(id: u64, loc: Loc, frames: Vec<Frame>, mem: Memory) -> State {
        State {
            id,
            loc,
            frames,
            mem,
            pc: Default::default(),
            witness: Default::default(),
            inputs: Default::default(),
            trace: Default::default(),
            trail: Default::default(),
            tree_node: 0,
            incomplete: None,
            depth: 0,
            witness_unchecked: false,
            bounds: Default::default(),
            sym_index: Default::default(),
            slots: Default::default(),
            life: Default::default(),
        }
    }

    /// The current frame.
    pub fn frame(&self) -> &Frame {
        self.frames.last().expect("a running state has a frame")
    }
    /// The current frame, mutably.
    pub fn frame_mut(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a running state has a frame")
    }
    /// The current function.
    pub fn func(&self) -> FuncId {
        self.frame().func
    }
    /// Appends a source line to the trail unless it repeats the last one.
    pub fn visit(&mut self, src: Option<SrcLoc>) {
        let Some(src) = src else { return };
        self.trail.last_src = Some(src);
        if self.trail.last == Some((src.file, src.line)) {
            return;
        }
        self.trail.last = Some((src.file, src.line));
        let func = self.func();
        self.trail.steps.push_back((func, src));
        if self.trail.steps.len() > TRAIL_CAP {
            self.trail.steps.pop_front();
            self.trail.elided += 1;
        }
    }
}

/// A persistent list of path-condition indices, newest first: pushing is
/// O(1) and forked states share their tails. Dropping is iterative, so a
/// list as long as a path cannot overflow the stack.
#[derive(Clone, Debug, Default)]
pub struct IdxList(Option<Rc<IdxNode>>);

#[derive(Debug)]
struct IdxNode {
    idx: usize,
    next: IdxList,
}

impl IdxList {
    /// The list with `idx` in front.
    pub fn push(&self, idx: usize) -> IdxList {
        IdxList(Some(Rc::new(IdxNode {
            idx,
            next: self.clone(),
        })))
    }
    /// The indices, newest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let mut cur = self.0.as_deref();
        std::iter::from_fn(move || {
            let n = cur?;
            cur = n.next.0.as_deref();
            Some(n.idx)
        })
    }
}

impl Drop for IdxList {
    fn drop(&mut self) {
        let mut cur = self.0.take();
        while let Some(rc) = cur {
            match Rc::try_unwrap(rc) {
                Ok(mut node) => cur = node.next.0.take(),
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::IdxList;

    #[test]
    fn idx_lists_share_tails_and_drop_long_chains() {
        let a = IdxList::default().push(1).push(2);
        let b = a.push(3);
        let c = a.push(4);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![3, 2, 1]);
        assert_eq!(c.iter().collect::<Vec<_>>(), vec![4, 2, 1]);
        drop(a);
        assert_eq!(b.iter().count(), 3);
        // a chain far deeper than any stack frame budget drops without recursion
        let mut long = IdxList::default();
        for i in 0..2_000_000 {
            long = long.push(i);
        }
        assert_eq!(long.iter().next(), Some(1_999_999));
        drop(long);
    }
}
