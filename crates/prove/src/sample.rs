//! Runs of the cut-point system on random inputs, for invariants from data:
//! the states seen at each loop header.
//!
//! A run starts at the entry with every register at zero (the system leaves
//! the entry state of a register arbitrary, and the entry paths set the
//! globals), then repeatedly takes one path out of the current cut point
//! whose path condition holds under the state and fresh random values for
//! the path's inputs, and applies its assignments. It ends at an error
//! path, when no path is enabled after a few draws (the program returned,
//! or an assumption rejected the inputs), or after [`MAX_STEPS`]
//! transitions.
//!
//! The system over-approximates the program (a load from an untracked
//! array is any value, for example), so a sampled state need not be a state
//! of the program, and a program state need not be sampled: everything
//! derived from the samples is a candidate for Houdini and the checker,
//! never a fact.

use crate::system::{End, System};
use kappa_expr::eval::{eval, eval_bool, Assignment, Val};
use kappa_expr::{mask, Sort, Symbol};
use std::time::Instant;

/// Most transitions of one run.
pub const MAX_STEPS: usize = 400;

/// Most runs.
pub const MAX_RUNS: usize = 200;

/// Most samples kept per cut point.
pub const MAX_SAMPLES: usize = 300;

/// Most samples one run adds per cut point: the samples come from many runs,
/// so the values that are constant in a run (the inputs a loop reads but
/// never assigns) vary across them.
pub const PER_RUN: usize = 12;

/// Draws of inputs tried per path before the next path is tried.
const DRAWS: usize = 4;

/// A small deterministic generator (xorshift64*): the same system gives the
/// same samples, so the candidates and the stage's answer are reproducible.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value; 0 is replaced).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }
    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.bits() % n
    }
    /// An input value of width `w`: mostly small (loops run a few dozen
    /// times, products stay far from overflow), sometimes any.
    pub fn input(&mut self, w: u32) -> u128 {
        let v: i128 = match self.below(10) {
            0..=5 => self.below(25) as i128 - 4,
            6..=8 => self.below(120) as i128,
            _ => self.bits() as i128,
        };
        (v as u128) & mask(w)
    }
}

/// The samples at each cut point (index as `sys.cuts`; none at the entry):
/// one row per distinct state seen, the values of the cut's integer
/// registers ([`crate::system::Cut::vars`]) read as signed integers.
pub type Samples = Vec<Vec<Vec<i128>>>;

/// The signed value of `v`'s low `w` bits.
pub fn signed(v: u128, w: u32) -> i128 {
    if w >= 128 {
        return v as i128;
    }
    let v = v & mask(w);
    if w > 0 && v >> (w - 1) & 1 == 1 {
        (v as i128) - (1i128 << w)
    } else {
        v as i128
    }
}

