//! Typed reasons: why a path failed ([`Failure`]) and why a run ended
//! without an answer or with a note ([`Reason`]), each with one `Display`
//! that is the text the reports print.
//!
//! Callers decide on the type, never on the text: the portfolio asks
//! [`Reason::every_stage_would_meet`] and [`Reason::timed_out`].

use std::fmt;

/// Why one path ended without an answer (a failed leaf). The text is the
/// whole message as reported; the variant says what kind of failure it is.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Failure {
    /// A possible undefined behaviour (`possible undefined behaviour...`):
    /// the path may have undefined behaviour; every technique meets it.
    PossibleUb(String),
    /// A certain undefined behaviour (`undefined behaviour: ...`).
    Ub(String),
    /// A construct the engine does not model (`unsupported...`).
    Unsupported(String),
    /// The solver answered `unknown` (or was interrupted) on a query.
    Solver(String),
    /// Anything else (bounds, concretized values, rejected replays, ...).
    Other(String),
}

impl Failure {
    /// The failure whose message is `text`, its kind given by the message's
    /// first words (`possible undefined behaviour`, `undefined behaviour`,
    /// `unsupported`, `solver `). Used for the messages that reach the
    /// engine as plain text (errors of evaluation, the frontend's
    /// `unsupported ...`); `Display` gives `text` back unchanged.
    pub fn from_text(text: String) -> Failure {
        if text.starts_with("possible undefined behaviour") {
            Failure::PossibleUb(text)
        } else if text.starts_with("undefined behaviour") {
            Failure::Ub(text)
        } else if text.starts_with("unsupported") {
            Failure::Unsupported(text)
        } else if text.starts_with("solver ") {
            Failure::Solver(text)
        } else {
            Failure::Other(text)
        }
    }

    /// The message.
    pub fn text(&self) -> &str {
        match self {
            Failure::PossibleUb(t)
            | Failure::Ub(t)
            | Failure::Unsupported(t)
            | Failure::Solver(t)
            | Failure::Other(t) => t,
        }
    }

    /// Whether every technique and every stage would meet this failure
    /// again (undefined behaviour, possible or certain, or an unsupported
    /// construct), so that trying another one cannot answer.
    pub fn is_inherent(&self) -> bool {
        matches!(
            self,
            Failure::PossibleUb(_) | Failure::Ub(_) | Failure::Unsupported(_)
        )
    }
}

impl From<String> for Failure {
    fn from(text: String) -> Failure {
        Failure::from_text(text)
    }
}

impl From<&str> for Failure {
    fn from(text: &str) -> Failure {
        Failure::from_text(text.to_string())
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// The failed leaves of a run: each distinct failure with how often it
/// occurred, most frequent first (ties by text).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Leaves {
    /// (failure, count), sorted.
    pub counts: Vec<(Failure, u64)>,
}

/// How many distinct failures the text shows (the rest are counted).
pub const LEAVES_SHOWN: usize = 3;

impl Leaves {
    /// The leaves of `counts` (any order), sorted.
    pub fn new(counts: impl IntoIterator<Item = (Failure, u64)>) -> Leaves {
        let mut counts: Vec<(Failure, u64)> = counts.into_iter().collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.text().cmp(b.0.text())));
        Leaves { counts }
    }

    /// Whether there is no failed leaf.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }
}

impl fmt::Display for Leaves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (r, n)) in self.counts.iter().take(LEAVES_SHOWN).enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            if *n > 1 {
                write!(f, "{r} (x{n})")?;
            } else {
                write!(f, "{r}")?;
            }
        }
        if self.counts.len() > LEAVES_SHOWN {
            write!(f, " and {} more", self.counts.len() - LEAVES_SHOWN)?;
        }
        Ok(())
    }
}

/// Why an exploration stopped before it was complete.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// The time limit or deadline (the limit's text, e.g. `10` or `0.5`).
    Timeout {
        /// Seconds as [`crate::secs_text`] prints them.
        secs: String,
    },
    /// `--max-states` hit.
    StateBound {
        /// The bound.
        max: u64,
    },
    /// `--max-memory` hit.
    MemoryBound {
        /// Resident MiB when it was noticed.
        rss: u64,
        /// The bound in MiB.
        limit: u64,
    },
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Timeout { secs } => write!(f, "timeout after {secs}s"),
            Stop::StateBound { max } => write!(f, "state bound hit (--max-states {max})"),
            Stop::MemoryBound { rss, limit } => write!(
                f,
                "memory bound hit ({rss} MiB resident, --max-memory {limit})"
            ),
        }
    }
}

/// Why a run (of the engine or of a stage) ended `unknown`, or a note on
/// its `true`.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// The exploration stopped early with `pending` states left, and these
    /// failed leaves so far.
    Stopped {
        /// What stopped it.
        stop: Stop,
        /// States not explored.
        pending: usize,
        /// Failed leaves before it stopped (maybe none).
        leaves: Leaves,
    },
    /// The exploration was complete but these paths failed.
    Incomplete(Leaves),
    /// A time limit of a stage or of the whole run (not the engine's own
    /// exploration); the text starts with `timeout after`.
    Timeout(String),
    /// Anything else, as text (no `main`, a stage's own answer, a proof's
    /// note on `true`, ...).
    Other(String),
}

