//! Soundness of φ̂, checked: programs run natively on random and
//! solver-chosen inputs, and every input vector that reaches `reach_error`
//! must satisfy φ̂ with its top-level inputs fixed to the run's values (the
//! solver picks counters and everything else). Includes programs whose loop
//! variables wrap around.
//!
//! Every test program reads its top-level inputs unconditionally in
//! straight-line code before anything else, so the k-th value the native
//! run consumes is the k-th top-level input in source order; inputs read in
//! loops come after them and are per-iteration values of φ̂ (unconstrained
//! here).

use kappa_condition::race::{check_one, Answer};
use kappa_condition::{compute, Options};
use kappa_expr::build as b;
use kappa_expr::Expr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const HEAD: &str = "extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
";

const HARNESS: &str = r#"#include <stdio.h>
#include <stdlib.h>
static long long next_input(void) { long long v; if (scanf("%lld", &v) != 1) return 0; return v; }
int __VERIFIER_nondet_int(void) { return (int)next_input(); }
unsigned __VERIFIER_nondet_uint(void) { return (unsigned)next_input(); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)next_input(); }
char __VERIFIER_nondet_char(void) { return (char)next_input(); }
void __VERIFIER_assume(int c) { if (!c) exit(0); }
void reach_error(void) { exit(77); }
"#;

struct Prog {
    name: &'static str,
    body: &'static str,
}

const PROGRAMS: &[Prog] = &[
    // the paper's running example, with its array read per iteration
    Prog {
        name: "running",
        body: "int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n <= 30);
            int k = 0; for (int i = 3; i < n; ++i) { if (__VERIFIER_nondet_int() == 1) ++k; }
            if (k > 4) reach_error(); return 0; }",
    },
    // constant increments wrapping modulo 2^8
    Prog {
        name: "wrap8",
        body: "int main(void) { unsigned char x = __VERIFIER_nondet_uchar(); unsigned char c = 0;
            while (x != 0) { x += 3; c++; } if (c == 100) reach_error(); return 0; }",
    },
    // signed wrap-around of a counter-expressed value
    Prog {
        name: "wrap_signed",
        body: "int main(void) { char s = __VERIFIER_nondet_char(); char t = s;
            for (int k = 0; k < 3; k++) t = t + 50; if (t < s) reach_error(); return 0; }",
    },
    // oneloop's shape with a reachable target and a 32-bit product
    Prog {
        name: "oneloop_reach",
        body: "int main(void) { unsigned n = __VERIFIER_nondet_uint(); __VERIFIER_assume(n < 100);
            unsigned i = 0; for (unsigned k = 0; k < n; k++) i += 4; if (i == 16) reach_error(); return 0; }",
    },
    // nested loops: the inner counter is ⋆ in the outer summary
    Prog {
        name: "nested",
        body: "int main(void) { int n = __VERIFIER_nondet_int(); int m = __VERIFIER_nondet_int();
            __VERIFIER_assume(n >= 0 && n <= 6 && m >= 0 && m <= 6); int c = 0;
            for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) c++;
            if (c == 12) reach_error(); return 0; }",
    },
    // rule 4 (last value of a counter) and rule 3 (a flag)
    Prog {
        name: "last_and_flag",
        body: "int main(void) { int n = __VERIFIER_nondet_int(); int a = __VERIFIER_nondet_int();
            __VERIFIER_assume(n <= 40); int y = 0; int f = 0;
            for (int k = 0; k < n; k++) { y = k; if (a > 3) f = 1; }
            if (y == 9 && f == 1) reach_error(); return 0; }",
    },
    // a call inlined on the backbone and a loop with two increments
    Prog {
        name: "call_two_steps",
        body: "static int step(int v, int d) { return v + d; }
            int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 0 && n < 50);
            int x = 0; for (int k = 0; k < n; k++) { if (k % 3 == 0) x = step(x, 2); else x = x + 5; }
            if (x == 26) reach_error(); return 0; }",
    },
    // arrays written at a progression (the iterated memory of
    // `kappa_condition::arrays`): a fill then a read at an input index
    Prog {
        name: "array_fill",
        body: "int a[40]; int main(void) { int n = __VERIFIER_nondet_int(); int k = __VERIFIER_nondet_int();
            __VERIFIER_assume(n >= 0 && n <= 40);
            for (int i = 0; i < n; i++) a[i] = 3 * i;
            if (k >= 0 && k < n && a[k] == 51) reach_error(); return 0; }",
    },
    // a negative stride over bytes whose values wrap around 2^8
    Prog {
        name: "array_down_wrap",
        body: "unsigned char b[40]; int main(void) { int n = __VERIFIER_nondet_int(); int k = __VERIFIER_nondet_int();
            __VERIFIER_assume(n >= 1 && n <= 40);
            for (int i = n; i > 0; i--) b[i - 1] = (unsigned char)(i * 100);
            if (k >= 0 && k < n && b[k] == 44) reach_error(); return 0; }",
    },
    // every other short, read back at even and odd positions
    Prog {
        name: "array_stride2",
        body: "short s[80]; int main(void) { int n = __VERIFIER_nondet_int(); int k = __VERIFIER_nondet_int();
            __VERIFIER_assume(n >= 0 && n <= 40);
            for (int i = 0; i < n; i++) s[2 * i] = (short)(i + 1);
            if (k >= 0 && k < 2 * n && s[k] == 9) reach_error(); return 0; }",
    },
    // initialized globals: bytes past the written prefix keep their zero,
    // the other global its initializer (the initial memory and layout)
    Prog {
        name: "array_initial",
        body: "int tab[4] = {3, 1, 4, 1}; unsigned char buf[40];
            int main(void) { int n = __VERIFIER_nondet_int(); int k = __VERIFIER_nondet_int();
            __VERIFIER_assume(n >= 0 && n <= 30);
            for (int i = 0; i < n; i++) buf[i] = (unsigned char)(i + 1);
            if (k >= 0 && k < 40 && buf[k] == 0 && tab[2] == 4 && k == n + 3) reach_error(); return 0; }",
    },
    // the same cell written in every iteration (the last write stays)
    Prog {
        name: "array_same_cell",
        body: "int c[2]; int main(void) { int n = __VERIFIER_nondet_int(); int k = __VERIFIER_nondet_int();
            __VERIFIER_assume(n >= 0 && n <= 40);
            for (int i = 0; i < n; i++) c[1] = i + k;
            if (n > 0 && c[1] == 30) reach_error(); return 0; }",
    },
];

