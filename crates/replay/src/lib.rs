//! kappa-replay: the crate's public data types (tests, limits, outcomes) and
//! entry points for native replay of test inputs and the Test-Comp format.
//!
//! A test is the sequence of values returned by the program's successive
//! calls to `__VERIFIER_nondet_*` functions ([`TestVector`]). [`replay`]
//! compiles the program natively together with a generated harness that
//! serves those values, runs it under [`Limits`], and reports what happened
//! ([`ReplayReport`]): in particular whether `reach_error` was called, however
//! its body is written. [`read_test`] reads a test from a Test-Comp testcase
//! XML file, kappa's JSON, or plain text; [`write_testcomp`] writes a
//! Test-Comp (format 1.1) test suite.
//!
//! Replay needs a C compiler on the machine (see [`find_c_compiler`]) and,
//! for 32-bit programs, the multilib C library (`gcc -m32` must link).

#![warn(missing_docs)]

mod error;
mod harness;
mod read;
mod run;
mod testcomp;
mod value;
mod xml;

pub use error::{JsonShape, ReplayError, XmlError, XmlErrorKind};
pub use read::{parse_json_test, parse_plain_test, read_test};
pub use run::{
    find_c_compiler, prepare, prepare_with_compiler, replay, replay_with_compiler, Prepared,
};
pub use testcomp::{escape, metadata_xml, rfc3339_utc, testcase_xml, write_testcomp, Metadata};
pub use xml::parse_testcase_xml;

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Prefix shared by every SV-COMP nondeterministic-value function.
pub const NONDET_PREFIX: &str = "__VERIFIER_nondet_";

/// One input value consumed by a call to a `__VERIFIER_nondet_*` function.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TestInput {
    /// Name of the function that consumed the value, e.g.
    /// `"__VERIFIER_nondet_int"`; empty when unknown (plain-text tests).
    /// Informational only: replay serves values in order whatever the origin.
    #[serde(default)]
    pub origin: String,
    /// The value as a C literal: normally decimal, possibly negative (`"-1"`).
    /// Replay also accepts hexadecimal (`0x..`), integer suffixes (`42u`),
    /// simple character literals (`'a'`) and floating-point literals; a
    /// negative value for an unsigned function wraps (`"-1"` as `uchar` is
    /// 255), and a value wider than the function's type is truncated.
    pub value: String,
}

impl TestInput {
    /// An input with the given origin and value.
    pub fn new(origin: impl Into<String>, value: impl Into<String>) -> TestInput {
        TestInput {
            origin: origin.into(),
            value: value.into(),
        }
    }
}

/// A test: the values returned by successive nondet calls, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TestVector {
    /// The values, first call first.
    pub inputs: Vec<TestInput>,
}

impl TestVector {
    /// A test whose inputs all have an unknown origin (`""`).
    pub fn from_values<I, S>(values: I) -> TestVector
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        TestVector {
            inputs: values.into_iter().map(|v| TestInput::new("", v)).collect(),
        }
    }
}

/// Resource limits for one run of the replayed program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Wall-clock time limit of the run (compilation is not counted).
    /// Default 10 s; `Duration::ZERO` means no limit.
    pub time: Duration,
    /// Address-space limit (`RLIMIT_AS`) of the run, in bytes. Default 1 GiB;
    /// 0 means no limit.
    pub memory_bytes: u64,
    /// An instant by which the whole replay (compiling included) must be
    /// over: a compile step still running then is killed
    /// ([`ReplayError::Deadline`]), and the run gets at most the time left
    /// (cut short, it ends as [`Outcome::Timeout`]). Default: none. Not
    /// serialized.
    #[serde(skip)]
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            time: Duration::from_secs(10),
            memory_bytes: 1 << 30,
            deadline: None,
        }
    }
}

/// How a replayed run ended.
///
/// Memory exhaustion has no variant of its own: under `RLIMIT_AS`, allocation
/// fails and the program then ends however it handles that (typically
/// [`Outcome::Signaled`] with `SIGSEGV`, or [`Outcome::Exited`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// `reach_error` (or legacy `__VERIFIER_error`) was called. Takes
    /// precedence over any exit status.
    ReachedError,
    /// `__VERIFIER_assume` was called with a false condition; the program
    /// stopped quietly with exit status 0 there.
    AssumeViolated,
    /// The program exited normally with this status.
    Exited(i32),
    /// The program was killed by this signal (e.g. 6 for `abort`).
    Signaled(i32),
    /// The wall-clock limit expired and the program was killed.
    Timeout,
}

/// What a replay observed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayReport {
    /// How the run ended.
    pub outcome: Outcome,
    /// How many of the test's values the program consumed (at most the
    /// test's length); exact even when the program is killed.
    pub inputs_used: usize,
    /// True when the program asked for more values than the test has; every
    /// call past the end returned 0.
    pub inputs_exhausted: bool,
    /// Values passed to `__kappa_trace(long long)` by the program, in order
    /// (at most [`TRACE_LIMIT`] of them; later ones are dropped).
    pub trace: Vec<i64>,
    /// The last [`STDERR_TAIL_BYTES`] bytes of the program's standard error,
    /// without the harness's own marker lines (lossy UTF-8).
    pub stderr_tail: String,
}

/// Most trace values kept in [`ReplayReport::trace`].
pub const TRACE_LIMIT: usize = 1 << 24;

/// Size of [`ReplayReport::stderr_tail`] in bytes.
pub const STDERR_TAIL_BYTES: usize = 4096;
