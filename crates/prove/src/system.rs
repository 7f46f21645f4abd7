//! The cut-point transition system of `main`: cut points are the entry,
//! every loop header, and where control flow is irreducible the entries of
//! its cycles (`kappa_loops::cycle_entries`); between two cut points (and from a cut point to an
//! error) the loop-free paths are executed symbolically over the registers'
//! *state symbols* (one per register, its value when the cut point is
//! reached), with kappa's one definition of integer semantics
//! ([`kappa_loops::sem`]), so every value is bit-precise modulo 2^w.
//!
//! Errors are the calls of `reach_error` and every possible undefined
//! behaviour the engine counts as a failure ([`sem::undefined_when`]:
//! division or remainder by zero, signed `MIN / -1`, a shift by the width
//! or more). `abort()` and returning from `main` end a path without error;
//! `assume_abort_if_not(c)` (inlined by the frontend) is an assumption.
//! Inputs (`__VERIFIER_nondet_*`) are fresh symbols per path and call.
//!
//! Whatever the encoding cannot model makes [`build`] answer an error with
//! the reason (the stage is then not applicable): memory (loads, stores,
//! allocas, addresses), calls left in place, unsupported constructs,
//! constructors and exit handlers, too many paths.
//!
//! Registers not yet defined when a cut point is reached hold arbitrary
//! values in this system (the entry's state is unconstrained): in SSA form
//! no path reads a register before its definition, so every run of the
//! program is a run of the system and a safe system means a safe program.

use crate::recursion::inlinable;
use crate::summary::{Call, SumPath, Summary};
use kappa_expr::build as b;
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{FuncId, Function, Instr, Loc, Module, SrcLoc, Ty, Value, VarId};
use kappa_loops::closed::sort_of;
use kappa_loops::sem;
use rustc_hash::FxHashMap;

#[path = "walk_memory.rs"]
mod walk_memory;

/// Most paths enumerated over all cut points; past it the stage gives up.
pub const MAX_PATHS: usize = 4096;

/// A cut point: the entry of `main` (index 0) or a loop header.
#[derive(Clone, Debug)]
pub struct Cut {
    /// Its location in `main`.
    pub loc: Loc,
    /// The source position of its first instruction, when known.
    pub src: Option<SrcLoc>,
    /// The integer registers an invariant here may speak of: the phi
    /// registers of the header and the registers the loop reads but never
    /// assigns (empty for the entry).
    pub vars: Vec<VarId>,
}

/// Where a path ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// At cut point `i`.
    Cut(usize),
    /// At an error; the string says which (`reach_error at a.c:9`, ...).
    Error(String),
}

/// One loop-free path from a cut point.
#[derive(Clone, Debug)]
pub struct Path {
    /// The cut point it starts at.
    pub from: usize,
    /// Where it ends.
    pub to: End,
    /// Its path condition over the state symbols and the path's inputs.
    pub pc: Expr,
    /// The registers it assigns, with their values at its end (every other
    /// register keeps its state symbol).
    pub theta: Vec<(VarId, Expr)>,
    /// The symbols of the inputs it reads (`__VERIFIER_nondet_*`), in the
    /// order the path reads them: a model of a trace gives the program's
    /// input values in call order ([`crate::bmc`]).
    pub inputs: Vec<Symbol>,
    /// The calls of open functions on it ([`System::open`]), whose results
    /// it leaves unconstrained (empty in a system built by [`build`]).
    pub calls: Vec<Call>,
}

/// The transition system of `main`.
#[derive(Clone, Debug)]
pub struct System {
    /// `main`.
    pub func: FuncId,
    /// The state symbol of each register of `main`.
    pub state: Vec<Symbol>,
    /// Cut points; index 0 is the entry.
    pub cuts: Vec<Cut>,
    /// Every path between cut points and from cut points to errors.
    pub paths: Vec<Path>,
    /// The IR name of each state variable: the registers' (`%x.0`), then
    /// the scalar globals' (`@g`). See [`crate::cexpr::names_at`] for the
    /// source names at a cut point.
    pub names: Vec<String>,
    /// The scalar globals; the one at index `k` is the state variable
    /// `VarId(registers + k)` (see [`crate::memory`]).
    pub scalars: Vec<crate::memory::Scalar>,
    /// The address symbol of each memory object: the module's globals,
    /// then `main`'s stack objects of constant size allocated outside
    /// every loop (so at most once per run).
    pub addrs: Vec<Symbol>,
    /// Each memory object (parallel to `addrs`).
    pub objects: Vec<crate::memory::Object>,
    /// The registers holding a stack object's address, with the object.
    pub stack: FxHashMap<VarId, usize>,
    /// Per memory object (parallel to `objects`), the state variable of
    /// its contents (an array from offsets to bytes), when they are
    /// modelled ([`crate::memory`]); it comes after the scalar globals'.
    pub arrays: Vec<Option<VarId>>,
    /// The summaries of the recursive functions the system calls
    /// ([`crate::summary`]), checked.
    pub summaries: Vec<crate::summary::Summary>,
    /// The recursive functions left open ([`build_open`]): their calls are
    /// recorded on the paths ([`Path::calls`]) with unconstrained results,
    /// to be summarized by predicates ([`crate::recursion`]).
    pub open: Vec<crate::recursion::OpenFunc>,
    /// Facts over the registers' state symbols that hold at every cut
    /// point the allocation of a stack object of variable size reaches (its
    /// element count is positive and its size in bytes does not wrap):
    /// candidate atoms for the invariants there, checked like any other.
    pub sane: Vec<Expr>,
}

