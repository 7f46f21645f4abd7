//! kappa's runs as a library: a verification run in each mode
//! ([`verify`], [`verify_native`]), the `--mode auto` portfolio and its
//! stage processes, the proof stage's driver, the condition, templates
//! and chains commands, SV-COMP witnesses and their validation, and the
//! text, JSON and HTML reports. The `kappa` binary parses the command
//! line into [`VerifyOptions`] (and the other commands' arguments) and
//! calls these.
//!
//! Contracts common to the commands: each prints its answer on stdout
//! (a run's verdict through [`claim_output`], so that exactly one of the
//! run and its watchdog prints it) and returns `Err` with a one-line
//! message for bad input; `true` comes only from a complete exploration
//! or a checked proof, `false` only with inputs that replay natively to
//! `reach_error`, else `unknown` with a reason. A run is meant to be the
//! process's one job: its watchdog, its stage processes (started from
//! the process's own executable and command line, so the process must be
//! the `kappa` binary) and its handling of signals are process-wide.

#![warn(missing_docs)]

mod chains;
mod condition;
mod html;
mod load;
mod native;
pub mod options;
mod overflow;
mod portfolio;
mod prove;
mod report;
mod stages;
mod templates;
mod validate;
mod verify;
mod watchdog;
mod witness;

pub use chains::chains_cmd;
pub use condition::condition_cmd;
pub use html::gather::check_writable as check_html_writable;
/// The engine's technique registry: the command line's `--technique`
/// names, flags and help come from it.
pub use kappa_engine::registry;
pub use load::set_keep_calls;
pub use native::{symbolize_cmd, verify_native};
pub use options::VerifyOptions;
pub use stages::{keep_temporaries_in_run_dir, note_parent_root, redirect_outputs, remove_root};
pub use templates::templates_cmd;
pub use validate::validate_cmd;
pub use verify::{ir_cmd, replay_cmd, seconds, verify};
pub use watchdog::{claim_output, end_on_signals, exit_now, park_forever};
