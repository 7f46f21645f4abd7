//! Loop headers and cycles of small C programs compiled through the frontend.

use super::*;
use kappa_frontend::FrontendOptions;

fn main_of(src: &str) -> (kappa_ir::Module, Function) {
    let dir = std::env::temp_dir().join(format!("kappa-loops-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // (one file per source text: tests run in parallel)
    let mut h = std::collections::hash_map::DefaultHasher::new();
    std::hash::Hash::hash(src, &mut h);
    let path = dir.join(format!("p{:016x}.c", std::hash::Hasher::finish(&h)));
    std::fs::write(&path, src).unwrap();
    let prog = kappa_frontend::load(&path, &FrontendOptions::default()).unwrap();
    let f = prog.module.function_by_name("main").unwrap();
    let func = prog.module.func(f).clone();
    (prog.module, func)
}

const HEAD: &str = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n";

#[test]
fn straight_line_code_has_no_loops() {
    let (_, f) = main_of(&format!(
        "{HEAD}int main(void) {{ int x = __VERIFIER_nondet_int(); if (x > 3) reach_error(); return 0; }}"
    ));
    let info = analyze(&f, CycleOptions::default());
    assert!(info.headers.is_empty());
    assert!(info.cycles.is_empty());
}

#[test]
fn reachable_cycles_are_found_without_dominators() {
    let (_, f) = main_of(&format!(
        "{HEAD}int main(void) {{ int x = __VERIFIER_nondet_int();\n\
         if (x > 3) return 1; if (x < -3) return 2; if (x == 0) reach_error(); return 0; }}"
    ));
    assert!(!crate::has_reachable_cycle(&f));
    let (_, g) = main_of(&format!(
        "{HEAD}int main(void) {{ int n = __VERIFIER_nondet_int(); int s = 0;\n\
         if (n > 5) return 0; while (s < n) s++; return s; }}"
    ));
    assert!(crate::has_reachable_cycle(&g));
    assert_eq!(loop_headers(&g).len(), 1);
}

#[test]
fn a_simple_loop_has_one_cycle_with_one_exit() {
    let (_, f) = main_of(&format!(
        "{HEAD}int main(void) {{ int n = __VERIFIER_nondet_int(); int s = 0;\n\\
         for (int i = 0; i < n; i++) s += 2;\n return s; }}"
    ));
    let info = analyze(&f, CycleOptions::default());
    assert_eq!(info.headers.len(), 1);
    assert_eq!(info.cycles.len(), 1);
    let c = &info.cycles[0];
    assert_eq!(c.entry, info.headers[0]);
    assert_eq!(c.exits.len(), 1, "the loop test's false side");
    assert_eq!(c.leaves_loop, vec![true]);
    // the core is a closed path from the entry back to it
    let mut at = c.entry;
    for e in &c.core {
        assert_eq!(f.edges[e.index()].from, at);
        at = f.edges[e.index()].to;
    }
    assert_eq!(at, c.entry);
    // the exit leaves from a location of the core and is not on it
    let x = &f.edges[c.exits[0].index()];
    assert!(!c.core.contains(&c.exits[0]));
    assert!(c.core.iter().any(|e| f.edges[e.index()].from == x.from));
}

#[test]
fn internal_branching_gives_one_cycle_per_path() {
    let (_, f) = main_of(&format!(
        "{HEAD}int main(void) {{ int n = __VERIFIER_nondet_int(); int s = 0;\n\\
         for (int i = 0; i < n; i++) {{ if (__VERIFIER_nondet_int()) s += 1; else s -= 1; }}\n\\
         return s; }}"
    ));
    let info = analyze(&f, CycleOptions::default());
    assert_eq!(info.headers.len(), 1);
    assert_eq!(info.cycles.len(), 2);
    for c in &info.cycles {
        // loop exit plus the other side of the internal branch (which stays in the loop)
        assert_eq!(c.exits.len(), 2);
        assert_eq!(c.leaves_loop.iter().filter(|l| **l).count(), 1);
    }
}

#[test]
fn nested_loops_have_two_headers_and_the_enumeration_is_bounded() {
    let src = format!(
        "{HEAD}int main(void) {{ int n = __VERIFIER_nondet_int(); int s = 0;\n\\
         for (int i = 0; i < n; i++) for (int j = 0; j < i; j++) {{ if (s & 1) s += 3; else s += 5; }}\n\\
         return s; }}"
    );
    let (_, f) = main_of(&src);
    let info = analyze(&f, CycleOptions::default());
    assert_eq!(info.headers.len(), 2);
    // outer header: around the outer loop through the inner header; inner
    // header: the two sides of the branch, and around the outer loop
    assert_eq!(info.cycles.len(), 4, "{:?}", info.cycles);
    for h in &info.headers {
        assert!(info.cycles.iter().any(|c| c.entry == *h));
    }
    assert_eq!(info.skipped, 0);
    let bounded = analyze(
        &f,
        CycleOptions {
            max_cycles: 1,
            ..Default::default()
        },
    );
    // the inner loop's exit leaves the inner loop (though the outer one comes back)
    let inner = info.headers.iter().max().copied().unwrap();
    for c in info.cycles.iter().filter(|c| c.entry == inner) {
        assert!(c.leaves_loop.iter().any(|l| *l), "{c:?}");
    }
    assert_eq!(bounded.cycles.len(), 1);
    assert_eq!(bounded.skipped, 3);
    assert!(bounded.skipped_exact);
}

