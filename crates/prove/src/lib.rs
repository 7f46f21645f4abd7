//! The proof stage: `true` for programs whose safety needs an inductive
//! invariant, with the invariant as a checked certificate.
//!
//! 1. [`system`]: the cut-point transition system of `main` (entry, loop
//!    headers, errors; the loop-free paths between them, bit-precise);
//! 2. [`candidates`] + [`houdini`]: the largest inductive conjunction of
//!    candidate atoms per loop header;
//! 3. [`check`]: the certificate checker, in a fresh solver, independent of
//!    how the invariants were found: initiation, consecution, safety;
//! 4. when the invariants are not safe by themselves, [`kind`]:
//!    k-induction (`k` ≤ [`kind::MAX_K`]) strengthened with them, keeping
//!    the candidate atoms Houdini dropped that are k-inductive; its
//!    certificate (invariants, atoms, `k`) goes through
//!    [`check::check_k`] (initiation and consecution of the invariants,
//!    base cases, step case), and the invariants shown are Houdini's;
//! 5. [`bmc`]: bounded model checking from the entry, whose traces are
//!    candidates for `false` that the caller confirms by running them.
//!
//! Queries with unsigned remainders or quotients go to Z3 relaxed first
//! ([`relax`]: exact on `unsat`, refined on spurious models).
//!
//! [`prove`] never answers `false`: it proves ([`Outcome::Proved`]), gives
//! up ([`Outcome::Unknown`]) or cannot model the program
//! ([`Outcome::NotApplicable`]). [`bounded`] finds candidate error traces,
//! which the caller confirms by running them, or proves a bounded program
//! safe by exhausting it ([`bmc::check_safe`]). Every `Proved` carries invariants that
//! [`check::check`] accepted (`k` = 1) or that are part of a k-induction
//! certificate [`check::check_k`] accepted (`k` is `Some`).

pub mod algebra;
pub mod bmc;
pub mod candidates;
pub mod cexpr;
pub mod check;
pub mod horn;
mod horn_int;
pub mod houdini;
pub mod kind;
pub mod memory;
pub mod poly;
pub mod quant;
pub mod recursion;
pub mod relax;
pub mod sample;
pub mod simplify;
pub mod summary;
pub mod system;

use kappa_expr::build as b;
use kappa_expr::Expr;
use kappa_ir::{Module, SrcLoc};
use std::time::Instant;

/// Options of [`prove`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// No solver call runs past this instant (default: none); the stage
    /// answers `Unknown` when it is reached.
    pub deadline: Option<Instant>,
}

/// One loop header's invariant.
#[derive(Clone, Debug)]
pub struct Invariant {
    /// The header's source position (its loop's line), when known.
    pub src: Option<SrcLoc>,
    /// `file:line` of the header.
    pub at: String,
    /// The invariant over the registers' state symbols.
    pub expr: Expr,
    /// The invariant as a C expression over the program's variables at
    /// the header ([`cexpr::names_at`]), equivalent to `expr` without the
    /// conjuncts the others imply ([`simplify::irredundant`]), a variable
    /// read without a cast where its declared type makes the cast
    /// redundant ([`cexpr::to_c_typed`]); a register
    /// holding no source variable there prints as its IR name (`%call`),
    /// which is not C.
    pub c: String,
    /// The quantified array invariants at the header ([`quant`]), in C-like
    /// syntax (ACSL's `\forall`); part of `expr`, not of `c`.
    pub quantified: Vec<String>,
}

/// The stage's answer.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Safe: one checked invariant per loop header.
    Proved {
        /// The invariants (Houdini's; minimized when they are safe alone).
        invariants: Vec<Invariant>,
        /// The checked summaries of the recursive functions the proof used
        /// ([`describe_summaries`]).
        summaries: Vec<String>,
        /// `None` when the invariants are a safe inductive invariant by
        /// themselves, else the `k` of the checked k-induction proof they
        /// strengthen ([`kind`]; `k` may be 1: the property, assumed at
        /// the first state, is then inductive relative to them).
        k: Option<usize>,
        /// Which search found the certificate ([`Method`]).
        method: Method,
    },
    /// No proof found (the reason says why).
    Unknown(String),
    /// The encoding cannot model the program (the reason says what).
    NotApplicable(String),
}

/// Which search found a proof's certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Houdini over the candidate atoms (and the invariants from data).
    Houdini,
    /// k-induction strengthened with Houdini's invariants.
    KInduction,
    /// Houdini over scalar atoms and quantified array invariants together
    /// ([`quant`]), checked by [`quant::check`].
    Quantified,
    /// Spacer's interpretations of the Horn clauses ([`horn`]) in this
    /// encoding, re-checked; with summaries of open recursive functions
    /// when the system had some ([`recursion`]).
    Spacer(horn::Encoding),
}

