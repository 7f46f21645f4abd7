//! Loading programs for the commands: the frontend with clang's diagnostics
//! shown on compile errors.

use anyhow::{anyhow, Result};
use kappa_frontend::{FrontendError, FrontendOptions, Program};
use kappa_ir::DataModel;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// `--keep-calls`: whether every load keeps the calls of leaf functions.
static KEEP_CALLS: AtomicBool = AtomicBool::new(false);

/// Sets `--keep-calls` for every later [`load`] (see
/// [`kappa_frontend::FrontendOptions::keep_calls`]).
pub fn set_keep_calls(keep: bool) {
    KEEP_CALLS.store(keep, Ordering::Relaxed);
}

/// Loads a program, printing clang's diagnostics for compile errors.
pub(crate) fn load(
    path: &Path,
    dm: Option<DataModel>,
    cflags: &[String],
    deadline: Option<Instant>,
) -> Result<Program, FrontendError> {
    let opts = FrontendOptions {
        data_model: dm,
        extra_cflags: cflags.to_vec(),
        deadline,
        keep_calls: KEEP_CALLS.load(Ordering::Relaxed),
    };
    kappa_frontend::load(path, &opts).inspect_err(|e| {
        if let FrontendError::Compile { diagnostics, .. } = e {
            let shown: Vec<&str> = diagnostics.lines().take(20).collect();
            eprintln!("{}", shown.join("\n"));
        }
    })
}

/// [`load`] without extra clang flags or deadline, its error as a one-line
/// `anyhow` error (for the commands other than `verify`).
pub(crate) fn load_plain(path: &Path, dm: Option<DataModel>) -> Result<Program> {
    load(path, dm, &[], None).map_err(|e| anyhow!("{e}"))
}
