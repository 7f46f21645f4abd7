//! The last line of defence of `kappa verify`'s limits: the guard that lets
//! exactly one verdict be printed, and a watchdog thread that prints the
//! `unknown` verdict itself and ends the process (status 0) when the run
//! overruns `--timeout` by [`HARD_GRACE`], stays above `--max-memory` for
//! [`MEMORY_GRACE`], or overflows the worker thread's stack (see
//! [`crate::overflow`]). Child processes (compilers, replayed programs) are
//! killed first.
//!
//! It also owns the rest of the process's lifecycle: the instant a run's
//! `--timeout` counts from ([`process_start`]), the end of the process
//! right after its verdict ([`exit_now`]), and the end on SIGTERM, SIGINT
//! or SIGHUP ([`end_on_signals`]); each ends kappa's child processes first.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};

/// How long after `--timeout` the watchdog prints the verdict itself. The
/// run stops by itself at the deadline (solver calls are interrupted there;
/// a `false` found at the very end is replayed for at most
/// `verify::REPLAY_GRACE`), so this only fires when something did not; the
/// verdict then appears by `--timeout` + 0.5 s.
pub const HARD_GRACE: Duration = Duration::from_millis(450);

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
                kappa_engine::secs_text(guard.timeout_secs)
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

/// Flushes stdout and stderr, kills every child process (see
/// [`kill_children`]: a solver side, compiler or replayed program still
/// running must neither outlive kappa nor keep its output pipes open) and
/// ends the process with `code` at once: no destructors (thread-local
/// expression pools, Z3 contexts, a run's states) run.
pub fn exit_now(code: i32) -> ! {
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    kill_children();
    crate::stages::remove_root();
    // SAFETY: _exit ends the process; buffered output was flushed above.
    unsafe { libc::_exit(code) }
}

/// The most time before `main` counted into a run's time (see
/// [`process_start`]).
const MAX_STARTUP: Duration = Duration::from_secs(1);

/// The instant this process started, for `--timeout` to count from: a
/// caller's clock starts when it starts kappa, and loading kappa's shared
/// libraries (LLVM, Z3) took 0.2-0.5 s before `main` on a loaded two-core
/// machine (measured with a load average of 14-20). Read from
/// `/proc/self/stat`; since that is the time of the `fork`, which may be
/// long before the `exec` of kappa, at most [`MAX_STARTUP`] before now is
/// counted. Now when `/proc` cannot tell.
pub fn process_start() -> Instant {
    let now = Instant::now();
    let ago = started_ago().unwrap_or_default().min(MAX_STARTUP);
    now.checked_sub(ago).unwrap_or(now)
}

/// How long ago this process was created (boot-time clock against the
/// `starttime` field of `/proc/self/stat`).
fn started_ago() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // "pid (comm) state ...": starttime is field 22, the 20th after comm
    let rest = &stat[stat.rfind(')')? + 1..];
    let ticks: u64 = rest.split_whitespace().nth(19)?.parse().ok()?;
    // SAFETY: sysconf and clock_gettime only read/write the given values.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    if hz <= 0 || unsafe { libc::clock_gettime(libc::CLOCK_BOOTTIME, &mut ts) } != 0 {
        return None;
    }
    let now = Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32);
    now.checked_sub(Duration::from_secs_f64(ticks as f64 / hz as f64))
}

/// The write end of the pipe through which the signal handler wakes the
/// thread of [`end_on_signals`] (-1: not installed).
static SIGNAL_PIPE: AtomicI32 = AtomicI32::new(-1);

extern "C" fn on_signal(sig: libc::c_int) {
    let byte = sig as u8;
    // SAFETY: write(2) is async-signal-safe; the pipe lives for good.
    unsafe {
        libc::write(
            SIGNAL_PIPE.load(Ordering::Relaxed),
            (&byte as *const u8).cast(),
            1,
        );
    }
}

