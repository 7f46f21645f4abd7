//! Tests of [`super::Z3Solver`] against real Z3 and of the full chain built
//! by [`crate::build_solver`].

use super::*;
use crate::{build_solver, check_model};
use kappa_expr::build::*;
use kappa_expr::{BvOp, FuncDecl, Symbol, SymbolKind};
use std::fs;

fn z3() -> Z3Solver {
    Z3Solver::new(&SolverConfig::default())
}

fn var(name: &str, sort: Sort) -> (Symbol, Expr) {
    let s = Symbol::fresh(name, sort, SymbolKind::Input);
    (s, sym(s))
}

#[test]
fn sat_and_unsat_basics() {
    let mut s = z3();
    let (_, x) = var("x", Sort::Bv(32));
    let (_, y) = var("y", Sort::Bv(32));
    let c = [ult(x, bv(32, 10)), eq(add(x, y), bv(32, 1000))];
    let r = s.check(&c, ugt(y, bv(32, 995)));
    let m = r.model().expect("sat");
    assert!(check_model(&c, ugt(y, bv(32, 995)), m));
    assert_eq!(s.check(&c, ugt(y, bv(32, 1000)),), SatResult::Unsat);
    // x < 10 and x > 20 (signed and unsigned mixed)
    assert_eq!(
        s.check(&[slt(x, bv(32, 10)), ult(x, bv(32, 5))], sgt(x, bv(32, 20))),
        SatResult::Unsat
    );
    let st = s.stats();
    assert_eq!((st.queries, st.sat, st.unsat, st.z3_queries), (3, 1, 2, 3));
    assert!(st.z3_time > Duration::ZERO);
}

#[test]
fn model_values_at_all_widths() {
    let mut s = z3();
    let cases: [(u32, u128); 6] = [
        (1, 1),
        (8, 0xa5),
        (32, 0xdead_beef),
        (64, 0xfedc_ba98_7654_3210),
        (128, 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210),
        (128, u128::MAX - 5),
    ];
    for (w, val) in cases {
        let (xs, x) = var("x", Sort::Bv(w));
        let (ys, y) = var("y", Sort::Bv(w));
        // x is pinned through arithmetic so Z3 must compute it
        let c = [eq(y, bv(w, val ^ 0x5a))];
        let goal = eq(x, bin(BvOp::Xor, y, bv(w, 0x5a)));
        let m = s.check(&c, goal).model().expect("sat").clone();
        assert_eq!(m.get(xs), val & mask(w), "width {w}");
        assert_eq!(m.get(ys), (val ^ 0x5a) & mask(w), "width {w}");
    }
    let (bs, b) = var("b", Sort::Bool);
    let m = s.check(&[], not(b)).model().expect("sat").clone();
    assert_eq!(m.scalars.get(&bs), Some(&0));
}

#[test]
fn wide_constants_translate_exactly() {
    let mut s = z3();
    let (_, x) = var("x", Sort::Bv(128));
    let big = (1u128 << 127) | 12345;
    // x - big == 1  <=> x == big + 1; and the high bit must be set
    let c = [eq(sub(x, bv(128, big)), bv(128, 1))];
    assert!(s.check(&c, eq(extract(127, 127, x), bv(1, 1))).is_sat());
    assert_eq!(
        s.check(&c, eq(extract(127, 64, x), bv(64, 0))),
        SatResult::Unsat
    );
    assert_eq!(s.check(&c, ne(x, bv(128, big + 1))), SatResult::Unsat);
}

