//! The command line: clap's types for `kappa`'s subcommands and their
//! options (`verify`'s in [`VerifyArgs`]), and their conversions to the
//! run library's types (`kappa_run::options`).

use clap::{Parser, Subcommand, ValueEnum};
use kappa_ir::DataModel;
use kappa_run::options::{self, VerifyOptions};
use std::path::PathBuf;

/// kappa: symbolic execution and verification of C programs.
#[derive(Parser, Debug)]
#[command(name = "kappa", version, about, long_about = None)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) cmd: Cmd,
    /// Keep every call as written. By default direct calls of small
    /// loop-free functions without calls or local arrays (such as
    /// `__VERIFIER_assert`) are inlined, so the loops that call them get
    /// templates, summaries and chains.
    #[arg(long, global = true)]
    pub(crate) keep_calls: bool,
}

/// Data model choices on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum DataModelArg {
    /// 32-bit int, long and pointers (-m32; SV-COMP default).
    #[value(name = "ILP32", alias = "ilp32")]
    Ilp32,
    /// 64-bit long and pointers (-m64).
    #[value(name = "LP64", alias = "lp64")]
    Lp64,
}

impl From<DataModelArg> for DataModel {
    fn from(d: DataModelArg) -> DataModel {
        match d {
            DataModelArg::Ilp32 => DataModel::Ilp32,
            DataModelArg::Lp64 => DataModel::Lp64,
        }
    }
}

/// Analysis modes, the default (`auto`) first (later techniques add values here).
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Mode {
    /// A portfolio of stages sharing the time limit: the necessary
    /// condition, the proof with invariants, navigation, then compact
    /// execution, native execution and classic execution with state matching.
    Auto,
    /// Classic symbolic execution.
    Classic,
    /// Compact symbolic execution: templates stand for any number of iterations of a cycle.
    Compact,
    /// Loop navigation: chain program form and counter constraint systems
    /// steer execution through loops.
    Navigate,
    /// Symbolic computation by program transformation: the program is
    /// symbolized, compiled natively with kappa-runtime and explored by forking.
    Native,
    /// Proof with inductive invariants (a cut-point transition system of
    /// `main`, Houdini over candidate atoms, the invariants checked again
    /// as a certificate): `true` with the invariants, else `unknown`.
    Prove,
}

impl From<Mode> for options::Mode {
    fn from(m: Mode) -> options::Mode {
        match m {
            Mode::Auto => options::Mode::Auto,
            Mode::Classic => options::Mode::Classic,
            Mode::Compact => options::Mode::Compact,
            Mode::Navigate => options::Mode::Navigate,
            Mode::Native => options::Mode::Native,
            Mode::Prove => options::Mode::Prove,
        }
    }
}

/// Search strategies.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SearcherArg {
    /// Alternate depth-first and breadth-first (default).
    Interleaved,
    /// Depth-first.
    Dfs,
    /// Breadth-first.
    Bfs,
    /// Uniformly random pending state (seeded).
    Random,
    /// Least-executed location first.
    Coverage,
}

