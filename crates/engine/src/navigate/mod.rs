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
//!    of `main` arrives at a loop header, the chain form unfolded from the
//!    header (which describes every continuation of every path arriving
//!    there, Theorem 1 applied from the header; an enclosing loop is a
//!    cycle through the header in it) gives root chains whose systems are
//!    instantiated with the state's registers and solved together with its
//!    path condition.
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
//! technique does not handle (in callees, past the unfolding bound) run
//! classically (NotApplicable). Steering looks for a solution with every
//! counter below 2^20 first (modular closed forms admit huge counts), and
//! drops a state only when the unbounded system is unsatisfiable.
//!
//! Nested loops (the paper's reset chains, for one level of nesting): a
//! loop node inside a subchain counts its subchains' runs over all its
//! entries; a register carried across the outer iterations gets those
//! counters in its closed form, a register reset at every entry gets the
//! entry's trip count when the loop exits by the failure of a ±1 step
//! guard over values that are the same at every entry, and the counters
//! sum to that trip count times the runs of the enclosing subchain (see
//! `system`). Deeper nesting is ⋆, and so are registers neither rule
//! covers.

mod eval;
mod forms;
pub mod system;

use crate::exec::Feas;
use crate::state::State;
use crate::technique::{Hook, SlotData, Technique};
use crate::Engine;
use kappa_expr::build as b;
use kappa_expr::Symbol;
use kappa_ir::{FuncId, Loc, Module};
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

/// Phases 1 and 2 over `main` from its entry.
#[derive(Debug)]
pub struct EntryAnalysis {
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
    let f = m.func(fid);
    let t0 = Instant::now();
    let exits = m.may_run_exit_handlers();
    let form = Rc::new(chain_form(
        f,
        f.entry,
        |e| system::target_kind(f, e, exits).is_some(),
        opts,
    ));
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
    /// The location where the hook last ran (it runs once per arrival).
    pub checked: Option<Loc>,
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
    pub(crate) main: FuncId,
    headers: FxHashMap<Loc, Option<Box<HeaderNav<'m>>>>,
    is_header: Vec<bool>,
}

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

    fn at_location(&mut self, eng: &mut Engine<'m>, mut st: State) -> Hook {
        if self.wants(&mut st) {
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
            "navigate: {}/{} root/all chains{}, {} root chains eliminated, {} constraints left, {} systems solved, {} planned decisions, {} states pruned",
            self.root_chains,
            self.chains,
            if self.bound_hit { " (unfolding bound hit)" } else { "" },
            self.eliminated,
            self.constraints,
            self.solved,
            self.planned,
            self.pruned
        ))
    }
}

impl<'m> NavData<'m> {
    pub(crate) fn new(m: &'m Module, main: FuncId, opts: NavigateOptions) -> Self {
        let f = m.func(main);
        let mut is_header = vec![false; f.locs.len()];
        for h in kappa_loops::loop_headers(f) {
            is_header[h.index()] = true;
        }
        NavData {
            opts,
            main,
            headers: FxHashMap::default(),
            is_header,
        }
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
        self.data = Some(Box::new(NavData::new(eng.module, main, opts)));
        None
    }