impl Method {
    /// Its name in reasons and tables.
    pub fn name(self) -> &'static str {
        match self {
            Method::Houdini => "houdini",
            Method::KInduction => "k-induction",
            Method::Quantified => "houdini-forall",
            Method::Spacer(horn::Encoding::Bv) => "spacer-bv",
            Method::Spacer(horn::Encoding::Int) => "spacer-int",
        }
    }
}

/// Tries to prove `m` safe (no `reach_error`, no undefined behaviour).
pub fn prove(m: &Module, opts: &Options) -> Outcome {
    let sys = match system::build_within(m, opts.deadline) {
        Ok(s) => s,
        // (recursion Houdini's summaries do not cover: summaries as
        // predicates, else the reason stays)
        Err(why) => return by_predicates(m, opts).unwrap_or(Outcome::NotApplicable(why)),
    };
    horn::write_hook(&sys);
    prove_system(m, &sys, opts, None)
}

/// The encodings of the Spacer rounds, in the order they run (chosen by
/// measurement, see docs/architecture.md).
pub const SPACER_ORDER: [horn::Encoding; 2] = [horn::Encoding::Bv, horn::Encoding::Int];

/// The Spacer rounds' encodings: [`SPACER_ORDER`], or for measurements
/// the list in `KAPPA_PROVE_SPACER` (`int`, `bv`, comma-separated; empty:
/// no Spacer round).
fn spacer_order() -> Vec<horn::Encoding> {
    match std::env::var("KAPPA_PROVE_SPACER") {
        Ok(list) => list
            .split(',')
            .filter_map(|e| match e.trim() {
                "int" => Some(horn::Encoding::Int),
                "bv" => Some(horn::Encoding::Bv),
                _ => None,
            })
            .collect(),
        Err(_) => SPACER_ORDER.to_vec(),
    }
}

/// The share of the time left to the deadline one Spacer round may take,
/// and its cap without a deadline.
const SPACER_SHARE: (u32, std::time::Duration) = (4, std::time::Duration::from_secs(10));

/// When a Spacer round on `sys` must end.
fn spacer_until(deadline: Option<Instant>) -> Instant {
    let now = Instant::now();
    match deadline {
        Some(d) => now + d.saturating_duration_since(now) / SPACER_SHARE.0,
        None => now + SPACER_SHARE.1,
    }
}

/// A proof of `m` with the recursive functions' summaries as predicates
/// ([`system::build_open`], [`recursion`]): per encoding of
/// [`SPACER_ORDER`], Spacer's interpretations of the summaries' predicates
/// are weakened to summaries inductive over the call depth
/// ([`recursion::weaken`], checked by [`recursion::check_group`]), which
/// close the system; its proof then goes as any other, with Spacer's loop
/// invariants among the candidates. `None` when there is no open function
/// or no proof.
fn by_predicates(m: &Module, opts: &Options) -> Option<Outcome> {
    let mut out = None;
    closed_systems(m, opts.deadline, &mut |enc, cuts, closed| {
        if let Outcome::Proved {
            invariants,
            summaries,
            k,
            method,
        } = prove_system(m, closed, opts, Some((enc, cuts)))
        {
            // (the summaries came from Spacer whatever found the rest)
            let method = match method {
                Method::Houdini => Method::Spacer(enc),
                other => other,
            };
            out = Some(Outcome::Proved {
                invariants,
                summaries,
                k,
                method,
            });
        }
        out.is_some()
    });
    out
}

