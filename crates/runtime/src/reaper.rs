//! The reaper of the fork explorer's process tree: at its first fork the
//! root process splits in two, a child that goes on with the program and a
//! parent that is a child subreaper (`PR_SET_CHILD_SUBREAPER`) and only
//! waits. Processes of the tree then exit as soon as their path ends (they
//! never wait for their children, so a process does not stay alive for its
//! subtree and count against the bound on live processes); their orphaned
//! children are re-parented to the reaper, which reaps every one of them
//! and exits after the last, with the status of the program's first
//! process. kappa waits for the reaper: its exit means the whole tree is
//! gone. The reaper leads the tree's process group; when kappa dies (even
//! by SIGKILL) the kernel sends the reaper SIGTERM (`PR_SET_PDEATHSIG`) and
//! it kills the group, so no process of the program outlives kappa.

use crate::conn::Conn;

/// Starts the reaper: returns true in the child, which goes on with the
/// program (it keeps `conn`); false if the fork failed. The parent never
/// returns: it closes its copy of `conn`, reaps, and exits.
pub fn start(conn: &mut Option<Conn>) -> bool {
    // SAFETY: plain syscalls; the parent only reaps and exits.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        let kappa = libc::getppid();
        let pid = libc::fork();
        if pid < 0 {
            return false;
        }
        if pid == 0 {
            return true;
        }
        // the connection is the child's: kappa sees its end when the
        // program's processes close it
        drop(conn.take());
        die_with(kappa);
        let mut first = 0;
        loop {
            let mut status = 0;
            let r = libc::waitpid(-1, &mut status, 0);
            if r == pid {
                first = status;
            } else if r < 0 {
                if std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                    continue;
                }
                break;
            }
        }
        if libc::WIFSIGNALED(first) {
            let sig = libc::WTERMSIG(first);
            libc::signal(sig, libc::SIG_DFL);
            libc::kill(libc::getpid(), sig);
        }
        libc::_exit(if libc::WIFEXITED(first) {
            libc::WEXITSTATUS(first)
        } else {
            0
        })
    }
}

/// In the reaper: when `kappa` (its parent) dies, the reaper's process
/// group (the program's processes) is killed ([`on_kappa_gone`]).
fn die_with(kappa: libc::pid_t) {
    // SAFETY: installs a handler that only calls kill(2), then asks the
    // kernel for the signal.
    unsafe {
        let mut act: libc::sigaction = std::mem::zeroed();
        act.sa_sigaction = on_kappa_gone as extern "C" fn(libc::c_int) as usize;
        libc::sigemptyset(&mut act.sa_mask);
        libc::sigaction(libc::SIGTERM, &act, std::ptr::null_mut());
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM, 0, 0, 0);
        // (kappa died before the request: no signal comes)
        if libc::getppid() != kappa {
            on_kappa_gone(libc::SIGTERM);
        }
    }
}

/// Kills the reaper's process group (the program's processes and itself).
extern "C" fn on_kappa_gone(_: libc::c_int) {
    // SAFETY: kill(2) is async-signal-safe; 0 is this process's group.
    unsafe {
        libc::kill(0, libc::SIGKILL);
    }
}
