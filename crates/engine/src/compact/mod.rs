//! Compact symbolic execution (Slaby, Strejček, Trtík, ATVA 2013): at the
//! entry of a cycle with a template, a state is replaced by the compositions
//! `s ◇ (l, θ[κ], φ[κ])` with the template's parametric states, one per exit
//! edge, for a fresh parameter κ (Algorithm 2); elsewhere the classic step
//! runs. One compact tree node stands for every number of iterations, so
//! loops whose trip count depends on input give finite trees.
//!
//! Soundness and completeness (Theorems 2 and 3 of the paper) rest on the
//! template covering exactly the executions that iterate the core κ ≥ 0
//! times and then leave it by an exit edge: every edge leaving a core
//! location off the core is an exit, and every closed form is exact modulo
//! 2^w (see [`template`]). Path conditions now carry quantifiers; a query
//! the solver cannot decide is a failed leaf, so `true` still needs a
//! complete tree. States holding quantified constraints never use the
//! witness shortcut (`State::witness_unchecked`): the witness cannot be
//! checked against a quantifier.

mod accel;
mod recursion;
mod rescue;
mod step;
mod stores;
pub use accel::ACCELERATE_AFTER;
pub use rescue::MAX_INSTANCE_ITERATIONS;
pub(crate) use step::Compact;
pub mod template;

use crate::state::State;
use crate::Engine;
use kappa_expr::build::{self as b};
use kappa_expr::{Expr, Symbol};
use kappa_ir::FuncId;
use kappa_loops::{CycleOptions, LoopInfo, RecursionCycle};
use rustc_hash::FxHashMap;
use std::time::Instant;
pub use template::{
    Clash, ReturnPhase, Template, TemplateExit, TemplateOutcome, TemplateRead, TemplateStore,
};

/// Compact execution's counters (the paper's Table 1 columns), reported
/// under `compact`.
#[derive(Clone, Debug, Default)]
pub struct CompactStats {
    /// Cycles found.
    pub cycles: u64,
    /// Cycles not enumerated (bound).
    pub cycles_skipped: u64,
    /// Templates computed.
    pub templates: u64,
    /// Time spent computing templates (seconds).
    pub template_time: f64,
    /// Template instantiations.
    pub template_uses: u64,
    /// Instantiations abandoned for the classic step because the solver
    /// could not decide a template state.
    pub template_fallbacks: u64,
    /// Loops run with concrete values jumped over by a template with κ
    /// fixed to the trip count (see `accel`).
    pub accelerations: u64,
    /// Queries decided by a quantifier-free instance or relaxation (see
    /// `rescue`).
    pub rescued: u64,
}

impl crate::technique_stats::TechniqueStats for CompactStats {
    fn key(&self) -> &'static str {
        "compact"
    }
    fn json(&self, run: &crate::Stats) -> serde_json::Value {
        serde_json::json!({
            "cycles": self.cycles, "cycles_skipped": self.cycles_skipped,
            "templates": self.templates,
            "template_time_s": (self.template_time * 1000.0).round() / 1000.0,
            "template_uses": self.template_uses, "template_fallbacks": self.template_fallbacks,
            "rescued_queries": self.rescued, "accelerations": self.accelerations,
            "smt_failures": run.failed_leaves,
        })
    }
    fn text(&self, run: &crate::Stats) -> Option<String> {
        Some(format!(
            "compact: {} cycles ({} skipped), {} templates in {:.3}s, {} template uses, {} fallbacks to classic steps, {} queries rescued, {} concrete loops accelerated, {} SMT failures",
            self.cycles,
            self.cycles_skipped,
            self.templates,
            self.template_time,
            self.template_uses,
            self.template_fallbacks,
            self.rescued,
            self.accelerations,
            run.failed_leaves
        ))
    }
}

/// Largest object a load on a cycle's core may read (bytes); beyond it the
/// template is not used (its contents become one store per byte).
pub const MAX_LOADED_OBJECT: u64 = 4096;

/// Undecided uses of a template after which it is not tried again (at that
/// location).
pub const MAX_TEMPLATE_FAILURES: u32 = 2;

/// Time limit of a query deciding a template state at a use (at most half
/// of the time left is given, too): past it, the classic step runs.
pub const USE_CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(1);