/// Makes SIGTERM, SIGINT and SIGHUP end kappa without leaving child
/// processes behind (the native back end's process tree, a compiler, a
/// solver side, a replayed program): a thread kills them all
/// ([`kill_children`]), then the signal ends the process as it would have
/// (killed by that signal). Without the thread (it cannot be started) the
/// signals keep their default action.
pub fn end_on_signals() {
    let mut fds = [0; 2];
    // (a stage process starts with SIGTERM ignored, see `stages::spawn`:
    // without the handler, the default action again)
    let default_term = || {
        // SAFETY: restores the default action of SIGTERM.
        unsafe { libc::signal(libc::SIGTERM, libc::SIG_DFL) };
    };
    // SAFETY: pipe2 fills `fds`.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        default_term();
        return;
    }
    let read_end = fds[0];
    SIGNAL_PIPE.store(fds[1], Ordering::SeqCst);
    let spawned = std::thread::Builder::new()
        .name("kappa-signals".into())
        .stack_size(256 * 1024)
        .spawn(move || loop {
            let mut byte = 0u8;
            // SAFETY: reads one byte into `byte`.
            let n = unsafe { libc::read(read_end, (&mut byte as *mut u8).cast(), 1) };
            if n == 1 {
                let sig = libc::c_int::from(byte);
                kill_children();
                crate::stages::remove_root_on_signal();
                // SAFETY: restore the default action and take the signal.
                unsafe {
                    libc::signal(sig, libc::SIG_DFL);
                    libc::raise(sig);
                    libc::_exit(128 + sig);
                }
            }
        });
    if spawned.is_err() {
        default_term();
        return;
    }
    for sig in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
        // SAFETY: installs a handler that only calls write(2).
        unsafe {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
            act.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut act.sa_mask);
            libc::sigaction(sig, &act, std::ptr::null_mut());
        }
    }
}

/// Kills every descendant process of this one (compilers, replayed
/// programs and their children): the process groups they lead, and each
/// of them.
pub fn kill_children() {
    let me = std::process::id() as i64;
    // the family from the kernel's lists of children: a look at this
    // process's few threads when it has none (reading every process of a
    // loaded machine took up to 0.6 s at exit)
    if let Some(family) = family_of(me) {
        for p in family {
            // SAFETY: kill(2) on processes we started (our descendants);
            // -p is the group p leads, if any (a group's id is never
            // another live process's pid)
            unsafe {
                libc::kill(-(p as libc::pid_t), libc::SIGKILL);
                libc::kill(p as libc::pid_t, libc::SIGKILL);
            }
        }
        return;
    }
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

/// Kills process `pid` (a child of this one) and every descendant of it:
/// each is stopped (SIGSTOP) as it is found, so none starts another after
/// the walk, then all are killed (SIGKILL). The caller reaps `pid`.
pub fn kill_tree(pid: u32) {
    let root = pid as i64;
    // SAFETY: kill(2) on our child and its descendants.
    unsafe { libc::kill(pid as libc::pid_t, libc::SIGSTOP) };
    let mut family = vec![root];
    let mut i = 0;
    while i < family.len() {
        let kids = children_of(family[i]).unwrap_or_else(|| {
            let parent = family[i];
            process_table()
                .iter()
                .filter(|p| p.ppid == parent)
                .map(|p| p.pid)
                .collect()
        });
        for k in kids {
            if !family.contains(&k) {
                // SAFETY: as above
                unsafe { libc::kill(k as libc::pid_t, libc::SIGSTOP) };
                family.push(k);
            }
        }
        i += 1;
    }
    for p in family.iter().rev() {
        // SAFETY: as above
        unsafe { libc::kill(*p as libc::pid_t, libc::SIGKILL) };
    }
}

/// The descendants of `pid` from `/proc/PID/task/TID/children` (`None`
/// when the kernel does not provide these lists).
fn family_of(pid: i64) -> Option<Vec<i64>> {
    let mut family = children_of(pid)?;
    let mut i = 0;
    while i < family.len() {
        let kids = children_of(family[i]).unwrap_or_default();
        family.extend(kids.into_iter().filter(|k| *k != pid));
        i += 1;
    }
    Some(family)
}

/// The children of process `pid`: the union of its threads' lists.
pub(crate) fn children_of(pid: i64) -> Option<Vec<i64>> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
    let mut kids = vec![];
    let mut listed = false;
    for t in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(t.path().join("children")) {
            listed = true;
            kids.extend(
                text.split_whitespace()
                    .filter_map(|k| k.parse::<i64>().ok()),
            );
        }
    }
    listed.then_some(kids)
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
    fn the_process_started_before_now_and_at_most_max_startup_before() {
        let now = Instant::now();
        let start = process_start();
        assert!(start <= Instant::now());
        assert!(now.duration_since(start) <= MAX_STARTUP);
        // this test process started before its tests ran
        assert!(started_ago().is_some_and(|d| d > Duration::ZERO));
    }

    #[test]
    fn the_family_is_listed() {
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .expect("sleep");
        let me = std::process::id() as i64;
        let family = family_of(me).expect("children lists in /proc");
        assert!(family.contains(&(child.id() as i64)), "{family:?}");
        let _ = child.kill();
        let _ = child.wait();
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