/// Options of `kappa verify` (the run's [`VerifyOptions`], see
/// [`VerifyArgs::into_options`]).
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Program (.c, .i, .ll, .bc) or SV-COMP task (.yml).
    pub file: PathBuf,
    /// Overall time limit in seconds.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Stop after creating this many states.
    #[arg(long)]
    pub max_states: Option<u64>,
    /// Stop when kappa's resident memory exceeds this many MiB.
    #[arg(long, value_name = "MB", default_value_t = 8192)]
    pub max_memory: u64,
    /// Search strategy.
    #[arg(long, value_enum, default_value_t = SearcherArg::Interleaved)]
    pub searcher: SearcherArg,
    /// Data model (default: the task's, else ILP32).
    #[arg(long, value_enum)]
    pub data_model: Option<DataModelArg>,
    /// Analysis mode. The default, `auto`, is a portfolio of the techniques
    /// sharing the time limit (see README, "Auto mode").
    #[arg(long, value_enum, default_value_t = Mode::Auto)]
    pub mode: Mode,
    /// Print one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
    /// Print the loop invariants of a `true` from the proof stage (`--mode
    /// prove` or `auto`), one per loop header as a C expression over the
    /// program's variables at the loop's line (`--json` always has them).
    #[arg(long)]
    pub invariants: bool,
    /// Draw the symbolic execution tree to FILE.dot or FILE.svg.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// Write a self-contained HTML report to FILE: verdict, stages, inputs,
    /// the error path over the source, the trees as SVG (needs Graphviz),
    /// templates, necessary condition and chain form when computed, loop
    /// invariants.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Write an SV-COMP 2.0 witness (YAML) to FILE: a violation witness for
    /// `false`, a correctness witness for `true`, nothing for `unknown`.
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
    /// Write the error test in Test-Comp format (metadata.xml + testcase) to DIR.
    #[arg(long, value_name = "DIR")]
    pub tests_dir: Option<PathBuf>,
    /// Write every query sent to Z3 as SMT-LIB2 into DIR.
    #[arg(long, value_name = "DIR")]
    pub dump_queries: Option<PathBuf>,
    /// Time limit per solver query in seconds.
    #[arg(long, default_value_t = 10.0)]
    pub solver_timeout: f64,
    /// Seed for the random searcher.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Extra flag passed to clang (repeatable), e.g. --cflag=-DN=4.
    #[arg(long = "cflag", value_name = "FLAG", allow_hyphen_values = true)]
    pub cflags: Vec<String>,
    /// Compact mode: most cycles enumerated per function.
    #[arg(long, default_value_t = 64)]
    pub max_cycles: usize,
    /// Compact mode: which template to apply where several could.
    #[arg(long, value_enum, default_value_t = TemplateStrategyArg::First)]
    pub template_strategy: TemplateStrategyArg,
    /// Store the states reaching loop headers and end a state covered by one
    /// already seen (concrete data compared exactly, symbolic data by SMT),
    /// so loops over a finite state space end (any interpreter mode).
    #[arg(long)]
    pub state_matching: bool,
    /// Compute the necessary condition for reaching reach_error (loop
    /// summaries, `kappa condition`) first: unsatisfiable answers `true`
    /// at once; otherwise fork successors contradicting it are dropped and
    /// its model seeds the inputs. Works in every mode.
    #[arg(long)]
    pub prune_with_condition: bool,
    /// Turn on an engine technique by its registered name, with its flags
    /// (repeatable; interpreter modes: classic, compact, navigate).
    #[arg(long = "technique", value_name = "NAME[:FLAG=VALUE,...]",
          value_parser = technique_spec, long_help = technique_help())]
    pub techniques: Vec<String>,
    /// Navigate mode: how loop nodes are solved during execution.
    #[arg(long, value_enum, default_value_t = NavSolveArg::Interval)]
    pub nav_solve: NavSolveArg,
    /// Navigate mode: most path pieces built when unfolding the chain program form.
    #[arg(long, default_value_t = 20_000)]
    pub max_chain_pieces: usize,
    /// Native mode: how paths are explored.
    #[arg(long, value_enum, default_value_t = NativeExplorerArg::Fork)]
    pub native_explorer: NativeExplorerArg,
    /// Auto mode: how many stages run at once, each in its own process
    /// with its own solver (default: the available cores, from the CPU
    /// affinity mask and a cgroup CPU quota). With 1 the stages run one
    /// after another: the interpreter stages in this process, the
    /// condition, proof and native stages in a child process each,
    /// stopped at the end of its share.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    /// A CPU-time limit in seconds (BenchExec's, passed by the tool-info
    /// module): the run's wall-clock deadline is then at most this, and
    /// auto's parallel stages stop when the CPU time of kappa and of all
    /// its processes together reaches it (see README, "Limits").
    #[arg(long, value_name = "SECS")]
    pub cpu_limit: Option<f64>,
    /// Internal (a portfolio stage process): the stage to run.
    #[arg(long, hide = true, requires = "stage_dir")]
    pub stage: Option<String>,
    /// Internal: the directory for the stage process's report and outputs.
    #[arg(long, hide = true)]
    pub stage_dir: Option<PathBuf>,
    /// Internal: the stage's deadline, in ms after the stage process started.
    #[arg(long, hide = true)]
    pub stage_ms: Option<u64>,
    /// Internal: the run's deadline, in ms after the stage process started.
    #[arg(long, hide = true)]
    pub stage_total_ms: Option<u64>,
    /// Internal: the stage process's share of `--max-memory` (MiB).
    #[arg(long, hide = true)]
    pub stage_memory: Option<u64>,
    /// Native mode: keep exploring after the first confirmed error, so that
    /// the whole tree is run and its paths are counted (the verdict is
    /// still `false` with the first confirmed test).
    #[arg(long)]
    pub explore_all: bool,
}