/// The proof of `sys` (`m`'s system): Houdini's rounds, then k-induction,
/// then the Spacer rounds ([`SPACER_ORDER`]; on a system with Houdini's
/// summaries of recursive functions, the summaries as predicates instead:
/// [`by_predicates`]); what the older methods prove keeps their
/// certificates. `seeds`: the atoms a Spacer run on
/// an open version of `sys` found, tried first (and no Spacer round then).
fn prove_system(
    m: &Module,
    sys: &system::System,
    opts: &Options,
    seeds: Option<(horn::Encoding, Vec<Vec<Expr>>)>,
) -> Outcome {
    let sys = sys.clone();
    if let Some((enc, atoms)) = &seeds {
        if let Some(inv) = checked(&sys, atoms.clone(), opts.deadline) {
            return proved(m, &sys, &inv, Method::Spacer(*enc), opts.deadline);
        }
    }
    let t0 = Instant::now();
    let cands = candidates::candidates(&sys);
    let data = from_data(&sys, &cands, opts.deadline);
    if std::env::var_os("KAPPA_PROVE_DEBUG").is_some() {
        eprintln!("candidates at {:?}", t0.elapsed());
    }
    let pool: usize = cands.iter().chain(&data).map(Vec::len).sum();
    let mut rounds = rounds(cands, data);
    let mut last = String::new();
    // the invariants of the last round (the most candidates), unsafe alone
    let mut strongest = None;
    let mut previous: Option<Vec<Vec<Expr>>> = None;
    while !rounds.is_empty() {
        let mut round = rounds.remove(0);
        let mut relaxed = false;
        if let (Round::Extend(extra), Some(prev)) = (&round, &previous) {
            // the data's equalities on top of the last round's invariants,
            // kept where relaxed queries show them inductive
            round = Round::Full(
                prev.iter()
                    .zip(extra)
                    .map(|(p, e)| p.iter().chain(e).copied().collect())
                    .collect(),
            );
            relaxed = true;
        }
        let round = match round {
            Round::Full(r) => r,
            Round::Extend(_) => continue,
        };
        let search = if relaxed {
            houdini::houdini_relaxed
        } else {
            houdini::houdini
        };
        let kept = match search(&sys, round.clone(), opts.deadline) {
            Ok(k) => k,
            Err(why) => {
                last = format!("invariant search stopped: {why}");
                // (a round past the deadline would only build its queries)
                if houdini::past(opts.deadline) {
                    break;
                }
                continue;
            }
        };
        debug_dump(&sys, &kept);
        if std::env::var_os("KAPPA_PROVE_DEBUG").is_some() {
            eprintln!("houdini round done at {:?}", t0.elapsed());
        }
        previous = Some(kept.clone());
        let mut inv: Vec<Expr> = kept.iter().map(|c| b::and_all(c.iter().copied())).collect();
        inv[0] = b::tru();
        match check::check(&sys, &inv, opts.deadline) {
            Ok(()) => {
                if std::env::var_os("KAPPA_PROVE_DEBUG").is_some() {
                    eprintln!("checked at {:?}", t0.elapsed());
                }
                let inv = minimize(&sys, kept, inv, opts.deadline);
                return proved(m, &sys, &inv, Method::Houdini, opts.deadline);
            }
            Err(r) => {
                last = format!("no safe inductive invariant among {pool} candidate atoms ({r})");
                let dropped: Vec<Vec<Expr>> = round
                    .into_iter()
                    .zip(&kept)
                    .map(|(r, k)| r.into_iter().filter(|a| !k.contains(a)).collect())
                    .collect();
                // (k-induction strengthens the linear round's invariants,
                // not the data's nonlinear ones: its unrolled queries with
                // them need multipliers)
                if !relaxed || strongest.is_none() {
                    strongest = Some((inv, dropped));
                }
            }
        }
    }
    if let Some((inv, dropped)) = &strongest {
        match by_quantifiers(m, &sys, inv, dropped, opts.deadline) {
            Ok(Some(out)) => return out,
            Ok(None) => {}
            Err(why) => last = format!("{last}; {why}"),
        }
    }
    if let Some((inv, dropped)) = strongest {
        match k_induction(&sys, &inv, dropped, opts.deadline) {
            Ok(k) => {
                return Outcome::Proved {
                    invariants: invariants(m, &sys, &inv, opts.deadline),
                    summaries: describe_summaries(m, &sys),
                    k: Some(k),
                    method: Method::KInduction,
                }
            }
            Err(why) => last = format!("{last}; {why}"),
        }
    }
    if seeds.is_none() && !sys.summaries.is_empty() && !houdini::past(opts.deadline) {
        if let Some(out) = by_predicates(m, opts) {
            return out;
        }
        last = format!("{last}; summaries as predicates: none checked");
    } else if seeds.is_none() && !houdini::past(opts.deadline) {
        for enc in spacer_order() {
            match horn::solve(&sys, enc, spacer_until(opts.deadline)) {
                Ok(found) => match checked(&sys, found.cuts, opts.deadline) {
                    Some(inv) => return proved(m, &sys, &inv, Method::Spacer(enc), opts.deadline),
                    None => last = format!("{last}; Spacer ({}): no candidate checked", enc.name()),
                },
                Err(why) => last = format!("{last}; {why}"),
            }
        }
    }
    Outcome::Unknown(last)
}

/// Most quantified invariants a certificate is minimized from.
const MAX_MINIMIZED_QUANTIFIED: usize = 24;

