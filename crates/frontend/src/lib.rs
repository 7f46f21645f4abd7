//! The frontend: turns a C file, a preprocessed `.i`, LLVM `.ll`/`.bc`, or an
//! SV-COMP task `.yml` into a [`kappa_ir::Module`]. It drives clang and opt,
//! reads bitcode with the `llvm-ir` crate (and the LLVM C API for what that
//! crate drops: the source types of constant GEPs, the debug records naming
//! source variables) and lowers it; it is the only crate that names an LLVM
//! type.

mod constgep;
mod debugvars;
mod driver;
mod layout;
mod llvmc;
mod lower;
mod srcnames;
pub mod task;

pub use driver::{find_tool, Toolchain};
pub use task::Task;

use kappa_ir::{DataModel, Module};
use std::path::{Path, PathBuf};
use std::time::Instant;
use thiserror::Error;

/// Everything that can go wrong while reading a program. Each variant names
/// the file and renders as one line (compiler diagnostics are attached separately).
#[derive(Debug, Error)]
pub enum FrontendError {
    /// The input file does not exist or cannot be read.
    #[error("{path}: cannot read file: {reason}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// The OS error.
        reason: String,
    },
    /// The input is binary data where text was expected.
    #[error("{path}: not a text file (binary data); expected C source")]
    Binary {
        /// The file.
        path: PathBuf,
    },
    /// The file extension is not one kappa reads.
    #[error("{path}: unsupported input kind (expected .c, .i, .ll, .bc or .yml)")]
    UnknownKind {
        /// The file.
        path: PathBuf,
    },
    /// clang rejected the program.
    #[error("{path}: does not compile: {first}")]
    Compile {
        /// The file.
        path: PathBuf,
        /// The first error line of the diagnostics.
        first: String,
        /// Full compiler diagnostics.
        diagnostics: String,
    },
    /// The temporary directory (`TMPDIR`) where the program is compiled
    /// cannot be created or written: full, missing or read-only.
    #[error("{path}: cannot compile in the temporary directory {dir}: {reason}")]
    TempDir {
        /// The file being compiled.
        path: PathBuf,
        /// The temporary directory (or its parent, when it was not created).
        dir: PathBuf,
        /// The OS error.
        reason: String,
    },
    /// A required tool (clang-16, opt-16, llvm-link-16) is missing.
    #[error("cannot find `{tool}` (install LLVM 16: run scripts/setup.sh)")]
    MissingTool {
        /// Tool name.
        tool: String,
    },
    /// The task file is malformed.
    #[error("{path}: invalid task file: {reason}")]
    Task {
        /// The task file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// LLVM could not read the bitcode.
    #[error("{path}: cannot read LLVM bitcode: {reason}")]
    Bitcode {
        /// The file.
        path: PathBuf,
        /// LLVM's message.
        reason: String,
    },
    /// A compile step (clang, llvm-link, opt) was still running at the deadline.
    #[error("{path}: compilation did not finish in time (`{tool}` stopped at the deadline)")]
    Timeout {
        /// The file being compiled.
        path: PathBuf,
        /// The tool that was stopped.
        tool: String,
    },
    /// A construct the lowering cannot represent at all (not merely unsupported at run time).
    #[error("{path}: unsupported program: {reason}")]
    Unsupported {
        /// The file.
        path: PathBuf,
        /// What is unsupported.
        reason: String,
    },
}

/// Options of the frontend.
#[derive(Clone, Debug, Default)]
pub struct FrontendOptions {
    /// Data model; `None` means: the task's, else ILP32 (the SV-COMP default).
    pub data_model: Option<DataModel>,
    /// Extra flags passed to clang (e.g. `-DN=4`). Default: none.
    pub extra_cflags: Vec<String>,
    /// Compile steps still running at this instant are killed
    /// ([`FrontendError::Timeout`]). Default: none.
    pub deadline: Option<Instant>,
    /// Keep every call as it is. Default (`false`): direct calls of small
    /// loop-free leaf functions (such as `__VERIFIER_assert`) are inlined
    /// ([`kappa_ir::inline`]), so loops that call them get templates,
    /// summaries and chains.
    pub keep_calls: bool,
}

/// A program ready for analysis.
#[derive(Debug)]
pub struct Program {
    /// The lowered IR.
    pub module: Module,
    /// The source files it came from (task input files, or the file itself).
    pub sources: Vec<PathBuf>,
    /// The task, when the input was a `.yml`.
    pub task: Option<Task>,
}

/// Reads `path` (a `.c`, `.i`, `.ll`, `.bc` or task `.yml`) and lowers it to kappa IR.
pub fn load(path: &Path, opts: &FrontendOptions) -> Result<Program, FrontendError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    std::fs::metadata(path)
        .map_err(|e| FrontendError::Unreadable {
            path: path.into(),
            reason: e.to_string(),
        })
        .and_then(|m| {
            if m.is_dir() {
                Err(FrontendError::Unreadable {
                    path: path.into(),
                    reason: "is a directory".into(),
                })
            } else {
                Ok(())
            }
        })?;
    let (sources, task, dm) = match ext.as_str() {
        "yml" | "yaml" => {
            let task = Task::read(path)?;
            let dm = opts.data_model.unwrap_or(task.data_model);
            (task.input_files.clone(), Some(task), dm)
        }
        "c" | "i" | "h" | "ll" | "bc" => (
            vec![path.to_path_buf()],
            None,
            opts.data_model.unwrap_or_default(),
        ),
        _ => return Err(FrontendError::UnknownKind { path: path.into() }),
    };
    let tc = Toolchain::find()?;
    let tmp = tempfile::tempdir().map_err(|e| FrontendError::TempDir {
        path: path.into(),
        dir: std::env::temp_dir(),
        reason: e.to_string(),
    })?;
    let built = tc.build_bitcode(&sources, dm, &opts.extra_cflags, tmp.path(), opts.deadline)?;
    let bc = built.bitcode;
    let llvm = llvm_ir::Module::from_bc_path(&bc).map_err(|reason| FrontendError::Bitcode {
        path: path.into(),
        reason,
    })?;
    let c_api = llvmc::Bitcode::read(&bc).map_err(|reason| FrontendError::Bitcode {
        path: path.into(),
        reason,
    })?;
    let geps = constgep::gep_table(&c_api);
    let dbg = debugvars::debug_vars(&c_api);
    drop(c_api);
    let mut module =
        lower::lower(&llvm, dm, &geps, &dbg).map_err(|reason| FrontendError::Unsupported {
            path: path.into(),
            reason,
        })?;
    // debug locations in a `.i` input's copy name the input itself
    for (copy, original) in &built.renamed {
        let canon = std::fs::canonicalize(copy).ok();
        for f in module.files.iter_mut() {
            if canon.is_some() && std::fs::canonicalize(&*f).ok() == canon {
                *f = std::fs::canonicalize(original)
                    .unwrap_or_else(|_| original.clone())
                    .display()
                    .to_string();
            }
        }
    }
    if !opts.keep_calls {
        kappa_ir::inline::inline_leaf_calls(&mut module);
    }
    Ok(Program {
        module,
        sources,
        task,
    })
}
