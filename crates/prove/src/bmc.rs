//! Bounded model checking over the cut-point system: a trace of at most
//! `d` transitions from the entry that ends on an error path, for `d` =
//! 1, 2, 4, ..., 32, 48, 72, ... up to [`MAX_DEPTH`], as one SAT query per
//! depth. A model
//! gives the program's input values in call order ([`Found`]).
//!
//! What this finds is a *candidate*, never a verdict: the system
//! over-approximates what it cannot track (a load from an array global is
//! a fresh value, an `undef` is anything, the entry state of a register is
//! arbitrary), so a trace of the system need not be a run of the program.
//! The caller runs the program on the inputs (kappa's interpreter, then
//! natively) and answers `false` only when that run reaches the error.
//! Conversely, no trace up to depth `d` says nothing about longer runs:
//! [`Bmc::NotFound`] is never `true`.
//!
//! Encoding: per step, every path's inputs are fresh symbols; one boolean
//! per step and transition selects it and implies its path condition; the
//! first selected transition of a step (in path order) is the one taken,
//! and the registers after the step are its end values (an `ite` chain
//! over the selections, so that a value every transition computes alike,
//! such as a loop counter, stays a term that folds to a constant). A
//! transition at step `i > 0` needs a taken one into its start at step
//! `i − 1`, one at step 0 starts at the entry, and an error path at step
//! `i` needs the same of its start. Every value is a bitvector modulo 2^w,
//! as in the system: the encoding is exact for the paths it follows.

use crate::system::{or_all, End, System};
use kappa_expr::build as b;
use kappa_expr::eval::{eval, eval_bool, Assignment, Val};
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_solver::{SatResult, Solver};
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};

/// Deepest unrolling (transitions between cut points) the search asks
/// for.
pub const MAX_DEPTH: usize = 256;

/// Most selection booleans (steps × transitions) in one query; a deeper
/// query is not built.
pub const MAX_SELECTIONS: usize = 20_000;

/// A candidate error trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The input values the trace reads, in call order (booleans as 0/1).
    pub inputs: Vec<u128>,
    /// Its number of transitions before the error path.
    pub depth: usize,
    /// The error it ends in (`reach_error at f.c:9`, ...).
    pub error: String,
}

/// What the search says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bmc {
    /// A trace of the system reaching an error (to be confirmed by a run).
    Found(Found),
    /// Safe: the system has no trace of more than `depth` transitions, and
    /// none of at most `depth` reaches an error. Every run of the program
    /// is a trace of the system ([`crate::system`]), so the program is
    /// safe: its loops are bounded and the search was exhaustive.
    Safe {
        /// The longest trace's number of transitions, at most.
        depth: usize,
    },
    /// No trace of at most `depth` transitions reaches an error; why the
    /// search stopped there.
    NotFound {
        /// The depth proved free of errors (in the system).
        depth: usize,
        /// Why it went no deeper.
        why: String,
    },
}

/// One selection boolean: step, path index, renaming of the path's
/// symbols at that step.
struct Sel {
    sel: Expr,
    step: usize,
    path: usize,
    map: FxHashMap<Symbol, Expr>,
}

/// The query of depth `k`, with its selections.
struct Unrolled {
    query: Expr,
    sels: Vec<Sel>,
}

