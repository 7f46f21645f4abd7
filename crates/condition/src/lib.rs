//! Necessary conditions for reaching a target, from loop summaries with
//! path counters ("Abstracting Path Conditions", Strejček and Trtík, ISSTA
//! 2012): for a program and target locations, a formula φ̂ over the
//! program's inputs that every input reaching a target satisfies.
//!
//! Pipeline: `inline` builds one flowgraph from the constructors and `main`
//! (calls inlined, see its doc for the interprocedural rule) and finds the
//! targets by the rules of `targets` (everything the flowgraph cannot
//! follow is a target; with [`Target::ErrorsAndFailures`] so is every edge
//! that may fail, under its fail condition); `kappa_loops::backbone` finds
//! the backbones to the targets and the loops along them; `exec` executes each
//! backbone symbolically (Algorithm 1) applying the loop summaries computed
//! by `summary` (Algorithm 2, recursively on induced flowgraphs); φ̂ is the
//! disjunction of the abstract path conditions, with every path counter free
//! (satisfiability is the same as for the paper's `∃κ⃗ ≥ 0`, counters being
//! unsigned 64-bit bitvectors). `kform` gives the quantifier-free φ̂^K and
//! `race` decides φ̂ by racing it against φ̂^K.
//!
//! ⋆ is a fresh unconstrained symbol (kind `Fresh`, named `star…`): an
//! unknown value some assignment of which is the real one, so keeping it in
//! a predicate is sound wherever it is a single value (after a loop, at top
//! level). Inside a looping condition, where a ⋆ register would differ per
//! iteration, the predicates mentioning it are dropped (the paper's "replace
//! by true"). Semantics are bit-precise (see `exec`).
//!
//! Soundness contract: for every native run of the program that reaches a
//! target, the inputs of the run (for each top-level input symbol, the value
//! its nondet call returned) extend to a model of φ̂, with counters taken as
//! the run's iteration counts (below 2^64). So φ̂ unsatisfiable proves every
//! target unreachable.

pub mod arrays;
pub mod exec;
pub mod inline;
pub mod kform;
pub mod pruning;
pub mod race;
pub mod summary;
pub mod targets;

pub use inline::Target;
pub use kform::DEFAULT_K;
pub use race::{Answer, RaceResult};

use exec::Ctx;
use kappa_expr::build as b;
use kappa_expr::{Expr, Symbol};
use kappa_ir::{Callee, Instr, Loc, Module, SrcLoc, Ty};
use kappa_loops::backbone::Flowgraph;
use std::time::Instant;

/// Default bound on the backbones of one flowgraph; beyond it φ̂ is `true`.
pub const DEFAULT_MAX_BACKBONES: usize = 512;

/// Options of [`compute`].
#[derive(Clone, Debug)]
pub struct Options {
    /// The target. Default: the calls of `reach_error`.
    pub target: Target,
    /// Most backbones per (induced) flowgraph; past it the condition gives
    /// up and is `true`. Default: [`DEFAULT_MAX_BACKBONES`].
    pub max_backbones: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            target: Target::Errors,
            max_backbones: DEFAULT_MAX_BACKBONES,
        }
    }
}

/// Errors of [`compute`].
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CondError {
    /// The module has no defined `main`.
    #[error("no `main` function to start from")]
    NoMain,
    /// `--target FILE:LINE` names no instruction.
    #[error("no instruction at {file}:{line} (target)")]
    NoSuchLine {
        /// The file given.
        file: String,
        /// The line given.
        line: u32,
    },
}

/// A program input read outside every loop (a top-level input of φ̂).
#[derive(Clone, Debug)]
pub struct InputSite {
    /// Its symbol in φ̂.
    pub sym: Symbol,
    /// The nondet function.
    pub origin: String,
    /// Its type.
    pub ty: Ty,
    /// Source position of the call.
    pub src: Option<SrcLoc>,
    /// `file:line` of the call.
    pub at: String,
    /// Whether the engine may identify it by its source position: the call
    /// is in `main` (never called itself), on no cycle, and no other nondet
    /// call of the module has the same position, so a run executes it at
    /// most once and the engine's input read there is this one.
    pub engine_mappable: bool,
}

