//! Loop navigation (Obdržálek, Trtík, "Efficient Loop Navigation for
//! Symbolic Execution", ATVA 2011) as `--mode navigate`.
//!
//! Targets are `reach_error` edges and every edge of `main` that may fail
//! (a possible undefined behaviour, an unsupported construct, a call whose
//! callee is not analysed, direct or through a pointer), and, when code may
//! run after `main` (destructors, `atexit` handlers:
//! `Module::may_run_exit_handlers`), every return of `main` and every
//! `exit`/`abort`: a program can only end in `false` or `unknown` through
//! one of them. Constructors run before `main`, outside the chains: with
//! any, phase 2 proves nothing (phase 3 only looks at states already in
//! `main`, after them). Phases:
//!
//! 1. the chain program form of `main` from its entry
//!    (`kappa_loops::chain`), bounded by [`NavigateOptions::chain`];
//! 2. one constraint system per root chain ([`system`], Algorithm 1), each
//!    checked by the solver before execution starts: an unsatisfiable
//!    system eliminates its root chain (the systems over-approximate the
//!    executions following the chain: see [`system`]). If the form is
//!    complete and every root chain is eliminated, no execution reaches a
//!    target and the answer is `true` without executing anything;
//! 3. constraint-driven execution (Section 3.3, Algorithm 2): when a state
//!    arrives at a loop header, the chain form unfolded from the header
//!    (which describes every continuation of every path arriving there
//!    within the function, Theorem 1 applied from the header; an enclosing
//!    loop is a cycle through the header in it) gives root chains whose
//!    systems are instantiated with the state's registers and solved
//!    together with its path condition. In a callee (a frame below
//!    `main`'s), the function's returns are targets too, and a root chain
//!    to a return continues in the caller: the caller's chain form from
//!    the call's return site, its systems instantiated with the caller
//!    frame's registers and the returned value (a closed form over the
//!    callee's counters, or ⋆), conjoined with the callee's system, and so
//!    on up the stack ([`MAX_RETURN_LEVELS`] frames; past it, or past an
//!    unfolding bound, a return counts as reachable). Each level gets a
//!    fresh builder, so two activations of one function never share a
//!    counter. Callees are only navigated while their frame holds a
//!    symbolic register.
//!    No solution: the state cannot reach any target and is dropped (a
//!    proof, counted as pruned). A solution: its counters choose the
//!    subchain to run next (the first with a positive count), or the exit
//!    towards the chain whose system it solves when all are zero; the
//!    state then prefers the chosen path at every fork (the preferred
//!    successor comes first, which the depth-first searcher and the
//!    depth-first turns of the interleaved one pick; the other successors
//!    are the backtracking alternatives, explored later).
//!    [`NavSolve::Exact`] solves at every arrival; [`NavSolve::Interval`]
//!    keeps the solution's counts as the plan (point intervals of the
//!    paper's interval abstraction) and solves again only when a state
//!    leaves its plan.
//!
//! Verdicts stay the engine's: `false` only from a replayed witness,
//! `true` only from a proof (phase 2) or a complete exploration in which
//! every dropped state was proved unable to reach a target. Loops the
//! technique does not handle (past the unfolding bound, or in a callee
//! entered with concrete values) run classically (NotApplicable). Steering looks for a solution with every
//! counter below 2^20 first (modular closed forms admit huge counts), and
//! drops a state only when the unbounded system is unsatisfiable.
//!
//! Nested loops (the paper's reset chains): a loop node inside a subchain
//! counts its subchains' runs over all its entries; a register carried
//! across the outer iterations gets those counters in its closed form, a
//! register reset at every entry gets the entry's trip count when the loop
//! exits by the failure of a ±1 step guard over values that are the same
//! at every entry, and the counters sum to that trip count times the runs
//! of the enclosing subchain (see `system`). At any depth, a nested node's
//! registers follow these rules when every one of its subchains leaves
//! them unchanged or steps them by a constant; what a deeper loop changes
//! (a progression with a nested increment) is ⋆ in the enclosing one, and
//! so are registers neither rule covers.

mod eval;
mod forms;
pub mod system;

use crate::exec::Feas;
use crate::state::State;
use crate::technique::{Hook, SlotData, Technique};
use crate::Engine;
use kappa_expr::build as b;
use kappa_expr::{Expr, Symbol};
use kappa_ir::{FuncId, Function, Loc, Module};
use kappa_loops::chain::{chain_form, ChainForm, ChainOptions};
use kappa_solver::{SatResult, Solver};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};
use system::{ChainSystem, SystemBuilder, TargetKind};

