//! Theorems 2 and 3 of "Compact Symbolic Execution" (soundness and
//! completeness of the compact tree with respect to the classic one),
//! checked on generated programs whose classic tree is finite: a loop with
//! an input-chosen trip count bounded by an assumption (on every other seed
//! with a `__VERIFIER_assert` call in its body), over variables of
//! random widths updated by arithmetic and geometric progressions and by
//! assignments from other variables, then a check of the final values
//! against a target that is reachable for some trip counts and not for
//! others. Classic execution explores every path; compact execution covers
//! them with templates. Both must give the same verdict, every `false` must
//! replay natively (kappa checks that before answering), and the compact
//! run must have used a template. A disagreement would be a leaf of one
//! tree without its counterpart in the other.

//!
//! The second test checks the theorems leaf by leaf, by solver queries: on
//! the same generated loops, on generated recursive functions (whose
//! recursion templates fold the calls and the returns) and on generated
//! loops that store into an array at a progression index (whose templates
//! rewrite the array by the closed division form), both trees are
//! explored completely, and for every sampled input value the set of leaves
//! (end kind and location) whose path condition admits that input is the
//! same in both trees (for a compact leaf: for some value of its
//! parameters). Equal sets on every input say that every classic leaf is
//! an instance of a compact leaf with the same end (Theorem 3) and that
//! every satisfiable instance of a compact leaf is a classic leaf
//! (Theorem 2).

mod common;
use common::*;
use kappa_engine::{compact::CompactOptions, Config, Engine, LeafRecord, Validation};
use kappa_expr::build as b;
use kappa_expr::{substitute, Expr, Kind, Symbol, SymbolKind};
use kappa_solver::SatResult;
use std::collections::BTreeSet;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[(self.next() as usize) % xs.len()]
    }
}

/// A generated program and the target values it may reach.
fn program(seed: u64) -> String {
    let mut r = Lcg(seed);
    let ty = *r.pick(&[
        "unsigned char",
        "unsigned short",
        "unsigned int",
        "int",
        "signed char",
    ]);
    let bound = 1 + r.next() % 6;
    let x0 = r.next() % 50;
    let step = 1 + r.next() % 200;
    let y0 = 1 + r.next() % 5;
    let factor = *r.pick(&[2u64, 3, 5, 7]);
    let op = *r.pick(&["+", "-"]);
    // simulate to pick a reachable or an unreachable target
    let bits = match ty {
        "unsigned char" | "signed char" => 8,
        "unsigned short" => 16,
        _ => 32,
    };
    let m = (1u64 << bits) - 1;
    let (mut x, mut y) = (x0 & m, y0 & m);
    let mut seen = vec![(x, y)];
    for _ in 0..bound {
        x = if op == "+" {
            x.wrapping_add(step)
        } else {
            x.wrapping_sub(step)
        } & m;
        y = y.wrapping_mul(factor) & m;
        seen.push((x, y));
    }
    let (tx, ty_) = if r.next().is_multiple_of(2) {
        seen[(r.next() as usize) % seen.len()]
    } else {
        ((x0 + 1 + r.next() % 3) & m, 0)
    };
    // on every other seed the loop body states a property the SV-COMP way,
    // through a call of `__VERIFIER_assert` (inlined: its error branch is
    // an exit of the cycle), violated at some iteration or never
    let check = if r.next().is_multiple_of(2) {
        let bad = if r.next().is_multiple_of(2) {
            seen[(r.next() as usize) % (seen.len() - 1)].0
        } else {
            (x0 + 2 + r.next() % 3) & m
        };
        format!("__VERIFIER_assert(x != ({ty}){bad}); ")
    } else {
        String::new()
    };
    // compare as the C program does: through the variable's type
    format!(
        "extern void reach_error(void);\n\
         extern unsigned int __VERIFIER_nondet_uint(void);\n\
         extern void __VERIFIER_assume(int);\n\
         void __VERIFIER_assert(int cond) {{ if (!cond) {{ reach_error(); }} }}\n\
         int main(void) {{\n\
         \x20 unsigned int n = __VERIFIER_nondet_uint();\n\
         \x20 __VERIFIER_assume(n <= {bound}u);\n\
         \x20 {ty} x = ({ty}){x0}, y = ({ty}){y0}, last = 0;\n\
         \x20 for (unsigned int k = 0; k < n; k++) {{ {check}last = x; x = x {op} ({ty}){step}; y = y * ({ty}){factor}; }}\n\
         \x20 if (x == ({ty}){tx} && y == ({ty}){ty_}) reach_error();\n\
         \x20 if (last == ({ty}){tx} && n == 0u) reach_error();\n\
         \x20 return 0;\n\
         }}\n"
    )
}