/// `e` with every read `M[a]` of a loaded object's array replaced by the
/// object's byte at address `a`: a balanced if-then-else over the addresses
/// of its bytes (`a` outside the object reads a byte of it; every such read
/// lies under the in-bounds condition of its load).
fn cell_reads(
    e: Expr,
    cells: &FxHashMap<Symbol, (u64, Vec<Expr>)>,
    pb: u32,
    memo: &mut FxHashMap<Expr, Expr>,
) -> Expr {
    use kappa_expr::Kind;
    if let Some(r) = memo.get(&e) {
        return *r;
    }
    let k = e.kind();
    let r = match &k {
        Kind::Select(a, i) => match a.kind() {
            Kind::Sym(m) if cells.contains_key(&m) => {
                let idx = cell_reads(*i, cells, pb, memo);
                let (base, bytes) = &cells[&m];
                tree(idx, *base, bytes, 0, bytes.len(), pb)
            }
            _ => e,
        },
        Kind::BoolConst(_) | Kind::BvConst { .. } | Kind::Sym(_) => e,
        _ => {
            let ch: Vec<Expr> = k
                .children()
                .into_iter()
                .map(|c| cell_reads(c, cells, pb, memo))
                .collect();
            b::rebuild(&k, &ch)
        }
    };
    memo.insert(e, r);
    r
}

/// The byte at address `idx` among `bytes[lo..hi]` of the object at `base`.
fn tree(idx: Expr, base: u64, bytes: &[Expr], lo: usize, hi: usize, pb: u32) -> Expr {
    if hi - lo <= 1 {
        return bytes.get(lo).copied().unwrap_or_else(|| b::bv(8, 0));
    }
    let mid = (lo + hi) / 2;
    b::ite(
        b::ult(idx, b::bv(pb, (base + mid as u64) as u128)),
        tree(idx, base, bytes, lo, mid, pb),
        tree(idx, base, bytes, mid, hi, pb),
    )
}

/// `st` with the witness shortcut off (for quantified queries).
fn st_uc(st: &State) -> State {
    let mut s = st.clone();
    s.witness_unchecked = true;
    s
}

/// A cycle whose template is not computed yet.
#[derive(Clone, Debug)]
pub(crate) enum Pending {
    /// A cycle of a loop.
    Loop(kappa_loops::Cycle),
    /// A call cycle of a recursive function.
    Recursion(RecursionCycle),
}

/// The registers a core path (and, for a call cycle, its call's arguments
/// and the parameters) reads or writes, and whether it reads input.
fn core_registers(
    f: &kappa_ir::Function,
    core: &[kappa_ir::EdgeId],
    call: Option<kappa_ir::EdgeId>,
) -> (Vec<kappa_ir::VarId>, bool) {
    let mut vars = vec![];
    let mut reads = false;
    for e in core.iter().chain(call.iter()) {
        let instr = &f.edges[e.index()].instr;
        reads |= matches!(instr, kappa_ir::Instr::Nondet { .. });
        let (uses, defs) = kappa_loops::live::uses_defs(instr);
        vars.extend(uses);
        vars.extend(defs);
    }
    if call.is_some() {
        vars.extend(f.params.iter().copied());
    }
    (vars, reads)
}

/// What a loop header's templates need to be worth using: whether some
/// cycle through it reads input, and the registers they read or write.
#[derive(Clone, Debug, Default)]
pub(crate) struct TemplateHeader {
    reads: bool,
    vars: Vec<kappa_ir::VarId>,
}

/// Which template to apply when a location has several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TemplateStrategy {
    /// The first (in cycle enumeration order). Default.
    #[default]
    First,
    /// A pseudo-random one, from the engine's seed.
    Random,
    /// None: compute templates (for statistics) but execute classically.
    None,
}

/// Compact execution's registration (`--mode compact`, or `--technique
/// compact`).
pub const REGISTRATION: crate::registry::Registration = crate::registry::Registration {
    name: "compact",
    about: "compact symbolic execution: templates at cycle entries",
    flags: &[
        crate::registry::Flag {
            name: "max-cycles",
            help: "most cycles enumerated per function",
            default: "64",
            kind: crate::registry::FlagKind::Count,
        },
        crate::registry::Flag {
            name: "template-strategy",
            help: "which template to apply where several could",
            default: "first",
            kind: crate::registry::FlagKind::Choice(&["first", "random", "none"]),
        },
    ],
    parse: Some(|v| {
        Ok(Box::new(CompactOptions {
            cycles: CycleOptions {
                max_cycles: v.count("max-cycles"),
                ..Default::default()
            },
            strategy: match v.get("template-strategy") {
                "random" => TemplateStrategy::Random,
                "none" => TemplateStrategy::None,
                _ => TemplateStrategy::First,
            },
        }))
    }),
    install: install_compact,
};

