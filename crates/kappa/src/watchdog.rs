//! The last line of defence of `kappa verify`'s limits: the guard that lets
//! exactly one verdict be printed, and a watchdog thread that prints the
//! `unknown` verdict itself and ends the process (status 0) when the run
//! overruns `--timeout` by [`HARD_GRACE`], stays above `--max-memory` for
//! [`MEMORY_GRACE`], or overflows the worker thread's stack (see
//! [`crate::overflow`]). Child processes (compilers, replayed programs) are
//! killed first.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long after `--timeout` the watchdog prints the verdict itself. The
/// run stops by itself at the deadline (solver calls are interrupted there),
/// so this only fires when something did not; the verdict then appears by
/// `--timeout` + 1 s.
pub const HARD_GRACE: Duration = Duration::from_millis(700);

/// How long resident memory may stay above `--max-memory` before the
/// watchdog gives the verdict itself (the engine checks every 200 ms and
/// interrupts solver calls; this covers what it cannot see, such as a
/// deep recursion).
pub const MEMORY_GRACE: Duration = Duration::from_millis(1000);

/// How often the watchdog looks.
const POLL: Duration = Duration::from_millis(20);

static PRINTED: AtomicBool = AtomicBool::new(false);

/// Claims the right to print the verdict (or an error): `true` for the
/// first caller only. Whoever gets `false` must print nothing.
pub fn claim_output() -> bool {
    !PRINTED.swap(true, Ordering::SeqCst)
}

/// Whether the output was claimed.
pub fn output_claimed() -> bool {
    PRINTED.load(Ordering::SeqCst)
}

/// Blocks the calling thread for good: used by a thread that lost the
/// output to the watchdog, which is about to end the process.
pub fn park_forever() -> ! {
    loop {
        std::thread::park();
    }
}

/// Renders the `unknown` verdict for a reason, in the run's output format
/// (human text or one JSON line, newline-terminated).
pub type Render = Box<dyn Fn(&str) -> String + Send>;

/// What the watchdog guards.
pub struct Guard {
    /// `--timeout`, in seconds (for the reason text).
    pub timeout_secs: f64,
    /// The instant `--timeout` expires (`None`: no time limit).
    pub deadline: Option<Instant>,
    /// `--max-memory` in MiB.
    pub memory_limit_mb: Option<u64>,
}

/// Starts the watchdog thread. It ends when the output is claimed by
/// someone else, or ends the process after printing the verdict.
pub fn start(guard: Guard, render: Render) {
    let spawned = std::thread::Builder::new()
        .name("kappa-watchdog".into())
        .stack_size(256 * 1024)
        .spawn(move || watch(guard, render));
    if let Err(e) = spawned {
        eprintln!("kappa: warning: cannot start the watchdog thread: {e}");
    }
}

fn watch(guard: Guard, render: Render) {
    let hard = guard.deadline.and_then(|d| d.checked_add(HARD_GRACE));
    let mut above_since: Option<Instant> = None;
    let mut polls: u64 = 0;
    loop {
        std::thread::sleep(POLL);
        polls += 1;
        if output_claimed() {
            return;
        }
        let now = Instant::now();
        if crate::overflow::overflowed() {
            fire(&render(
                "kappa's worker thread overflowed its stack (a too deeply nested expression or path)",
            ));
            return;
        }
        if hard.is_some_and(|h| now >= h) {
            fire(&render(&format!(
                "timeout after {}s: hard deadline (the run did not stop in time)",
                guard.timeout_secs
            )));
            return;
        }
        if let Some(limit) = guard.memory_limit_mb {
            if polls.is_multiple_of(5) {
                match kappa_solver::resident_mb() {
                    Some(rss) if rss > limit => {
                        let since = *above_since.get_or_insert(now);
                        if now.duration_since(since) >= MEMORY_GRACE {
                            fire(&render(&format!(
                                "memory bound hit ({rss} MiB resident, --max-memory {limit}): hard limit"
                            )));
                            return;
                        }
                    }
                    _ => above_since = None,
                }
            }
        }
    }
}

/// Prints `text` as the verdict and ends the process with status 0, unless
/// the output was already claimed (then the claimer prints and exits).
fn fire(text: &str) {
    if !claim_output() {
        return;
    }
    kill_children();
    use std::io::IsTerminal;
    if std::io::stderr().is_terminal() {
        // clear a progress line
        let _ = std::io::stderr().write_all(b"\r\x1b[2K");
    }
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    drop(out);
    // no destructors or atexit handlers: they could touch state the stuck
    // thread holds
    exit_now(0);
}

/// Flushes stdout and stderr and ends the process with `code` at once:
/// no destructors (thread-local expression pools, Z3 contexts) run.
pub fn exit_now(code: i32) -> ! {
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    // SAFETY: _exit ends the process; buffered output was flushed above.
    unsafe { libc::_exit(code) }
}

/// Kills every descendant process of this one (compilers, replayed
/// programs and their children): the process groups they lead, and each
/// of them.
pub fn kill_children() {
    let me = std::process::id() as i64;
    let procs = process_table();
    let mut family = vec![me];
    let mut i = 0;
    while i < family.len() {
        let parent = family[i];
        let kids: Vec<i64> = procs
            .iter()
            .filter(|p| p.ppid == parent && !family.contains(&p.pid))
            .map(|p| p.pid)
            .collect();
        family.extend(kids);
        i += 1;
    }
    for p in procs
        .iter()
        .filter(|p| p.pid != me && family.contains(&p.pid))
    {
        // SAFETY: kill(2) on processes we started (our descendants).
        unsafe {
            if p.pgrp == p.pid {
                libc::kill(-(p.pid as libc::pid_t), libc::SIGKILL);
            }
            libc::kill(p.pid as libc::pid_t, libc::SIGKILL);
        }
    }
}

struct Proc {
    pid: i64,
    ppid: i64,
    pgrp: i64,
}

/// pid, parent and process group of every process, from /proc.
fn process_table() -> Vec<Proc> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return vec![];
    };
    dir.filter_map(|e| {
        let e = e.ok()?;
        let pid: i64 = e.file_name().to_str()?.parse().ok()?;
        let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
        // "pid (comm) state ppid pgrp ...": comm may contain spaces
        let rest = &stat[stat.rfind(')')? + 1..];
        let mut f = rest.split_whitespace().skip(1);
        let ppid = f.next()?.parse().ok()?;
        let pgrp = f.next()?.parse().ok()?;
        Some(Proc { pid, ppid, pgrp })
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn process_table_has_this_process() {
        let me = std::process::id() as i64;
        let t = process_table();
        let p = t.iter().find(|p| p.pid == me).expect("self in /proc");
        assert!(p.ppid > 0 && p.pgrp > 0);
    }

    #[test]
    fn children_are_killed() {
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .expect("sleep");
        kill_children();
        let status = child.wait().unwrap();
        assert!(!status.success());
    }
}