    fn header_nav(&mut self, m: &'m Module, h: Loc) -> Option<&mut HeaderNav<'m>> {
        let nav = self.data.as_mut()?;
        let main = nav.main;
        let opts = nav.opts;
        let entry = nav.headers.entry(h).or_insert_with(|| {
            let f = m.func(main);
            let exits = m.may_run_exit_handlers();
            let form = Rc::new(chain_form(
                f,
                h,
                |e| system::target_kind(f, e, exits).is_some(),
                opts.chain,
            ));
            if form.bound_hit || form.roots.is_empty() {
                return None;
            }
            let first = form.chains[form.roots[0]].loop_nodes.first().copied();
            let subchains = match first {
                Some((0, id)) => form.loop_nodes[id].subchains.clone(),
                _ => return None,
            };
            let mut builder = SystemBuilder::new(m, f, form.clone());
            let counters = subchains.iter().map(|&d| builder.counter(d)).collect();
            let paths = subchains
                .iter()
                .map(|&d| Rc::new(path_map(m, main, &form.chains[d].edges)))
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

    /// Whether the navigation hook should look at `st` now (and clears a
    /// plan the state has left).
    fn wants(&self, st: &mut State) -> bool {
        let Some(nav) = &self.data else {
            return false;
        };
        if let Some(m) = st.slots.get::<NavMark>() {
            let stale_check = m.checked.is_some_and(|l| l != st.loc);
            let off_plan = m
                .cursor
                .as_ref()
                .is_some_and(|c| st.loc != c.header && !c.next.contains_key(&st.loc));
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
        st.slots
            .get::<NavMark>()
            .is_none_or(|m| m.checked.is_none())
            && st.frames.len() == 1
            && st.func() == nav.main
            && nav.is_header[st.loc.index()]
    }

    /// Algorithm 2 at a loop header: ends the state when no target is
    /// reachable from it (a proof), else passes it on with its plan set.
    fn step(&mut self, eng: &mut Engine<'m>, mut st: State) -> Hook {
        st.slots.get_mut::<NavMark>().checked = Some(st.loc);
        let h = st.loc;
        let interval = self
            .data
            .as_ref()
            .is_some_and(|n| n.opts.solve == NavSolve::Interval);
        // interval solving: follow the plan while the state keeps to it
        if interval {
            if let Some(c) = st.slots.get::<NavMark>().and_then(|m| m.cursor.clone()) {
                // back at the header after a planned subchain (a state that
                // was to leave but came back solves again)
                if c.header == h && c.pref.is_some() {
                    let mut plan = (*c.plan).clone();
                    if let Some(i) = c.pref {
                        plan[i] = plan[i].saturating_sub(1);
                    }
                    let Some(hn) = self.header_nav(eng.module, h) else {
                        return Hook::Pass(st);
                    };
                    let pref = plan.iter().position(|&n| n > 0);
                    let next = match pref {
                        Some(i) => hn.paths[i].clone(),
                        None => c.exit.clone(),
                    };
                    eng.stats.techniques.get_mut::<NavStats>().planned += 1;
                    st.slots.get_mut::<NavMark>().cursor = Some(Rc::new(NavCursor {
                        header: h,
                        pref,
                        next,
                        plan: Rc::new(plan),
                        exit: c.exit.clone(),
                    }));
                    return Hook::Pass(st);
                }
            }
        }
        let regs = st.frame().regs.clone();
        let Some(hn) = self.header_nav(eng.module, h) else {
            st.slots.get_mut::<NavMark>().cursor = None;
            return Hook::Pass(st);
        };
        let roots = hn.form.roots.clone();
        let mut err_goal = vec![];
        let mut other_goal = vec![];
        for &r in &roots {
            let sys = hn.builder.root_system(r, &regs);
            let g = b::and_all(sys.constraints.iter().copied());
            match sys.target {
                TargetKind::Error => err_goal.push((r, g)),
                TargetKind::MayFail => other_goal.push((r, g)),
            }
        }
        let counters = hn.counters.clone();
        // steering wants few runs: modular closed forms also admit counts
        // past 2^32; a solution with small counters is tried first, the
        // unbounded system decides whether the state can be dropped
        let small = hn
            .builder
            .all_counters()
            .into_iter()
            .fold(b::tru(), |acc, k| {
                b::and(acc, b::ult(b::sym(k), b::bv(64, 1 << SMALL_RUNS_LOG2)))
            });
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
        let module = eng.module;
        let hn = self.header_nav(eng.module, h).expect("built above");
        let chain = &hn.form.chains[root];
        let stop = chain
            .loop_nodes
            .iter()
            .map(|&(p, _)| p)
            .find(|&p| p > 0)
            .unwrap_or(chain.edges.len());
        let exit = Rc::new(path_map(module, st.func(), &chain.edges[..stop]));
        let pref = plan.iter().position(|&n| n > 0);
        let hn = self.header_nav(eng.module, h).expect("built above");
        let next = match pref {
            Some(i) => hn.paths[i].clone(),
            None => exit.clone(),
        };
        st.slots.get_mut::<NavMark>().cursor = Some(Rc::new(NavCursor {
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