impl Reason {
    /// Whether every later stage of the portfolio would end the same way:
    /// a complete exploration (not a timeout or a bound) whose failed
    /// leaves, all of them listed, are undefined behaviour (possible or
    /// certain) or unsupported constructs ([`Failure::is_inherent`]).
    pub fn every_stage_would_meet(&self) -> bool {
        match self {
            Reason::Incomplete(l) => {
                !l.is_empty()
                    && l.counts.len() <= LEAVES_SHOWN
                    && l.counts.iter().all(|(f, _)| f.is_inherent())
            }
            _ => false,
        }
    }

    /// Whether the run ended because its time ran out.
    pub fn timed_out(&self) -> bool {
        matches!(
            self,
            Reason::Timeout(_)
                | Reason::Stopped {
                    stop: Stop::Timeout { .. },
                    ..
                }
        )
    }
}

impl From<String> for Reason {
    fn from(text: String) -> Reason {
        Reason::Other(text)
    }
}

impl From<&str> for Reason {
    fn from(text: &str) -> Reason {
        Reason::Other(text.to_string())
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Stopped {
                stop,
                pending,
                leaves,
            } => {
                let s = if *pending == 1 { "" } else { "s" };
                write!(f, "{stop}; {pending} state{s} pending")?;
                if !leaves.is_empty() {
                    write!(f, "; also {leaves}")?;
                }
                Ok(())
            }
            Reason::Incomplete(l) => write!(f, "exploration incomplete: {l}"),
            Reason::Timeout(t) | Reason::Other(t) => f.write_str(t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaves(items: &[(&str, u64)]) -> Leaves {
        Leaves::new(items.iter().map(|(t, n)| (Failure::from(*t), *n)))
    }

    #[test]
    fn texts_are_the_reports() {
        let l = leaves(&[("b", 1), ("a", 1), ("solver unknown at branch x.c:3", 4)]);
        assert_eq!(
            Reason::Incomplete(l.clone()).to_string(),
            "exploration incomplete: solver unknown at branch x.c:3 (x4); a; b"
        );
        let r = Reason::Stopped {
            stop: Stop::Timeout { secs: "3".into() },
            pending: 12,
            leaves: l,
        };
        assert_eq!(
            r.to_string(),
            "timeout after 3s; 12 states pending; also solver unknown at branch x.c:3 (x4); a; b"
        );
        let r = Reason::Stopped {
            stop: Stop::StateBound { max: 5 },
            pending: 1,
            leaves: Leaves::default(),
        };
        assert_eq!(
            r.to_string(),
            "state bound hit (--max-states 5); 1 state pending"
        );
        let many = leaves(&[("a", 1), ("b", 1), ("c", 1), ("d", 1), ("e", 2)]);
        assert_eq!(many.to_string(), "e (x2); a; b and 2 more");
        assert_eq!(
            Stop::MemoryBound { rss: 9, limit: 8 }.to_string(),
            "memory bound hit (9 MiB resident, --max-memory 8)"
        );
    }

    #[test]
    fn kinds_come_from_the_message_and_the_text_is_kept() {
        for t in [
            "possible undefined behaviour: division by zero at a.c:3",
            "undefined behaviour: out-of-bounds read at a.c:4",
            "unsupported constant foo",
            "solver unknown deciding x at a.c:5",
            "call depth bound hit at a.c:6",
        ] {
            assert_eq!(Failure::from(t).to_string(), t);
        }
        assert!(Failure::from("possible undefined behaviour at a.c:1").is_inherent());
        assert!(Failure::from("unsupported: inline assembly at a.c:2").is_inherent());
        assert!(!Failure::from("solver unknown at branch a.c:3").is_inherent());
        assert!(!Failure::from("symbolic size concretized").is_inherent());
    }

    #[test]
    fn the_portfolio_stops_only_on_complete_runs_of_inherent_failures() {
        let ub = leaves(&[
            ("possible undefined behaviour: signed overflow at a.c:3", 2),
            ("unsupported: inline assembly at a.c:9", 1),
        ]);
        assert!(Reason::Incomplete(ub.clone()).every_stage_would_meet());
        let stopped = Reason::Stopped {
            stop: Stop::Timeout { secs: "3".into() },
            pending: 12,
            leaves: ub,
        };
        assert!(!stopped.every_stage_would_meet());
        assert!(stopped.timed_out());
        let mixed = leaves(&[
            ("possible undefined behaviour: x at a.c:3", 2),
            ("solver unknown at branch a.c:4", 1),
        ]);
        assert!(!Reason::Incomplete(mixed).every_stage_would_meet());
        let unlisted = leaves(&[
            ("undefined behaviour: a", 1),
            ("undefined behaviour: b", 1),
            ("undefined behaviour: c", 1),
            ("undefined behaviour: d", 1),
        ]);
        assert!(!Reason::Incomplete(unlisted).every_stage_would_meet());
        assert!(
            !Reason::Other("exploration incomplete: unsupported".into()).every_stage_would_meet()
        );
        assert!(Reason::Timeout("timeout after 2s while compiling".into()).timed_out());
        assert!(!Reason::Other("no main function".into()).timed_out());
    }
}