impl System {
    /// The value of register `v` at the end of `p` (its state symbol when
    /// `p` does not assign it).
    pub fn post(&self, p: &Path, v: VarId) -> Expr {
        p.theta
            .iter()
            .find(|(x, _)| *x == v)
            .map_or_else(|| b::sym(self.state[v.index()]), |(_, e)| *e)
    }

    /// `e` (over state symbols) evaluated at the end of path `p`.
    pub fn after(&self, p: &Path, e: Expr) -> Expr {
        let map: FxHashMap<Symbol, Expr> = p
            .theta
            .iter()
            .map(|(v, x)| (self.state[v.index()], *x))
            .collect();
        kappa_expr::substitute(e, &|s| map.get(&s).copied())
    }

    /// The registers some transition (a path between cut points) assigns,
    /// in order: the ones an unrolling gives a new value per step.
    pub fn assigned(&self) -> Vec<VarId> {
        let mut assigned: Vec<VarId> = self
            .paths
            .iter()
            .filter(|p| matches!(p.to, End::Cut(_)))
            .flat_map(|p| p.theta.iter().map(|(v, _)| *v))
            .collect();
        assigned.sort();
        assigned.dedup();
        assigned
    }

    /// The state variable of `s` when it is a register or a scalar global
    /// (not an object's contents): what invariants may speak of.
    pub fn int_var_of(&self, s: Symbol) -> Option<VarId> {
        self.var_of(s)
            .filter(|_| !matches!(s.sort(), Sort::Array { .. }))
    }

    /// `es` (over the state symbols) at one step of an unrolling: the
    /// state symbols replaced by `cur`, every other symbol but the
    /// addresses (inputs, unknown loads, undefs, summarized results) by a
    /// fresh one, one renaming for all of `es`, which is returned so that
    /// a model can be read back.
    pub fn rename_step(&self, es: &[Expr], cur: &[Expr]) -> (Vec<Expr>, FxHashMap<Symbol, Expr>) {
        let (syms, _) = kappa_expr::print::free_symbols(es);
        let mut map: FxHashMap<Symbol, Expr> = FxHashMap::default();
        for s in syms {
            if let Some(v) = self.var_of(s) {
                map.insert(s, cur[v.index()]);
            } else if !self.addrs.contains(&s) {
                map.insert(s, b::sym(Symbol::fresh("in", s.sort(), SymbolKind::Fresh)));
            }
        }
        let out = es
            .iter()
            .map(|e| kappa_expr::substitute(*e, &|s| map.get(&s).copied()))
            .collect();
        (out, map)
    }

    /// The register whose state symbol is `s`.
    pub fn var_of(&self, s: Symbol) -> Option<VarId> {
        self.state
            .iter()
            .position(|x| *x == s)
            .map(|i| VarId(i as u32))
    }

    /// The cut point at location `l`.
    pub fn cut_at(&self, l: Loc) -> Option<usize> {
        self.cuts.iter().position(|c| c.loc == l)
    }
}

/// The disjunction of `items` (`false` when there is none).
pub fn or_all(items: impl IntoIterator<Item = Expr>) -> Expr {
    items.into_iter().fold(b::fls(), b::or)
}

/// Builds the transition system of `main` of `m`, or says why it cannot
/// ([`build_within`] without a deadline).
pub fn build(m: &Module) -> Result<System, String> {
    build_within(m, None)
}

/// Builds the transition system of `main` of `m`; the summaries of
/// recursive functions are searched until `deadline` (a function without
/// one makes the system not applicable when `main` calls it).
pub fn build_within(m: &Module, deadline: Option<std::time::Instant>) -> Result<System, String> {
    build_with(m, deadline, false)
}

