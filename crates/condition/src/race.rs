//! Deciding φ̂: the race of φ̂ against φ̂^K (Section 4 of the paper), each on
//! its own thread with its own Z3 context (expressions are thread-local, so
//! each side gets its formula as an SMT-LIB2 script).
//!
//! The first *decisive* answer wins and the other side is interrupted:
//! `unsat` of either side proves φ̂ unsatisfiable (φ̂ implies φ̂^K), and `sat`
//! of φ̂ itself settles satisfiability. A model of φ̂^K alone is only a
//! candidate: when φ̂ stays undecided the answer is `unknown` with that
//! candidate (unless φ̂ has no quantifier, when φ̂^K is φ̂).
//!
//! A side runs on a thread of this process by default. Z3 does not always
//! stop when interrupted (measured: an interrupted side of a quantified φ̂
//! ran on for 0.75 s, holding a core and Z3's shared locks while the next
//! stage of auto mode waited on them), so a program that can run itself as
//! a solver process registers it with [`use_solver_process`]: each side is
//! then a child process, killed at once when the race no longer needs it.

use kappa_expr::print::{free_symbols, smtlib_script};
use kappa_expr::{Assignment, Expr, Sort, Symbol};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A solver answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Satisfiable.
    Sat,
    /// Unsatisfiable.
    Unsat,
    /// Undecided, with Z3's reason.
    Unknown(String),
}

impl Answer {
    /// `sat`, `unsat` or `unknown`.
    pub fn word(&self) -> &'static str {
        match self {
            Answer::Sat => "sat",
            Answer::Unsat => "unsat",
            Answer::Unknown(_) => "unknown",
        }
    }
}

/// One side's result: answer, scalar model values when sat, seconds.
#[derive(Clone, Debug)]
pub struct SideResult {
    /// The answer.
    pub answer: Answer,
    /// Values of the formula's free boolean/bitvector symbols (when sat).
    pub model: Option<Assignment>,
    /// Wall time of the check in seconds.
    pub seconds: f64,
}

/// The outcome of [`race`].
#[derive(Clone, Debug)]
pub struct RaceResult {
    /// The answer for φ̂ (see the module doc).
    pub answer: Answer,
    /// A model (of φ̂, or of φ̂^K as a candidate) when one is known.
    pub model: Option<Assignment>,
    /// Which side decided: `"phi"`, `"phi^K"` or `"none"`.
    pub decided_by: &'static str,
    /// φ̂'s side, if it finished.
    pub phi: Option<SideResult>,
    /// φ̂^K's side, if it finished.
    pub phik: Option<SideResult>,
}

/// Longest SMT-LIB2 script a side sends to Z3; a larger formula is
/// `unknown` at once (Z3 may spend minutes in uninterruptible preprocessing
/// of huge quantified terms).
pub const MAX_SCRIPT: usize = 1 << 21;

/// How long a decided race waits for the interrupted sides before leaving
/// them behind (their threads finish on their own): at most 500 ms, and a
/// quarter of the race's timeout, so a short race stays short (auto mode
/// gives the race an eighth of its budget: 125 ms of a 1 s run).
fn grace(timeout: Duration) -> Duration {
    (timeout / 4).clamp(Duration::from_millis(10), Duration::from_millis(500))
}

/// How long past its timeout a side may run before it is interrupted (Z3
/// does not always honour its timeout inside quantifier instantiation): at
/// most 200 ms, and a quarter of the timeout.
fn slack(timeout: Duration) -> Duration {
    (timeout / 4).min(Duration::from_millis(200))
}

/// Stack of the solver threads (Z3 parses and simplifies deep terms recursively).
const SOLVER_STACK: usize = 256 << 20;

/// The command that runs one side as a child process (see
/// [`use_solver_process`]).
static SOLVER_PROCESS: OnceLock<(PathBuf, Vec<String>)> = OnceLock::new();

/// Makes every later side of a race (and [`check_one`]) run as the child
/// process `program args... TIMEOUT_MS`, which must call [`serve_side`]
/// on its standard input and output. Only the first call counts.
pub fn use_solver_process(program: PathBuf, args: Vec<String>) {
    let _ = SOLVER_PROCESS.set((program, args));
}

/// What stops a running side: its thread's Z3 context, or its process.
enum Running {
    /// Not started, or finished.
    Idle,
    /// Told to stop before it started: it does not start.
    Stopped,
    /// A thread's Z3 context (as an address).
    Context(usize),
    /// A child process.
    Process(Child),
}