/// The query "an error path is taken at some step `≤ k`", or with
/// `longer` "a transition is taken at step `k`" (a trace of `k + 1`
/// transitions exists).
fn unroll(sys: &System, k: usize, longer: bool) -> Unrolled {
    let assigned = sys.assigned();
    let mut cur: Vec<Expr> = sys.state.iter().map(|s| b::sym(*s)).collect();
    let mut conj = vec![];
    let mut errs = vec![];
    let mut sels: Vec<Sel> = vec![];
    // (taken, path) of the previous step; None before the first step
    let mut prev: Option<Vec<(Expr, usize)>> = None;
    for i in 0..=k {
        let reach_of = |j: usize, prev: &Option<Vec<(Expr, usize)>>| match prev {
            None if j == 0 => b::tru(),
            None => b::fls(),
            Some(ps) => or_all(
                ps.iter()
                    .filter(|(_, q)| sys.paths[*q].to == End::Cut(j))
                    .map(|(s, _)| *s),
            ),
        };
        // path `pi` at this step, `es` its condition then values over the
        // step's start: its selection boolean (implying that its start was
        // reached and its condition holds), its values at this step and
        // their renaming; `None` when it cannot be taken
        let select = |pi: usize, es: &[Expr], conj: &mut Vec<Expr>| {
            let reach = reach_of(sys.paths[pi].from, &prev);
            if reach.as_bool_const() == Some(false) {
                return None;
            }
            let (es, map) = sys.rename_step(es, &cur);
            if es[0].as_bool_const() == Some(false) {
                return None;
            }
            let sel = b::sym(Symbol::fresh(
                &format!("t{i}_{pi}"),
                Sort::Bool,
                SymbolKind::Fresh,
            ));
            conj.push(b::implies(sel, b::and(reach, es[0])));
            Some((sel, es, map))
        };
        // the error paths at this step
        for (pi, p) in sys.paths.iter().enumerate() {
            if longer || !matches!(p.to, End::Error(_)) {
                continue;
            }
            let Some((sel, _, map)) = select(pi, &[p.pc], &mut conj) else {
                continue;
            };
            errs.push(sel);
            sels.push(Sel {
                sel,
                step: i,
                path: pi,
                map,
            });
        }
        if i == k && !longer {
            break;
        }
        // the transitions: the first selected one (in path order) is the
        // one taken; the next state is its end state, as a chain of `ite`s
        // (so that values every transition computes alike, a loop counter,
        // fold to constants)
        let mut step: Vec<(Expr, usize, Vec<Expr>)> = vec![];
        let mut none_before = b::tru();
        for (pi, p) in sys.paths.iter().enumerate() {
            if !matches!(p.to, End::Cut(_)) {
                continue;
            }
            let mut es = vec![p.pc];
            es.extend(assigned.iter().map(|v| sys.post(p, *v)));
            let Some((sel, es, map)) = select(pi, &es, &mut conj) else {
                continue;
            };
            let taken = b::and(sel, none_before);
            none_before = b::and(none_before, b::not(sel));
            step.push((taken, pi, es[1..].to_vec()));
            sels.push(Sel {
                sel: taken,
                step: i,
                path: pi,
                map,
            });
        }
        if i == k || step.is_empty() {
            errs.extend(step.iter().map(|(t, _, _)| *t));
            break;
        }
        let mut next = cur.clone();
        for (n, v) in assigned.iter().enumerate() {
            let (_, _, last) = step.last().expect("not empty");
            let mut e = last[n];
            for (taken, _, posts) in step.iter().rev().skip(1) {
                e = b::ite(*taken, posts[n], e);
            }
            next[v.index()] = e;
        }
        prev = Some(step.into_iter().map(|(t, pi, _)| (t, pi)).collect());
        cur = next;
    }
    conj.push(or_all(errs));
    Unrolled {
        query: b::and_all(conj),
        sels,
    }
}

/// The number of selections a query of depth `k` has at most.
fn selections(sys: &System, k: usize) -> usize {
    sys.paths.len().saturating_mul(k + 1)
}

/// Reads the trace of model `m` of `u` backwards from a taken error path:
/// at each earlier step, a selected transition into the cut the later one
/// starts at (the encoding guarantees one). `None` if the model is not
/// read as a trace (which the encoding excludes).
fn trace(sys: &System, u: &Unrolled, m: &Assignment) -> Option<Found> {
    let taken = |s: &Sel| eval_bool(s.sel, m) == Some(true);
    let err = u
        .sels
        .iter()
        .filter(|s| matches!(sys.paths[s.path].to, End::Error(_)))
        .filter(|s| taken(s))
        .min_by_key(|s| s.step)?;
    let mut chain = vec![err];
    let mut at = sys.paths[err.path].from;
    for step in (0..err.step).rev() {
        let t = u
            .sels
            .iter()
            .find(|s| s.step == step && sys.paths[s.path].to == End::Cut(at) && taken(s))?;
        at = sys.paths[t.path].from;
        chain.push(t);
    }
    if at != 0 {
        return None;
    }
    chain.reverse();
    let mut inputs = vec![];
    for s in &chain {
        for x in &sys.paths[s.path].inputs {
            // unassigned in the model: the input's value does not matter
            let v = match s.map.get(x).and_then(|e| eval(*e, m)) {
                Some(Val::Bool(t)) => t as u128,
                Some(Val::Bv(_, v)) => v,
                _ => 0,
            };
            inputs.push(v);
        }
    }
    let End::Error(error) = &sys.paths[err.path].to else {
        return None;
    };
    Some(Found {
        inputs,
        depth: err.step,
        error: error.clone(),
    })
}