fn install_compact<'m>(
    cfg: &crate::Config,
    _m: &'m kappa_ir::Module,
) -> Option<Box<dyn crate::technique::Technique<'m> + 'm>> {
    let opts = *cfg.techniques.get::<CompactOptions>()?;
    Some(Box::new(step::Compact::new(opts, cfg.seed)))
}

impl crate::registry::OptionData for CompactOptions {}

/// Options of compact execution.
#[derive(Clone, Copy, Debug, Default)]
pub struct CompactOptions {
    /// Cycle enumeration bounds (default: 64 cycles per function).
    pub cycles: CycleOptions,
    /// Template choice. Default: first.
    pub strategy: TemplateStrategy,
}

/// The call cycles of a recursive function, each with its outcome.
pub type RecursionOutcomes = Vec<(RecursionCycle, TemplateOutcome)>;

/// The cycles and templates of a module, as computed before execution.
#[derive(Clone, Debug, Default)]
pub struct TemplateReport {
    /// Per function with loops: its name, loop structure and the outcome for
    /// each of its cycles (same order as `LoopInfo::cycles`).
    pub functions: Vec<(FuncId, LoopInfo, Vec<TemplateOutcome>)>,
    /// Per directly recursive function: its call cycles with the outcome
    /// for each, and the number of call cycles skipped by the bound.
    pub recursion: Vec<(FuncId, RecursionOutcomes, usize)>,
    /// Time spent computing templates (seconds).
    pub seconds: f64,
}

impl TemplateReport {
    /// Number of cycles found.
    /// Number of cycles found (call cycles of recursion included).
    pub fn cycles(&self) -> usize {
        self.functions
            .iter()
            .map(|(_, l, _)| l.cycles.len())
            .sum::<usize>()
            + self
                .recursion
                .iter()
                .map(|(_, c, _)| c.len())
                .sum::<usize>()
    }
    /// Number of cycles skipped by the enumeration bound.
    pub fn skipped(&self) -> usize {
        self.functions
            .iter()
            .map(|(_, l, _)| l.skipped)
            .sum::<usize>()
            + self.recursion.iter().map(|(_, _, s)| s).sum::<usize>()
    }
    /// Number of templates computed (recursion templates included).
    pub fn templates(&self) -> usize {
        self.functions
            .iter()
            .flat_map(|(_, _, o)| o)
            .chain(
                self.recursion
                    .iter()
                    .flat_map(|(_, c, _)| c.iter().map(|(_, o)| o)),
            )
            .filter(|o| matches!(o, TemplateOutcome::Computed(_)))
            .count()
    }
}

impl Engine<'_> {
    /// Enumerates the cycles of every defined function and computes their
    /// templates (Algorithm 1). Deterministic.
    pub fn compute_templates(&mut self, opts: CycleOptions) -> TemplateReport {
        let start = Instant::now();
        let mut report = TemplateReport::default();
        for i in 0..self.module.functions.len() {
            if let Some(entry) = self.function_templates(FuncId(i as u32), opts) {
                report.functions.push(entry);
            }
            let (rec, skipped) = self.function_recursion(FuncId(i as u32), opts);
            if !rec.is_empty() || skipped > 0 {
                report.recursion.push((FuncId(i as u32), rec, skipped));
            }
        }
        report.seconds = start.elapsed().as_secs_f64();
        report
    }

    /// The loop structure of function `fid` and the outcome for each of its
    /// cycles; `None` for an undefined function or one without cycles.
    fn function_templates(
        &mut self,
        fid: FuncId,
        opts: CycleOptions,
    ) -> Option<(FuncId, LoopInfo, Vec<TemplateOutcome>)> {
        let f = self.module.func(fid);
        if !f.defined {
            return None;
        }
        let info = kappa_loops::analyze(f, opts);
        if info.cycles.is_empty() && info.skipped == 0 {
            return None;
        }
        let outcomes = info
            .cycles
            .iter()
            .map(|c| self.compute_template(fid, c))
            .collect();
        Some((fid, info, outcomes))
    }

    /// The call cycles of function `fid` if it calls itself, with the
    /// outcome of the recursion template of each, and how many call cycles
    /// the bound skipped.
    fn function_recursion(
        &mut self,
        fid: FuncId,
        opts: CycleOptions,
    ) -> (RecursionOutcomes, usize) {
        let (cycles, skipped) = kappa_loops::recursion_cycles(self.module.func(fid), fid, opts);
        let out = cycles
            .into_iter()
            .map(|rc| {
                let o = match self.recursion_template(fid, &rc) {
                    Ok(t) => TemplateOutcome::Computed(Box::new(t)),
                    Err(why) => TemplateOutcome::NotApplicable(why),
                };
                (rc, o)
            })
            .collect();
        (out, skipped)
    }
}