/// A loop summary as printed: where, counters, θ^κ and φ^κ.
#[derive(Clone, Debug)]
pub struct SummaryView {
    /// `file:line` of the loop entry.
    pub at: String,
    /// Backbones of the induced flowgraph (= counters).
    pub backbones: usize,
    /// The counters.
    pub counters: Vec<Symbol>,
    /// θ^κ by register name: `None` is ⋆. Only registers the loop changes.
    pub theta: Vec<(String, Option<Expr>)>,
    /// The iterated memories of θ^κ that are arrays of [`arrays`]: the
    /// application, its index variable `j` and `M'[j]` over its parameters.
    pub arrays: Vec<(Expr, Symbol, Expr)>,
    /// Input sequences read by the loop: (array, `file:line`).
    pub sequences: Vec<(Symbol, String)>,
    /// φ^κ.
    pub cond: Expr,
}

/// φ̂ with what it was built from (the paper's `NecessaryCondition`).
#[derive(Clone, Debug)]
pub struct NecessaryCondition {
    /// φ̂ (path counters free).
    pub phi: Expr,
    /// Number of target locations.
    pub targets: usize,
    /// Number of edges that are targets under a fail condition
    /// ([`Target::ErrorsAndFailures`]).
    pub checked_edges: usize,
    /// Number of backbones of the program.
    pub backbones: usize,
    /// The loop summaries, in order of computation.
    pub summaries: Vec<SummaryView>,
    /// Top-level inputs, by source position.
    pub inputs: Vec<InputSite>,
    /// Why φ̂ is trivially `true`, if it gave up.
    pub gave_up: Option<String>,
    /// Calls left uninlined (effects ⋆).
    pub kept_calls: Vec<String>,
    /// Seconds spent building φ̂.
    pub build_seconds: f64,
}

impl NecessaryCondition {
    /// φ̂^K (see [`kform`]).
    pub fn instantiate(&self, k: u64) -> Expr {
        kform::instantiate(self.phi, k)
    }
}