/// Steering first looks for a solution with every counter below 2^this.
const SMALL_RUNS_LOG2: u32 = 20;

/// How a loop node's constraint system is solved during execution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NavSolve {
    /// One SMT query per arrival at a loop node.
    Exact,
    /// One SMT query when a state enters a loop (or leaves its plan); the
    /// solution's counts are followed without further queries.
    #[default]
    Interval,
}

/// Navigation's registration (`--mode navigate`, or `--technique navigate`).
pub const REGISTRATION: crate::registry::Registration = crate::registry::Registration {
    name: "navigate",
    about: "loop navigation: chain program form and counter systems steer the search",
    flags: &[
        crate::registry::Flag {
            name: "nav-solve",
            help: "how loop nodes are solved during execution",
            default: "interval",
            kind: crate::registry::FlagKind::Choice(&["interval", "exact"]),
        },
        crate::registry::Flag {
            name: "max-chain-pieces",
            help: "most path pieces built when unfolding the chain form",
            default: "20000",
            kind: crate::registry::FlagKind::Count,
        },
    ],
    parse: Some(|v| {
        Ok(Box::new(NavigateOptions {
            solve: match v.get("nav-solve") {
                "exact" => NavSolve::Exact,
                _ => NavSolve::Interval,
            },
            chain: ChainOptions {
                max_pieces: v.count("max-chain-pieces"),
            },
            ..Default::default()
        }))
    }),
    install: install_navigate,
};

fn install_navigate<'m>(
    cfg: &crate::Config,
    _m: &'m Module,
) -> Option<Box<dyn Technique<'m> + 'm>> {
    let opts = *cfg.techniques.get::<NavigateOptions>()?;
    Some(Box::new(Navigate::new(opts)))
}

impl crate::registry::OptionData for NavigateOptions {}

/// Options of `--mode navigate`. Default: interval solving, unfolding
/// bound of [`ChainOptions::default`], 1 s per constraint-system query.
#[derive(Clone, Copy, Debug)]
pub struct NavigateOptions {
    /// How loop nodes are solved during execution.
    pub solve: NavSolve,
    /// Bound of the chain program form.
    pub chain: ChainOptions,
    /// Time limit of one query on a constraint system during execution
    /// (an undecided one leaves the state unsteered). Also capped at a
    /// quarter of the run's time left.
    pub query_cap: Duration,
    /// Time limit of one query on a root chain's system before execution
    /// (the proof; an undecided root chain is kept). Also capped by the
    /// quarter of the run's time left that the analysis gets.
    pub proof_cap: Duration,
}

impl Default for NavigateOptions {
    fn default() -> Self {
        NavigateOptions {
            solve: NavSolve::default(),
            chain: ChainOptions::default(),
            query_cap: Duration::from_secs(1),
            // (systems with nested loops' products took 0.3-1.5 s on a
            // loaded 2-core machine)
            proof_cap: Duration::from_secs(5),
        }
    }
}

/// What the solver said of a root chain's system before execution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RootVerdict {
    /// Unsatisfiable: no execution follows the chain.
    Eliminated,
    /// Satisfiable.
    Feasible,
    /// The solver could not decide.
    Unknown(String),
}

/// The chain form of `f` from `start` to its targets ([`system::target_kind`]
/// with `returns`: `f` runs as a callee).
fn targets_form(
    m: &Module,
    f: &Function,
    start: Loc,
    returns: bool,
    opts: ChainOptions,
) -> ChainForm {
    let exits = m.may_run_exit_handlers();
    chain_form(
        f,
        start,
        |e| system::target_kind(f, e, exits, returns).is_some(),
        opts,
    )
}

/// Most edges of `main` with its callees inlined for phases 1 and 2
/// (beyond it, calls stay calls).
pub const INLINE_MAX_EDGES: usize = 4_000;

/// Phases 1 and 2 over `main` from its entry.
#[derive(Debug)]
pub struct EntryAnalysis {
    /// `main` with its callees inlined
    /// ([`kappa_ir::inline::inline_calls_deep`]), when the analysis ran on
    /// that copy; `None`: on `main` itself. The form's edges are the
    /// analysed function's ([`EntryAnalysis::function`]).
    pub inlined: Option<Function>,
    /// The chain program form.
    pub form: Rc<ChainForm>,
    /// One system per root chain, in root order.
    pub systems: Vec<ChainSystem>,
    /// The solver's answer per root chain.
    pub verdicts: Vec<RootVerdict>,
    /// Seconds spent building the chain form.
    pub form_time: f64,
    /// Seconds spent building and solving the systems.
    pub system_time: f64,
    /// Constructors run before the function (`main`): the chains, which
    /// start at its entry, do not cover them.
    pub constructors: bool,
}