fn work_dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("kappa-cond-sound-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn build_native(dir: &Path, name: &str, src: &Path) -> PathBuf {
    let h = dir.join(format!("{name}-harness.c"));
    std::fs::write(&h, HARNESS).unwrap();
    let bin = dir.join(format!("{name}.bin"));
    let st = Command::new("clang-16")
        .args(["-m32", "-O0", "-w", "-o"])
        .arg(&bin)
        .arg(src)
        .arg(&h)
        .status()
        .expect("clang-16 runs");
    assert!(st.success(), "native build of {name}");
    bin
}

fn reaches(bin: &Path, inputs: &[i64]) -> bool {
    let mut child = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let text: Vec<String> = inputs.iter().map(|v| v.to_string()).collect();
    use std::io::Write;
    let _ = child
        .stdin
        .take()
        .unwrap()
        .write_all(text.join(" ").as_bytes());
    let st = child.wait().unwrap();
    st.code() == Some(77)
}

/// A deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn value(&mut self) -> i64 {
        const EDGES: [i64; 8] = [0, 1, -1, 127, -128, 255, 2147483647, -2147483648];
        match self.next() % 4 {
            0 => EDGES[(self.next() % 8) as usize],
            1 => (self.next() % 256) as i64 - 128,
            _ => (self.next() % 40) as i64 - 5,
        }
    }
}

/// Checks that φ̂ with the inputs fixed is not unsatisfiable; returns
/// whether it was decided (sat) rather than only not refuted.
fn consistent(name: &str, phi: Expr, phik: Expr, fixed: Expr, inputs: &[i64]) -> bool {
    let t = Duration::from_secs(4);
    let r = check_one(b::and(phi, fixed), t);
    assert_ne!(
        r.answer,
        Answer::Unsat,
        "{name}: inputs {inputs:?} reach reach_error natively but φ̂ excludes them"
    );
    if r.answer == Answer::Sat {
        return true;
    }
    let rk = check_one(b::and(phik, fixed), t);
    assert_ne!(
        rk.answer,
        Answer::Unsat,
        "{name}: inputs {inputs:?} reach reach_error natively but φ̂^25 excludes them"
    );
    false
}