/// A proof with quantified array invariants ([`quant`]): Houdini over the
/// last round's atoms (`inv`'s conjuncts and the `dropped` ones) with the
/// quantified candidates, within half of the time left; the result is
/// checked by [`quant::check`], then the quantified invariants the proof
/// does not need are dropped (each drop checked again). `Ok(None)` when
/// the system has no quantified candidate.
fn by_quantifiers(
    m: &Module,
    sys: &system::System,
    inv: &[Expr],
    dropped: &[Vec<Expr>],
    deadline: Option<Instant>,
) -> Result<Option<Outcome>, String> {
    let qs = quant::candidates(sys, m.data_model.pointer_bits());
    if qs.is_empty() || houdini::past(deadline) {
        return Ok(None);
    }
    let now = Instant::now();
    let until = deadline.map(|d| now + d.saturating_duration_since(now) / 2);
    let atoms: Vec<Vec<Expr>> = inv
        .iter()
        .zip(dropped)
        .enumerate()
        .map(|(j, (i, d))| {
            let mut a: Vec<Expr> = simplify::conjuncts(*i);
            a.retain(|x| !x.is_const());
            a.extend(d.iter().copied());
            if j > 0 {
                a.extend(sys.sane.iter().copied());
            }
            a
        })
        .collect();
    let (atoms, mut qs) = quant::houdini(sys, atoms, qs, until)
        .map_err(|why| format!("quantified invariants: search stopped: {why}"))?;
    let mut inv: Vec<Expr> = atoms
        .iter()
        .map(|c| b::and_all(c.iter().copied()))
        .collect();
    inv[0] = b::tru();
    if std::env::var_os("KAPPA_PROVE_DEBUG").is_some() {
        for q in &qs {
            eprintln!("quantified at cut {}: {}", q.cut, q.expr(sys));
        }
        for (j, a) in atoms.iter().enumerate() {
            eprintln!("scalar at cut {j}: {}", b::and_all(a.iter().copied()));
        }
    }
    if !quant::safe(sys, &atoms, &qs, until) {
        return Err(format!(
            "no safe inductive invariant with {} quantified array invariants",
            qs.len()
        ));
    }
    quant::check(sys, &inv, &qs, deadline)
        .map_err(|r| format!("quantified invariants rejected: {r}"))?;
    if qs.len() <= MAX_MINIMIZED_QUANTIFIED {
        let mut i = 0;
        while i < qs.len() && !houdini::past(until) {
            let mut fewer = qs.clone();
            fewer.remove(i);
            if quant::check(sys, &inv, &fewer, until).is_ok() {
                qs = fewer;
            } else {
                i += 1;
            }
        }
    }
    let mut shown = invariants(m, sys, &inv, deadline);
    let f = m.func(sys.func);
    for q in &qs {
        let it = &mut shown[q.cut - 1];
        let names = cexpr::names_at(m, sys, q.cut);
        let here = &f.locs[sys.cuts[q.cut].loc.index()];
        let arrays: Vec<String> = (0..sys.objects.len())
            .map(|o| array_name(sys, here, o))
            .collect();
        it.quantified.push(q.to_c(sys, &names, &arrays));
        it.expr = b::and(it.expr, q.expr(sys));
    }
    Ok(Some(Outcome::Proved {
        invariants: shown,
        summaries: describe_summaries(m, sys),
        k: None,
        method: Method::Quantified,
    }))
}

/// The C name of object `o` at a loop header (`here`): the one array
/// variable in scope declared on its allocation's line, else the
/// object's name.
fn array_name(sys: &system::System, here: &kappa_ir::LocInfo, o: usize) -> String {
    let obj = &sys.objects[o];
    let decl: Vec<&str> = here
        .src_vars
        .iter()
        .filter(|v| v.reg.is_none() && v.int_type.is_none() && obj.line > 0 && v.line == obj.line)
        .map(|v| v.name.as_str())
        .collect();
    match decl[..] {
        [one] => one.to_string(),
        _ => obj.name.clone(),
    }
}

/// The candidate atoms `atoms` (per cut point) that Houdini keeps, as
/// invariants, when the certificate checker accepts them.
fn checked(
    sys: &system::System,
    atoms: Vec<Vec<Expr>>,
    deadline: Option<Instant>,
) -> Option<Vec<Expr>> {
    let kept = houdini::houdini(sys, atoms, deadline).ok()?;
    let mut inv: Vec<Expr> = kept.iter().map(|c| b::and_all(c.iter().copied())).collect();
    inv[0] = b::tru();
    check::check(sys, &inv, deadline).ok()?;
    Some(minimize(sys, kept, inv, deadline))
}

/// The outcome of a proof of `sys` by the checked invariants `inv`.
fn proved(
    m: &Module,
    sys: &system::System,
    inv: &[Expr],
    method: Method,
    deadline: Option<Instant>,
) -> Outcome {
    Outcome::Proved {
        invariants: invariants(m, sys, inv, deadline),
        summaries: describe_summaries(m, sys),
        k: None,
        method,
    }
}

