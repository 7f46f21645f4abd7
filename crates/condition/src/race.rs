//! Deciding φ̂: the race of φ̂ against φ̂^K (Section 4 of the paper), each on
//! its own thread with its own Z3 context (expressions are thread-local, so
//! each side gets its formula as an SMT-LIB2 script).
//!
//! The first *decisive* answer wins and the other side is interrupted:
//! `unsat` of either side proves φ̂ unsatisfiable (φ̂ implies φ̂^K), and `sat`
//! of φ̂ itself settles satisfiability. A model of φ̂^K alone is only a
//! candidate: when φ̂ stays undecided the answer is `unknown` with that
//! candidate (unless φ̂ has no quantifier, when φ̂^K is φ̂).

use kappa_expr::print::{free_symbols, smtlib_script};
use kappa_expr::{Assignment, Expr, Sort, Symbol};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
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
/// them behind (their threads finish on their own).
const GRACE: Duration = Duration::from_millis(500);

/// Stack of the solver threads (Z3 parses and simplifies deep terms recursively).
const SOLVER_STACK: usize = 256 << 20;

type Slot = Arc<Mutex<Option<usize>>>;

/// Interrupts the Z3 call of the thread owning `slot`, if one is running.
fn interrupt(slot: &Slot) {
    if let Ok(g) = slot.lock() {
        if let Some(ptr) = *g {
            // SAFETY: the pointer is the owning thread's live context (it
            // clears the slot under this lock before the context can go
            // away); Z3_interrupt may be called from any thread.
            unsafe {
                z3_sys::Z3_interrupt(std::ptr::NonNull::new_unchecked(
                    ptr as *mut z3_sys::_Z3_context,
                ))
            };
        }
    }
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
    let mut handles = vec![];
    let mut names: Vec<Vec<Symbol>> = vec![];
    for (i, (e, ..)) in sides.iter().enumerate() {
        let script = smtlib_script(&[*e]);
        if script.len() > MAX_SCRIPT {
            let _ = tx.send((i, (Answer::Unknown("formula too large".into()), None, 0.0)));
            names.push(vec![]);
            slots.push(Arc::new(Mutex::new(None)));
            continue;
        }
        let (syms, _) = free_symbols(&[*e]);
        let scalars: Vec<Symbol> = syms
            .into_iter()
            .filter(|s| matches!(s.sort(), Sort::Bool | Sort::Bv(_)))
            .collect();
        let wanted: Vec<(String, Sort)> = scalars.iter().map(|s| (s.name(), s.sort())).collect();
        names.push(scalars);
        let slot: Slot = Arc::new(Mutex::new(None));
        slots.push(slot.clone());
        let tx = tx.clone();
        let h = std::thread::Builder::new()
            .stack_size(SOLVER_STACK)
            .spawn(move || {
                let r = check_named(&script, &wanted, timeout, &slot);
                let _ = tx.send((i, r));
            });
        if let Ok(h) = h {
            handles.push(h);
        }
    }
    drop(tx);
    type Raw = (Answer, Option<Vec<(usize, u128)>>, f64);
    let mut results: Vec<Option<Raw>> = vec![None; n];
    let mut winner = None;
    // Z3 does not always honour its timeout inside quantifier instantiation:
    // past the deadline (plus a grace) every side still running is interrupted
    let stop_at = Instant::now() + timeout + Duration::from_millis(200);
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
    let until = Instant::now() + GRACE;
    while results.iter().any(|r| r.is_none()) {
        match rx.recv_timeout(until.saturating_duration_since(Instant::now())) {
            Ok((i, r)) => results[i] = Some(r),
            Err(_) => break,
        }
    }
    drop(handles);
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
/// context pointer while the check may be interrupted. The model comes back
/// as (index into `wanted`, value) pairs, which can cross threads (symbols
/// cannot: the expression pool is thread-local).
fn check_named(
    script: &str,
    wanted: &[(String, Sort)],
    timeout: Duration,
    slot: &Slot,
) -> (Answer, Option<Vec<(usize, u128)>>, f64) {
    let start = Instant::now();
    let ctx = z3::Context::thread_local();
    *slot.lock().expect("slot") = Some(ctx.get_z3_context().as_ptr() as usize);
    let solver = z3::Solver::new();
    let mut p = z3::Params::new();
    p.set_u32(
        "timeout",
        timeout.as_millis().clamp(1, u32::MAX as u128) as u32,
    );
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
    *slot.lock().expect("slot") = None;
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
    let slot: Slot = Arc::new(Mutex::new(None));
    let theirs = slot.clone();
    let spawned = std::thread::Builder::new()
        .stack_size(SOLVER_STACK)
        .spawn(move || {
            let _ = tx.send(check_named(&script, &wanted, timeout, &theirs));
        });
    let failed = (Answer::Unknown("solver thread failed".into()), None, 0.0);
    // Z3 does not always honour its timeout: past it (plus a grace) the
    // call is interrupted, and left behind if it still does not return
    let r = match spawned {
        Err(_) => failed,
        Ok(_) => match rx.recv_timeout(timeout + Duration::from_millis(200)) {
            Ok(r) => r,
            Err(mpsc::RecvTimeoutError::Disconnected) => failed,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                interrupt(&slot);
                rx.recv_timeout(GRACE).unwrap_or((
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
