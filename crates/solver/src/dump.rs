//! Query dumps (`--dump-queries`): writing each Z3 query as the SMT-LIB
//! script its route's solver gets, and reading such a script back
//! ([`parse`], for the replay benchmark).
//!
//! A dump file `query-NNNNN.smt2` holds, in order:
//! - `; shape: nodes N heavy H fresh F nonlinear B division B`, what the route was
//!   chosen by ([`crate::route::QueryShape`]);
//! - `; kappa-route: R` ([`Route::name`]) and `; timeout-ms: N` (the limit
//!   of the call when it was written: per-query timeout, cap or time left);
//! - `(set-logic L)` for the route's logic and a `set-option` per solver
//!   parameter of the route;
//! - the declarations, shared subterms and assertions; on the incremental
//!   route each assertion `a` as `(assert (=> g a))` with a fresh guard
//!   `g`, and `(check-sat-assuming (g ...))` (which, like kappa's
//!   long-lived solver, runs Z3's incremental core); otherwise
//!   `(check-sat)`;
//! - after solving, `; answer: A`, `; time: T ms` and `; route: R` (the
//!   route that gave the answer, `general` after a retry).

use crate::route::Route;
use crate::z3solver::answer_text;
use crate::SatResult;
use kappa_expr::print::smtlib_script;
use kappa_expr::Expr;
use std::fmt::Write as _;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use z3::ast::Ast;

/// Numbers dump files process-wide, so solvers sharing a dump directory do
/// not overwrite each other's queries.
static DUMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// The script of a query on `route` with a time limit of `timeout_ms`.
pub fn script(route: Route, constraints: &[Expr], goal: Expr, timeout_ms: u32) -> String {
    let mut all = constraints.to_vec();
    all.push(goal);
    let body = smtlib_script(&all);
    let mut out = format!(
        "; kappa-route: {}\n; timeout-ms: {timeout_ms}\n(set-logic {})\n",
        route.name(),
        route.logic()
    );
    for (k, v) in route.params() {
        let _ = writeln!(out, "(set-option :{k} {v})");
    }
    let mut guards = vec![];
    for line in body.lines() {
        if line.starts_with("(set-logic ") {
            continue;
        }
        if route == Route::Incremental {
            if let Some(a) = line.strip_prefix("(assert ") {
                let g = format!("kappa_guard_{}", guards.len());
                let _ = writeln!(out, "(declare-fun {g} () Bool)\n(assert (=> {g} {a})");
                guards.push(g);
                continue;
            }
            if line == "(check-sat)" {
                let _ = writeln!(out, "(check-sat-assuming ({}))", guards.join(" "));
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Writes the query to the next `query-NNNNN.smt2` of `dir` (created if
/// missing), with the shape the route was chosen by in a `; shape:`
/// comment; `None` (with a warning) when it cannot.
pub(crate) fn write(
    dir: &Path,
    route: Route,
    shape: &crate::route::QueryShape,
    constraints: &[Expr],
    goal: Expr,
    timeout_ms: u32,
) -> Option<PathBuf> {
    let n = DUMP_COUNTER.fetch_add(1, Ordering::Relaxed);
    let path = dir.join(format!("query-{n:05}.smt2"));
    let text = format!(
        "; shape: nodes {} heavy {} fresh {} nonlinear {} division {}\n{}",
        shape.nodes,
        shape.heavy,
        shape.fresh,
        shape.nonlinear,
        shape.division,
        script(route, constraints, goal, timeout_ms)
    );
    match fs::create_dir_all(dir).and_then(|_| fs::write(&path, text)) {
        Ok(()) => Some(path),
        Err(e) => {
            tracing::warn!("cannot dump query to {}: {e}", path.display());
            None
        }
    }
}

/// Appends the answer, its time and the route that gave it.
pub(crate) fn append_answer(path: &Path, route: Route, r: &SatResult, elapsed: Duration) {
    let res = OpenOptions::new()
        .append(true)
        .open(path)
        .and_then(|mut f| {
            writeln!(f, "; answer: {}", answer_text(r))?;
            writeln!(f, "; time: {:.3} ms", elapsed.as_secs_f64() * 1000.0)?;
            writeln!(f, "; route: {}", route.name())
        });
    if let Err(e) = res {
        tracing::warn!("cannot append the answer to {}: {e}", path.display());
    }
}

/// A dump file read back by [`parse`].
pub struct DumpedQuery {
    /// The route kappa sent the query to (`kappa-route`).
    pub route: Route,
    /// The time limit of the call.
    pub timeout_ms: u32,
    /// The assertions (unguarded), in the thread's Z3 context.
    pub assertions: Vec<z3::ast::Bool>,
    /// kappa's answer: `sat`, `unsat` or `unknown (reason)` (`None` if the
    /// dump has none, e.g. kappa stopped while solving).
    pub answer: Option<String>,
    /// kappa's time for the query in ms.
    pub time_ms: Option<f64>,
}

/// Reads a dump written by [`script`] (and [`append_answer`]); `None` if it
/// has no `kappa-route` header or Z3 cannot parse it. Guarded assertions of
/// the incremental route are returned unguarded.
pub fn parse(text: &str) -> Option<DumpedQuery> {
    let comment = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("; {key}: ")).map(str::to_string))
    };
    let route = Route::parse(&comment("kappa-route")?)?;
    let timeout_ms = comment("timeout-ms")?.parse().ok()?;
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with("(check-sat") && !l.starts_with("(set-"))
        .flat_map(|l| [l, "\n"])
        .collect();
    let scratch = z3::Solver::new();
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| scratch.from_string(body))).ok()?;
    let mut assertions = scratch.get_assertions();
    if route == Route::Incremental {
        assertions = assertions
            .into_iter()
            .map(|a| {
                let ch = a.children();
                match ch.get(1).and_then(|c| c.as_bool()) {
                    Some(b) if a.decl().name() == "=>" => b,
                    _ => a,
                }
            })
            .collect();
    }
    Some(DumpedQuery {
        route,
        timeout_ms,
        assertions,
        answer: comment("answer"),
        time_ms: comment("time").and_then(|t| t.trim_end_matches(" ms").parse().ok()),
    })
}