#[test]
fn timeout_gives_unknown() {
    let cfg = SolverConfig {
        timeout: Duration::from_millis(1),
        ..Default::default()
    };
    let mut s = Z3Solver::new(&cfg);
    let (_, x) = var("x", Sort::Bv(64));
    let (_, y) = var("y", Sort::Bv(64));
    // factor the product of two 32-bit primes, without overflow
    let n: u128 = 4_294_967_291 * 4_294_967_279;
    let lim = bv(64, 1 << 32);
    let goal = and_all([
        eq(mul(x, y), bv(64, n)),
        ugt(x, bv(64, 1)),
        ugt(y, bv(64, 1)),
        ult(x, lim),
        ult(y, lim),
    ]);
    let start = Instant::now();
    let r = s.check(&[], goal);
    let SatResult::Unknown(why) = &r else {
        panic!("expected a timeout, got {r:?}")
    };
    eprintln!("timeout reason: {why}");
    assert!(!why.is_empty());
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(s.stats().unknown, 1);
    // the shared Z3 context still works afterwards
    let r = s.check(&[], eq(x, bv(64, 7)));
    eprintln!("after timeout, same solver: {r:?}");
    let mut fresh = z3();
    let r = fresh.check(&[ult(x, lim)], eq(mul(x, bv(64, 3)), bv(64, 21)));
    assert!(r.is_sat(), "{r:?}");
}

#[test]
fn quantifiers() {
    let mut s = z3();
    let k = Symbol::fresh("k", Sort::Bv(32), SymbolKind::Bound);
    let q = forall(vec![k], ne(mul(sym(k), bv(32, 2)), bv(32, 3)));
    assert!(s.check(&[], q).is_sat());
    assert_eq!(s.check(&[], not(q)), SatResult::Unsat);
    // exists k. k * 2 == x, with x odd: unsat; x even: sat
    let (_, x) = var("x", Sort::Bv(32));
    let ex = exists(vec![k], eq(mul(sym(k), bv(32, 2)), x));
    assert_eq!(
        s.check(&[eq(extract(0, 0, x), bv(1, 1))], ex),
        SatResult::Unsat
    );
    assert!(s.check(&[eq(x, bv(32, 8))], ex).is_sat());
    // the bound symbol also used free elsewhere: it must be in the model
    let both = and(q, eq(sym(k), bv(32, 5)));
    let m = s.check(&[], both).model().expect("sat").clone();
    assert_eq!(m.scalars.get(&k), Some(&5));
}

#[test]
fn arrays_and_models() {
    let mut s = z3();
    let (as_, a) = var("a", Sort::Array { index: 32, elem: 8 });
    let (_, i) = var("i", Sort::Bv(32));
    let c = [
        eq(select(a, bv(32, 3)), bv(8, 7)),
        eq(select(a, i), bv(8, 9)),
    ];
    let m = s
        .check(&c, ult(i, bv(32, 10)))
        .model()
        .expect("sat")
        .clone();
    assert!(
        m.arrays.contains_key(&as_),
        "array value read from the model"
    );
    assert!(check_model(&c, ult(i, bv(32, 10)), &m));
    // store/const-array semantics
    let arr = store(const_array(32, bv(8, 1)), i, bv(8, 2));
    assert_eq!(
        s.check(&[ne(i, bv(32, 4))], ne(select(arr, bv(32, 4)), bv(8, 1))),
        SatResult::Unsat
    );
    assert_eq!(s.check(&[], ne(select(arr, i), bv(8, 2))), SatResult::Unsat);
    // array equality
    let (_, b) = var("b", Sort::Array { index: 32, elem: 8 });
    let eqab = eq(a, b);
    assert_eq!(
        s.check(
            &[eqab, eq(select(a, bv(32, 1)), bv(8, 1))],
            eq(select(b, bv(32, 1)), bv(8, 2))
        ),
        SatResult::Unsat
    );
}

#[test]
fn uninterpreted_functions() {
    let mut s = z3();
    let f = FuncDecl::new("f", vec![Sort::Bv(8)], Sort::Bv(8));
    let g = FuncDecl::new("f", vec![Sort::Bv(8)], Sort::Bv(8)); // same name, distinct function
    let (_, x) = var("x", Sort::Bv(8));
    let (_, y) = var("y", Sort::Bv(8));
    let c = [eq(apply(f, vec![x]), bv(8, 1)), eq(x, y)];
    assert_eq!(
        s.check(&c, eq(apply(f, vec![y]), bv(8, 2))),
        SatResult::Unsat
    );
    assert!(s.check(&c, eq(apply(g, vec![y]), bv(8, 2))).is_sat());
}