/// Runs the system on random inputs until `until` or the limits above, and
/// returns the states seen at each loop header.
pub fn collect(sys: &System, seed: u64, until: Instant) -> Samples {
    let mut out: Samples = vec![vec![]; sys.cuts.len()];
    let mut seen: Vec<rustc_hash::FxHashSet<Vec<i128>>> = vec![Default::default(); sys.cuts.len()];
    let from: Vec<Vec<usize>> = (0..sys.cuts.len())
        .map(|j| {
            (0..sys.paths.len())
                .filter(|&i| sys.paths[i].from == j)
                .collect()
        })
        .collect();
    // the symbols a path reads that are not state: its inputs, loads the
    // system does not track, undefined values (all drawn at random) and
    // the objects' addresses (fixed, distinct and aligned)
    let extras: Vec<Vec<Symbol>> = sys
        .paths
        .iter()
        .map(|p| {
            let mut es = vec![p.pc];
            es.extend(p.theta.iter().map(|(_, e)| *e));
            let (syms, _) = kappa_expr::print::free_symbols(&es);
            let mut syms: Vec<Symbol> = syms
                .into_iter()
                .filter(|s| !sys.addrs.contains(s) && sys.var_of(*s).is_none())
                .collect();
            syms.sort();
            syms
        })
        .collect();
    let mut init = Assignment::default();
    for (k, s) in sys.addrs.iter().enumerate() {
        if let Sort::Bv(w) = s.sort() {
            init.set(*s, ((k as u128 + 1) << 16) & mask(w));
        }
    }
    let mut rng = Rng::new(seed ^ sys.paths.len() as u64);
    for _ in 0..MAX_RUNS {
        let mut state = init.clone();
        let mut at = 0usize;
        let mut this_run = vec![0usize; sys.cuts.len()];
        let mut quiet = 0;
        for _ in 0..MAX_STEPS {
            // (a run that adds nothing more ends: the next one varies the
            // inputs)
            if quiet > 40 {
                break;
            }
            quiet += 1;
            if Instant::now() >= until {
                return out;
            }
            let Some((next, post)) = step(sys, &from[at], &extras, &state, &mut rng) else {
                break;
            };
            state = post;
            at = next;
            if at == 0 {
                break;
            }
            let row: Option<Vec<i128>> = sys.cuts[at]
                .vars
                .iter()
                .map(|v| {
                    let s = sys.state[v.index()];
                    match s.sort() {
                        Sort::Bv(w) => Some(signed(state.get(s), w)),
                        _ => None,
                    }
                })
                .collect();
            if let Some(row) = row {
                if out[at].len() < MAX_SAMPLES
                    && this_run[at] < PER_RUN
                    && seen[at].insert(row.clone())
                {
                    this_run[at] += 1;
                    quiet = 0;
                    out[at].push(row);
                }
            }
        }
    }
    out
}

/// One transition from the paths `paths` (of one cut point): the cut point
/// it reaches and the state there, or `None` when no path was enabled, an
/// error path was taken or a value could not be computed.
fn step(
    sys: &System,
    paths: &[usize],
    extras: &[Vec<Symbol>],
    state: &Assignment,
    rng: &mut Rng,
) -> Option<(usize, Assignment)> {
    if paths.is_empty() {
        return None;
    }
    let start = rng.below(paths.len() as u64) as usize;
    for k in 0..paths.len() {
        let i = paths[(start + k) % paths.len()];
        let p = &sys.paths[i];
        for _ in 0..DRAWS {
            let mut a = state.clone();
            for s in &extras[i] {
                let v = match s.sort() {
                    Sort::Bool => rng.below(2) as u128,
                    Sort::Bv(w) => rng.input(w),
                    _ => continue,
                };
                a.set(*s, v);
            }
            match eval_bool(p.pc, &a) {
                Some(true) => {}
                Some(false) => {
                    if extras[i].is_empty() {
                        break;
                    }
                    continue;
                }
                None => return None,
            }
            let End::Cut(to) = p.to else { return None };
            return apply(sys, p, &a, state).map(|post| (to, post));
        }
    }
    None
}

/// The state after path `p` from `state`, under `a` (`state` and the
/// path's other symbols): every assignment evaluated in `a`, then written
/// at once.
fn apply(
    sys: &System,
    p: &crate::system::Path,
    a: &Assignment,
    state: &Assignment,
) -> Option<Assignment> {
    let mut post = state.clone();
    for (v, e) in &p.theta {
        let s: Symbol = sys.state[v.index()];
        match eval(*e, a)? {
            Val::Bool(b) => post.set(s, b as u128),
            Val::Bv(_, x) => post.set(s, x),
            Val::Array(arr) => {
                post.arrays.insert(s, arr);
            }
        }
    }
    Some(post)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_reads_the_sign_bit() {
        assert_eq!(signed(0xff, 8), -1);
        assert_eq!(signed(0x7f, 8), 127);
        assert_eq!(signed(0xffff_fffe, 32), -2);
        assert_eq!(signed(5, 32), 5);
    }

    #[test]
    fn inputs_fit_their_width() {
        let mut r = Rng::new(7);
        for _ in 0..1000 {
            assert!(r.input(8) <= 0xff);
            assert!(r.input(1) <= 1);
        }
    }
}