/// Computes φ̂ for `m` (see the crate doc).
pub fn compute(m: &Module, opts: &Options) -> Result<NecessaryCondition, CondError> {
    let start = Instant::now();
    let inl = inline::inline_main(m, &opts.target).ok_or(CondError::NoMain)?;
    if let Target::Line { file, line } = &opts.target {
        if inl.targets.is_empty() {
            return Err(CondError::NoSuchLine {
                file: file.clone(),
                line: *line,
            });
        }
    }
    let f = &inl.func;
    let check_locs: Vec<Loc> = inl.checks.iter().map(|(l, _)| *l).collect();
    let g = Flowgraph::of_function_with_checks(f, &inl.targets, &check_locs);
    let mut ctx = Ctx::new(m, f, opts.max_backbones);
    ctx.edge_instance = inl.edge_instance.clone();
    ctx.instance_parent = inl.instance_parent.clone();
    let (phi, backbones) = match g.backbones(opts.max_backbones) {
        Ok(bbs) => {
            let mut disj = vec![];
            for bb in &bbs {
                let mut ex = ctx.execute(&g, bb, true);
                // the location the backbone ends at: a target, or where
                // edges may fail (then one of them fails)
                let at = bb
                    .nodes
                    .len()
                    .checked_sub(2)
                    .and_then(|i| g.locs[bb.nodes[i]]);
                if let Some(at) = at.filter(|l| inl.targets.binary_search(l).is_err()) {
                    let fails = inl
                        .checks
                        .iter()
                        .filter(|(l, _)| *l == at)
                        .map(|(_, e)| ctx.fail_condition(*e, &ex.theta))
                        .fold(b::fls(), b::or);
                    ex.pc.push(fails);
                }
                disj.push(b::and_all(ex.pc));
            }
            let phi = disj.into_iter().reduce(b::or).unwrap_or_else(b::fls);
            (phi, bbs.len())
        }
        Err(e) => {
            ctx.gave_up = Some(format!("more than {} backbones", e.bound));
            (b::tru(), 0)
        }
    };
    let phi = if ctx.gave_up.is_some() {
        b::tru()
    } else {
        // the memory when main starts: the globals' initializers
        // (and the globals' layout: they do not overlap)
        let globals = ctx.global_symbols();
        let phi = match arrays::initial_memory(&mut ctx.arrays, m, &globals, ctx.mem) {
            Some(init) => {
                let mem = ctx.mem;
                kappa_expr::substitute(phi, &|s| (s == mem).then_some(init))
            }
            None => phi,
        };
        let phi = b::and(phi, arrays::layout(m, &globals));
        arrays::expand(phi, &ctx.arrays)
    };
    let on_cycle = g.on_cycle();
    let main = m.function_by_name("main").expect("inlined main exists");
    let main_called = m.functions.iter().any(|fu| {
        fu.edges.iter().any(
            |e| matches!(&e.instr, Instr::Call { callee: Callee::Direct(c), .. } if *c == main),
        )
    });
    let mut nondet_srcs: Vec<SrcLoc> = vec![];
    for fu in &m.functions {
        for e in &fu.edges {
            if let (Instr::Nondet { .. }, Some(s)) = (&e.instr, e.src) {
                nondet_srcs.push(s);
            }
        }
    }
    let inputs = ctx
        .inputs
        .iter()
        .map(|(&e, &sym)| {
            let edge = &f.edges[e.index()];
            let (origin, ty) = match &edge.instr {
                Instr::Nondet { origin, ty, .. } => (origin.clone(), *ty),
                _ => unreachable!("inputs come from nondet edges"),
            };
            let unique = edge
                .src
                .is_some_and(|s| nondet_srcs.iter().filter(|x| **x == s).count() == 1);
            InputSite {
                sym,
                origin,
                ty,
                src: edge.src,
                at: m.describe(edge.src),
                engine_mappable: unique
                    && !main_called
                    && inl.edge_origin[e.index()] == main
                    && !on_cycle[edge.from.index()],
            }
        })
        .collect();
    let summaries = ctx
        .summary_list
        .iter()
        .map(|s| {
            let src = f.locs[s.entry.index()].src;
            let theta = s
                .theta
                .entries()
                .map(|(k, v)| {
                    let name = if k == ctx.mem {
                        "memory".to_string()
                    } else {
                        ctx.var_of(k)
                            .map(|v| f.vars[v.index()].name.clone())
                            .unwrap_or_else(|| k.name())
                    };
                    let star = matches!(v.kind(), kappa_expr::Kind::Sym(x) if s.stars.contains(&x));
                    (name, (!star).then_some(v))
                })
                .collect();
            let arrays = s
                .theta
                .entries()
                .filter_map(|(_, v)| match v.kind() {
                    kappa_expr::Kind::Apply(f, _) => {
                        let d = ctx.arrays.get(&f)?;
                        Some((v, d.index, d.body))
                    }
                    _ => None,
                })
                .collect();
            SummaryView {
                at: m.describe(src),
                backbones: s.backbones,
                counters: s.counters.clone(),
                theta,
                arrays,
                sequences: s
                    .sequences
                    .iter()
                    .map(|(a, e)| (*a, m.describe(f.edges[e.index()].src)))
                    .collect(),
                cond: s.cond,
            }
        })
        .collect();
    Ok(NecessaryCondition {
        phi,
        targets: inl.targets.len(),
        checked_edges: inl.checks.len(),
        backbones,
        summaries,
        inputs,
        gave_up: ctx.gave_up.clone(),
        kept_calls: inl.kept_calls.clone(),
        build_seconds: start.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests;