fn func_of(src: &str, name: &str) -> (kappa_ir::FuncId, Function) {
    let (m, _) = main_of(src);
    let id = m.function_by_name(name).unwrap();
    (id, m.func(id).clone())
}

#[test]
fn a_tail_recursion_has_one_call_cycle_and_a_straight_return_path() {
    let (id, f) = func_of(
        &format!(
            "{HEAD}int find(int i, int n) {{ if (i >= n) return -1; return find(i + 1, n); }}\n\
             int main(void) {{ return find(0, __VERIFIER_nondet_int()); }}"
        ),
        "find",
    );
    let (cycles, skipped) = recursion_cycles(&f, id, CycleOptions::default());
    assert_eq!((cycles.len(), skipped), (1, 0));
    let c = &cycles[0];
    assert_eq!(c.exits.len(), 1, "the base case");
    assert!(c
        .core
        .iter()
        .all(|e| f.edges[e.index()].from != f.edges[c.call.index()].from));
    let path = c.ret_path.as_ref().expect("no branching after the call");
    assert!(matches!(
        f.edges[path.last().unwrap().index()].instr,
        kappa_ir::Instr::Return(_)
    ));
}

#[test]
fn two_call_sites_give_two_call_cycles_and_a_branching_return_is_reported() {
    let (id, f) = func_of(
        &format!(
            "{HEAD}int fib(int n) {{ if (n < 2) return n; return fib(n - 1) + fib(n - 2); }}\n\
             int g(int n) {{ if (n <= 0) return 0; int r = g(n - 1); if (r > 5) return r; return r + 1; }}\n\
             int main(void) {{ int n = __VERIFIER_nondet_int(); return fib(n) + g(n); }}"
        ),
        "fib",
    );
    let (cycles, _) = recursion_cycles(&f, id, CycleOptions::default());
    assert_eq!(cycles.len(), 2, "one per recursive call site");
    // the path to the second call passes through the first
    assert!(cycles.iter().any(|c| c
        .core
        .iter()
        .any(|e| matches!(f.edges[e.index()].instr, kappa_ir::Instr::Call { .. }))));
    let (m, _) = main_of(&format!(
        "{HEAD}int fib(int n) {{ if (n < 2) return n; return fib(n - 1) + fib(n - 2); }}\n\
         int g(int n) {{ if (n <= 0) return 0; int r = g(n - 1); if (r > 5) return r; return r + 1; }}\n\
         int main(void) {{ int n = __VERIFIER_nondet_int(); return fib(n) + g(n); }}"
    ));
    let gid = m.function_by_name("g").unwrap();
    let (cycles, _) = recursion_cycles(m.func(gid), gid, CycleOptions::default());
    assert_eq!(cycles.len(), 1);
    assert!(cycles[0].ret_path.is_err(), "the return path branches");
    // a function that does not call itself has none
    let mid = m.function_by_name("main").unwrap();
    assert!(recursion_cycles(m.func(mid), mid, CycleOptions::default())
        .0
        .is_empty());
}

#[test]
fn a_loop_counter_is_live_at_the_header_and_an_input_read_in_the_body_is_not() {
    let (_, f) = main_of(&format!(
        "{HEAD}int main(void) {{ int s = 0;\n\
         while (1) {{ int c = __VERIFIER_nondet_int(); if (c == 1) s++; if (s == 3) reach_error(); }} }}"
    ));
    let live = live::live_registers(&f);
    let h = loop_headers(&f)[0];
    let name = |v: usize| f.vars[v].name.clone();
    let at_h: Vec<String> = (0..f.vars.len())
        .filter(|v| live[h.index()][*v])
        .map(name)
        .collect();
    assert!(at_h.iter().any(|n| n.starts_with("%s")), "{at_h:?}");
    assert!(!at_h.iter().any(|n| n.starts_with("%call")), "{at_h:?}");
}

#[test]
fn cycle_entries_cut_irreducible_cycles_and_are_the_headers_otherwise() {
    // a loop entered at its head and, by a goto, in its middle: no location
    // dominates the cycle, so it has no loop header
    let (_, f) = main_of(&format!(
        "{HEAD}int main(void) {{ int x = 0; if (__VERIFIER_nondet_int()) goto mid; \
         while (x < 10) {{ x++; mid: x++; }} return x; }}"
    ));
    assert!(loop_headers(&f).is_empty());
    let cuts = cycle_entries(&f);
    assert_eq!(cuts.len(), 1, "{cuts:?}");
    let region = cycles_through_region(&f, cuts[0]);
    assert!(region.iter().filter(|b| **b).count() >= 2);
    assert!(!region[f.entry.index()]);
    // on reducible control flow, the retreating edges' targets are the
    // loop headers
    let (_, g) = main_of(&format!(
        "{HEAD}int main(void) {{ int s = 0; for (int i = 0; i < 5; i++) \
         for (int j = 0; j < i; j++) s += j; return s; }}"
    ));
    assert_eq!(cycle_entries(&g), loop_headers(&g));
    assert_eq!(loop_headers(&g).len(), 2);
}