#[test]
fn every_input_reaching_the_target_satisfies_phi() {
    let dir = work_dir();
    // the programs on as many threads as the machine has cores (each
    // program's runs are sequential: a native process at a time)
    let next = std::sync::atomic::AtomicUsize::new(0);
    let reached_total = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers.min(PROGRAMS.len()) {
            scope.spawn(|| loop {
                let pi = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(p) = PROGRAMS.get(pi) else { break };
                let reached = check_program(&dir, pi, p);
                reached_total.fetch_add(reached, std::sync::atomic::Ordering::SeqCst);
            });
        }
    });
    assert!(
        reached_total.into_inner() > 0,
        "some runs must reach the target"
    );
}

/// Runs program `pi`'s input vectors natively and checks every one that
/// reaches the target against φ̂; returns how many reached it.
fn check_program(dir: &Path, pi: usize, p: &Prog) -> usize {
    let src = dir.join(format!("{}.c", p.name));
    std::fs::write(&src, format!("{HEAD}{}\n", p.body)).unwrap();
    let module = kappa_frontend::load(&src, &Default::default())
        .unwrap()
        .module;
    let c = compute(&module, &Options::default()).unwrap();
    let phik = c.instantiate(25);
    let mut sites = c.inputs.clone();
    sites.sort_by_key(|s| s.src.map(|x| (x.line, x.col)));
    let bin = build_native(dir, p.name, &src);
    let fix = |vals: &[i64]| -> Expr {
        b::and_all(sites.iter().zip(vals).map(|(s, v)| {
            let w = s.ty.bits();
            b::eq(b::sym(s.sym), b::bv(w, (*v as u128) & kappa_expr::mask(w)))
        }))
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (pi as u64 + 1));
    // (the benchmark tier, KAPPA_TIER=full, runs three times as many
    // random vectors and twice the solver-chosen ones)
    let full = std::env::var("KAPPA_TIER").is_ok_and(|t| t == "full");
    let (random, chosen) = if full { (60, 4) } else { (20, 2) };
    let mut vectors: Vec<Vec<i64>> = (0..random)
        .map(|_| (0..sites.len() + 48).map(|_| rng.value()).collect())
        .collect();
    // solver-chosen: models of φ̂^25, each excluded for the next one
    let mut block = b::tru();
    for _ in 0..chosen {
        let r = check_one(b::and(phik, block), Duration::from_secs(10));
        let Some(m) = r.model else { break };
        let vals: Vec<i64> = sites
            .iter()
            .map(|s| {
                let v = m.scalars.get(&s.sym).copied().unwrap_or(0);
                kappa_expr::to_signed(v, s.ty.bits()) as i64
            })
            .collect();
        block = b::and(block, b::not(fix(&vals)));
        let mut v = vals;
        v.extend((0..48).map(|_| rng.value()));
        vectors.push(v);
    }
    // a grid of small and boundary values for the top-level inputs, the
    // per-iteration inputs mostly 1
    // (up to 20 in the standard tier, up to 40 in the benchmark tier)
    let grid: Vec<i64> = (-3..=if full { 40 } else { 20 })
        .chain(if full { vec![] } else { vec![40] })
        .chain([100, 127, 128, 200, 212, 255, 256, -128])
        .collect();
    let mut tops: Vec<Vec<i64>> = vec![vec![]];
    for _ in 0..sites.len().min(2) {
        tops = tops
            .into_iter()
            .flat_map(|t| grid.iter().map(move |g| [t.clone(), vec![*g]].concat()))
            .collect();
    }
    for t in tops {
        let mut v = t;
        while v.len() < sites.len() {
            v.push(rng.value());
        }
        v.extend((0..48).map(|_| if rng.next().is_multiple_of(5) { 0 } else { 1 }));
        vectors.push(v);
    }
    let mut reached = 0;
    let mut decided = 0;
    let mut checked: Vec<Vec<i64>> = vec![];
    for v in &vectors {
        if !reaches(&bin, v) {
            continue;
        }
        reached += 1;
        let top = v[..sites.len()].to_vec();
        // the solver checks distinct top-level inputs, at most 8 per program
        if checked.contains(&top) || checked.len() >= 8 {
            continue;
        }
        checked.push(top);
        decided += consistent(p.name, c.phi, phik, fix(&v[..sites.len()]), v) as usize;
    }
    eprintln!(
        "{}: {} of {} vectors reach the target; {} checked ({} decided sat)",
        p.name,
        reached,
        vectors.len(),
        checked.len(),
        decided
    );
    assert!(reached > 0, "{}: no vector reaches the target", p.name);
    reached
}