/// Most time spent sampling runs for invariants from data, and its share
/// of the time left to the deadline.
const SAMPLING: (std::time::Duration, u32) = (std::time::Duration::from_millis(300), 10);

/// The polynomial equalities that hold on sampled runs of the system
/// ([`sample`], [`algebra`]) and are not among `cands` already:
/// candidates like the others.
fn from_data(
    sys: &system::System,
    cands: &[Vec<Expr>],
    deadline: Option<Instant>,
) -> Vec<Vec<Expr>> {
    let now = Instant::now();
    let mut budget = SAMPLING.0;
    if let Some(d) = deadline {
        budget = budget.min(d.saturating_duration_since(now) / SAMPLING.1);
    }
    let learn = sample::collect(sys, 0x006b_6170_7061, now + budget / 2);
    let confirm = sample::collect(sys, 0x0070_726f_7665, now + budget);
    let mut out = algebra::equalities(sys, &learn, &confirm);
    for (j, eqs) in out.iter_mut().enumerate() {
        eqs.retain(|e| !e.is_const() && !cands[j].contains(e));
        if std::env::var_os("KAPPA_PROVE_DEBUG").is_some() {
            for e in eqs.iter() {
                eprintln!("from data at cut {j}: {e}");
            }
        }
    }
    out
}

/// A round of Houdini: its candidates, or the ones to add to the last
/// round's invariants.
enum Round {
    Full(Vec<Vec<Expr>>),
    Extend(Vec<Vec<Expr>>),
}

/// Houdini's rounds, cheapest first: the linear atoms (the pool's and the
/// data's); then the data's nonlinear equalities (few, and most of them
/// true) on top of the linear round's invariants, searched with relaxed
/// queries only ([`houdini::houdini_relaxed`]: their consecution is linear
/// over their monomials, and exact nonlinear queries would take the time of
/// the later rounds); then, when the pool has nonlinear atoms, every atom of
/// the pool (the data's linear ones too).
fn rounds(cands: Vec<Vec<Expr>>, data: Vec<Vec<Expr>>) -> Vec<Round> {
    let split = |c: &[Expr]| -> (Vec<Expr>, Vec<Expr>) {
        c.iter().copied().partition(|a| !houdini::nonlinear(*a))
    };
    let mut linear = vec![];
    let mut extra = vec![];
    let mut all = vec![];
    let (mut any_data, mut any_nonlinear) = (false, false);
    for (c, d) in cands.iter().zip(&data) {
        let (cl, cn) = split(c);
        let (dl, dn) = split(d);
        any_data |= !dn.is_empty();
        any_nonlinear |= !cn.is_empty();
        let l: Vec<Expr> = cl.into_iter().chain(dl).collect();
        let a: Vec<Expr> = l.iter().copied().chain(cn).collect();
        linear.push(l);
        extra.push(dn);
        all.push(a);
    }
    let mut out = vec![Round::Full(linear)];
    if any_data {
        out.push(Round::Extend(extra));
    }
    if any_nonlinear {
        out.push(Round::Full(all));
    }
    out
}

/// Bounded model checking of `m` ([`bmc::search`] from depth `from`)
/// until `deadline`: a candidate error trace with its inputs, to be
/// confirmed by running the program, or an exhaustive search (safe);
/// `Err` with the reason when the system cannot model `m`.
/// The checked summaries of recursive functions the system uses are
/// returned beside ([`describe_summaries`]).
pub fn bounded(
    m: &Module,
    from: usize,
    deadline: Option<Instant>,
) -> Result<(bmc::Bmc, Vec<String>), String> {
    let sys = system::build_within(m, deadline)?;
    Ok((
        bmc::search(&sys, from, deadline),
        describe_summaries(m, &sys),
    ))
}

/// The summaries of `sys` as `f(n): C expression` over the parameters'
/// names and `\result` (ACSL's name for the result).
pub fn describe_summaries(m: &Module, sys: &system::System) -> Vec<String> {
    sys.summaries
        .iter()
        .map(|s| {
            let f = m.func(s.func);
            let mut names: Vec<String> = f
                .params
                .iter()
                .map(|p| f.vars[p.index()].name.trim_start_matches('%').to_string())
                .collect();
            names.push("\\result".into());
            let mut syms = s.params.clone();
            syms.push(s.ret);
            format!(
                "{}({}): {}",
                f.name,
                names[..names.len() - 1].join(", "),
                cexpr::to_c(s.relation, &names, &syms)
            )
        })
        .collect()
}