#[test]
fn translation_cache_is_reused() {
    let mut s = z3();
    let (_, x) = var("x", Sort::Bv(16));
    let c = ult(mul(x, x), bv(16, 100));
    s.check(&[c], ugt(x, bv(16, 3)));
    let n = s.cached_translations();
    s.check(&[c], ugt(x, bv(16, 3)));
    assert_eq!(s.cached_translations(), n);
}

#[test]
fn dump_dir_writes_scripts() {
    let dir = std::env::temp_dir().join(format!("kappa-solver-dump-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let cfg = SolverConfig {
        dump_dir: Some(dir.clone()),
        ..Default::default()
    };
    let mut s = Z3Solver::new(&cfg);
    let (_, x) = var("x", Sort::Bv(8));
    s.check(&[ult(x, bv(8, 9))], ugt(x, bv(8, 3)));
    s.check(&[ult(x, bv(8, 9))], ugt(x, bv(8, 30)));
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2);
    let mut answers = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_str().unwrap().to_string();
        assert!(
            name.starts_with("query-") && name.ends_with(".smt2"),
            "{name}"
        );
        let text = fs::read_to_string(f).unwrap();
        assert!(text.contains("(declare-fun |x#"), "{text}");
        // tiny queries go to the incremental solver, dumped as guarded
        // assertions checked under assumptions
        assert!(text.contains("; kappa-route: incremental"), "{text}");
        assert!(text.contains("(set-logic QF_BV)"), "{text}");
        assert!(
            text.contains("(check-sat-assuming (kappa_guard_0 kappa_guard_1))"),
            "{text}"
        );
        assert!(text.contains("; route: incremental"), "{text}");
        let ans = text
            .lines()
            .find(|l| l.starts_with("; answer: "))
            .expect("answer line");
        answers.push(ans.to_string());
    }
    answers.sort();
    assert_eq!(answers, vec!["; answer: sat", "; answer: unsat"]);
    // the scripts are accepted by Z3 and give the recorded answers, also
    // when read back on the route they name
    for f in &files {
        let text = fs::read_to_string(f).unwrap();
        let q = crate::dump::parse(&text).expect("readable dump");
        assert_eq!((q.route, q.assertions.len()), (Route::Incremental, 2));
        let sat = q.answer.as_deref() == Some("sat");
        for route in [Route::Incremental, Route::Bv] {
            let r =
                crate::route::RouteRunner::new(Duration::from_secs(10)).check(route, &q.assertions);
            assert_eq!(r, Some(sat), "{text}");
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn queries_are_routed_by_shape_and_counted_per_route() {
    let mut s = z3();
    let (_, x) = var("x", Sort::Bv(32));
    let (_, a) = var("a", Sort::Array { index: 32, elem: 8 });
    let (k, ke) = var("k", Sort::Bv(32));
    // additions and comparisons: incremental
    assert!(s.check(&[ult(x, bv(32, 10))], ugt(x, bv(32, 3))).is_sat());
    // a remainder, even by a constant: a fresh bit-blasting solver
    let rem = bin(BvOp::URem, x, bv(32, 3));
    assert!(s.check(&[ult(x, bv(32, 10))], eq(rem, bv(32, 2))).is_sat());
    // arrays
    assert!(s.check(&[], eq(select(a, x), bv(8, 7))).is_sat());
    // quantifiers
    let q = forall(vec![k], ne(mul(bv(32, 2), ke), bv(32, 3)));
    assert!(s.check(&[], q).is_sat());
    let st = s.stats();
    let calls: Vec<u64> = st.routes.iter().map(|r| r.queries).collect();
    assert_eq!(calls, vec![1, 1, 1, 1]);
    assert!(st.routes.iter().all(|r| r.unknown == 0));
}

#[test]
fn timeout_rounding() {
    assert_eq!(timeout_ms(Duration::ZERO), 1);
    assert_eq!(timeout_ms(Duration::from_micros(1500)), 2);
    assert_eq!(timeout_ms(Duration::from_secs(10)), 10_000);
    assert_eq!(timeout_ms(Duration::from_secs(u64::MAX)), u32::MAX);
}

// ---- the whole chain ----

#[test]
fn chain_slices_caches_and_guesses() {
    let mut s = build_solver(&SolverConfig::default());
    let (_, x) = var("x", Sort::Bv(32));
    let (_, y) = var("y", Sort::Bv(32));
    let (_, z) = var("z", Sort::Bv(32));
    let (_, w) = var("w", Sort::Bv(32));
    // unrelated constraints on z and w are dropped
    let pc = [
        ugt(x, bv(32, 100)),
        ugt(y, bv(32, 100)),
        ult(x, bv(32, 5000)),
        ult(y, bv(32, 9000)),
        ult(z, w),
        eq(w, bv(32, 77)),
    ];
    let goal = eq(add(x, y), bv(32, 12345));
    let r = s.check(&pc, goal);
    assert!(check_model(&pc[..4], goal, r.model().expect("sat")));
    let st = s.stats();
    assert_eq!(st.constraints_dropped, 2);
    assert_eq!((st.z3_queries, st.guess_hits), (1, 0));
    // the same query again: exact cache
    assert_eq!(s.check(&pc, goal), r);
    assert_eq!(s.stats().cache_hits, 1);
    // a query the previous model satisfies: counterexample cache
    assert!(s.check(&pc[..1], ugt(add(x, y), bv(32, 12000))).is_sat());
    assert_eq!(s.stats().cex_cache_hits, 1);
    // a simple new query: guessed
    let (_, v) = var("v", Sort::Bv(8));
    assert!(s.check(&[], eq(v, bv(8, 42))).is_sat());
    let st = s.stats();
    assert_eq!(st.guess_hits, 1);
    assert_eq!(st.z3_queries, 1);
    assert_eq!((st.queries, st.answered_without_z3, st.sat), (4, 3, 4));
    // an unsat query reaches Z3 (guessing never answers Unsat)
    assert_eq!(
        s.check(&[ult(v, bv(8, 3))], ugt(v, bv(8, 5))),
        SatResult::Unsat
    );
    assert_eq!(s.stats().z3_queries, 2);
}

#[test]
fn chain_without_cache_and_independence() {
    let cfg = SolverConfig {
        cache: false,
        independence: false,
        ..Default::default()
    };
    let mut s = build_solver(&cfg);
    let (_, x) = var("x", Sort::Bv(32));
    let (_, z) = var("z", Sort::Bv(32));
    let pc = [ugt(x, bv(32, 100)), ult(z, bv(32, 7))];
    let goal = eq(mul(x, bv(32, 3)), bv(32, 100_000_002));
    for _ in 0..2 {
        assert!(s.check(&pc, goal).is_sat());
    }
    let st = s.stats();
    assert_eq!(
        (
            st.queries,
            st.z3_queries,
            st.cache_hits,
            st.constraints_dropped
        ),
        (2, 2, 0, 0)
    );
}

#[test]
fn chain_true_goal_models_whole_path_condition() {
    let mut s = build_solver(&SolverConfig::default());
    let (xs, x) = var("x", Sort::Bv(32));
    let (zs, z) = var("z", Sort::Bv(64));
    let pc = [eq(mul(x, bv(32, 3)), bv(32, 3000)), eq(z, bv(64, 1 << 40))];
    let m = s.check(&pc, tru()).model().expect("sat").clone();
    assert!(check_model(&pc, tru(), &m));
    assert!(m.scalars.contains_key(&xs) && m.scalars.contains_key(&zs));
}

#[test]
fn logic_selection() {
    use crate::route::{route_for, QueryShape};
    use crate::translate::{F_ARRAY, F_ARRAY_EQ, F_QUANT, F_UF};
    let small = QueryShape {
        nodes: 10,
        ..Default::default()
    };
    let divides = QueryShape {
        division: true,
        ..small
    };
    let big = QueryShape {
        nodes: crate::route::INCREMENTAL_MAX_NODES + 1,
        heavy: crate::route::INCREMENTAL_MAX_NODES / 2,
        ..small
    };
    assert_eq!(route_for(0, small), Route::Incremental);
    assert_eq!(route_for(0, divides), Route::Bv);
    assert_eq!(route_for(0, big), Route::Bv);
    // large but light: one heavy node in HEAVY_SHARE or fewer
    use crate::route::{HEAVY_SHARE, INCREMENTAL_MAX_LIGHT_NODES};
    let light = QueryShape {
        nodes: 3_200,
        heavy: 3_200 / HEAVY_SHARE,
        ..small
    };
    assert_eq!(route_for(0, light), Route::Incremental);
    let ite_trees = QueryShape {
        heavy: light.heavy + 1,
        ..light
    };
    assert_eq!(route_for(0, ite_trees), Route::Bv);
    let new_content = QueryShape {
        fresh: crate::route::INCREMENTAL_MAX_NODES + 1,
        ..light
    };
    assert_eq!(route_for(0, new_content), Route::Bv);
    let huge = QueryShape {
        nodes: INCREMENTAL_MAX_LIGHT_NODES + 1,
        heavy: 0,
        ..small
    };
    assert_eq!(route_for(0, huge), Route::Bv);
    assert_eq!(
        route_for(
            0,
            QueryShape {
                division: true,
                ..light
            }
        ),
        Route::Bv
    );
    assert_eq!(route_for(F_ARRAY, small), Route::Arrays);
    assert_eq!(route_for(F_UF, small), Route::Arrays);
    assert_eq!(route_for(F_ARRAY | F_ARRAY_EQ, small), Route::General);
    assert_eq!(route_for(F_QUANT | F_UF, small), Route::General);
    assert_eq!(Route::General.logic(), "ALL");
    for r in crate::ROUTES {
        assert_eq!(Route::parse(r.name()), Some(r));
    }
    // the features are tracked through translation
    let mut s = z3();
    let (_, x) = var("x", Sort::Bv(8));
    let (_, a) = var("a", Sort::Array { index: 8, elem: 8 });
    let k = Symbol::fresh("k", Sort::Bv(8), SymbolKind::Bound);
    let sel = eq(select(a, x), bv(8, 1));
    let q = forall(vec![k], ne(mul(sym(k), bv(8, 2)), bv(8, 3)));
    for (e, f) in [
        (ult(x, bv(8, 3)), 0),
        (sel, F_ARRAY),
        (and(sel, q), F_ARRAY | F_QUANT),
    ] {
        s.tr.translate(e).unwrap();
        assert_eq!(s.tr.features(e), f, "{e}");
    }
}

#[test]
fn deep_queries_go_through_the_chain() {
    // deeper than kappa_expr::eval can take on a test thread's stack
    let mut s = build_solver(&SolverConfig::default());
    let (_, x) = var("x", Sort::Bv(8));
    let (_, y) = var("y", Sort::Bv(8));
    let mut e = x;
    for i in 0..1000u128 {
        e = add(bin(BvOp::Xor, e, bv(8, i)), y);
    }
    let pins = [eq(x, bv(8, 5)), eq(y, bv(8, 1))];
    let t = Instant::now();
    let r = s.check(&pins, eq(e, bv(8, 77)));
    let r2 = s.check(&pins, ne(e, bv(8, 77)));
    assert!(t.elapsed() < Duration::from_secs(10));
    // exactly one of them holds
    assert!(
        r.is_sat() != r2.is_sat() && !r.is_unknown() && !r2.is_unknown(),
        "{r:?} {r2:?}"
    );
    assert_eq!(s.check(&pins, eq(e, bv(8, 77))), r);
    assert_eq!(s.stats().cache_hits, 1);
}

/// A query Z3 takes far longer than a second on: factoring a product of two
/// 32-bit primes.
fn factoring_goal() -> Expr {
    let (_, x) = var("x", Sort::Bv(64));
    let (_, y) = var("y", Sort::Bv(64));
    let n: u128 = 4_294_967_291 * 4_294_967_279;
    let lim = bv(64, 1 << 32);
    and_all([
        eq(mul(x, y), bv(64, n)),
        ugt(x, bv(64, 1)),
        ugt(y, bv(64, 1)),
        ult(x, lim),
        ult(y, lim),
    ])
}

#[test]
fn deadline_bounds_a_query_and_refuses_later_ones() {
    let start = Instant::now();
    let cfg = SolverConfig {
        timeout: Duration::from_secs(60),
        deadline: Some(start + Duration::from_millis(300)),
        ..Default::default()
    };
    let mut s = Z3Solver::new(&cfg);
    let r = s.check(&[], factoring_goal());
    assert_eq!(r, SatResult::Unknown(DEADLINE_REASON.to_string()));
    let took = start.elapsed();
    assert!(took < Duration::from_secs(3), "{took:?}");
    // past the deadline: answered without Z3
    let z3_before = s.stats().z3_queries;
    let (_, x) = var("x", Sort::Bv(8));
    let r = s.check(&[], eq(x, bv(8, 1)));
    assert_eq!(r, SatResult::Unknown(DEADLINE_REASON.to_string()));
    assert_eq!(s.stats().z3_queries, z3_before);
}

#[test]
fn deadline_far_away_changes_nothing() {
    let cfg = SolverConfig {
        deadline: Some(Instant::now() + Duration::from_secs(3600)),
        ..Default::default()
    };
    let mut s = Z3Solver::new(&cfg);
    let (_, x) = var("x", Sort::Bv(32));
    for k in 0..20u128 {
        // incremental solver, re-using its parameters
        let r = s.check(&[ult(x, bv(32, 100))], eq(x, bv(32, k)));
        assert!(r.is_sat(), "{r:?}");
    }
    assert!(s
        .check(&[ult(x, bv(32, 100))], eq(x, bv(32, 100)))
        .is_unsat());
}

#[test]
fn chain_passes_the_deadline_down() {
    let start = Instant::now();
    let cfg = SolverConfig {
        timeout: Duration::from_secs(60),
        deadline: Some(start + Duration::from_millis(200)),
        ..Default::default()
    };
    let mut s = build_solver(&cfg);
    let r = s.check(&[], factoring_goal());
    assert!(r.is_unknown(), "{r:?}");
    assert!(start.elapsed() < Duration::from_secs(3));
}

/// Z3 4.8.12 keeps an interrupt that arrives when no call runs (the
/// watchdog's, between the end of a check and its disarm) and the next
/// check then answers `sat` with a model that does not satisfy the query
/// (seen: `x = 0` for `x == 2`). `absorb_interrupt` must leave the context
/// clean.
#[test]
fn an_interrupt_between_calls_is_absorbed() {
    use z3::ast::BV;
    let ctx = z3::Context::thread_local();
    let x = BV::new_const("x_absorb", 32);
    for _ in 0..3 {
        // SAFETY: the thread's live context
        unsafe { z3_sys::Z3_interrupt(ctx.get_z3_context()) };
    }
    crate::watchdog::absorb_interrupt();
    let s = z3::Solver::new();
    let g = z3::ast::Bool::fresh_const("g");
    s.assert(g.implies(x.eq(BV::from_u64(2, 32))));
    assert_eq!(s.check_assumptions(&[g]), z3::SatResult::Sat);
    let v = s
        .get_model()
        .and_then(|m| m.eval(&x, true))
        .and_then(|v| v.as_u64());
    assert_eq!(v, Some(2));
}

/// Z3 accepts the parameters of [`crate::thread_safe_params`] (an unknown
/// name sets an error code at the check, which the second half checks can
/// be seen).
#[test]
fn thread_safe_params_are_accepted() {
    let ctx = z3::Context::thread_local();
    let code = |p: &z3::Params| {
        let s = z3::Solver::new();
        s.set_params(p);
        // (parameters are validated when the solver starts)
        let _ = s.check();
        // SAFETY: the thread's live context
        unsafe { z3_sys::Z3_get_error_code(ctx.get_z3_context()) }
    };
    assert_eq!(code(&crate::thread_safe_params()), z3_sys::ErrorCode::OK);
    let mut bad = z3::Params::new();
    bad.set_bool("no_such_parameter_of_kappa", false);
    assert_ne!(code(&bad), z3_sys::ErrorCode::OK);
}