impl EntryAnalysis {
    /// The function the form and systems describe: the inlined copy, or
    /// `main` (`fid`) of `m`.
    pub fn function<'a>(&'a self, m: &'a Module, fid: FuncId) -> &'a Function {
        self.inlined.as_ref().unwrap_or_else(|| m.func(fid))
    }
    /// Whether no execution reaches any target: the form is complete, every
    /// root chain was eliminated and no constructor runs first (one may
    /// reach `reach_error` or fail before `main`).
    pub fn proves_unreachable(&self) -> bool {
        !self.constructors
            && !self.form.bound_hit
            && self.verdicts.iter().all(|v| *v == RootVerdict::Eliminated)
    }
    /// Number of eliminated root chains.
    pub fn eliminated(&self) -> usize {
        self.verdicts
            .iter()
            .filter(|v| **v == RootVerdict::Eliminated)
            .count()
    }
    /// Constraints in the systems of the root chains not eliminated.
    pub fn constraints_left(&self) -> usize {
        self.systems
            .iter()
            .zip(&self.verdicts)
            .filter(|(_, v)| **v != RootVerdict::Eliminated)
            .map(|(s, _)| s.constraints.len())
            .sum()
    }
}

/// Builds the chain form of function `fid` from its entry and checks every
/// root chain's system with `solver` (phases 1 and 2), each query capped
/// at `cap`; past `until`, the remaining root chains are left undecided.
pub fn analyze_entry(
    m: &Module,
    fid: FuncId,
    solver: &mut dyn Solver,
    opts: ChainOptions,
    cap: Duration,
    until: Option<Instant>,
) -> EntryAnalysis {
    let t0 = Instant::now();
    let form_of = |f: &Function| targets_form(m, f, f.entry, false, opts);
    // the function with its callees inlined (a call is a target that may
    // fail, so without it no chain through a call is ever eliminated);
    // the function itself when nothing is inlined or the inlined form is
    // past the unfolding bound
    let inlined = kappa_ir::inline::inline_calls_deep(m, fid, INLINE_MAX_EDGES)
        .map(|g| {
            let form = form_of(&g);
            (g, form)
        })
        .filter(|(_, form)| !form.bound_hit);
    let (inlined, form) = match inlined {
        Some((g, form)) => (Some(g), form),
        None => (None, form_of(m.func(fid))),
    };
    let form = Rc::new(form);
    let f = inlined.as_ref().unwrap_or_else(|| m.func(fid));
    let form_time = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let mut sb = SystemBuilder::new(m, f, form.clone());
    let mut systems = vec![];
    let mut verdicts = vec![];
    for &r in &form.roots {
        let sys = sb.entry_system(r);
        let left = until.map(|u| u.saturating_duration_since(Instant::now()));
        solver.set_query_cap(Some(left.map_or(cap, |l| l.min(cap))));
        let v = if left.is_some_and(|l| l.is_zero()) {
            RootVerdict::Unknown("time share of the analysis used up".into())
        } else {
            match solver.check(&[], b::and_all(sys.constraints.iter().copied())) {
                SatResult::Unsat => RootVerdict::Eliminated,
                SatResult::Sat(_) => RootVerdict::Feasible,
                SatResult::Unknown(r) => RootVerdict::Unknown(r),
            }
        };
        systems.push(sys);
        verdicts.push(v);
    }
    solver.set_query_cap(None);
    EntryAnalysis {
        inlined,
        form,
        systems,
        verdicts,
        form_time,
        system_time: t1.elapsed().as_secs_f64(),
        constructors: !m.ctors.is_empty(),
    }
}

/// A state's navigation plan at the loop header it last passed.
#[derive(Debug)]
pub struct NavCursor {
    /// The function of the header and the depth of its frame (the plan
    /// holds while the state runs in that frame or deeper ones).
    func: FuncId,
    depth: usize,
    header: Loc,
    /// The chosen subchain (index among the header's subchains), or `None`
    /// for the exit.
    pref: Option<usize>,
    /// Preferred successor location at each location of the chosen path.
    next: Rc<FxHashMap<Loc, Loc>>,
    /// Remaining runs per subchain (interval solving).
    plan: Rc<Vec<u64>>,
    /// The exit path of the solution.
    exit: Rc<FxHashMap<Loc, Loc>>,
}