/// Loop invariants of `m` for a verdict found by another technique (a
/// `true` from compact execution or navigation, whose proof gives no
/// invariant over the program's variables): the largest inductive
/// conjunction of the linear candidate atoms at each loop header
/// (Houdini), rechecked by [`check::check_inductive`] (initiation and
/// consecution in a fresh solver; safety is not asked: these invariants
/// describe the loops, the verdict rests on the other proof). `Err` says
/// why there are none: the program cannot be encoded, the search or the
/// check does not finish by `opts.deadline`, or no header keeps an atom.
pub fn inductive_invariants(m: &Module, opts: &Options) -> Result<Vec<Invariant>, String> {
    let sys = system::build_within(m, opts.deadline)
        .map_err(|why| format!("the proof stage cannot encode the program: {why}"))?;
    if sys.cuts.len() <= 1 {
        return Err("the program has no loop".into());
    }
    let cands: Vec<Vec<Expr>> = candidates::candidates(&sys)
        .into_iter()
        .map(|c| c.into_iter().filter(|a| !houdini::nonlinear(*a)).collect())
        .collect();
    let kept = houdini::houdini(&sys, cands, opts.deadline)
        .map_err(|why| format!("the invariant search stopped: {why}"))?;
    if kept.iter().skip(1).all(Vec::is_empty) {
        return Err("no candidate atom is inductive at any loop".into());
    }
    let mut inv: Vec<Expr> = kept.iter().map(|c| b::and_all(c.iter().copied())).collect();
    inv[0] = b::tru();
    check::check_inductive(&sys, &inv, opts.deadline)
        .map_err(|why| format!("the invariants did not check: {why}"))?;
    Ok(invariants(m, &sys, &inv, opts.deadline))
}

/// What [`check_marked`] says of the loop invariants of a program
/// instrumented so that each invariant is evaluated first at its loop's
/// header and a false one reaches an error located in the marker file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkedCheck {
    /// Inductive, and together they exclude every error of the program:
    /// it is safe.
    Proved,
    /// Inductive (they hold on every run), but they do not exclude every
    /// error (why).
    Inductive(String),
    /// Not shown inductive (why).
    NotInductive(String),
    /// The program cannot be encoded, or an invariant is not a function of
    /// its header's state (why).
    NotChecked(String),
}

/// Checks the invariants placed into `m` as failing checks: the paths
/// from a loop header to an error whose description contains `marker`
/// (the instrumentation's `reach_error`, in a file of its own) are the
/// invariant's violations, so the invariant at header `j` is the negation
/// of their path conditions' disjunction, a formula over `j`'s state
/// exactly. That certificate goes through the checker
/// ([`check::check_inductive`], then [`check::check`] with safety) in
/// kappa's semantics; the violations themselves are errors it must
/// exclude, which an inductive invariant does.
///
/// Where recursive functions are called and Houdini's summaries of them
/// do not prove the program (or there are none: mutual recursion), the
/// summaries as predicates ([`by_predicates`]' closed systems, their
/// summaries checked by [`recursion::check_group`]) are tried too.
pub fn check_marked(m: &Module, marker: &str, deadline: Option<Instant>) -> MarkedCheck {
    let first = match system::build_within(m, deadline) {
        Ok(sys) => {
            let r = check_marked_in(&sys, marker, m.data_model.pointer_bits(), deadline);
            if r == MarkedCheck::Proved || sys.summaries.is_empty() {
                return r;
            }
            r
        }
        Err(why) => MarkedCheck::NotChecked(why),
    };
    let mut out = None;
    closed_systems(m, deadline, &mut |_, _, sys| {
        let r = check_marked_in(sys, marker, m.data_model.pointer_bits(), deadline);
        let done = r == MarkedCheck::Proved;
        if done {
            out = Some(r);
        }
        done
    });
    out.unwrap_or(first)
}

/// What [`closed_systems`] gives each closed system to: the encoding,
/// Spacer's atoms per loop header, the system; `true` stops.
type ClosedVisitor<'a> = dyn FnMut(horn::Encoding, Vec<Vec<Expr>>, &system::System) -> bool + 'a;

/// The systems of `m` closed with summaries as predicates
/// ([`system::build_open`]), one per encoding of the Spacer rounds whose
/// summaries check ([`recursion::weaken`]), given to `each` with the
/// encoding and Spacer's atoms at the loop headers until it answers
/// `true`. With `KAPPA_PROVE_DEBUG`, why an encoding gave none on stderr.
fn closed_systems(m: &Module, deadline: Option<Instant>, each: &mut ClosedVisitor<'_>) {
    let debug = |why: &str| {
        if std::env::var_os("KAPPA_PROVE_DEBUG").is_some() {
            eprintln!("summaries as predicates: {why}");
        }
    };
    let open = match system::build_open(m, deadline) {
        Ok(s) if !s.open.is_empty() => s,
        Ok(_) => return debug("no open function"),
        Err(why) => return debug(&why),
    };
    for enc in spacer_order() {
        let found = match horn::solve(&open, enc, spacer_until(deadline)) {
            Ok(f) => f,
            Err(why) => {
                debug(&why);
                continue;
            }
        };
        match recursion::weaken(m, &open.open, found.open, deadline) {
            Ok(sums) => {
                if each(enc, found.cuts, &recursion::close(open.clone(), sums)) {
                    return;
                }
            }
            Err(why) => debug(&why),
        }
    }
}

