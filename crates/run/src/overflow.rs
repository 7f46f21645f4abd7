//! Turns a stack overflow of kappa's worker thread into an `unknown`
//! verdict instead of an abort: a SIGSEGV/SIGBUS handler (running on the
//! alternate signal stack Rust gives every thread it spawns) recognises a
//! fault just below the worker's stack, flags it for the watchdog
//! ([`crate::watchdog`]), and holds the faulting thread until the watchdog
//! has printed the verdict and ended the process. Any other fault goes to
//! the handler installed before (Rust's own, which reports overflows of
//! other threads and otherwise restores the default action).

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Faults this far below the lowest usable stack address count as overflows.
const BELOW: usize = 1 << 20;
/// ... and this far above it (a frame may start inside the guard's shadow).
const ABOVE: usize = 64 << 10;

static WORKER_TID: AtomicI64 = AtomicI64::new(0);
static STACK_LO: AtomicUsize = AtomicUsize::new(0);
static OVERFLOWED: AtomicBool = AtomicBool::new(false);
static PREVIOUS: OnceLock<[libc::sigaction; 2]> = OnceLock::new();

/// Whether the worker thread overflowed its stack.
pub fn overflowed() -> bool {
    OVERFLOWED.load(Ordering::SeqCst)
}

/// Registers the calling thread as the worker whose stack overflows are
/// reported as a verdict, and installs the handler (once per process).
/// Returns `false` when the stack bounds or the handler are unavailable.
pub fn protect_current_thread() -> bool {
    let Some(lo) = stack_low() else {
        return false;
    };
    STACK_LO.store(lo, Ordering::SeqCst);
    // SAFETY: gettid has no preconditions.
    WORKER_TID.store(unsafe { libc::gettid() } as i64, Ordering::SeqCst);
    PREVIOUS.get_or_init(install);
    true
}

/// The lowest usable address of the calling thread's stack.
fn stack_low() -> Option<usize> {
    // SAFETY: plain pthread calls on the current thread with a zeroed,
    // then initialised and destroyed, attribute object.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return None;
        }
        let mut addr: *mut libc::c_void = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        let ok = libc::pthread_attr_getstack(&attr, &mut addr, &mut size) == 0;
        libc::pthread_attr_destroy(&mut attr);
        (ok && !addr.is_null()).then_some(addr as usize)
    }
}

fn install() -> [libc::sigaction; 2] {
    let mut prev: [libc::sigaction; 2] = unsafe { std::mem::zeroed() };
    for (k, sig) in [libc::SIGSEGV, libc::SIGBUS].into_iter().enumerate() {
        // SAFETY: installing a handler with a zeroed, then filled, sigaction;
        // the previous action is saved for chaining.
        unsafe {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = handler as *const () as usize;
            act.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut act.sa_mask);
            libc::sigaction(sig, &act, &mut prev[k]);
        }
    }
    prev
}

extern "C" fn handler(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    // Only async-signal-safe operations here: atomics, gettid, nanosleep, _exit.
    // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers.
    let addr = unsafe { (*info).si_addr() } as usize;
    let lo = STACK_LO.load(Ordering::SeqCst);
    let ours = unsafe { libc::gettid() } as i64 == WORKER_TID.load(Ordering::SeqCst);
    if ours && lo != 0 && addr.saturating_add(BELOW) >= lo && addr < lo.saturating_add(ABOVE) {
        if crate::watchdog::output_claimed() {
            // the verdict is out already (stdout is line-buffered and was
            // flushed): end as if the run had finished
            unsafe { libc::_exit(0) };
        }
        OVERFLOWED.store(true, Ordering::SeqCst);
        let nap = libc::timespec {
            tv_sec: 0,
            tv_nsec: 100_000_000,
        };
        // the watchdog prints the verdict and ends the process
        for _ in 0..100 {
            unsafe { libc::nanosleep(&nap, std::ptr::null_mut()) };
        }
        // no watchdog after 10 s: give up like an unhandled overflow would
        unsafe { libc::_exit(134) };
    }
    chain(sig, info, ctx);
}

/// Hands a fault that is not the worker's overflow to the previous handler.
fn chain(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    let k = usize::from(sig != libc::SIGSEGV);
    let Some(prev) = PREVIOUS.get().map(|p| p[k]) else {
        reset(sig);
        return;
    };
    let h = prev.sa_sigaction;
    if h == libc::SIG_DFL || h == libc::SIG_IGN {
        // returning re-executes the faulting access under the default action
        reset(sig);
    } else if prev.sa_flags & libc::SA_SIGINFO != 0 {
        // SAFETY: the previous handler was installed as an SA_SIGINFO handler.
        let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
            unsafe { std::mem::transmute(h) };
        f(sig, info, ctx);
    } else {
        // SAFETY: the previous handler was installed as a plain handler.
        let f: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(h) };
        f(sig);
    }
}

fn reset(sig: libc::c_int) {
    // SAFETY: restoring the default action is async-signal-safe.
    unsafe {
        let mut act: libc::sigaction = std::mem::zeroed();
        act.sa_sigaction = libc::SIG_DFL;
        libc::sigemptyset(&mut act.sa_mask);
        libc::sigaction(sig, &act, std::ptr::null_mut());
    }
}