/// A state's navigation data (its slot; absent outside `--mode navigate`).
#[derive(Clone, Debug, Default)]
pub struct NavMark {
    /// The plan chosen at the last loop header.
    pub cursor: Option<Rc<NavCursor>>,
    /// Where the hook last ran, as (frame depth, function, location): it
    /// runs once per arrival.
    pub checked: Option<(usize, FuncId, Loc)>,
    /// Interval solving: the header of the last arrival without a plan and
    /// how many such arrivals there were in a row.
    pub unplanned: Option<((usize, FuncId, Loc), u32)>,
}

impl SlotData for NavMark {}

/// Per-header data: the chain form unfolded from the header.
pub(crate) struct HeaderNav<'m> {
    builder: SystemBuilder<'m>,
    form: Rc<ChainForm>,
    counters: Vec<Symbol>,
    paths: Vec<Rc<FxHashMap<Loc, Loc>>>,
}

/// Engine-side state of navigation.
pub(crate) struct NavData<'m> {
    pub(crate) opts: NavigateOptions,
    /// Per (function, loop header, run as a callee): the form from there.
    headers: FxHashMap<(FuncId, Loc, bool), Option<Box<HeaderNav<'m>>>>,
    /// Per (caller, return site, caller run as a callee): the form of the
    /// caller's continuation after a call returns (`None`: bound hit).
    continuations: FxHashMap<(FuncId, Loc, bool), Option<Rc<ChainForm>>>,
    /// Per function (computed on its first step): its loop headers.
    is_header: Vec<Option<Vec<bool>>>,
}

/// Most frames a chain from a callee's loop header is followed through
/// returns into its callers; past it the return counts as a target that
/// may fail (nothing is concluded from it).
const MAX_RETURN_LEVELS: usize = 8;

/// Loop navigation plugged into the engine's seam: phases 1 and 2 before
/// execution ([`Technique::prepare`]), phase 3 at loop headers of `main`,
/// and the order of fork successors along the chosen path.
pub(crate) struct Navigate<'m> {
    opts: NavigateOptions,
    /// Phase 3's data, once phases 1 and 2 did not prove the program safe.
    data: Option<Box<NavData<'m>>>,
}

impl<'m> Navigate<'m> {
    /// Navigation with these options.
    pub(crate) fn new(opts: NavigateOptions) -> Self {
        Navigate { opts, data: None }
    }
}

impl<'m> Technique<'m> for Navigate<'m> {
    fn name(&self) -> &'static str {
        "navigation"
    }

    fn register_stats(&self, stats: &mut crate::technique_stats::TechniqueCounters) {
        stats.get_mut::<NavStats>();
    }

    fn prepare(&mut self, eng: &mut Engine<'m>, main: FuncId) -> Option<String> {
        self.prepare_run(eng, main)
    }

    /// Loop headers not yet looked at on this arrival (see `wants_state`,
    /// which also drops a plan the state has left).
    fn wants(&mut self, eng: &mut Engine<'m>, st: &mut State) -> bool {
        if let Some(nav) = self.data.as_mut() {
            nav.ensure_headers(eng.module, st.func());
        }
        self.wants_state(st)
    }

    fn at_location(&mut self, eng: &mut Engine<'m>, mut st: State) -> Hook {
        // (asked again: the hook also runs when only another technique
        // wants the state)
        if self.wants(eng, &mut st) {
            self.step(eng, st)
        } else {
            Hook::Pass(st)
        }
    }

    fn on_fork(&mut self, _eng: &mut Engine<'m>, at: Loc, mut states: Vec<State>) -> Vec<State> {
        self.order(at, &mut states);
        states
    }

    fn on_error(&mut self, eng: &mut Engine<'m>, st: &State) {
        self.note_witness(eng, st);
    }
}

/// Successor of each location on the path `edges`; the last location maps
/// to itself (so it counts as on the path).
fn path_map(m: &Module, fid: FuncId, edges: &[kappa_ir::EdgeId]) -> FxHashMap<Loc, Loc> {
    let f = m.func(fid);
    let mut map: FxHashMap<Loc, Loc> = edges
        .iter()
        .map(|e| (f.edges[e.index()].from, f.edges[e.index()].to))
        .collect();
    if let Some(last) = edges.last() {
        let to = f.edges[last.index()].to;
        map.entry(to).or_insert(to);
    }
    map
}