/// Builds the transition system of `main` of `m` with every recursive
/// function [`crate::recursion::eligible`] for summaries by predicates
/// left open ([`System::open`]; no Houdini summary is searched): the
/// system over-approximates the program, its paths' [`Path::calls`] say
/// where a summary is to be assumed.
pub fn build_open(m: &Module, deadline: Option<std::time::Instant>) -> Result<System, String> {
    build_with(m, deadline, true)
}

fn build_with(
    m: &Module,
    deadline: Option<std::time::Instant>,
    open: bool,
) -> Result<System, String> {
    let fid = m
        .function_by_name("main")
        .filter(|f| m.func(*f).defined)
        .ok_or("no defined `main`")?;
    if !m.ctors.is_empty() {
        return Err("the program has constructors".into());
    }
    if m.may_run_exit_handlers() {
        return Err("the program may run exit handlers".into());
    }
    let f = m.func(fid);
    let (cut_locs, bodies) = cut_points(f)?;
    let scalars = crate::memory::scalar_globals(m, f);
    let mut state: Vec<Symbol> = f
        .vars
        .iter()
        .map(|v| {
            let name = v.name.trim_start_matches('%');
            Symbol::fresh(name, sort_of(v.ty), SymbolKind::Fresh)
        })
        .collect();
    let mut names: Vec<String> = f.vars.iter().map(|v| v.name.clone()).collect();
    for sc in &scalars {
        let name = &m.globals[sc.global.index()].name;
        state.push(Symbol::fresh(name, Sort::Bv(sc.width), SymbolKind::Fresh));
        names.push(format!("@{name}"));
    }
    let pb = m.data_model.pointer_bits();
    let (objects, stack) = crate::memory::objects(m, f, &bodies);
    let mut arrays = vec![None; objects.len()];
    for (k, o) in objects.iter().enumerate() {
        let scalar = scalars.iter().any(|sc| sc.global.index() == k);
        let fixed = o.size == 0 || o.size > crate::memory::MAX_ARRAY_BYTES;
        if o.external || scalar || (o.len.is_none() && fixed) {
            continue;
        }
        arrays[k] = Some(VarId(state.len() as u32));
        state.push(Symbol::fresh(
            &format!("mem_{}", o.name),
            crate::memory::contents_sort(pb),
            SymbolKind::Fresh,
        ));
        names.push(format!("#{}", o.name));
    }
    let addrs = objects
        .iter()
        .map(|o| Symbol::fresh(&format!("&{}", o.name), Sort::Bv(pb), SymbolKind::Fresh))
        .collect();
    let mut cuts = vec![Cut {
        loc: f.entry,
        src: f.locs[f.entry.index()].src,
        vars: vec![],
    }];
    let globals = (0..scalars.len()).map(|k| VarId((f.vars.len() + k) as u32));
    for (h, body) in cut_locs.iter().zip(&bodies) {
        let mut vars = loop_vars(f, *h, body);
        vars.extend(globals.clone());
        cuts.push(Cut {
            loc: *h,
            src: header_src(f, *h),
            vars,
        });
    }
    let inlinable = inlinable(m);
    let mut sys = System {
        func: fid,
        state,
        cuts,
        paths: vec![],
        names,
        scalars,
        addrs,
        objects,
        stack,
        arrays,
        summaries: vec![],
        open: vec![],
        sane: vec![],
    };
    let open_set: rustc_hash::FxHashSet<FuncId> = if open {
        crate::recursion::open_functions(m)
    } else {
        Default::default()
    };
    let summaries = if open {
        FxHashMap::default()
    } else {
        crate::recursion::summaries(m, &sys, &inlinable, deadline)
    };
    sys.summaries = summaries.values().cloned().collect();
    sys.summaries.sort_by_key(|s| s.func);
    let mut fs: Vec<FuncId> = open_set.iter().copied().collect();
    fs.sort();
    for g in fs {
        let (params, ret) = crate::recursion::signature(m, g);
        let paths = walk_function(m, &sys, &inlinable, &open_set, g, &params)?;
        sys.open.push(crate::recursion::OpenFunc {
            func: g,
            params,
            ret,
            paths,
        });
    }
    for i in 0..sys.cuts.len() {
        let mut w = Walker {
            m,
            f,
            sys: &sys,
            from: i,
            out: vec![],
            on_path: vec![false; f.locs.len()],
            inputs: vec![],
            inlinable: &inlinable,
            summaries: &summaries,
            summary_of: None,
            open: &open_set,
            calls: vec![],
            returns: vec![],
            sane: vec![],
        };
        let start = sys.cuts[i].loc;
        let theta = if i == 0 {
            entry_values(m, f, &sys)
        } else {
            Theta::default()
        };
        w.walk(start, vec![], theta, vec![], true)?;
        let found = w.out;
        for a in w.sane {
            if !sys.sane.contains(&a) {
                sys.sane.push(a);
            }
        }
        sys.paths.extend(found);
        if sys.paths.len() > MAX_PATHS {
            return Err(format!("more than {MAX_PATHS} paths between cut points"));
        }
    }
    Ok(sys)
}

