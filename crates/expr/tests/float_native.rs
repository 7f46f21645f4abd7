//! Differential test of the concrete floating-point semantics
//! (`kappa_expr::float::eval`) against natively compiled C with SSE2
//! (`clang-16 -m32 -msse2 -mfpmath=sse`, the replay build's flags): random
//! operations on boundary-heavy IEEE bits (NaN payloads, signalling NaNs,
//! subnormals, infinities, the integer edges) must give the same bits.
//! The C side never returns a float from a function (the i386 ABI would
//! pass it through the x87 stack): operands and results move as integers.
//! The standard tier runs 3000 cases; `KAPPA_TIER=full` runs 300000.
//! Not compared: out-of-range float-to-integer conversions (undefined), and
//! `fmod` of two NaNs, whose payload glibc's i386 `fmod` (x87 `fprem`)
//! chooses by another rule than SSE's (kappa keeps the first operand's).

use kappa_expr::float::{eval, FCmp, FTy, FpOp};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The C program: reads `OP A B` lines (OP an index into `OPS`, A and B
/// hexadecimal bits) and prints the result's bits in hexadecimal.
const PROGRAM: &str = r#"
#include <stdio.h>
#include <string.h>
#include <math.h>
typedef unsigned long long u64;
static float f32(u64 b) { unsigned x = (unsigned)b; float f; memcpy(&f, &x, 4); return f; }
static double f64(u64 b) { double d; memcpy(&d, &b, 8); return d; }
#define OUT32(v) do { float r_ = (v); unsigned x_; memcpy(&x_, &r_, 4); res = x_; } while (0)
#define OUT64(v) do { double r_ = (v); memcpy(&res, &r_, 8); } while (0)
int main(void) {
  unsigned op; u64 a, b;
  while (scanf("%u %llx %llx", &op, &a, &b) == 3) {
    u64 res = 0;
    float fa = f32(a), fb = f32(b);
    double da = f64(a), db = f64(b);
    switch (op) {
    case 0: OUT32(fa + fb); break;
    case 1: OUT32(fa - fb); break;
    case 2: OUT32(fa * fb); break;
    case 3: OUT32(fa / fb); break;
    case 4: OUT32(fmodf(fa, fb)); break;
    case 5: OUT64(da + db); break;
    case 6: OUT64(da - db); break;
    case 7: OUT64(da * db); break;
    case 8: OUT64(da / db); break;
    case 9: OUT64(fmod(da, db)); break;
    case 10: OUT64((double)fa); break;
    case 11: OUT32((float)da); break;
    case 12: OUT32((float)(int)a); break;
    case 13: OUT64((double)(int)a); break;
    case 14: OUT32((float)(unsigned)a); break;
    case 15: OUT64((double)(unsigned)a); break;
    case 16: OUT32((float)(long long)a); break;
    case 17: OUT64((double)(long long)a); break;
    case 18: OUT32((float)a); break;
    case 19: OUT64((double)a); break;
    case 20: res = (unsigned)(int)fa; break;
    case 21: res = (unsigned)(int)da; break;
    case 22: res = (u64)(long long)da; break;
    case 23: res = (unsigned)fa; break;
    case 24: res = (unsigned)da; break;
    case 25: res = (fa == fb) | (fa != fb) << 1 | (fa < fb) << 2 | (fa <= fb) << 3
                 | (fa > fb) << 4 | (fa >= fb) << 5 | (!(fa >= fb)) << 6 | (!(fa > fb)) << 7
                 | (!(fa <= fb)) << 8 | (!(fa < fb)) << 9; break;
    case 26: res = (da == db) | (da != db) << 1 | (da < db) << 2 | (da <= db) << 3
                 | (da > db) << 4 | (da >= db) << 5 | (!(da >= db)) << 6 | (!(da > db)) << 7
                 | (!(da <= db)) << 8 | (!(da < db)) << 9; break;
    }
    printf("%llx\n", res);
  }
  return 0;
}
"#;

/// The kappa operation of each `PROGRAM` case; comparisons are the ten C
/// comparisons of case 25/26 (bit k = predicate k of `CMP_BITS`).
fn op_of(i: u32) -> Option<FpOp> {
    use FTy::*;
    Some(match i {
        0 => FpOp::Add(F32),
        1 => FpOp::Sub(F32),
        2 => FpOp::Mul(F32),
        3 => FpOp::Div(F32),
        4 => FpOp::Rem(F32),
        5 => FpOp::Add(F64),
        6 => FpOp::Sub(F64),
        7 => FpOp::Mul(F64),
        8 => FpOp::Div(F64),
        9 => FpOp::Rem(F64),
        10 => FpOp::Ext,
        11 => FpOp::Trunc,
        12 => FpOp::SiToFp(32, F32),
        13 => FpOp::SiToFp(32, F64),
        14 => FpOp::UiToFp(32, F32),
        15 => FpOp::UiToFp(32, F64),
        16 => FpOp::SiToFp(64, F32),
        17 => FpOp::SiToFp(64, F64),
        18 => FpOp::UiToFp(64, F32),
        19 => FpOp::UiToFp(64, F64),
        20 => FpOp::FpToSi(F32, 32),
        21 => FpOp::FpToSi(F64, 32),
        22 => FpOp::FpToSi(F64, 64),
        23 => FpOp::FpToUi(F32, 32),
        24 => FpOp::FpToUi(F64, 32),
        _ => return None,
    })
}

/// The predicates of the comparison cases' bits, in order (C's `==`, `!=`,
/// `<`, `<=`, `>`, `>=`, `!(>=)`, `!(>)`, `!(<=)`, `!(<)`).
const CMP_BITS: [FCmp; 10] = [
    FCmp::Oeq,
    FCmp::Une,
    FCmp::Olt,
    FCmp::Ole,
    FCmp::Ogt,
    FCmp::Oge,
    FCmp::Ult,
    FCmp::Ule,
    FCmp::Ugt,
    FCmp::Uge,
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Boundary-heavy bits of format `t`: special classes, NaNs with random
/// payloads (quiet and signalling), subnormals, small integers, the edges
/// of the integer ranges, or random bits.
fn bits(r: &mut Rng, t: FTy) -> u64 {
    let x = r.next();
    let sign = (x >> 63) << (t.bits() - 1);
    let exp = t.exp_mask() as u64;
    let frac = !exp & !(sign | (1 << (t.bits() - 1))) & ((1u128 << t.bits()) - 1) as u64;
    let choice = r.next() % 10;
    let v = match choice {
        0 => exp | (r.next() & frac) | 1, // NaN (quiet or signalling)
        1 => exp,                         // infinity
        2 => r.next() & frac,             // subnormal or zero
        3 => t.from_f64((r.next() % 2001) as f64 / 8.0 - 125.0) as u64,
        4 => {
            let edges = [
                2147483647.0,
                2147483648.0,
                4294967295.0,
                4294967296.0,
                9.223_372_036_854_776e18,
                0.5,
                0.9999,
            ];
            t.from_f64(edges[(r.next() % edges.len() as u64) as usize]) as u64
        }
        _ => r.next() & ((1u128 << t.bits()) - 1) as u64,
    };
    v | if choice == 3 || choice == 4 { sign } else { 0 }
}

fn compile() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kappa-float-native-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("fp.c");
    std::fs::write(&src, PROGRAM).unwrap();
    let exe = dir.join("fp");
    let out = Command::new("clang-16")
        .args(["-m32", "-msse2", "-mfpmath=sse", "-O0", "-w", "-o"])
        .arg(&exe)
        .arg(&src)
        .arg("-lm")
        .output()
        .expect("clang-16 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

#[test]
fn the_evaluator_computes_what_sse2_computes() {
    let full = std::env::var("KAPPA_TIER").is_ok_and(|t| t == "full");
    let n = if full { 300_000 } else { 3_000 };
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let mut cases = vec![];
    for _ in 0..n {
        let op = (r.next() % 27) as u32;
        let t = match op {
            0..=4 | 10 | 20 | 23 | 25 => FTy::F32,
            5..=9 | 11 | 21 | 22 | 24 | 26 => FTy::F64,
            _ => FTy::F64, // integer operands: any 64 bits
        };
        let (a, b) = if (12..=19).contains(&op) {
            (r.next(), 0)
        } else {
            (bits(&mut r, t), bits(&mut r, t))
        };
        // out-of-range float-to-integer conversions are undefined: skipped
        if let Some(o @ (FpOp::FpToSi(ft, w) | FpOp::FpToUi(ft, w))) = op_of(op) {
            let signed = matches!(o, FpOp::FpToSi(..));
            if eval(FpOp::ToIntInRange(ft, w, signed), &[a as u128]) == 0 {
                continue;
            }
        }
        // fmod of two NaNs: glibc's i386 fmod (x87) picks the payload by
        // its own rule, not SSE's; a NaN either way (see the module docs)
        if let Some(FpOp::Rem(t)) = op_of(op) {
            if t.is_nan(a as u128) && t.is_nan(b as u128) {
                continue;
            }
        }
        cases.push((op, a, b));
    }
    let exe = compile();
    let mut child = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = String::new();
    for (op, a, b) in &cases {
        input.push_str(&format!("{op} {a:x} {b:x}\n"));
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let _ = std::fs::remove_dir_all(exe.parent().unwrap());
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), cases.len());
    let mut bad = vec![];
    for ((op, a, b), line) in cases.iter().zip(lines) {
        let native = u128::from_str_radix(line, 16).unwrap();
        let (a, b) = (*a as u128, *b as u128);
        let ours = match op_of(*op) {
            Some(o) => {
                let w = o.arg_width();
                let m = kappa_expr::mask(w);
                let args: Vec<u128> = [a & m, b & m][..o.arity()].to_vec();
                eval(o, &args) & kappa_expr::mask(o.result_width().unwrap().min(64))
            }
            None => {
                let t = if *op == 25 { FTy::F32 } else { FTy::F64 };
                let m = kappa_expr::mask(t.bits());
                CMP_BITS
                    .iter()
                    .enumerate()
                    .map(|(k, p)| eval(FpOp::Cmp(*p, t), &[a & m, b & m]) << k)
                    .sum()
            }
        };
        let native = match op_of(*op) {
            Some(FpOp::FpToSi(_, 32) | FpOp::FpToUi(_, 32)) => native & 0xffff_ffff,
            _ => native,
        };
        if ours != native {
            bad.push(format!(
                "op {op} a {a:#x} b {b:#x}: kappa {ours:#x}, SSE2 {native:#x}"
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} cases differ:\n{}",
        bad.len(),
        cases.len(),
        bad[..bad.len().min(20)].join("\n")
    );
}