/// Navigation statistics (Table 3 of the paper), reported under `navigate`.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct NavStats {
    /// Root chains / all chains of `main` from its entry.
    pub root_chains: u64,
    /// All chains (root chains and subchains).
    pub chains: u64,
    /// Whether the unfolding bound was hit.
    pub bound_hit: bool,
    /// Seconds building the chain form.
    pub form_time: f64,
    /// Root chains eliminated before execution.
    pub eliminated: u64,
    /// Constraints left in the systems not eliminated.
    pub constraints: u64,
    /// Seconds building and solving the systems before execution.
    pub system_time: f64,
    /// Loop-node decisions that solved a system (SMT).
    pub solved: u64,
    /// Loop-node decisions taken from a plan (no solver call).
    pub planned: u64,
    /// Arrivals without a plan at which solving was skipped (interval
    /// solving backs off on a state that keeps leaving its plan).
    pub skipped: u64,
    /// States dropped because no target is reachable from them.
    pub pruned: u64,
    /// Predicates in the path condition of the error witness.
    pub witness_pc: u64,
}

impl crate::technique_stats::TechniqueStats for NavStats {
    fn key(&self) -> &'static str {
        "navigate"
    }
    fn json(&self, _run: &crate::Stats) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
    fn text(&self, _run: &crate::Stats) -> Option<String> {
        Some(format!(
            "navigate: {}/{} root/all chains{}, {} root chains eliminated, {} constraints left, {} systems solved, {} planned decisions, {} skipped, {} states pruned",
            self.root_chains,
            self.chains,
            if self.bound_hit { " (unfolding bound hit)" } else { "" },
            self.eliminated,
            self.constraints,
            self.solved,
            self.planned,
            self.skipped,
            self.pruned
        ))
    }
}

impl<'m> NavData<'m> {
    pub(crate) fn new(m: &'m Module, opts: NavigateOptions) -> Self {
        NavData {
            opts,
            headers: FxHashMap::default(),
            continuations: FxHashMap::default(),
            is_header: vec![None; m.functions.len()],
        }
    }

    /// Computes the loop headers of `fid` once.
    fn ensure_headers(&mut self, m: &Module, fid: FuncId) {
        let i = fid.index();
        if self.is_header.len() <= i {
            self.is_header.resize(i + 1, None);
        }
        if self.is_header[i].is_none() {
            let f = m.func(fid);
            let mut v = vec![false; f.locs.len()];
            if f.defined {
                for h in kappa_loops::loop_headers(f) {
                    v[h.index()] = true;
                }
            }
            self.is_header[i] = Some(v);
        }
    }

    /// Whether `l` is a loop header of `fid` (false before
    /// [`Self::ensure_headers`]).
    fn is_header(&self, fid: FuncId, l: Loc) -> bool {
        self.is_header
            .get(fid.index())
            .and_then(|v| v.as_ref())
            .is_some_and(|v| v.get(l.index()).copied().unwrap_or(false))
    }
}

impl<'m> Navigate<'m> {
    /// Phases 1 and 2 at the start of a navigate run: `true` when every
    /// root chain is eliminated (returns the reason), else prepares phase 3.
    fn prepare_run(&mut self, eng: &mut Engine<'m>, main: FuncId) -> Option<String> {
        let opts = self.opts;
        let cap = eng.query_cap_share(opts.proof_cap, 4);
        let until = eng.cfg.deadline.map(|d| {
            let now = Instant::now();
            now + d.saturating_duration_since(now) / 4
        });
        let a = analyze_entry(eng.module, main, &mut *eng.solver, opts.chain, cap, until);
        eng.solver.set_query_cap(eng.query_cap_now);
        let n = eng.stats.techniques.get_mut::<NavStats>();
        n.root_chains = a.form.roots.len() as u64;
        n.chains = a.form.chains.len() as u64;
        n.bound_hit = a.form.bound_hit;
        n.form_time = a.form_time;
        n.eliminated = a.eliminated() as u64;
        n.constraints = a.constraints_left() as u64;
        n.system_time = a.system_time;
        if a.proves_unreachable() {
            return Some(format!(
                "proved by chain constraint systems before execution: all {} root chains to \
                 reach_error and to possible failures are infeasible",
                a.form.roots.len()
            ));
        }
        self.data = Some(Box::new(NavData::new(eng.module, opts)));
        None
    }