/// The state at `main`'s entry (`f`): the scalar globals and the globals'
/// contents hold their initial values (a stack object's contents are
/// arbitrary).
fn entry_values(m: &Module, f: &Function, sys: &System) -> Theta {
    let pb = m.data_model.pointer_bits();
    let mut theta = Theta::default();
    for (k, sc) in sys.scalars.iter().enumerate() {
        theta.insert(VarId((f.vars.len() + k) as u32), b::bv(sc.width, sc.init));
    }
    for (k, g) in m.globals.iter().enumerate() {
        if let Some(v) = sys.arrays[k] {
            if let Some(init) = crate::memory::initial(g, pb) {
                theta.insert(v, init);
            }
        }
    }
    theta
}

/// The cut points of `f` besides its entry, with the locations each one's
/// cycles run through (indexed by location): the loop headers with their
/// natural loops, then, where control flow is irreducible (a cycle entered
/// at two places, as `goto`s into a loop make), the place the cycle is
/// first entered (`kappa_loops::cycle_entries`) with its region. With the
/// headers, these cut every cycle.
fn cut_points(f: &Function) -> Result<(Vec<Loc>, Vec<Vec<bool>>), String> {
    let headers = kappa_loops::loop_headers(f);
    if headers.contains(&f.entry) {
        return Err("the entry of main is a loop header".into());
    }
    let irreducible: Vec<Loc> = kappa_loops::cycle_entries(f)
        .into_iter()
        .filter(|c| !headers.contains(c))
        .collect();
    let bodies = headers
        .iter()
        .map(|h| kappa_loops::natural_loop(f, *h))
        .chain(
            irreducible
                .iter()
                .map(|c| kappa_loops::cycles_through_region(f, *c)),
        )
        .collect();
    Ok((headers.into_iter().chain(irreducible).collect(), bodies))
}

/// The source position of a loop header: its own, else the first one on
/// the edges into or out of it.
fn header_src(f: &Function, h: Loc) -> Option<SrcLoc> {
    f.locs[h.index()].src.or_else(|| {
        f.edges
            .iter()
            .filter(|e| e.to == h || e.from == h)
            .find_map(|e| e.src)
    })
}

