//! Differential test of the floating-point encoding (`fpenc`) against the
//! concrete evaluator `kappa_expr::float::eval`: Z3 must compute the same
//! bits for every operation on boundary values (zeros, infinities, NaNs
//! with payloads, subnormals, the edges of the integer ranges).

use crate::{SatResult, Solver, SolverConfig, Z3Solver};
use kappa_expr::build::*;
use kappa_expr::{float, FCmp, FTy, FpOp, Sort, Symbol, SymbolKind};

/// Boundary-heavy bits of format `t`.
fn specials(t: FTy) -> Vec<u128> {
    let mut v: Vec<f64> = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        -2.5,
        3.0,
        1e10,
        -7.75,
        2147483647.0,
        2147483648.0,
        -2147483649.0,
        4294967295.0,
        4294967296.0,
        0.5,
        -0.5,
    ];
    v.extend([f64::INFINITY, f64::NEG_INFINITY]);
    let mut out: Vec<u128> = v.into_iter().map(|x| t.from_f64(x)).collect();
    match t {
        FTy::F32 => out.extend([
            0x7fc0_0000,
            0xffc0_1234,
            0x7f80_0001,
            1,
            0x807f_ffff,
            0x7f7f_ffff,
            0x0080_0000,
        ]),
        FTy::F64 => out.extend([
            0x7ff8_0000_0000_0000,
            0xfff8_0000_dead_beef,
            0x7ff0_0000_0000_0001,
            1,
            0x800f_ffff_ffff_ffff,
            0x7fef_ffff_ffff_ffff,
            0x3ff0_0000_0000_0001,
        ]),
    }
    out
}

fn ops(t: FTy) -> Vec<FpOp> {
    let mut v = vec![
        FpOp::Add(t),
        FpOp::Sub(t),
        FpOp::Mul(t),
        FpOp::Div(t),
        FpOp::Rem(t),
    ];
    v.extend(FCmp::ALL.iter().map(|p| FpOp::Cmp(*p, t)));
    for w in [8, 32, 64] {
        v.extend([
            FpOp::FpToSi(t, w),
            FpOp::FpToUi(t, w),
            FpOp::ToIntInRange(t, w, true),
            FpOp::ToIntInRange(t, w, false),
        ]);
    }
    v.push(if t == FTy::F32 {
        FpOp::Ext
    } else {
        FpOp::Trunc
    });
    v
}

/// Checks Z3's value of `op(args)` against the evaluator's.
fn check(s: &mut Z3Solver, op: FpOp, args: &[u128]) {
    let syms: Vec<Symbol> = (0..args.len())
        .map(|i| {
            Symbol::fresh(
                &format!("a{i}"),
                Sort::Bv(op.arg_width()),
                SymbolKind::Input,
            )
        })
        .collect();
    let pins: Vec<_> = syms
        .iter()
        .zip(args)
        .map(|(x, v)| eq(sym(*x), bv(op.arg_width(), *v)))
        .collect();
    let term = fp(op, syms.iter().map(|x| sym(*x)).collect());
    let want = float::eval(op, args);
    let expect = match op.result_width() {
        Some(w) => bv(w, want),
        None => bool_const(want != 0),
    };
    let r = s.check(&pins, ne(term, expect));
    assert_eq!(
        r,
        SatResult::Unsat,
        "{} {args:x?}: z3 differs from {want:#x}",
        op.name()
    );
}

/// Every case with `KAPPA_TIER=full` (about a minute); every 53rd otherwise.
struct Sample {
    full: bool,
    n: usize,
}

impl Sample {
    fn take(&mut self) -> bool {
        self.n += 1;
        self.full || self.n % 53 == 1
    }
}

#[test]
fn z3_computes_the_evaluators_bits() {
    let mut s = Z3Solver::new(&SolverConfig::default());
    let mut sample = Sample {
        full: std::env::var("KAPPA_TIER").is_ok_and(|t| t == "full"),
        n: 0,
    };
    let mut check = |s: &mut Z3Solver, op: FpOp, args: &[u128]| {
        if sample.take() {
            check(s, op, args)
        }
    };
    for t in [FTy::F32, FTy::F64] {
        let vals = specials(t);
        for op in ops(t) {
            for (i, a) in vals.iter().enumerate() {
                if op.arity() == 1 {
                    check(&mut s, op, &[*a]);
                } else {
                    // a band of pairs: every value with a few others
                    for b in vals.iter().skip(i % 5).step_by(5) {
                        check(&mut s, op, &[*a, *b]);
                    }
                }
            }
        }
    }
    for (w, vals) in [
        (
            32u32,
            vec![0u128, 1, 0xffff_ffff, 0x8000_0000, 16_777_217, 0x7fff_ffff],
        ),
        (
            64,
            vec![
                0,
                0xffff_ffff_ffff_ffff,
                0x8000_0000_0000_0001,
                9_007_199_254_740_993,
            ],
        ),
    ] {
        for t in [FTy::F32, FTy::F64] {
            for v in &vals {
                check(&mut s, FpOp::SiToFp(w, t), &[*v]);
                check(&mut s, FpOp::UiToFp(w, t), &[*v]);
            }
        }
    }
}