/// [`check_marked`] on the system `sys` of the instrumented program.
fn check_marked_in(
    sys: &system::System,
    marker: &str,
    pb: u32,
    deadline: Option<Instant>,
) -> MarkedCheck {
    let mut violations: Vec<Vec<Expr>> = vec![vec![]; sys.cuts.len()];
    for p in &sys.paths {
        if let system::End::Error(what) = &p.to {
            if what.contains(marker) {
                if p.from == 0 {
                    return MarkedCheck::NotChecked(
                        "an invariant is evaluated before its loop's header".into(),
                    );
                }
                violations[p.from].push(p.pc);
            }
        }
    }
    let inv: Vec<Expr> = violations
        .into_iter()
        .enumerate()
        .map(|(j, v)| {
            if j == 0 {
                b::tru()
            } else {
                b::not(v.into_iter().fold(b::fls(), b::or))
            }
        })
        .collect();
    match check::check_inductive(sys, &inv, deadline) {
        Err(check::Rejection::Malformed(why)) => MarkedCheck::NotChecked(why),
        // (inductive only with a quantified invariant the validator finds,
        // which the certificate then proves with them)
        Err(_) if with_quantified(sys, &inv, pb, deadline) => MarkedCheck::Proved,
        Err(r) => MarkedCheck::NotInductive(r.to_string()),
        Ok(()) => match check::check(sys, &inv, deadline) {
            Ok(()) => MarkedCheck::Proved,
            Err(_) if with_quantified(sys, &inv, pb, deadline) => MarkedCheck::Proved,
            Err(r) => MarkedCheck::Inductive(r.to_string()),
        },
    }
}

/// Whether the inductive invariants `inv` (a witness's) with quantified
/// array invariants the validator finds itself ([`quant::candidates`],
/// [`quant::houdini`] over them and `inv`'s conjuncts) prove `sys` safe,
/// checked by [`quant::check`]: a witness cannot state a quantified
/// invariant in C, so its validation searches for one (within half of the
/// time left).
fn with_quantified(sys: &system::System, inv: &[Expr], pb: u32, deadline: Option<Instant>) -> bool {
    let qs = quant::candidates(sys, pb);
    if qs.is_empty() {
        return false;
    }
    let now = Instant::now();
    let until = deadline.map(|d| now + d.saturating_duration_since(now) / 2);
    let atoms: Vec<Vec<Expr>> = inv
        .iter()
        .enumerate()
        .map(|(j, i)| {
            let mut a = simplify::conjuncts(*i);
            a.retain(|x| !x.is_const());
            if j > 0 {
                a.extend(sys.sane.iter().copied());
            }
            a
        })
        .collect();
    let Ok((atoms, qs)) = quant::houdini(sys, atoms, qs, until) else {
        return false;
    };
    let mut found: Vec<Expr> = atoms
        .iter()
        .map(|c| b::and_all(c.iter().copied()))
        .collect();
    found[0] = b::tru();
    // (the witness's invariants stay part of the certificate)
    let found: Vec<Expr> = found.iter().zip(inv).map(|(f, i)| b::and(*f, *i)).collect();
    quant::check(sys, &found, &qs, deadline).is_ok()
}

/// k-induction strengthened with the inductive invariants `inv`
/// (Houdini's, unsafe by themselves), with `dropped` (the candidates
/// Houdini dropped) as the property's atoms to keep: [`kind::search`]
/// proposes `(atoms, k)`, and the whole certificate `(inv, atoms, k)` is
/// checked again in the checker's fresh solver ([`check::check_k`]). The
/// checked `k`, or why there is none. The search takes at most a quarter
/// of the time left to `deadline` (in `--mode auto` the rest goes to the
/// later stages when it fails; the search rarely succeeds late); the
/// check may use it all.
fn k_induction(
    sys: &system::System,
    inv: &[Expr],
    dropped: Vec<Vec<Expr>>,
    deadline: Option<Instant>,
) -> Result<usize, String> {
    let now = Instant::now();
    let search_until = deadline.map(|d| now + d.saturating_duration_since(now) / 4);
    let (atoms, k) = kind::search(sys, inv, dropped, search_until)?;
    check::check_k(sys, inv, &atoms, k, deadline)
        .map(|()| k)
        .map_err(|r| format!("k-induction certificate with k = {k} rejected: {r}"))
}