/// Searches traces of `sys` from the entry to an error, deepening
/// `from, 2·from, 4·from, ...` (`from` at least 1; by half past 32) up to [`MAX_DEPTH`]
/// transitions, each query in a fresh solver; stops at `deadline`. After
/// each depth without an error it asks whether a longer trace exists at
/// all; when none does, the search was exhaustive ([`Bmc::Safe`]).
pub fn search(sys: &System, from: usize, deadline: Option<Instant>) -> Bmc {
    let mut k = from.clamp(1, MAX_DEPTH);
    // (a search from `from` continues one that reached about half of it)
    let mut done = (k > 1).then_some(k / 2);
    loop {
        if selections(sys, k) > MAX_SELECTIONS {
            return not_found(done, format!("depth {k} needs too large a query"));
        }
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        if left.is_some_and(|l| l < Duration::from_millis(20)) {
            return not_found(done, "deadline reached".into());
        }
        let u = unroll(sys, k, false);
        let mut solver =
            crate::check::fresh_solver(left.unwrap_or(Duration::from_secs(3600)), deadline);
        let t0 = Instant::now();
        let answer = solver.check(&[], u.query);
        if std::env::var_os("KAPPA_PROVE_DEBUG").is_some() {
            eprintln!(
                "bmc depth {k}: {} in {:?}",
                match &answer {
                    SatResult::Sat(_) => "sat",
                    SatResult::Unsat => "unsat",
                    SatResult::Unknown(_) => "unknown",
                },
                t0.elapsed()
            );
        }
        match answer {
            SatResult::Sat(m) => {
                return match trace(sys, &u, &m) {
                    Some(f) => Bmc::Found(f),
                    None => not_found(done, "a model not read as a trace".into()),
                }
            }
            SatResult::Unsat => {
                done = Some(k);
                // no longer trace: the search was exhaustive
                let longer = unroll(sys, k, true).query;
                if solver.check(&[], longer) == SatResult::Unsat {
                    return match check_safe(sys, k, deadline) {
                        Ok(()) => Bmc::Safe { depth: k },
                        Err(why) => not_found(done, format!("the bound {k} did not check: {why}")),
                    };
                }
            }
            SatResult::Unknown(why) => {
                return not_found(done, format!("solver: {why} at depth {k}"))
            }
        }
        if k >= MAX_DEPTH {
            return not_found(done, format!("depth limit {MAX_DEPTH}"));
        }
        // doubling, then by half as much again past 32: the query at the
        // first sufficient depth costs most, and overshooting a trace of
        // 36 steps to 64 doubled its time
        k = if k < 32 { k * 2 } else { k + k / 2 }.min(MAX_DEPTH);
    }
}

/// The certificate of [`Bmc::Safe`] checked again from the system alone,
/// in a fresh solver: no trace of more than `depth` transitions, and no
/// error path taken at a step `≤ depth`.
pub fn check_safe(sys: &System, depth: usize, deadline: Option<Instant>) -> Result<(), String> {
    let left = deadline.map_or(Duration::from_secs(60), |d| {
        d.saturating_duration_since(Instant::now())
    });
    let mut solver = crate::check::fresh_solver(left, deadline);
    for (longer, what) in [
        (true, "a longer trace"),
        (false, "an error within the bound"),
    ] {
        match solver.check(&[], unroll(sys, depth, longer).query) {
            SatResult::Unsat => {}
            SatResult::Sat(_) => return Err(format!("{what} exists")),
            SatResult::Unknown(why) => return Err(format!("{what}: solver {why}")),
        }
    }
    Ok(())
}

fn not_found(done: Option<usize>, why: String) -> Bmc {
    Bmc::NotFound {
        depth: done.unwrap_or(0),
        why,
    }
}