type Slot = Arc<Mutex<Running>>;

/// Stops the side owning `slot`: interrupts its Z3 call, or kills its
/// process.
fn interrupt(slot: &Slot) {
    if let Ok(mut g) = slot.lock() {
        match &mut *g {
            Running::Idle => *g = Running::Stopped,
            Running::Stopped => {}
            Running::Context(ptr) => {
                // SAFETY: the pointer is the owning thread's live context
                // (it clears the slot under this lock before the context
                // can go away); Z3_interrupt may be called from any thread.
                unsafe {
                    z3_sys::Z3_interrupt(std::ptr::NonNull::new_unchecked(
                        *ptr as *mut z3_sys::_Z3_context,
                    ))
                };
            }
            Running::Process(child) => {
                // (an error means it has exited already)
                let _ = child.kill();
            }
        }
    }
}

/// A side's raw result: answer, model as (index into the wanted symbols,
/// value) pairs, seconds.
type Raw = (Answer, Option<Vec<(usize, u128)>>, f64);

/// Starts one side: a child process when [`use_solver_process`] named one,
/// else a thread; its result goes to `done`.
fn spawn_side(
    script: String,
    wanted: Vec<(String, Sort)>,
    timeout: Duration,
    slot: Slot,
    done: impl FnOnce(Raw) + Send + 'static,
) -> bool {
    let spawned = match SOLVER_PROCESS.get() {
        Some((program, args)) => {
            let program = program.clone();
            let mut args = args.clone();
            args.push(timeout.as_millis().max(1).to_string());
            std::thread::Builder::new()
                .spawn(move || done(run_process(&program, &args, &script, &wanted, &slot)))
        }
        None => std::thread::Builder::new()
            .stack_size(SOLVER_STACK)
            .spawn(move || done(check_named(&script, &wanted, timeout, &slot, false))),
    };
    spawned.is_ok()
}

/// Runs one side as a child process (the protocol of [`serve_side`]).
fn run_process(
    program: &PathBuf,
    args: &[String],
    script: &str,
    wanted: &[(String, Sort)],
    slot: &Slot,
) -> Raw {
    let start = Instant::now();
    let failed = |why: String| (Answer::Unknown(why), None, start.elapsed().as_secs_f64());
    let mut child = match Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => return failed(format!("solver process not started: {e}")),
    };
    let (Some(mut stdin), Some(mut stdout)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        let _ = child.wait();
        return failed("solver process without pipes".into());
    };
    {
        let mut g = slot.lock().expect("slot");
        if matches!(*g, Running::Idle) {
            *g = Running::Process(child);
        } else {
            // (the race was decided before this side started)
            let _ = child.kill();
            let _ = child.wait();
            return failed("interrupted".into());
        }
    }
    let mut input = String::new();
    input.push_str(&format!("{}\n", wanted.len()));
    for (name, sort) in wanted {
        match sort {
            Sort::Bool => input.push_str(&format!("{name} bool\n")),
            Sort::Bv(w) => input.push_str(&format!("{name} bv {w}\n")),
            _ => input.push_str(&format!("{name} other\n")),
        }
    }
    input.push_str(script);
    // (a write error means the process was killed: its output says so)
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut out = String::new();
    let _ = stdout.read_to_string(&mut out);
    let _ = writer.join();
    if let Running::Process(mut c) =
        std::mem::replace(&mut *slot.lock().expect("slot"), Running::Idle)
    {
        let _ = c.wait();
    }
    let mut lines = out.lines();
    let answer = match lines.next() {
        Some("sat") => Answer::Sat,
        Some("unsat") => Answer::Unsat,
        Some(l) if l.starts_with("unknown") => {
            Answer::Unknown(l.trim_start_matches("unknown").trim().to_string())
        }
        _ => return failed("interrupted".into()),
    };
    let model = (answer == Answer::Sat).then(|| {
        lines
            .filter_map(|l| {
                let (i, v) = l.split_once(' ')?;
                Some((i.parse().ok()?, v.parse().ok()?))
            })
            .collect()
    });
    (answer, model, start.elapsed().as_secs_f64())
}