/// How navigate mode solves a loop node's constraint system.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum NavSolveArg {
    /// Solve on entering a loop, then follow the solution's counts (default).
    Interval,
    /// Solve at every arrival at a loop node.
    Exact,
}

/// Explorers of native mode.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum NativeExplorerArg {
    /// Each choice with two feasible sides forks the process (depth-first).
    Fork,
    /// Depth-first by re-running the program with a prefix of decisions.
    Replay,
    /// The concolic domain (concrete × term): each run executes on concrete
    /// inputs and follows their values; the solver's models of the other
    /// sides give the inputs of new runs.
    Concolic,
}

/// Template choice of compact mode.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum TemplateStrategyArg {
    /// The first template of the location.
    First,
    /// A random one (seeded by --seed).
    Random,
    /// None: compute templates but execute classically.
    None,
}

impl From<SearcherArg> for options::Searcher {
    fn from(s: SearcherArg) -> options::Searcher {
        match s {
            SearcherArg::Interleaved => options::Searcher::Interleaved,
            SearcherArg::Dfs => options::Searcher::Dfs,
            SearcherArg::Bfs => options::Searcher::Bfs,
            SearcherArg::Random => options::Searcher::Random,
            SearcherArg::Coverage => options::Searcher::Coverage,
        }
    }
}

impl From<NavSolveArg> for options::NavSolve {
    fn from(n: NavSolveArg) -> options::NavSolve {
        match n {
            NavSolveArg::Interval => options::NavSolve::Interval,
            NavSolveArg::Exact => options::NavSolve::Exact,
        }
    }
}

impl From<NativeExplorerArg> for options::NativeExplorer {
    fn from(e: NativeExplorerArg) -> options::NativeExplorer {
        match e {
            NativeExplorerArg::Fork => options::NativeExplorer::Fork,
            NativeExplorerArg::Replay => options::NativeExplorer::Replay,
            NativeExplorerArg::Concolic => options::NativeExplorer::Concolic,
        }
    }
}

impl From<TemplateStrategyArg> for options::TemplateStrategy {
    fn from(t: TemplateStrategyArg) -> options::TemplateStrategy {
        match t {
            TemplateStrategyArg::First => options::TemplateStrategy::First,
            TemplateStrategyArg::Random => options::TemplateStrategy::Random,
            TemplateStrategyArg::None => options::TemplateStrategy::None,
        }
    }
}

/// Checks a `--technique` value against the engine's registry.
fn technique_spec(s: &str) -> Result<String, String> {
    kappa_run::registry::parse_spec(s).map(|_| s.to_string())
}

/// `--technique`'s long help: the registered techniques and their flags.
fn technique_help() -> String {
    format!(
        "Turn on an engine technique by its registered name, with its flags \
         (repeatable; interpreter modes: classic, compact, navigate). \
         Registered:\n{}",
        kappa_run::registry::describe()
    )
}

