//! φ̂ of small C programs compiled through the frontend.

use super::*;
use kappa_frontend::FrontendOptions;

pub(crate) fn module_of(name: &str, src: &str) -> Module {
    let dir = std::env::temp_dir().join(format!("kappa-cond-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.c"));
    std::fs::write(&path, src).unwrap();
    kappa_frontend::load(&path, &FrontendOptions::default())
        .unwrap()
        .module
}

pub(crate) const HEAD: &str = "extern int __VERIFIER_nondet_int(void);\nextern unsigned __VERIFIER_nondet_uint(void);\nextern void reach_error(void);\n";

#[test]
fn straight_line_condition_is_the_path_condition() {
    let m = module_of(
        "straight",
        &format!("{HEAD}int main(void) {{ int x = __VERIFIER_nondet_int(); if (x > 3) reach_error(); return 0; }}"),
    );
    let c = compute(&m, &Options::default()).unwrap();
    assert_eq!(c.backbones, 1);
    assert_eq!(c.inputs.len(), 1);
    assert!(c.inputs[0].engine_mappable);
    let s = c.phi.to_string();
    assert!(s.contains("3 < in_"), "{s}");
}

#[test]
fn summary_rules_give_closed_forms_or_star() {
    let m = module_of(
        "rules",
        &format!(
            "{HEAD}int main(void) {{ int n = __VERIFIER_nondet_int(); int a = __VERIFIER_nondet_int();
               int s = 0; int last = 0; int flag = 0; int prod = 1;
               for (int k = 0; k < n; k++) {{ s += 3; last = k; prod = prod * 2; }}
               for (int j = 0; j < n; j++) {{ if (a > 3) flag = 1; }}
               if (s + last + flag + prod == 100) reach_error(); return 0; }}"
        ),
    );
    let c = compute(&m, &Options::default()).unwrap();
    let l = &c.summaries[0];
    let get = |name: &str| {
        l.theta
            .iter()
            .find(|(n, _)| n.starts_with(name))
            .map(|(_, v)| v.map(|e| e.to_string()))
            .unwrap_or_else(|| panic!("{name} not in {:?}", l.theta))
    };
    // rule 2: s̲ + 3κ (mod 2^32)
    assert!(
        get("%s.").unwrap().contains("3 * (kappa"),
        "{:?}",
        get("%s.")
    );
    // rule 4: the previous iteration's counter
    assert!(
        get("%last.").unwrap().contains("-1 +"),
        "{:?}",
        get("%last.")
    );
    // a geometric progression has no rule here: ⋆
    assert_eq!(get("%prod."), None);
    // rule 3 in the second loop: set to 1 by one of its two iterations
    let l2 = &c.summaries[1];
    let flag = l2
        .theta
        .iter()
        .find(|(n, _)| n.starts_with("%flag."))
        .and_then(|(_, v)| v.map(|e| e.to_string()))
        .expect("flag has a closed form");
    assert!(flag.ends_with(": 1") || flag.contains("? 1 :"), "{flag}");
}

#[test]
fn calls_inline_and_recursion_stays_a_call_that_may_reach() {
    let m = module_of(
        "calls",
        &format!(
            "{HEAD}static int twice(int x) {{ return 2 * x; }}
               static int rec(int x) {{ if (x > 0) {{ if (x == 7) reach_error(); return rec(x - 1); }} return 0; }}
               int main(void) {{ int x = __VERIFIER_nondet_int();
               if (twice(x) == 6) rec(x); return 0; }}"
        ),
    );
    let c = compute(&m, &Options::default()).unwrap();
    assert_eq!(c.kept_calls, vec!["rec".to_string()]);
    // reach_error inside rec's inlined copy and the kept recursive call
    assert!(c.targets >= 2, "{}", c.targets);
    let s = c.phi.to_string();
    assert!(s.contains("6 == (2 * in_"), "{s}");
}

#[test]
fn no_target_gives_false_and_a_line_target_must_exist() {
    let m = module_of(
        "notarget",
        &format!("{HEAD}int main(void) {{ int x = __VERIFIER_nondet_int(); return x; }}"),
    );
    let c = compute(&m, &Options::default()).unwrap();
    assert_eq!(c.phi.as_bool_const(), Some(false));
    let e = compute(
        &m,
        &Options {
            target: Target::Line {
                file: "notarget.c".into(),
                line: 99,
            },
            ..Default::default()
        },
    );
    assert!(matches!(e, Err(CondError::NoSuchLine { line: 99, .. })));
}