/// The integer registers an invariant at cut point `h` may speak of: its
/// phi registers, then every register read at or after `h` that the
/// cycles through `h` (the locations of `body`) do not assign and that is
/// assigned before `h`.
fn loop_vars(f: &Function, h: Loc, body: &[bool]) -> Vec<VarId> {
    let n = f.locs.len();
    // locations reachable from h, and locations reaching h
    let (mut fwd, mut bwd) = (vec![false; n], vec![false; n]);
    let mut stack = vec![h];
    while let Some(l) = stack.pop() {
        if !std::mem::replace(&mut fwd[l.index()], true) {
            stack.extend(f.out_edges(l).map(|(_, e)| e.to));
        }
    }
    let mut preds: Vec<Vec<Loc>> = vec![vec![]; n];
    for e in &f.edges {
        preds[e.to.index()].push(e.from);
    }
    stack.push(h);
    while let Some(l) = stack.pop() {
        if !std::mem::replace(&mut bwd[l.index()], true) {
            stack.extend(preds[l.index()].iter().copied());
        }
    }
    let mut in_loop = vec![false; f.vars.len()];
    let mut before = vec![false; f.vars.len()];
    let mut read = vec![false; f.vars.len()];
    for e in &f.edges {
        for d in defs(&e.instr) {
            if body[e.from.index()] {
                in_loop[d.index()] = true;
            } else if bwd[e.to.index()] {
                before[d.index()] = true;
            }
        }
        if fwd[e.from.index()] {
            uses(&e.instr, &mut |v| read[v.index()] = true);
        }
    }
    let mut phis = vec![];
    for e in f.edges.iter().filter(|e| e.to == h) {
        if let Instr::Phi(ms) = &e.instr {
            phis.extend(ms.iter().map(|(d, _)| *d));
        }
    }
    let outer = (0..f.vars.len())
        .map(|i| VarId(i as u32))
        .filter(|v| read[v.index()] && before[v.index()] && !in_loop[v.index()]);
    let mut out: Vec<VarId> = vec![];
    for v in phis.into_iter().chain(outer) {
        if matches!(f.vars[v.index()].ty, Ty::Int(_)) && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// The registers an instruction assigns.
fn defs(i: &Instr) -> Vec<VarId> {
    match i {
        Instr::Assign { dst, .. }
        | Instr::Load { dst, .. }
        | Instr::Alloca { dst, .. }
        | Instr::Nondet { dst, .. } => vec![*dst],
        Instr::Call { dst, .. } => dst.iter().copied().collect(),
        Instr::Phi(ms) => ms.iter().map(|(d, _)| *d).collect(),
        _ => vec![],
    }
}

/// Calls `f` on every register an instruction reads.
fn uses(i: &Instr, f: &mut impl FnMut(VarId)) {
    i.for_each_value(&mut |v| v.for_each_var(f));
}

/// The path enumeration from one cut point.
struct Walker<'a> {
    m: &'a Module,
    f: &'a Function,
    sys: &'a System,
    from: usize,
    out: Vec<Path>,
    on_path: Vec<bool>,
    /// The inputs read on the path being walked, in order.
    inputs: Vec<Symbol>,
    /// [`System::sane`], as found.
    sane: Vec<Expr>,
    /// Per function of the module, whether a call of it is walked
    /// through ([`inlinable`]).
    inlinable: &'a [bool],
    /// The summaries a call may use.
    summaries: &'a FxHashMap<FuncId, Summary>,
    /// The function whose paths are walked for its summary (its recursive
    /// calls are recorded, its returns end paths), if any.
    summary_of: Option<FuncId>,
    /// The functions whose calls are recorded, results unconstrained
    /// ([`System::open`]).
    open: &'a rustc_hash::FxHashSet<FuncId>,
    /// The recursive calls on the path being walked (summary mode), and
    /// the calls of open functions.
    calls: Vec<Call>,
    /// The paths found in summary mode.
    returns: Vec<SumPath>,
}

/// The paths of function `g` from its entry to its returns and errors,
/// its parameters bound to `params`, each recursive call a fresh result
/// recorded with its arguments ([`crate::summary::SumPath`]).
pub(crate) fn walk_function(
    m: &Module,
    sys: &System,
    inlinable: &[bool],
    open: &rustc_hash::FxHashSet<FuncId>,
    g: FuncId,
    params: &[Symbol],
) -> Result<Vec<SumPath>, String> {
    let none = FxHashMap::default();
    let gf = m.func(g);
    let mut w = Walker {
        m,
        f: gf,
        sys,
        from: 0,
        out: vec![],
        on_path: vec![],
        inputs: vec![],
        inlinable,
        summaries: &none,
        summary_of: Some(g),
        open,
        calls: vec![],
        returns: vec![],
        sane: vec![],
    };
    let frame = Frame {
        func: g,
        locals: gf
            .params
            .iter()
            .copied()
            .zip(params.iter().map(|s| b::sym(*s)))
            .collect(),
        ret_to: gf.entry,
        dst: None,
    };
    w.walk(gf.entry, vec![], FxHashMap::default(), vec![frame], false)?;
    Ok(w.returns)
}

/// The paths of recursive function `g` with its parameters bound to
/// `params`, as the summary search walks them (what
/// [`crate::summary::check`] checks a summary against).
pub fn summary_paths(
    m: &Module,
    sys: &System,
    g: FuncId,
    params: &[Symbol],
) -> Result<Vec<SumPath>, String> {
    let open = sys.open.iter().map(|o| o.func).collect();
    walk_function(m, sys, &inlinable(m), &open, g, params)
}

/// Deepest nesting of walked-through calls.
pub const MAX_CALL_DEPTH: usize = 8;

/// A call being walked through: the callee's registers, and where the
/// caller continues.
#[derive(Clone)]
struct Frame {
    func: FuncId,
    locals: FxHashMap<VarId, Expr>,
    ret_to: Loc,
    dst: Option<VarId>,
}

type Theta = FxHashMap<VarId, Expr>;

/// The C name behind IR register name `n` (`%p.0` is `p`; clang names a
/// register after the variable it holds, with a `.N` suffix per version).
fn source_name(n: &str) -> &str {
    let n = n.trim_start_matches(['%', '@']);
    match n.split_once('.') {
        Some((base, rest))
            if !base.is_empty() && rest.bytes().all(|c| c.is_ascii_digit() || c == b'.') =>
        {
            base
        }
        _ => n,
    }
}

impl Walker<'_> {
    fn finish(&mut self, to: End, pc: &[Expr], theta: &Theta) {
        if self.summary_of.is_some() {
            if let End::Error(_) = to {
                self.returns.push(SumPath {
                    pc: b::and_all(pc.iter().copied()),
                    ret: None,
                    calls: self.calls.clone(),
                });
            }
            return;
        }
        let mut t: Vec<(VarId, Expr)> = theta.iter().map(|(v, e)| (*v, *e)).collect();
        t.sort_by_key(|(v, _)| *v);
        self.out.push(Path {
            from: self.from,
            to,
            pc: b::and_all(pc.iter().copied()),
            theta: t,
            inputs: self.inputs.clone(),
            calls: self.calls.clone(),
        });
    }

    /// A call at `at` (returning to `ret_to`): walked through (an
    /// inlinable callee: the callee's paths continue the caller's, and
    /// `Ok(false)` since the walk goes on from there), a fresh result
    /// constrained by a summary or recorded as a call (recursion), or a
    /// memory function's effect; anything else is not modelled. `Ok(true)`:
    /// the walk goes on from the edge's target.
    #[allow(clippy::too_many_arguments)]
    fn call(
        &mut self,
        callee: &kappa_ir::Callee,
        args: &[Value],
        dst: Option<VarId>,
        ret_to: Loc,
        at: &str,
        pc: &mut Vec<Expr>,
        theta: &mut Theta,
        frames: &mut [Frame],
        ub: &mut Vec<Expr>,
    ) -> Result<bool, String> {
        let set = set_register;
        match callee {
            kappa_ir::Callee::Direct(g) if self.inlinable[g.index()] => {
                // walked through: the callee's paths continue the caller's
                let gf = self.m.func(*g);
                if frames.len() >= MAX_CALL_DEPTH || gf.params.len() != args.len() {
                    return Err(format!("call of {} at {at}", gf.name));
                }
                let mut locals = FxHashMap::default();
                for (p, a) in gf.params.iter().zip(args) {
                    locals.insert(*p, self.value(a, theta, frames.last(), ub)?);
                }
                if !ub.is_empty() {
                    return Err(format!("an argument that may fail at {at}"));
                }
                let mut inner = frames.to_vec();
                inner.push(Frame {
                    func: *g,
                    locals,
                    ret_to,
                    dst,
                });
                self.walk(gf.entry, pc.clone(), theta.clone(), inner, false)?;
                return Ok(false);
            }
            kappa_ir::Callee::Direct(g)
                if self.summary_of == Some(*g)
                    || self.summaries.contains_key(g)
                    || self.open.contains(g) =>
            {
                // a recursive call: a fresh result, recorded (while
                // summarizing) or constrained by the summary
                let gf = self.m.func(*g);
                let mut vals = vec![];
                for a in args {
                    vals.push(self.value(a, theta, frames.last(), ub)?);
                }
                let Some(rt) = gf.ret else {
                    return Err(format!("call of {} at {at}", gf.name));
                };
                let r = b::sym(Symbol::fresh(
                    &format!("{}_ret", gf.name),
                    sort_of(rt),
                    SymbolKind::Fresh,
                ));
                match self.summaries.get(g) {
                    Some(s) if self.summary_of != Some(*g) => pc.push(s.at(&vals, r)),
                    _ => self.calls.push(Call {
                        func: *g,
                        args: vals,
                        ret: r,
                    }),
                }
                if let Some(d) = dst {
                    set(theta, frames, d, r);
                }
            }
            _ => {
                let name = match callee {
                    kappa_ir::Callee::Direct(g) => self.m.func(*g).name.clone(),
                    kappa_ir::Callee::Indirect(_) => "a function pointer".into(),
                };
                let kind = match callee {
                    kappa_ir::Callee::Direct(g) if !self.m.func(*g).defined && args.len() >= 3 => {
                        crate::memory::mem_call(&name)
                    }
                    _ => None,
                };
                let Some(kind) = kind else {
                    return Err(format!("call of {name} at {at}"));
                };
                let mut vals = vec![];
                for a in args {
                    vals.push(self.value(a, theta, frames.last(), ub)?);
                }
                let Some(n) = vals[2].as_bv_const().and_then(|n| u64::try_from(n).ok()) else {
                    return Err(format!("{name} of a variable length at {at}"));
                };
                if n > 0 {
                    self.mem_call(kind, &vals, n, at, ub, theta)?;
                }
                if let Some(d) = dst {
                    // (the memory functions return their first argument)
                    set(theta, frames, d, vals[0]);
                }
            }
        }
        Ok(true)
    }

    /// The error paths of an edge's undefined behaviours `ub` (at `at`),
    /// which happen before the edge's effect: each is the path condition
    /// `before` the edge with that behaviour's condition.
    fn undefined_before(&mut self, ub: &[Expr], before: &[Expr], at: &str, theta: &Theta) {
        for &u in ub {
            let mut c = before.to_vec();
            c.push(u);
            self.finish(
                End::Error(format!("possible undefined behaviour at {at}")),
                &c,
                theta,
            );
        }
    }

    /// Follows every edge out of `l` (`first`: `l` is the starting cut)
    /// in the function of the innermost of `frames` (`main` when there is
    /// none).
    fn walk(
        &mut self,
        l: Loc,
        pc: Vec<Expr>,
        theta: Theta,
        frames: Vec<Frame>,
        first: bool,
    ) -> Result<(), String> {
        let in_main = frames.is_empty();
        if !first && in_main {
            if let Some(c) = self.sys.cut_at(l) {
                self.finish(End::Cut(c), &pc, &theta);
                return Ok(());
            }
        }
        if self.out.len() > MAX_PATHS {
            return Err(format!("more than {MAX_PATHS} paths between cut points"));
        }
        // (a callee has no cycle: it is walked through only without loops)
        if in_main && std::mem::replace(&mut self.on_path[l.index()], true) {
            return Err("a cycle without a loop header (irreducible control flow)".into());
        }
        let f = frames.last().map_or(self.f, |fr| self.m.func(fr.func));
        for &eid in &f.succs[l.index()] {
            let e = &f.edges[eid.index()];
            let at = self.m.describe(e.src);
            let before = pc.clone();
            let mut pc = pc.clone();
            let mut theta = theta.clone();
            let mut frames = frames.clone();
            let mut ub = vec![];
            let mut next = true;
            // (after an allocation or access of a stack object of variable
            // size, the path goes on only where it is defined)
            let mut defined_only = false;
            let inputs_before = self.inputs.len();
            let calls_before = self.calls.len();
            let set = set_register;
            match &e.instr {
                Instr::Assign { dst, value } => {
                    let v = self.value(value, &theta, frames.last(), &mut ub)?;
                    set(&mut theta, &mut frames, *dst, v);
                }
                Instr::Assume(c) => {
                    let v = self.value(c, &theta, frames.last(), &mut ub)?;
                    pc.push(v);
                }
                Instr::Phi(ms) => {
                    let mut vals = vec![];
                    for (d, v) in ms {
                        vals.push((*d, self.value(v, &theta, frames.last(), &mut ub)?));
                    }
                    for (d, v) in vals {
                        set(&mut theta, &mut frames, d, v);
                    }
                }
                Instr::Nondet { dst, ty, .. } => {
                    let s = Symbol::fresh("in", sort_of(*ty), SymbolKind::Fresh);
                    set(&mut theta, &mut frames, *dst, b::sym(s));
                    self.inputs.push(s);
                }
                Instr::Return(v) => {
                    let r = match v {
                        Some(v) => Some(self.value(v, &theta, frames.last(), &mut ub)?),
                        None => None,
                    };
                    next = false;
                    if let Some(fr) = frames.pop() {
                        if frames.is_empty() && self.summary_of == Some(fr.func) {
                            // a return of the function being summarized
                            if !ub.is_empty() {
                                return Err(format!("a return value that may fail at {at}"));
                            }
                            self.returns.push(SumPath {
                                pc: b::and_all(pc.iter().copied()),
                                ret: r,
                                calls: self.calls.clone(),
                            });
                            self.calls.truncate(calls_before);
                            continue;
                        }
                        // back in the caller, after the call
                        if let (Some(d), Some(r)) = (fr.dst, r) {
                            set(&mut theta, &mut frames, d, r);
                        }
                        if ub.is_empty() {
                            self.walk(fr.ret_to, pc.clone(), theta.clone(), frames.clone(), false)?;
                        } else {
                            return Err(format!("a return value that may fail at {at}"));
                        }
                    }
                }
                Instr::Halt => next = false,
                Instr::Error => {
                    self.finish(End::Error(format!("reach_error at {at}")), &pc, &theta);
                    next = false;
                }
                Instr::Load { dst, addr, ty } => {
                    let v = self.load(
                        addr,
                        *ty,
                        &at,
                        &theta,
                        frames.last(),
                        &mut ub,
                        &mut defined_only,
                    )?;
                    set(&mut theta, &mut frames, *dst, v);
                }
                Instr::Store { addr, value } => {
                    let fr = frames.last();
                    self.store(addr, value, &at, &mut theta, fr, &mut ub, &mut defined_only)?;
                }
                Instr::Alloca { dst, .. } => {
                    self.alloca(*dst, in_main, &at, &theta, &mut ub)?;
                    defined_only |= self
                        .sys
                        .stack
                        .get(dst)
                        .is_some_and(|k| self.sys.objects[*k].len.is_some());
                }
                Instr::Call { callee, args, dst } => {
                    let (to, fr) = (e.to, &mut frames);
                    next = self.call(
                        callee, args, *dst, to, &at, &mut pc, &mut theta, fr, &mut ub,
                    )?;
                }
                Instr::Unsupported(what) => return Err(format!("unsupported: {what} at {at}")),
            }
            self.undefined_before(&ub, &before, &at, &theta);
            if defined_only {
                pc.extend(ub.iter().map(|u| b::not(*u)));
            }
            if next && pc.last().and_then(|c| c.as_bool_const()) != Some(false) {
                self.walk(e.to, pc, theta, frames, false)?;
            }
            self.inputs.truncate(inputs_before);
            self.calls.truncate(calls_before);
        }
        if in_main {
            self.on_path[l.index()] = false;
        }
        Ok(())
    }

    /// The value of `v` under θ; the undefined-behaviour conditions of its
    /// operations go to `ub`.
    fn value(
        &self,
        v: &Value,
        th: &Theta,
        frame: Option<&Frame>,
        ub: &mut Vec<Expr>,
    ) -> Result<Expr, String> {
        Ok(match v {
            Value::Var(x) => match (frame, self.sys.stack.get(x)) {
                (Some(fr), _) => fr.locals.get(x).copied().ok_or_else(|| {
                    format!(
                        "a register of {} read before it is set",
                        self.m.func(fr.func).name
                    )
                })?,
                (None, Some(&o)) => b::sym(self.sys.addrs[o]),
                (None, None) => th
                    .get(x)
                    .copied()
                    .unwrap_or_else(|| b::sym(self.sys.state[x.index()])),
            },
            Value::Const { ty, bits } => match ty {
                Ty::Bool => b::bool_const(*bits != 0),
                Ty::Int(w) => b::bv(*w, *bits),
            },
            Value::GlobalAddr(g) => b::sym(self.sys.addrs[g.index()]),
            Value::FuncAddr(_) => return Err("the address of a function".into()),
            Value::Float { .. } => return Err("floating-point arithmetic".into()),
            Value::Undef(ty) => b::sym(Symbol::fresh("undef", sort_of(*ty), SymbolKind::Fresh)),
            Value::Not(a) => {
                let x = self.value(a, th, frame, ub)?;
                if x.sort() == Sort::Bool {
                    b::not(x)
                } else {
                    b::bvnot(x)
                }
            }
            Value::Binary { op, lhs, rhs, .. } => {
                let x = self.value(lhs, th, frame, ub)?;
                let y = self.value(rhs, th, frame, ub)?;
                if x.sort() == Sort::Bool {
                    match op {
                        kappa_ir::BinOp::And => b::and(x, y),
                        kappa_ir::BinOp::Or => b::or(x, y),
                        kappa_ir::BinOp::Xor => b::ne(x, y),
                        _ => return Err(format!("boolean operator {op:?}")),
                    }
                } else {
                    ub.extend(sem::undefined_when(*op, x, y));
                    b::bin(sem::bv_op(*op), x, y)
                }
            }
            Value::Cmp { op, lhs, rhs } => {
                let x = self.value(lhs, th, frame, ub)?;
                let y = self.value(rhs, th, frame, ub)?;
                sem::cmp(*op, x, y)
            }
            Value::Cast { op, to, arg } => {
                let x = self.value(arg, th, frame, ub)?;
                sem::cast(*op, *to, x).ok_or("a cast of an array")?
            }
            Value::Select {
                cond, then, else_, ..
            } => {
                let c = self.value(cond, th, frame, ub)?;
                let t = self.value(then, th, frame, ub)?;
                let e = self.value(else_, th, frame, ub)?;
                b::ite(c, t, e)
            }
        })
    }
}

/// Register `d` of the function being walked (the innermost frame's, else
/// `main`'s in θ) gets value `v`.
fn set_register(theta: &mut Theta, frames: &mut [Frame], d: VarId, v: Expr) {
    match frames.last_mut() {
        Some(fr) => {
            fr.locals.insert(d, v);
        }
        None => {
            theta.insert(d, v);
        }
    }
}