/// The child side of [`use_solver_process`]: reads the wanted symbols and
/// the SMT-LIB script from `input`, checks it with `timeout`, and returns
/// the answer text (`sat` and one `INDEX VALUE` line per wanted symbol with
/// a value, `unsat`, or `unknown REASON`). Input: the number of wanted
/// symbols, one line per symbol (`NAME bool`, `NAME bv WIDTH`), the script.
pub fn serve_side(input: &str, timeout: Duration) -> String {
    let mut rest = input;
    let mut next_line = || {
        let (l, r) = rest.split_once('\n').unwrap_or((rest, ""));
        rest = r;
        l
    };
    let n: usize = next_line().trim().parse().unwrap_or(0);
    let mut wanted = vec![];
    for _ in 0..n {
        let l = next_line();
        let mut w = l.split(' ');
        let name = w.next().unwrap_or_default().to_string();
        let sort = match (w.next(), w.next().and_then(|x| x.parse().ok())) {
            (Some("bool"), _) => Sort::Bool,
            (Some("bv"), Some(width)) => Sort::Bv(width),
            // (never read back: only bool and bitvector values are)
            _ => Sort::Bool,
        };
        wanted.push((name, sort));
    }
    let script = rest.to_string();
    let slot: Slot = Arc::new(Mutex::new(Running::Idle));
    let (answer, model, _) = std::thread::Builder::new()
        .stack_size(SOLVER_STACK)
        .spawn(move || check_named(&script, &wanted, timeout, &slot, true))
        .ok()
        .and_then(|h| h.join().ok())
        .unwrap_or((Answer::Unknown("solver thread failed".into()), None, 0.0));
    let mut out = match &answer {
        Answer::Sat => "sat\n".to_string(),
        Answer::Unsat => "unsat\n".to_string(),
        Answer::Unknown(r) => format!("unknown {}\n", r.replace('\n', " ")),
    };
    for (i, v) in model.unwrap_or_default() {
        out.push_str(&format!("{i} {v}\n"));
    }
    out
}

