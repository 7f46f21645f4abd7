//! The options of a verification run ([`VerifyOptions`]) and their
//! choices: the domain's types, which the command line (clap, in the
//! `kappa` binary) maps its arguments to.

use std::path::PathBuf;

/// Analysis modes (the default, [`Mode::Auto`], first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// A portfolio of stages sharing the time limit (`portfolio`).
    #[default]
    Auto,
    /// Classic symbolic execution.
    Classic,
    /// Compact symbolic execution (templates at cycle entries).
    Compact,
    /// Loop navigation (chain program form and counter systems).
    Navigate,
    /// The program symbolized, compiled natively and explored by forking.
    Native,
    /// Proof with inductive invariants (`kappa-prove`).
    Prove,
}

impl Mode {
    /// The mode's name in reports and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Classic => "classic",
            Mode::Compact => "compact",
            Mode::Navigate => "navigate",
            Mode::Native => "native",
            Mode::Prove => "prove",
            Mode::Auto => "auto",
        }
    }
}

/// Search strategies of the interpreter modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Searcher {
    /// Alternate depth-first and breadth-first.
    #[default]
    Interleaved,
    /// Depth-first.
    Dfs,
    /// Breadth-first.
    Bfs,
    /// Uniformly random pending state (seeded by [`VerifyOptions::seed`]).
    Random,
    /// Least-executed location first.
    Coverage,
}

/// How navigate mode solves a loop node's constraint system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NavSolve {
    /// Solve on entering a loop, then follow the solution's counts.
    #[default]
    Interval,
    /// Solve at every arrival at a loop node.
    Exact,
}

impl NavSolve {
    /// The value's name on the command line (and the registry's flag).
    pub fn name(self) -> &'static str {
        match self {
            NavSolve::Interval => "interval",
            NavSolve::Exact => "exact",
        }
    }
}

/// Explorers of native mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NativeExplorer {
    /// Each choice with two feasible sides forks the process (depth-first).
    #[default]
    Fork,
    /// Depth-first by re-running the program with a prefix of decisions.
    Replay,
    /// Concrete runs whose other sides' models give the next runs' inputs.
    Concolic,
}

/// Template choice of compact mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TemplateStrategy {
    /// The first template of the location.
    #[default]
    First,
    /// A random one (seeded by [`VerifyOptions::seed`]).
    Random,
    /// None: compute templates but execute classically.
    None,
}

impl TemplateStrategy {
    /// The value's name on the command line (and the registry's flag).
    pub fn name(self) -> &'static str {
        match self {
            TemplateStrategy::First => "first",
            TemplateStrategy::Random => "random",
            TemplateStrategy::None => "none",
        }
    }
}

/// Everything a verification run (`crate::verify`, `crate::verify_native`)
/// is asked to do. Contract: the run reads these fields only; times are
/// in seconds (negative or NaN count as 0, too large as no limit); the
/// output paths are written only if set (and checked writable by the
/// caller beforehand, see `check_outputs` in the binary). The `stage*`
/// fields are set only in a portfolio stage process (`crate::stages`),
/// which is started with the parent's own command line plus the stage
/// options, so a stage process must be the `kappa` binary.
#[derive(Clone, Debug, PartialEq)]
pub struct VerifyOptions {
    /// Program (.c, .i, .ll, .bc) or SV-COMP task (.yml).
    pub file: PathBuf,
    /// Overall time limit in seconds.
    pub timeout: f64,
    /// Stop after creating this many states.
    pub max_states: Option<u64>,
    /// Stop when resident memory exceeds this many MiB.
    pub max_memory: u64,
    /// Search strategy.
    pub searcher: Searcher,
    /// Data model (`None`: the task's, else ILP32).
    pub data_model: Option<kappa_ir::DataModel>,
    /// Analysis mode.
    pub mode: Mode,
    /// Print one JSON object on stdout instead of the text report.
    pub json: bool,
    /// Print the loop invariants of a proof's `true` in the text report.
    pub invariants: bool,
    /// Draw the symbolic execution tree to this .dot or .svg file.
    pub tree: Option<PathBuf>,
    /// Write a self-contained HTML report here.
    pub html: Option<PathBuf>,
    /// Write an SV-COMP 2.0 witness (YAML) here (none for `unknown`).
    pub witness: Option<PathBuf>,
    /// Write the error test in Test-Comp format into this directory.
    pub tests_dir: Option<PathBuf>,
    /// Write every query sent to Z3 as SMT-LIB2 into this directory.
    pub dump_queries: Option<PathBuf>,
    /// Time limit per solver query in seconds.
    pub solver_timeout: f64,
    /// Seed for the random searcher and random template choice.
    pub seed: u64,
    /// Extra flags passed to clang.
    pub cflags: Vec<String>,
    /// Compact mode: most cycles enumerated per function.
    pub max_cycles: usize,
    /// Compact mode: which template to apply where several could.
    pub template_strategy: TemplateStrategy,
    /// End states covered by one already seen at loop headers (interpreter
    /// modes only).
    pub state_matching: bool,
    /// Compute the necessary condition first and prune with it.
    pub prune_with_condition: bool,
    /// More engine techniques to turn on (interpreter modes), each
    /// `NAME[:FLAG=VALUE,...]` as `kappa_engine::registry::parse_spec`
    /// reads it.
    pub techniques: Vec<String>,
    /// Navigate mode: how loop nodes are solved.
    pub nav_solve: NavSolve,
    /// Navigate mode: most path pieces built when unfolding the chain form.
    pub max_chain_pieces: usize,
    /// Native mode: how paths are explored.
    pub native_explorer: NativeExplorer,
    /// Auto mode: how many stages run at once (`None`: the available cores).
    pub jobs: Option<u32>,
    /// A CPU-time limit in seconds for the run and all its processes.
    pub cpu_limit: Option<f64>,
    /// In a stage process: the stage to run.
    pub stage: Option<String>,
    /// In a stage process: the directory for its report and outputs.
    pub stage_dir: Option<PathBuf>,
    /// In a stage process: the stage's deadline, in ms after it started.
    pub stage_ms: Option<u64>,
    /// In a stage process: the run's deadline, in ms after it started.
    pub stage_total_ms: Option<u64>,
    /// In a stage process: its share of `max_memory` (MiB).
    pub stage_memory: Option<u64>,
    /// Native mode: keep exploring after the first confirmed error.
    pub explore_all: bool,
}

impl VerifyOptions {
    /// The options of `kappa verify FILE` with no other argument (the
    /// command line's defaults).
    pub fn new(file: PathBuf) -> VerifyOptions {
        VerifyOptions {
            file,
            timeout: 60.0,
            max_states: None,
            max_memory: 8192,
            searcher: Searcher::default(),
            data_model: None,
            mode: Mode::default(),
            json: false,
            invariants: false,
            tree: None,
            html: None,
            witness: None,
            tests_dir: None,
            dump_queries: None,
            solver_timeout: 10.0,
            seed: 1,
            cflags: vec![],
            max_cycles: 64,
            template_strategy: TemplateStrategy::default(),
            state_matching: false,
            prune_with_condition: false,
            techniques: vec![],
            nav_solve: NavSolve::default(),
            max_chain_pieces: 20_000,
            native_explorer: NativeExplorer::default(),
            jobs: None,
            cpu_limit: None,
            stage: None,
            stage_dir: None,
            stage_ms: None,
            stage_total_ms: None,
            stage_memory: None,
            explore_all: false,
        }
    }
}
