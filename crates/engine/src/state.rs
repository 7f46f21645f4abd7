//! Execution states (l, θ, φ) plus call stack: the current location, the
//! frames' registers, memory, the path condition and a witness model of it.

use crate::memory::Memory;
use im_rc::Vector;
use kappa_expr::eval::PMap;
use kappa_expr::{Assignment, Expr, Symbol};
use kappa_ir::{FuncId, Loc, SrcLoc, Ty, VarId};

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
    pub inputs: Vector<InputRec>,
    /// Values passed to `__kappa_trace` (differential testing).
    pub trace: Vector<Expr>,
    /// Visited source lines (the most recent [`TRAIL_CAP`]).
    pub trail: Trail,
    /// Node of the execution tree this state hangs under (when the tree is recorded).
    pub tree_node: usize,
    /// Why this path no longer explores everything it stands for (e.g. a
    /// concretised allocation size); such a path cannot support `true`.
    pub incomplete: Option<String>,
    /// Number of forks on the path so far.
    pub depth: u32,
    /// The strongest constant bound on each term in `pc`: its index in `pc`
    /// and the bound. Weaker bounds are dropped from `pc` (replaced by `true`).
    pub bounds: PMap<(Expr, BoundKind), (usize, u128)>,
    /// For each symbol, the indices of the live `pc` constraints mentioning it
    /// (for slicing a query in time proportional to the slice).
    pub sym_index: PMap<kappa_expr::Symbol, im_rc::OrdSet<usize>>,
}

impl State {
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