/// Decides φ̂ by racing it against `phik` (its weakening φ̂^K) and, when
/// given, `bounded` (φ̂^K with every counter at most K + 1, a strengthening
/// whose models are models of φ̂: see `kform::instantiate_bounded`); each
/// side gets `timeout`.
pub fn race(phi: Expr, phik: Expr, bounded: Option<Expr>, timeout: Duration) -> RaceResult {
    let quantified = kappa_expr::has_quantifier(&[phi]);
    // (formula, name, sat decides, unsat decides)
    let mut sides = vec![(phi, "phi", true, true), (phik, "phi^K", !quantified, true)];
    if let (true, Some(bd)) = (quantified, bounded) {
        sides.push((bd, "phi^K bounded", true, false));
    }
    let n = sides.len();
    let (tx, rx) = mpsc::channel();
    let mut slots: Vec<Slot> = vec![];
    let mut names: Vec<Vec<Symbol>> = vec![];
    for (i, (e, ..)) in sides.iter().enumerate() {
        let script = smtlib_script(&[*e]);
        if script.len() > MAX_SCRIPT {
            let _ = tx.send((i, (Answer::Unknown("formula too large".into()), None, 0.0)));
            names.push(vec![]);
            slots.push(Arc::new(Mutex::new(Running::Idle)));
            continue;
        }
        let (syms, _) = free_symbols(&[*e]);
        let scalars: Vec<Symbol> = syms
            .into_iter()
            .filter(|s| matches!(s.sort(), Sort::Bool | Sort::Bv(_)))
            .collect();
        let wanted: Vec<(String, Sort)> = scalars.iter().map(|s| (s.name(), s.sort())).collect();
        names.push(scalars);
        let slot: Slot = Arc::new(Mutex::new(Running::Idle));
        slots.push(slot.clone());
        let tx = tx.clone();
        spawn_side(script, wanted, timeout, slot, move |r| {
            let _ = tx.send((i, r));
        });
    }
    drop(tx);
    let mut results: Vec<Option<Raw>> = vec![None; n];
    let mut winner = None;
    // Z3 does not always honour its timeout inside quantifier instantiation:
    // past the deadline (plus a grace) every side still running is interrupted
    let stop_at = Instant::now() + timeout + slack(timeout);
    let interrupt_all = |except: Option<usize>| {
        for (other, slot) in slots.iter().enumerate() {
            if Some(other) != except {
                interrupt(slot);
            }
        }
    };
    loop {
        let left = stop_at.saturating_duration_since(Instant::now());
        let (i, r) = match rx.recv_timeout(left) {
            Ok(x) => x,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                interrupt_all(None);
                break;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        let decisive = match r.0 {
            Answer::Sat => sides[i].2,
            Answer::Unsat => sides[i].3,
            Answer::Unknown(_) => false,
        };
        results[i] = Some(r);
        if decisive {
            winner = Some(i);
            interrupt_all(Some(i));
            break;
        }
    }
    // the interrupted sides usually answer at once; stragglers are left
    // behind (detached) rather than waited for
    let until = Instant::now() + grace(timeout);
    while results.iter().any(|r| r.is_none()) {
        match rx.recv_timeout(until.saturating_duration_since(Instant::now())) {
            Ok((i, r)) => results[i] = Some(r),
            Err(_) => break,
        }
    }
    let side = |i: usize| -> Option<SideResult> {
        results.get(i)?.as_ref().map(|(a, m, t)| SideResult {
            answer: a.clone(),
            model: m.as_ref().map(|vals| {
                let mut asg = Assignment::default();
                for (k, v) in vals {
                    asg.set(names[i][*k], *v);
                }
                asg
            }),
            seconds: *t,
        })
    };
    let (answer, decided_by, model) = match winner {
        Some(i) => {
            let s = side(i).expect("the winner finished");
            (s.answer, sides[i].1, s.model)
        }
        None => {
            let why = side(0)
                .map(|s| match s.answer {
                    Answer::Unknown(r) => r,
                    _ => String::new(),
                })
                .unwrap_or_default();
            let why = if why.is_empty() {
                format!("no side decided it within {:.1} s", timeout.as_secs_f64())
            } else {
                why
            };
            (
                Answer::Unknown(format!("φ̂ undecided ({why})")),
                "none",
                side(1).and_then(|s| s.model),
            )
        }
    };
    let model = if answer == Answer::Unsat { None } else { model };
    RaceResult {
        answer,
        model,
        decided_by,
        phi: side(0),
        phik: side(1),
    }
}

/// Checks `script` in a fresh thread-local Z3 context; `slot` holds the
/// context pointer while the check may be interrupted. With `z3_timer`
/// (only in a solver process, where this is the one Z3 thread) Z3's own
/// `timeout` parameter bounds the check by `timeout`; without it the
/// caller interrupts the check through `slot` (Z3 4.8.12's timer is not
/// safe with Z3 calls on several threads of a process: see
/// `kappa_solver::Z3Solver`). The model comes back
/// as (index into `wanted`, value) pairs, which can cross threads (symbols
/// cannot: the expression pool is thread-local).
fn check_named(
    script: &str,
    wanted: &[(String, Sort)],
    timeout: Duration,
    slot: &Slot,
    z3_timer: bool,
) -> (Answer, Option<Vec<(usize, u128)>>, f64) {
    let start = Instant::now();
    let ctx = z3::Context::thread_local();
    {
        let mut g = slot.lock().expect("slot");
        if matches!(*g, Running::Stopped) {
            return (Answer::Unknown("interrupted".into()), None, 0.0);
        }
        *g = Running::Context(ctx.get_z3_context().as_ptr() as usize);
    }
    let solver = z3::Solver::new();
    let mut p = kappa_solver::thread_safe_params();
    if z3_timer {
        p.set_u32(
            "timeout",
            timeout.as_millis().clamp(1, u32::MAX as u128) as u32,
        );
    }
    solver.set_params(&p);
    solver.from_string(script);
    let r = solver.check();
    let out = match r {
        z3::SatResult::Unsat => (Answer::Unsat, None),
        z3::SatResult::Unknown => (
            Answer::Unknown(
                solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "unknown".into()),
            ),
            None,
        ),
        z3::SatResult::Sat => {
            let mut vals = vec![];
            if let Some(m) = solver.get_model() {
                for (i, (name, sort)) in wanted.iter().enumerate() {
                    let v = match sort {
                        Sort::Bool => {
                            let c = z3::ast::Bool::new_const(name.as_str());
                            m.eval(&c, true)
                                .and_then(|v| v.as_bool())
                                .map(|b| b as u128)
                        }
                        Sort::Bv(w) if *w <= 64 => {
                            let c = z3::ast::BV::new_const(name.as_str(), *w);
                            m.eval(&c, true).and_then(|v| v.as_u64()).map(|x| x as u128)
                        }
                        _ => None,
                    };
                    if let Some(v) = v {
                        vals.push((i, v));
                    }
                }
            }
            (Answer::Sat, Some(vals))
        }
    };
    *slot.lock().expect("slot") = Running::Idle;
    (out.0, out.1, start.elapsed().as_secs_f64())
}