/// With `KAPPA_PROVE_DEBUG` set: the surviving candidates and the paths on
/// stderr.
fn debug_dump(sys: &system::System, kept: &[Vec<Expr>]) {
    if std::env::var_os("KAPPA_PROVE_DEBUG").is_none() {
        return;
    }
    for (j, k) in kept.iter().enumerate() {
        for a in k {
            eprintln!("kept at cut {j}: {a}");
        }
    }
    for p in &sys.paths {
        eprintln!("path {} -> {:?}: {}", p.from, p.to, p.pc);
        for (v, e) in &p.theta {
            eprintln!("  {} := {e}", sys.names[v.index()]);
        }
    }
}

/// A smaller certificate: chunks of atoms (halves first, then smaller)
/// are dropped when the rest still checks, while time is left (at most
/// 2 s and half of the time to `deadline`); what is returned always
/// checked.
fn minimize(
    sys: &system::System,
    mut kept: Vec<Vec<Expr>>,
    mut inv: Vec<Expr>,
    deadline: Option<Instant>,
) -> Vec<Expr> {
    let now = Instant::now();
    let mut budget = std::time::Duration::from_secs(2);
    if let Some(d) = deadline {
        budget = budget.min(d.saturating_duration_since(now) / 2);
    }
    let limit = now + budget;
    for j in 1..kept.len() {
        let mut size = kept[j].len().div_ceil(2).max(1);
        loop {
            let mut i = 0;
            while i < kept[j].len() {
                if Instant::now() >= limit {
                    return inv;
                }
                let end = (i + size).min(kept[j].len());
                let fewer: Vec<Expr> = kept[j][..i]
                    .iter()
                    .chain(&kept[j][end..])
                    .copied()
                    .collect();
                let mut trial = inv.clone();
                trial[j] = b::and_all(fewer.iter().copied());
                if check::check(sys, &trial, Some(limit)).is_ok() {
                    kept[j] = fewer;
                    inv = trial;
                } else {
                    i = end;
                }
            }
            if size == 1 {
                break;
            }
            size = size.div_ceil(2);
        }
    }
    inv
}

/// The invariants `inv` to show: per loop header, the checked invariant
/// and its text, without the conjuncts the others imply
/// ([`simplify::irredundant`], at most 1 s per header and not past
/// `deadline`), in tiers: conjuncts over source variables not declared on
/// the header's line (what a witness states at a loop keyword), then
/// those naming such a variable (a `for` loop's own, see
/// [`cexpr::declared_on_header_line`]); the conjuncts naming registers
/// without a source variable are all kept.
fn invariants(
    m: &Module,
    sys: &system::System,
    inv: &[Expr],
    deadline: Option<Instant>,
) -> Vec<Invariant> {
    sys.cuts
        .iter()
        .zip(inv)
        .enumerate()
        .skip(1)
        .map(|(j, (c, e))| {
            let names = cexpr::names_at(m, sys, j);
            let on_line = cexpr::declared_on_header_line(m, sys, j);
            let declared = cexpr::declared_types_at(m, sys, j);
            let parts: Vec<(Expr, usize, u8)> = simplify::conjuncts(*e)
                .into_iter()
                .map(|a| {
                    let text = cexpr::to_c_typed(a, &names, &declared, &sys.state);
                    let tier = if !cexpr::over_source_names(a, &names, &sys.state) {
                        2
                    } else {
                        u8::from(cexpr::mentions(a, &on_line, &sys.state))
                    };
                    (a, text.len(), tier)
                })
                .collect();
            let until = Instant::now() + std::time::Duration::from_secs(1);
            let until = deadline.map_or(until, |d| d.min(until));
            let t0 = Instant::now();
            // (conjuncts over registers stay: the costly, often nonlinear
            // queries would only shorten what no witness shows)
            let count = parts.len();
            let (named, registers): (Vec<_>, Vec<_>) = parts.into_iter().partition(|p| p.2 < 2);
            let kept = simplify::irredundant(&named, Some(until));
            let shown = b::and_all(kept.into_iter().chain(registers.iter().map(|p| p.0)));
            if std::env::var_os("KAPPA_PROVE_DEBUG").is_some() {
                eprintln!(
                    "simplified {count} conjuncts at cut {j} in {:?}",
                    t0.elapsed()
                );
            }
            Invariant {
                src: c.src,
                at: m.describe(c.src),
                expr: *e,
                c: cexpr::to_c_typed(shown, &names, &declared, &sys.state),
                quantified: vec![],
            }
        })
        .collect()
}

#[cfg(test)]
mod quant_tests;
#[cfg(test)]
mod tests;
