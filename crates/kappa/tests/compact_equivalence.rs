//! Theorems 2 and 3 of "Compact Symbolic Execution" (soundness and
//! completeness of the compact tree with respect to the classic one),
//! checked on generated programs whose classic tree is finite: a loop with
//! an input-chosen trip count bounded by an assumption, over variables of
//! random widths updated by arithmetic and geometric progressions and by
//! assignments from other variables, then a check of the final values
//! against a target that is reachable for some trip counts and not for
//! others. Classic execution explores every path; compact execution covers
//! them with templates. Both must give the same verdict, every `false` must
//! replay natively (kappa checks that before answering), and the compact
//! run must have used a template. A disagreement would be a leaf of one
//! tree without its counterpart in the other.

mod common;
use common::*;

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
    // compare as the C program does: through the variable's type
    format!(
        "extern void reach_error(void);\n\
         extern unsigned int __VERIFIER_nondet_uint(void);\n\
         extern void __VERIFIER_assume(int);\n\
         int main(void) {{\n\
         \x20 unsigned int n = __VERIFIER_nondet_uint();\n\
         \x20 __VERIFIER_assume(n <= {bound}u);\n\
         \x20 {ty} x = ({ty}){x0}, y = ({ty}){y0}, last = 0;\n\
         \x20 for (unsigned int k = 0; k < n; k++) {{ last = x; x = x {op} ({ty}){step}; y = y * ({ty}){factor}; }}\n\
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
