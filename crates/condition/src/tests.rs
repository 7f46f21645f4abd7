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
