//! Quantified array invariants ([`crate::quant`]) on small VLA programs:
//! found, checked, and planted wrong ones rejected.

use super::*;
use kappa_frontend::FrontendOptions;

fn module_of(name: &str, body: &str) -> Module {
    let dir = std::env::temp_dir().join(format!("kappa-prove-q-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.c"));
    let src = format!(
        "extern int __VERIFIER_nondet_int(void);\nextern void abort(void);\n\
         void reach_error(void) {{ abort(); }}\n\
         void __VERIFIER_assert(int c) {{ if (!c) {{ reach_error(); abort(); }} }}\n{body}"
    );
    std::fs::write(&path, src).unwrap();
    kappa_frontend::load(&path, &FrontendOptions::default())
        .unwrap()
        .module
}

/// Options with a deadline for the programs that are not to be proved
/// (whatever the deadline, they are not).
fn short() -> Options {
    Options {
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(2)),
    }
}

fn fill(expect: &str) -> String {
    format!(
        "int main(void) {{ int n = __VERIFIER_nondet_int(); int c = __VERIFIER_nondet_int(); \
         if (n <= 0 || n > 1000 || c < 0 || c > 1000) return 0; int a[n]; \
         for (int i = 0; i < n; i++) a[i] = 2 * i + c; \
         for (int j = 0; j < n; j++) __VERIFIER_assert({expect}); return 0; }}"
    )
}

/// The quantified search on `m`'s system: the system, the scalar
/// invariants and the quantified ones Houdini keeps.
fn search(m: &Module) -> (system::System, Vec<Expr>, Vec<quant::QInv>) {
    let sys = system::build(m).expect("a VLA is modelled");
    let mut atoms = candidates::candidates(&sys);
    for a in atoms.iter_mut().skip(1) {
        a.extend(sys.sane.iter().copied());
    }
    let qs = quant::candidates(&sys, m.data_model.pointer_bits());
    assert!(!qs.is_empty());
    let (atoms, qs) = quant::houdini(&sys, atoms, qs, None).unwrap();
    let mut inv: Vec<Expr> = atoms
        .iter()
        .map(|c| b::and_all(c.iter().copied()))
        .collect();
    inv[0] = b::tru();
    (sys, inv, qs)
}

#[test]
fn a_fill_then_check_vla_is_proved_with_a_quantified_invariant() {
    let m = module_of("vla_fill", &fill("a[j] == 2 * j + c"));
    let o = prove(&m, &Options::default());
    let Outcome::Proved {
        invariants, method, ..
    } = &o
    else {
        panic!("{o:?}")
    };
    assert_eq!(*method, Method::Quantified);
    let q: Vec<&String> = invariants.iter().flat_map(|i| &i.quantified).collect();
    assert!(q.iter().any(|s| s.contains("\\forall k")), "{q:?}");
}

#[test]
fn the_checker_accepts_the_found_certificate_and_rejects_planted_wrong_ones() {
    let m = module_of("vla_fill_planted", &fill("a[j] == 2 * j + c"));
    let (sys, inv, qs) = search(&m);
    quant::check(&sys, &inv, &qs, None).expect("the found certificate checks");
    let eqs: Vec<usize> = (0..qs.len())
        .filter(|&i| qs[i].rel == quant::Rel::Eq)
        .collect();
    assert!(!eqs.is_empty());
    for &i in &eqs {
        // a wrong element value: a[k] == f(k) + 1
        let mut wrong = qs.clone();
        wrong[i].f = b::add(wrong[i].f, b::bv(wrong[i].f.width(), 1));
        assert!(
            quant::check(&sys, &inv, &wrong, None).is_err(),
            "planted f + 1 at {i}"
        );
        // a range one element too long: [lo, hi + 1)
        let mut wide = qs.clone();
        wide[i].hi = b::add(wide[i].hi, b::bv(wide[i].hi.width(), 1));
        assert!(
            quant::check(&sys, &inv, &wide, None).is_err(),
            "planted hi + 1 at {i}"
        );
    }
    // without the quantified invariants the scalar ones are not safe
    assert!(quant::check(&sys, &inv, &[], None).is_err());
}

#[test]
fn an_access_past_a_vla_is_an_error_path() {
    // a[n] is written: out of bounds for every n
    let m = module_of(
        "vla_oob",
        "int main(void) { int n = __VERIFIER_nondet_int(); if (n <= 0 || n > 1000) return 0; \
         int a[n]; for (int i = 0; i <= n; i++) a[i] = 0; return 0; }",
    );
    assert!(!matches!(prove(&m, &short()), Outcome::Proved { .. }));
    let sys = system::build(&m).unwrap();
    assert!(sys
        .paths
        .iter()
        .any(|p| matches!(&p.to, system::End::Error(w) if w.contains("undefined"))));
}
