//! Chain program forms of small C programs compiled through the frontend.

use super::*;
use kappa_frontend::FrontendOptions;
use kappa_ir::Instr;

fn main_of(src: &str) -> Function {
    let dir = std::env::temp_dir().join(format!("kappa-chains-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("c{}.c", src.len()));
    std::fs::write(&path, src).unwrap();
    let prog = kappa_frontend::load(&path, &FrontendOptions::default()).unwrap();
    let f = prog.module.function_by_name("main").unwrap();
    prog.module.func(f).clone()
}

fn errors(f: &Function) -> impl Fn(EdgeId) -> bool + '_ {
    |e| matches!(f.edges[e.index()].instr, Instr::Error)
}

const FIG1: &str = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
int main(void) { int a = 0, b = 0;\n\
  for (int i = 0; i < 15; ++i) if (__VERIFIER_nondet_int() == 1) ++a;\n\
  for (int j = 0; j < 15; ++j) if (__VERIFIER_nondet_int() == 2) ++b;\n\
  if (a > 12 && a + b == 23) reach_error();\n  return 0; }\n";

#[test]
fn figure_one_has_one_root_chain_and_four_subchains() {
    let f = main_of(FIG1);
    let form = chain_form(&f, f.entry, errors(&f), ChainOptions::default());
    assert!(!form.bound_hit);
    assert_eq!(form.roots.len(), 1);
    assert_eq!(form.subchains(), 4);
    let root = &form.chains[form.roots[0]];
    assert_eq!(root.loop_nodes.len(), 2);
    for &(pos, id) in &root.loop_nodes {
        let node = &form.loop_nodes[id];
        assert_eq!(f.edges[root.edges[pos].index()].from, node.loc);
        assert_eq!(node.subchains.len(), 2);
        for &s in &node.subchains {
            let c = &form.chains[s];
            assert_eq!(c.kind, ChainKind::Sub(id));
            assert_eq!(f.edges[c.edges[0].index()].from, node.loc);
            assert_eq!(f.edges[c.edges.last().unwrap().index()].to, node.loc);
            assert!(c.loop_nodes.is_empty());
        }
    }
    assert!(matches!(
        f.edges[root.edges.last().unwrap().index()].instr,
        Instr::Error
    ));
}

#[test]
fn nested_loops_give_subchains_with_loop_nodes() {
    let f = main_of(
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
         int main(void) { int c = 0; int n = __VERIFIER_nondet_int();\n\
         for (int i = 0; i < n; i++) for (int j = 0; j < i; j++) c++;\n\
         if (c == 7) reach_error(); return 0; }\n",
    );
    let form = chain_form(&f, f.entry, errors(&f), ChainOptions::default());
    assert_eq!(form.roots.len(), 1);
    let outer = &form.chains[form.roots[0]].loop_nodes;
    assert_eq!(outer.len(), 1);
    let subs = &form.loop_nodes[outer[0].1].subchains;
    assert_eq!(subs.len(), 1);
    let inner = &form.chains[subs[0]];
    assert_eq!(inner.loop_nodes.len(), 1);
    let inner_node = &form.loop_nodes[inner.loop_nodes[0].1];
    assert_eq!(inner_node.subchains.len(), 1);
    // unfolded from the inner header, the outer loop is a cycle through it
    let from_inner = chain_form(&f, inner_node.loc, errors(&f), ChainOptions::default());
    assert_eq!(from_inner.roots.len(), 1);
    let (_, n) = from_inner.chains[from_inner.roots[0]].loop_nodes[0];
    assert_eq!(from_inner.loop_nodes[n].loc, inner_node.loc);
    assert_eq!(from_inner.loop_nodes[n].subchains.len(), 2);
}

#[test]
fn the_bound_stops_the_unfolding_and_says_so() {
    let f = main_of(FIG1);
    let form = chain_form(&f, f.entry, errors(&f), ChainOptions { max_pieces: 3 });
    assert!(form.bound_hit);
}

#[test]
fn no_target_no_root_chain() {
    let f =
        main_of("int main(void) { int s = 0; for (int i = 0; i < 4; i++) s += i; return s; }\n");
    let form = chain_form(&f, f.entry, errors(&f), ChainOptions::default());
    assert!(form.roots.is_empty());
    assert!(!form.bound_hit);
}