fn verdict(path: &str, mode: &str) -> serde_json::Value {
    let out = kappa(&["verify", "--json", "--mode", mode, "--timeout", "60", path]);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|_| {
        panic!(
            "{path} ({mode}): no JSON: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[test]
fn compact_and_classic_trees_agree_on_generated_programs() {
    let dir = std::env::temp_dir().join(format!("kappa-compact-eq-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<std::path::PathBuf> = (1..=24u64)
        .map(|seed| {
            let p = dir.join(format!("gen{seed}.c"));
            std::fs::write(&p, program(seed)).unwrap();
            p
        })
        .collect();
    let fails = parallel(&files, |p| {
        let path = p.to_str().unwrap();
        let classic = verdict(path, "classic");
        let compact = verdict(path, "compact");
        let (a, b) = (&classic["verdict"], &compact["verdict"]);
        if a == "unknown" {
            return Some(format!(
                "{path}: classic did not finish ({})",
                classic["reason"]
            ));
        }
        if a != b {
            return Some(format!(
                "{path}: classic {a}, compact {b} ({})",
                compact["reason"]
            ));
        }
        if compact["stats"]["compact"]["template_uses"]
            .as_u64()
            .unwrap_or(0)
            == 0
        {
            return Some(format!("{path}: no template was used"));
        }
        None
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// A generated recursive function: the phase of calls moves `x` by an
/// arithmetic progression and counts `n` down; the phase of returns adds a
/// constant to the result (or passes it through).
fn recursive_program(seed: u64) -> (String, u64) {
    let mut r = Lcg(seed.wrapping_mul(7919));
    let ty = *r.pick(&["unsigned int", "int", "unsigned long long"]);
    let bound = 1 + r.next() % 5;
    let x0 = r.next() % 40;
    let step = 1 + r.next() % 100;
    let add = *r.pick(&[0u64, 1, 3, 1000]);
    let mut x = x0;
    let mut seen = vec![x0];
    for k in 1..=bound {
        x += step;
        seen.push(x + k * add);
    }
    let target = if r.next().is_multiple_of(2) {
        seen[(r.next() as usize) % seen.len()]
    } else {
        x0 + 1 + bound * (step + add) + r.next() % 3
    };
    let tail = if add == 0 {
        "return rec(x + step, n - 1u);".to_string()
    } else {
        format!("return rec(x + step, n - 1u) + ({ty}){add};")
    };
    (
        format!(
            "extern void reach_error(void);\n\
             extern unsigned int __VERIFIER_nondet_uint(void);\n\
             extern void __VERIFIER_assume(int);\n\
             static const {ty} step = ({ty}){step};\n\
             {ty} rec({ty} x, unsigned int n) {{\n\
             \x20 if (n == 0u) return x;\n\
             \x20 {tail}\n\
             }}\n\
             int main(void) {{\n\
             \x20 unsigned int n = __VERIFIER_nondet_uint();\n\
             \x20 __VERIFIER_assume(n <= {bound}u);\n\
             \x20 if (rec(({ty}){x0}, n) == ({ty}){target}) reach_error();\n\
             \x20 return 0;\n\
             }}\n"
        ),
        bound,
    )
}

/// A generated loop that stores at an index that is a progression of the
/// iteration (`k`, `2k+1`, `size-1-k`, or a constant: stride 0) a value
/// with a closed form in the iteration, into a zero-initialised global
/// array, then checks one element against a value it holds for some trip
/// counts (or none).
fn store_program(seed: u64) -> String {
    let mut r = Lcg(seed.wrapping_mul(15485863));
    let ty = *r.pick(&["unsigned char", "int", "unsigned short", "long long"]);
    let bound = 1 + r.next() % 6;
    let size = 2 * bound + 2;
    let (idx, pos): (String, Box<dyn Fn(u64) -> u64>) = match r.next() % 4 {
        0 => ("k".into(), Box::new(|k| k)),
        1 => ("2u * k + 1u".into(), Box::new(|k| 2 * k + 1)),
        2 => (
            format!("{}u - k", size - 1),
            Box::new(move |k| size - 1 - k),
        ),
        _ => ("3u".into(), Box::new(|_| 3)),
    };
    let (c, m) = (r.next() % 50, 1 + r.next() % 7);
    let val = |k: u64| (k * m + c) & 0xff;
    // simulate: the element checked and a value it holds for some n
    let probe = *r.pick(&[0u64, 1, 2, 3, size - 1]);
    let mut seen = vec![];
    let mut a = vec![0u64; size as usize];
    seen.push(a[probe as usize]);
    for k in 0..bound {
        a[pos(k) as usize] = val(k);
        seen.push(a[probe as usize]);
    }
    let target = if r.next().is_multiple_of(2) {
        seen[(r.next() as usize) % seen.len()]
    } else {
        200 + r.next() % 50
    };
    format!(
        "extern void reach_error(void);\n\
         extern unsigned int __VERIFIER_nondet_uint(void);\n\
         extern void __VERIFIER_assume(int);\n\
         {ty} a[{size}];\n\
         int main(void) {{\n\
         \x20 unsigned int n = __VERIFIER_nondet_uint();\n\
         \x20 __VERIFIER_assume(n <= {bound}u);\n\
         \x20 for (unsigned int k = 0; k < n; k++) a[{idx}] = ({ty})((k * {m}u + {c}u) & 255u);\n\
         \x20 if (a[{probe}] == ({ty}){target}) reach_error();\n\
         \x20 return 0;\n\
         }}\n"
    )
}

/// Every leaf of the program's tree in one mode (exploration continues past
/// error leaves), and the number of template uses.
fn leaves(prog: &kappa_frontend::Program, compact: bool) -> Result<(Vec<LeafRecord>, u64), String> {
    let mut cfg = Config {
        record_leaves: true,
        timeout: Some(std::time::Duration::from_secs(60)),
        ..Config::default()
    };
    if compact {
        cfg.techniques.set(CompactOptions::default());
    }
    let solver = kappa_solver::build_solver(&Default::default());
    let mut engine = Engine::new(&prog.module, cfg, solver).map_err(|e| e.to_string())?;
    let res = engine.run(
        &mut |_| Validation::Rejected("every leaf is explored".into()),
        &mut |_| {},
    );
    if let Some(l) = res.leaves.iter().find(|l| l.end.starts_with("failed")) {
        return Err(format!("a failed leaf: {}", l.end));
    }
    if res.stats.paths as usize != res.leaves.len() {
        return Err("a path ended without a leaf record".into());
    }
    if res
        .reason
        .as_ref()
        .is_some_and(|r| r.to_string().contains("timeout"))
    {
        return Err("timeout".into());
    }
    let uses = res
        .stats
        .techniques
        .get::<kappa_engine::CompactStats>()
        .map_or(0, |c| c.template_uses);
    Ok((res.leaves, uses))
}

/// Largest template parameter tried: every generated program iterates (or
/// recurses) at most 6 times, since its trip count is the input bounded
/// by an assumption, so κ ≤ 8 covers every instance of a compact leaf.
const MAX_KAPPA: u128 = 8;

/// `e` with every quantifier `∀τ. body` expanded to the conjunction of its
/// instances τ = 0..=MAX_KAPPA (exact once the parameters are fixed to at
/// most MAX_KAPPA: the body is vacuous for τ ≥ κ).
fn expand(e: Expr) -> Expr {
    match e.kind() {
        Kind::Forall(vs, body) if vs.len() == 1 => b::and_all(
            (0..=MAX_KAPPA)
                .map(|t| expand(substitute(body, &|s| (s == vs[0]).then(|| b::bv(64, t))))),
        ),
        k @ (Kind::And(..) | Kind::Or(..) | Kind::Not(..)) => {
            let ch: Vec<Expr> = k.children().into_iter().map(expand).collect();
            b::rebuild(&k, &ch)
        }
        _ => e,
    }
}

/// The leaves (end and location) whose path condition admits input 0 =
/// `v` (for some values of the other symbols; a compact leaf's parameters
/// are tried one value at a time up to MAX_KAPPA, so every query is
/// quantifier-free and decided).
fn admitting(leaves: &[LeafRecord], v: u64) -> Result<BTreeSet<(String, String)>, String> {
    let mut solver = kappa_solver::build_solver(&Default::default());
    let mut out = BTreeSet::new();
    for l in leaves {
        let Some(Some(n)) = l.inputs.first() else {
            return Err(format!("a leaf at {} without the input", l.at));
        };
        let (syms, _) = kappa_expr::print::free_symbols(&[l.pc]);
        let params: Vec<Symbol> = syms
            .into_iter()
            .filter(|s| s.info().kind == SymbolKind::Param)
            .collect();
        if params.len() > 2 {
            return Err(format!(
                "a leaf at {} with {} parameters",
                l.at,
                params.len()
            ));
        }
        let mut choices: Vec<Vec<u128>> = vec![vec![]];
        for _ in &params {
            choices = choices
                .into_iter()
                .flat_map(|c| (0..=MAX_KAPPA).map(move |k| [c.clone(), vec![k]].concat()))
                .collect();
        }
        for values in choices {
            let fixed = substitute(l.pc, &|s| {
                params
                    .iter()
                    .position(|p| *p == s)
                    .map(|i| b::bv(64, values[i]))
            });
            let q = b::and(expand(fixed), b::eq(*n, b::bv(n.width(), v as u128)));
            match solver.check(&[], q) {
                SatResult::Sat(_) => {
                    out.insert((l.end.clone(), l.at.clone()));
                    break;
                }
                SatResult::Unsat => {}
                SatResult::Unknown(r) => return Err(format!("undecided leaf at {}: {r}", l.at)),
            }
        }
    }
    Ok(out)
}

#[test]
fn compact_and_classic_leaves_match_input_by_input() {
    let dir = std::env::temp_dir().join(format!("kappa-compact-leaves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = vec![];
    for seed in 1..=10u64 {
        let p = dir.join(format!("loop{seed}.c"));
        std::fs::write(&p, program(seed)).unwrap();
        files.push((p, 8u64));
        let (src, bound) = recursive_program(seed);
        let p = dir.join(format!("rec{seed}.c"));
        std::fs::write(&p, src).unwrap();
        files.push((p, bound));
        let p = dir.join(format!("store{seed}.c"));
        std::fs::write(&p, store_program(seed)).unwrap();
        files.push((p, 8u64));
    }
    let fails = parallel(&files, |(p, bound)| {
        let name = p.display();
        let opts = kappa_frontend::FrontendOptions::default();
        let prog = match kappa_frontend::load(p, &opts) {
            Ok(x) => x,
            Err(e) => return Some(format!("{name}: {e}")),
        };
        let (classic, _) = match leaves(&prog, false) {
            Ok(x) => x,
            Err(e) => return Some(format!("{name}: classic: {e}")),
        };
        let (compact, uses) = match leaves(&prog, true) {
            Ok(x) => x,
            Err(e) => return Some(format!("{name}: compact: {e}")),
        };
        if uses == 0 {
            return Some(format!("{name}: no template was used"));
        }
        if compact.len() > classic.len() {
            return Some(format!(
                "{name}: compact tree has {} leaves, classic {}",
                compact.len(),
                classic.len()
            ));
        }
        let samples = (0..=bound + 1).chain([1u64 << 31, u32::MAX as u64]);
        for v in samples {
            let (a, c) = match (admitting(&classic, v), admitting(&compact, v)) {
                (Ok(a), Ok(c)) => (a, c),
                (Err(e), _) | (_, Err(e)) => return Some(format!("{name}: n = {v}: {e}")),
            };
            if a != c {
                return Some(format!(
                    "{name}: n = {v}: classic leaves {a:?}, compact leaves {c:?}"
                ));
            }
        }
        None
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// A long loop over concrete values (arithmetic and geometric progressions
/// of random widths, an internal branch that switches cycles half way),
/// then a check of every final value against an input: reachable exactly
/// when the inputs equal the final values. Compact mode jumps over the
/// iterations with templates (`compact::accel`); the replayed `false` is
/// the check that it lands in the native program's state.
fn concrete_loop_program(seed: u64) -> String {
    let mut r = Lcg(seed.wrapping_mul(104729));
    let tys = [
        "unsigned char",
        "signed char",
        "unsigned short",
        "short",
        "unsigned int",
        "int",
        "unsigned long long",
    ];
    let (ta, tb, tc) = (*r.pick(&tys), *r.pick(&tys), *r.pick(&tys));
    let n = 3000 + r.next() % 400000;
    let switch = r.next() % n;
    let (a0, sa) = (r.next() % 100, 1 + r.next() % 300);
    let (b0, fb) = (1 + r.next() % 9, *r.pick(&[3u64, 5, 7, 2]));
    let (c0, sc) = (r.next() % 50, 1 + r.next() % 11);
    format!(
        "extern void reach_error(void);\n\
         extern unsigned int __VERIFIER_nondet_uint(void);\n\
         int main(void) {{\n\
         \x20 {ta} a = ({ta}){a0}; {tb} b = ({tb}){b0}; {tc} c = ({tc}){c0};\n\
         \x20 for (unsigned int i = 0; i < {n}u; i++) {{\n\
         \x20   a = a + ({ta}){sa}; b = b * ({tb}){fb};\n\
         \x20   if (i >= {switch}u) c = c - ({tc}){sc};\n\
         \x20 }}\n\
         \x20 unsigned int x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint(), z = __VERIFIER_nondet_uint();\n\
         \x20 if (x == (unsigned int)a && y == (unsigned int)b && z == (unsigned int)c) reach_error();\n\
         \x20 return 0;\n\
         }}\n"
    )
}

#[test]
fn accelerated_concrete_loops_land_in_the_native_state() {
    let dir = std::env::temp_dir().join(format!("kappa-compact-accel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<std::path::PathBuf> = (1..=10u64)
        .map(|seed| {
            let p = dir.join(format!("accel{seed}.c"));
            std::fs::write(&p, concrete_loop_program(seed)).unwrap();
            p
        })
        .collect();
    let fails = parallel(&files, |p| {
        let v = verify_json(p, 60, &["--mode", "compact"]);
        if v["verdict"] != "false" {
            return Some(format!(
                "{}: {} ({})",
                p.display(),
                v["verdict"],
                v["reason"]
            ));
        }
        if v["stats"]["compact"]["accelerations"].as_u64().unwrap_or(0) == 0 {
            return Some(format!("{}: no loop was accelerated", p.display()));
        }
        None
    });
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}