    /// The chain form of function `fid` unfolded from its loop header `h`
    /// (`returns`: `fid` runs as a callee, its returns are targets), with
    /// its builder and subchain paths; `None` when unusable.
    fn header_nav(
        &mut self,
        m: &'m Module,
        fid: FuncId,
        h: Loc,
        returns: bool,
    ) -> Option<&mut HeaderNav<'m>> {
        let nav = self.data.as_mut()?;
        let opts = nav.opts;
        let entry = nav.headers.entry((fid, h, returns)).or_insert_with(|| {
            let f = m.func(fid);
            let form = Rc::new(targets_form(m, f, h, returns, opts.chain));
            if form.bound_hit || form.roots.is_empty() {
                return None;
            }
            let first = form.chains[form.roots[0]].loop_nodes.first().copied();
            let subchains = match first {
                Some((0, id)) => form.loop_nodes[id].subchains.clone(),
                _ => return None,
            };
            let mut builder = SystemBuilder::new(m, f, form.clone()).returning(returns);
            let counters = subchains.iter().map(|&d| builder.counter(d)).collect();
            let paths = subchains
                .iter()
                .map(|&d| Rc::new(path_map(m, fid, &form.chains[d].edges)))
                .collect();
            Some(Box::new(HeaderNav {
                builder,
                form,
                counters,
                paths,
            }))
        });
        entry.as_deref_mut()
    }

    /// The chain form of `fid` from `l` (a return site), with its returns
    /// as targets when `returns`; `None` when the unfolding bound was hit.
    fn continuation_form(
        &mut self,
        m: &'m Module,
        fid: FuncId,
        l: Loc,
        returns: bool,
    ) -> Option<Rc<ChainForm>> {
        let nav = self.data.as_mut()?;
        let opts = nav.opts;
        nav.continuations
            .entry((fid, l, returns))
            .or_insert_with(|| {
                let form = targets_form(m, m.func(fid), l, returns, opts.chain);
                (!form.bound_hit).then(|| Rc::new(form))
            })
            .clone()
    }

    /// The goals after frame `idx + 1` of `st` returns `ret` (`None`: ⋆)
    /// into frame `idx`: the disjunctions of the systems of the caller's
    /// continuation to `reach_error` and to the other targets (a return of
    /// the caller again follows into its own caller). Each level builds
    /// its systems with a fresh builder, so no symbol is shared between
    /// levels (a recursive function's frames are distinct executions).
    /// Past [`MAX_RETURN_LEVELS`] or an incomplete form, the other goal is
    /// `true`: nothing is concluded.
    fn continuation(
        &mut self,
        m: &'m Module,
        st: &State,
        idx: usize,
        ret: Option<Expr>,
        level: usize,
    ) -> (Expr, Expr) {
        let unknown = (b::fls(), b::tru());
        if level > MAX_RETURN_LEVELS {
            return unknown;
        }
        let Some((loc, dst)) = st.frames[idx + 1].ret else {
            return unknown;
        };
        // a frame with a technique's data (compact execution's folded
        // activations) may return something else than its `return` value
        if !st.frames[idx + 1].slots.is_empty() {
            return unknown;
        }
        let caller = &st.frames[idx];
        let returns = idx > 0;
        let Some(form) = self.continuation_form(m, caller.func, loc, returns) else {
            return unknown;
        };
        let f = m.func(caller.func);
        let mut builder = SystemBuilder::new(m, f, form.clone()).returning(returns);
        let mut regs = caller.regs.clone();
        if let Some(d) = dst {
            regs[d.index()] = ret;
        }
        let (mut err, mut other) = (b::fls(), b::fls());
        for &r in &form.roots {
            let sys = builder.root_system(r, &regs);
            let g = b::and_all(sys.constraints.iter().copied());
            match (sys.returned, sys.target) {
                (Some(v), _) => {
                    let (e, o) = self.continuation(m, st, idx - 1, v, level + 1);
                    err = b::or(err, b::and(g, e));
                    other = b::or(other, b::and(g, o));
                }
                (None, TargetKind::Error) => err = b::or(err, g),
                (None, TargetKind::MayFail) => other = b::or(other, g),
            }
        }
        (err, other)
    }

    /// Whether the navigation hook should look at `st` now (and clears a
    /// plan the state has left).
    fn wants_state(&self, st: &mut State) -> bool {
        let Some(nav) = &self.data else {
            return false;
        };
        let here = (st.frames.len(), st.func(), st.loc);
        if let Some(m) = st.slots.get::<NavMark>() {
            let stale_check = m.checked.is_some_and(|c| c != here);
            // (a plan holds in deeper frames, the callees its path calls)
            let off_plan = m.cursor.as_ref().is_some_and(|c| {
                if (c.depth, c.func) == (here.0, here.1) {
                    st.loc != c.header && !c.next.contains_key(&st.loc)
                } else {
                    here.0 <= c.depth
                }
            });
            if stale_check || off_plan {
                let m = st.slots.get_mut::<NavMark>();
                if stale_check {
                    m.checked = None;
                }
                if off_plan {
                    m.cursor = None;
                }
            }
        }
        // (in a callee, only a state with a symbolic register in its frame:
        // a callee called with concrete values runs concretely, and solving
        // at each of its calls costs a query each; measured 10x slower on
        // a helper called from a loop)
        st.slots
            .get::<NavMark>()
            .is_none_or(|m| m.checked.is_none())
            && nav.is_header(st.func(), st.loc)
            && (st.frames.len() == 1
                || st
                    .frame()
                    .regs
                    .iter()
                    .any(|r| r.is_some_and(|e| !e.is_const())))
    }

    /// Algorithm 2 at a loop header: ends the state when no target is
    /// reachable from it (a proof), else passes it on with its plan set.
    fn step(&mut self, eng: &mut Engine<'m>, mut st: State) -> Hook {
        let (depth, fid, h) = (st.frames.len(), st.func(), st.loc);
        st.slots.get_mut::<NavMark>().checked = Some((depth, fid, h));
        // in a callee, returns are targets followed into the callers
        let returns = depth > 1;
        let interval = self
            .data
            .as_ref()
            .is_some_and(|n| n.opts.solve == NavSolve::Interval);
        // interval solving: follow the plan while the state keeps to it
        if interval {
            if let Some(c) = st.slots.get::<NavMark>().and_then(|m| m.cursor.clone()) {
                // back at the header after a planned subchain (a state that
                // was to leave but came back solves again)
                if (c.depth, c.func, c.header) == (depth, fid, h) && c.pref.is_some() {
                    let mut plan = (*c.plan).clone();
                    if let Some(i) = c.pref {
                        plan[i] = plan[i].saturating_sub(1);
                    }
                    let Some(hn) = self.header_nav(eng.module, fid, h, returns) else {
                        return Hook::Pass(st);
                    };
                    let pref = plan.iter().position(|&n| n > 0);
                    let next = match pref {
                        Some(i) => hn.paths[i].clone(),
                        None => c.exit.clone(),
                    };
                    eng.stats.techniques.get_mut::<NavStats>().planned += 1;
                    st.slots.get_mut::<NavMark>().cursor = Some(Rc::new(NavCursor {
                        func: fid,
                        depth,
                        header: h,
                        pref,
                        next,
                        plan: Rc::new(plan),
                        exit: c.exit.clone(),
                    }));
                    return Hook::Pass(st);
                }
            }
            // arrivals without a plan at the same header in a row (the
            // state left its plan without a fork, e.g. a concrete branch
            // the solution ordered differently): solve on the 1st, 2nd,
            // 4th, 8th, ... only (measured: a loop of 10^7 concrete
            // iterations solved at every arrival, 2.8 ms each)
            let key = (depth, fid, h);
            let m = st.slots.get_mut::<NavMark>();
            let n = match m.unplanned {
                Some((k, n)) if k == key => n.saturating_add(1),
                _ => 1,
            };
            m.unplanned = Some((key, n));
            if !n.is_power_of_two() {
                eng.stats.techniques.get_mut::<NavStats>().skipped += 1;
                return Hook::Pass(st);
            }
        }
        let regs = st.frame().regs.clone();
        let module = eng.module;
        let Some(hn) = self.header_nav(module, fid, h, returns) else {
            st.slots.get_mut::<NavMark>().cursor = None;
            return Hook::Pass(st);
        };
        let roots = hn.form.roots.clone();
        let systems: Vec<_> = roots
            .iter()
            .map(|&r| {
                let sys = hn.builder.root_system(r, &regs);
                let g = b::and_all(sys.constraints.iter().copied());
                (r, g, sys.returned, sys.target)
            })
            .collect();
        let counters = hn.counters.clone();
        let small = hn
            .builder
            .all_counters()
            .into_iter()
            .fold(b::tru(), |acc, k| {
                b::and(acc, b::ult(b::sym(k), b::bv(64, 1 << SMALL_RUNS_LOG2)))
            });
        let mut err_goal = vec![];
        let mut other_goal = vec![];
        for (r, g, returned, target) in systems {
            match (returned, target) {
                // a return of this callee: what the callers do next decides
                (Some(v), _) => {
                    let (e, o) = self.continuation(module, &st, depth - 2, v, 1);
                    err_goal.push((r, b::and(g, e)));
                    other_goal.push((r, b::and(g, o)));
                }
                (None, TargetKind::Error) => err_goal.push((r, g)),
                (None, TargetKind::MayFail) => other_goal.push((r, g)),
            }
        }
        // (steering wants few runs: modular closed forms also admit counts
        // past 2^32; a solution with small counters, `small`, is tried
        // first, the unbounded system decides whether the state can be
        // dropped)
        let mut chosen = None;
        for goals in [err_goal, other_goal] {
            if goals.is_empty() {
                continue;
            }
            let goal = goals.iter().fold(b::fls(), |acc, (_, g)| b::or(acc, *g));
            eng.stats.techniques.get_mut::<NavStats>().solved += 1;
            let cap = self.opts.query_cap;
            let prev = eng.push_query_cap(eng.query_cap_share(cap, 4));
            let mut feas = eng.feasible(&st, b::and(goal, small));
            if !matches!(feas, Feas::Sat(_)) {
                eng.stats.techniques.get_mut::<NavStats>().solved += 1;
                feas = eng.feasible(&st, goal);
            }
            eng.pop_query_cap(prev);
            match feas {
                Feas::Unsat => continue,
                Feas::Unknown(_) => {
                    st.slots.get_mut::<NavMark>().cursor = None;
                    return Hook::Pass(st);
                }
                Feas::Sat(model) => {
                    let mut a = st.witness.clone();
                    if let Some((_, m)) = model {
                        for (s, v) in m.scalars.iter() {
                            a.set(*s, *v);
                        }
                    }
                    let root = goals
                        .iter()
                        .find(|(_, g)| kappa_expr::eval::eval_bool(*g, &a) == Some(true))
                        .map(|(r, _)| *r)
                        .unwrap_or(goals[0].0);
                    let plan: Vec<u64> = counters
                        .iter()
                        .map(|&k| {
                            if a.scalars.contains_key(&k) {
                                a.get(k) as u64
                            } else {
                                0
                            }
                        })
                        .collect();
                    chosen = Some((root, plan));
                    break;
                }
            }
        }
        let Some((root, plan)) = chosen else {
            eng.stats.techniques.get_mut::<NavStats>().pruned += 1;
            return Hook::End(st);
        };
        let hn = self
            .header_nav(module, fid, h, returns)
            .expect("built above");
        let chain = &hn.form.chains[root];
        let stop = chain
            .loop_nodes
            .iter()
            .map(|&(p, _)| p)
            .find(|&p| p > 0)
            .unwrap_or(chain.edges.len());
        let exit = Rc::new(path_map(module, st.func(), &chain.edges[..stop]));
        let pref = plan.iter().position(|&n| n > 0);
        let hn = self
            .header_nav(module, fid, h, returns)
            .expect("built above");
        let next = match pref {
            Some(i) => hn.paths[i].clone(),
            None => exit.clone(),
        };
        st.slots.get_mut::<NavMark>().cursor = Some(Rc::new(NavCursor {
            func: fid,
            depth,
            header: h,
            pref,
            next,
            plan: Rc::new(plan),
            exit,
        }));
        Hook::Pass(st)
    }

    /// Orders the successors of a fork at `at` so that the one on the
    /// state's chosen path runs first; the others lose the plan.
    fn order(&self, at: Loc, states: &mut [State]) {
        let Some(c) = states
            .first()
            .and_then(|s| s.slots.get::<NavMark>())
            .and_then(|m| m.cursor.clone())
        else {
            return;
        };
        // (a fork in a callee the plan's path calls is not on the plan)
        if states
            .first()
            .is_some_and(|s| (s.frames.len(), s.func()) != (c.depth, c.func))
        {
            return;
        }
        let Some(&to) = c.next.get(&at) else {
            return;
        };
        if let Some(i) = states.iter().position(|s| s.loc == to) {
            states[..=i].rotate_right(1);
        }
        for s in states.iter_mut().skip(1) {
            s.slots.get_mut::<NavMark>().cursor = None;
        }
    }

    /// Records the size of the path condition of a confirmed witness state.
    fn note_witness(&mut self, eng: &mut Engine<'m>, st: &State) {
        if self.data.is_some() {
            eng.stats.techniques.get_mut::<NavStats>().witness_pc = st
                .pc
                .iter()
                .filter(|c| c.as_bool_const() != Some(true))
                .count() as u64;
        }
    }
}