impl VerifyArgs {
    /// The run's options: each argument as given (the choices mapped to
    /// the library's enums).
    pub fn into_options(self) -> VerifyOptions {
        VerifyOptions {
            file: self.file,
            timeout: self.timeout,
            max_states: self.max_states,
            max_memory: self.max_memory,
            searcher: self.searcher.into(),
            data_model: self.data_model.map(Into::into),
            mode: self.mode.into(),
            json: self.json,
            invariants: self.invariants,
            tree: self.tree,
            html: self.html,
            witness: self.witness,
            tests_dir: self.tests_dir,
            dump_queries: self.dump_queries,
            solver_timeout: self.solver_timeout,
            seed: self.seed,
            cflags: self.cflags,
            max_cycles: self.max_cycles,
            template_strategy: self.template_strategy.into(),
            state_matching: self.state_matching,
            prune_with_condition: self.prune_with_condition,
            techniques: self.techniques,
            nav_solve: self.nav_solve.into(),
            max_chain_pieces: self.max_chain_pieces,
            native_explorer: self.native_explorer.into(),
            jobs: self.jobs,
            cpu_limit: self.cpu_limit,
            stage: self.stage,
            stage_dir: self.stage_dir,
            stage_ms: self.stage_ms,
            stage_total_ms: self.stage_total_ms,
            stage_memory: self.stage_memory,
            explore_all: self.explore_all,
        }
    }
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub(crate) enum Cmd {
    /// Decide whether reach_error() is reachable: true, false (with a test) or unknown.
    Verify(Box<VerifyArgs>),
    /// Run a program natively on a test and report whether reach_error() is reached.
    Replay {
        /// Program (.c, .i, .ll, .bc) or SV-COMP task (.yml).
        program: PathBuf,
        /// Test: Test-Comp testcase XML, kappa JSON, or one value per line.
        test: PathBuf,
        /// Data model (default: the task's, else ILP32).
        #[arg(long, value_enum)]
        data_model: Option<DataModelArg>,
        /// Time limit in seconds.
        #[arg(long, default_value_t = 10.0)]
        timeout: f64,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Check an SV-COMP 2.0 witness against a program: prints `confirmed`,
    /// `rejected: reason` or `unknown: reason` (exit 0 for each).
    Validate {
        /// The witness (YAML).
        witness: PathBuf,
        /// Program (.c, .i) or SV-COMP task (.yml).
        program: PathBuf,
        /// Data model (default: the witness's, else the task's, else ILP32).
        #[arg(long, value_enum)]
        data_model: Option<DataModelArg>,
        /// Seconds given to the interpreter's run of a violation witness's
        /// inputs; past it, a witness of inputs and target alone is
        /// checked natively.
        #[arg(long, default_value_t = 20.0)]
        interpreter_time: f64,
    },
    /// Print the cycles and templates of compact symbolic execution.
    Templates {
        /// Program (.c, .i, .ll, .bc) or SV-COMP task (.yml).
        file: PathBuf,
        /// Data model (default: the task's, else ILP32).
        #[arg(long, value_enum)]
        data_model: Option<DataModelArg>,
        /// Most cycles enumerated per function.
        #[arg(long, default_value_t = 64)]
        max_cycles: usize,
    },
    /// The necessary condition φ̂ for reaching the target, from loop
    /// summaries ("Abstracting Path Conditions"): φ̂, then `sat`/`unsat`/
    /// `unknown` alone on a line, then a model when one is known.
    Condition {
        /// C source, .i, .ll, .bc or SV-COMP task (.yml).
        file: PathBuf,
        /// Target location `FILE:LINE` (default: the calls of `reach_error`).
        #[arg(long, value_name = "FILE:LINE", conflicts_with = "failures")]
        target: Option<String>,
        /// Target the calls of `reach_error` and every edge that may fail
        /// (undefined behaviour, unsupported constructs, calls not
        /// followed): the condition `verify --prune-with-condition` uses.
        #[arg(long)]
        failures: bool,
        /// Print φ̂ as an SMT-LIB2 script instead of the readable form.
        #[arg(long)]
        smt2: bool,
        /// Work with the quantifier-free φ̂^K instead of φ̂ (no race).
        #[arg(long, value_name = "K")]
        k: Option<u64>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// Data model (default: from the task, else ILP32).
        #[arg(long, value_enum)]
        data_model: Option<DataModelArg>,
        /// Seconds for each side of the solver race.
        #[arg(long, default_value_t = 10.0)]
        timeout: f64,
    },
    /// Print the chain program form of main and its constraint systems (loop navigation).
    Chains {
        /// Program (.c, .i, .ll, .bc) or SV-COMP task (.yml).
        file: PathBuf,
        /// Data model (default: the task's, else ILP32).
        #[arg(long, value_enum)]
        data_model: Option<DataModelArg>,
        /// Most path pieces built when unfolding.
        #[arg(long, default_value_t = 20_000)]
        max_chain_pieces: usize,
    },
    /// Write the symbolized LLVM module of a program (the transformation of --mode native).
    Symbolize {
        /// Program (.c, .i, .ll, .bc) or SV-COMP task (.yml).
        file: PathBuf,
        /// Output: .ll (text) or .bc (bitcode).
        #[arg(short, long)]
        output: PathBuf,
        /// Data model (default: the task's, else ILP32).
        #[arg(long, value_enum)]
        data_model: Option<DataModelArg>,
    },
    /// Print kappa's IR of a program.
    Ir {
        /// Program (.c, .i, .ll, .bc) or SV-COMP task (.yml).
        file: PathBuf,
        /// Data model (default: the task's, else ILP32).
        #[arg(long, value_enum)]
        data_model: Option<DataModelArg>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_s_defaults_are_the_library_s() {
        // (the two lists of defaults must not drift apart)
        let cli = Cli::parse_from(["kappa", "verify", "p.c"]);
        let Cmd::Verify(args) = cli.cmd else {
            panic!("not verify")
        };
        assert_eq!(args.into_options(), VerifyOptions::new("p.c".into()));
    }
}