/// Checks one formula alone (a side of the race without the race), for
/// measurements; `timeout` bounds it.
pub fn check_one(e: Expr, timeout: Duration) -> SideResult {
    let (tx, rx) = mpsc::channel();
    let script = smtlib_script(&[e]);
    if script.len() > MAX_SCRIPT {
        return SideResult {
            answer: Answer::Unknown("formula too large".into()),
            model: None,
            seconds: 0.0,
        };
    }
    let (syms, _) = free_symbols(&[e]);
    let scalars: Vec<Symbol> = syms
        .into_iter()
        .filter(|s| matches!(s.sort(), Sort::Bool | Sort::Bv(_)))
        .collect();
    let wanted: Vec<(String, Sort)> = scalars.iter().map(|s| (s.name(), s.sort())).collect();
    let slot: Slot = Arc::new(Mutex::new(Running::Idle));
    let spawned = spawn_side(script, wanted, timeout, slot.clone(), move |r| {
        let _ = tx.send(r);
    });
    let failed = (Answer::Unknown("solver thread failed".into()), None, 0.0);
    // Z3 does not always honour its timeout: past it (plus a grace) the
    // call is interrupted, and left behind if it still does not return
    let r = match spawned {
        false => failed,
        true => match rx.recv_timeout(timeout + slack(timeout)) {
            Ok(r) => r,
            Err(mpsc::RecvTimeoutError::Disconnected) => failed,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                interrupt(&slot);
                rx.recv_timeout(grace(timeout)).unwrap_or((
                    Answer::Unknown("timeout".into()),
                    None,
                    timeout.as_secs_f64(),
                ))
            }
        },
    };
    SideResult {
        answer: r.0,
        model: r.1.map(|vals| {
            let mut a = Assignment::default();
            for (i, v) in vals {
                a.set(scalars[i], v);
            }
            a
        }),
        seconds: r.2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot() -> Slot {
        Arc::new(Mutex::new(Running::Idle))
    }

    #[test]
    fn a_served_side_answers_with_its_model_by_index() {
        let input = "2\nx bv 8\nb bool\n(declare-const x (_ BitVec 8))\n(declare-const b Bool)\n(assert (= x #x05))\n(assert b)\n";
        let out = serve_side(input, Duration::from_secs(5));
        let mut lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.remove(0), "sat", "{out}");
        lines.sort();
        assert_eq!(lines, ["0 5", "1 1"], "{out}");
        let out = serve_side(
            "0\n(declare-const x (_ BitVec 8))\n(assert (bvult x x))\n",
            Duration::from_secs(5),
        );
        assert_eq!(out, "unsat\n");
    }

    #[test]
    fn a_process_side_reads_the_answer_and_the_model() {
        let r = run_process(
            &PathBuf::from("sh"),
            &["-c".into(), "cat >/dev/null; printf 'sat\\n0 7\\n'".into()],
            "(check-sat)",
            &[("x".into(), Sort::Bv(8))],
            &slot(),
        );
        assert_eq!(r.0, Answer::Sat);
        assert_eq!(r.1, Some(vec![(0, 7)]));
        // a process that prints nothing was killed (or failed): unknown
        let r = run_process(&PathBuf::from("true"), &[], "", &[], &slot());
        assert!(matches!(r.0, Answer::Unknown(_)), "{:?}", r.0);
    }

    #[test]
    fn a_process_side_is_killed_at_once_when_interrupted() {
        let s = slot();
        let theirs = s.clone();
        let t0 = Instant::now();
        let h = std::thread::spawn(move || {
            run_process(&PathBuf::from("sleep"), &["30".into()], "", &[], &theirs)
        });
        while !matches!(*s.lock().unwrap(), Running::Process(_)) {
            std::thread::sleep(Duration::from_millis(5));
        }
        interrupt(&s);
        let r = h.join().unwrap();
        assert!(matches!(r.0, Answer::Unknown(_)));
        assert!(t0.elapsed() < Duration::from_secs(10), "{:?}", t0.elapsed());
        // a side told to stop before it starts does not start
        let s = slot();
        interrupt(&s);
        let r = run_process(&PathBuf::from("sleep"), &["30".into()], "", &[], &s);
        assert!(matches!(r.0, Answer::Unknown(_)));
    }
}
