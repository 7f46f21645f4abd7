//! The Z3 watchdog: a helper thread that interrupts a running Z3 call when
//! it overruns its time limit (Z3's own `timeout` is not always honoured
//! promptly) or when the process's resident memory exceeds a limit; and
//! [`resident_mb`].

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often the watchdog reads the resident memory while a call runs.
const MEMORY_POLL: Duration = Duration::from_millis(100);

/// How often an overrunning call is interrupted again (an interrupt that
/// arrives while Z3 is between two interruptible phases may be lost), and
/// how often an idle watchdog looks for an armed call: arming does not wake
/// the thread (a wake-up per query would cost a context switch per query),
/// so a call is interrupted at most this late.
pub(crate) const REPEAT: Duration = Duration::from_millis(50);

/// Resident memory of this process in MiB (from `/proc/self/statm`; `None`
/// where that file does not exist).
pub fn resident_mb() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * page_size() / (1 << 20))
}

fn page_size() -> u64 {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as u64
    } else {
        4096
    }
}

/// Why the watchdog interrupted a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// The call ran past the instant it was armed with.
    Time,
    /// Resident memory exceeded the limit (MiB) while it ran.
    Memory(u64),
}

/// A Z3 context pointer that may be handed to the watchdog thread.
/// `Z3_interrupt` is the one Z3 function documented as callable from
/// another thread.
#[derive(Clone, Copy)]
struct Ctx(z3_sys::Z3_context);
// SAFETY: the pointer is only used for Z3_interrupt, and only while the
// owning thread is inside an armed call (so the context is alive).
unsafe impl Send for Ctx {}

struct Armed {
    ctx: Ctx,
    until: Instant,
    fired: Option<Cause>,
    last_interrupt: Option<Instant>,
}

#[derive(Default)]
struct Shared {
    armed: Option<Armed>,
    shutdown: bool,
}

type Sync2 = Arc<(Mutex<Shared>, Condvar)>;

fn lock(s: &Sync2) -> MutexGuard<'_, Shared> {
    s.0.lock().unwrap_or_else(|p| p.into_inner())
}

/// Owns the watchdog thread of one solver. Dropping it stops the thread.
pub(crate) struct Watchdog {
    shared: Sync2,
    thread: Option<JoinHandle<()>>,
}

impl Watchdog {
    /// Starts the thread. `memory_limit_mb`: interrupt a call when the
    /// resident memory exceeds it (polled every 100 ms during calls).
    pub(crate) fn start(memory_limit_mb: Option<u64>) -> std::io::Result<Watchdog> {
        let shared: Sync2 = Arc::new((Mutex::new(Shared::default()), Condvar::new()));
        let s = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("kappa-z3-watchdog".into())
            .spawn(move || watch(s, memory_limit_mb))?;
        Ok(Watchdog {
            shared,
            thread: Some(thread),
        })
    }

    /// Arms the watchdog for a call on the current thread's Z3 context that
    /// must end by `until`. Must be followed by [`Watchdog::disarm`] on the
    /// same thread before the context can be dropped.
    pub(crate) fn arm(&self, until: Instant) {
        let ctx = Ctx(z3::Context::thread_local().get_z3_context());
        let mut g = lock(&self.shared);
        g.armed = Some(Armed {
            ctx,
            until,
            fired: None,
            last_interrupt: None,
        });
    }

    /// Ends the armed call; returns why it was interrupted, if it was.
    pub(crate) fn disarm(&self) -> Option<Cause> {
        let mut g = lock(&self.shared);
        g.armed.take().and_then(|a| a.fired)
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        {
            let mut g = lock(&self.shared);
            g.shutdown = true;
            g.armed = None;
            self.shared.1.notify_all();
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn watch(shared: Sync2, memory_limit_mb: Option<u64>) {
    let mut g = lock(&shared);
    loop {
        if g.shutdown {
            return;
        }
        let now = Instant::now();
        let Some(a) = g.armed.as_mut() else {
            g = shared
                .1
                .wait_timeout(g, REPEAT)
                .unwrap_or_else(|p| p.into_inner())
                .0;
            continue;
        };
        if a.fired.is_none() {
            if now >= a.until {
                a.fired = Some(Cause::Time);
            } else if let (Some(limit), Some(rss)) = (memory_limit_mb, resident_mb()) {
                if rss > limit {
                    a.fired = Some(Cause::Memory(rss));
                }
            }
        }
        let wait = if a.fired.is_some() {
            if a.last_interrupt.is_none_or(|t| now >= t + REPEAT) {
                // SAFETY: the owning thread is inside the armed call (it
                // disarms under this lock before the context can go away).
                unsafe { z3_sys::Z3_interrupt(a.ctx.0) };
                a.last_interrupt = Some(now);
            }
            REPEAT
        } else {
            let left = a.until.saturating_duration_since(now);
            if memory_limit_mb.is_some() {
                left.min(MEMORY_POLL)
            } else {
                left
            }
        };
        g = shared
            .1
            .wait_timeout(g, wait.max(Duration::from_millis(1)))
            .unwrap_or_else(|p| p.into_inner())
            .0;
    }
}

/// Clears an interrupt left pending on the thread's Z3 context. Z3 4.8.12
/// keeps an interrupt that arrives between two calls (the watchdog may fire
/// after a check returned and before it is disarmed) and spoils the next
/// check: it answers `sat` with a model that does not satisfy the query.
/// One check consumes every pending interrupt, so a throwaway check on a
/// fresh solver is run. Call after every call the watchdog fired on.
pub(crate) fn absorb_interrupt() {
    let s = z3::Solver::new();
    s.set_params(&crate::route::thread_safe_params());
    let _ = s.check();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resident_memory_is_read() {
        let mb = resident_mb().expect("Linux /proc");
        assert!(mb > 0 && mb < 1 << 20, "{mb}");
    }

    #[test]
    fn disarmed_in_time_is_not_fired() {
        let w = Watchdog::start(None).unwrap();
        w.arm(Instant::now() + Duration::from_secs(5));
        assert_eq!(w.disarm(), None);
    }

    #[test]
    fn overrun_fires() {
        let w = Watchdog::start(None).unwrap();
        w.arm(Instant::now() + Duration::from_millis(20));
        std::thread::sleep(Duration::from_millis(120));
        assert_eq!(w.disarm(), Some(Cause::Time));
    }

    #[test]
    fn memory_limit_fires() {
        let w = Watchdog::start(Some(0)).unwrap();
        w.arm(Instant::now() + Duration::from_secs(5));
        std::thread::sleep(Duration::from_millis(150));
        assert!(matches!(w.disarm(), Some(Cause::Memory(_))));
    }
}
