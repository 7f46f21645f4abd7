//! Ground truth for a generated program: the program compiled natively
//! (clang-16, -m32, -O0, -fwrapv, as kappa's replay compiles, plus
//! wrap-around signed arithmetic) with a harness that runs `main` on EVERY
//! input vector of the program's domain in one process: the nondet
//! functions read a vector, reach_error (`__assert_fail`) and a failed
//! `__VERIFIER_assume` long-jump back, and the program's static data is
//! restored from a snapshot before each run.

use super::gen::Program;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// What running the program on its whole input domain showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Truth {
    /// Some input reaches reach_error: the first one found (in enumeration order)
    /// and how many do.
    Reachable { input: Vec<i64>, count: u64 },
    /// No input of the domain reaches reach_error.
    Unreachable,
    /// No ground truth: the program did not compile, crashed or ran too long.
    Discarded(String),
}

const HARNESS: &str = r#"#undef main
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
extern char __data_start[], _end[];
int kg_main(void);
struct kg { jmp_buf jb; long long cur[4]; int pos; long reach, ok, assumed, aborted, extra; long long first[4]; int have; };
static struct kg *K;
/* exit handlers of the current run (atexit is interposed: they run after
   each run's main returns, not at the harness's exit) */
static void (*kg_handlers[32])(void);
static int kg_nh;
int atexit(void (*f)(void)) { if (kg_nh < 32) kg_handlers[kg_nh++] = f; return 0; }
#ifdef KG_DTOR
void KG_DTOR(void);
#endif
static long long kg_next(void) { if (K->pos >= KG_N) { K->extra++; return 0; } return K->cur[K->pos++]; }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)kg_next(); }
char __VERIFIER_nondet_char(void) { return (char)kg_next(); }
_Bool __VERIFIER_nondet_bool(void) { return kg_next() != 0; }
int __VERIFIER_nondet_int(void) { return (int)kg_next(); }
unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)kg_next(); }
void __VERIFIER_assume(int c) { if (!c) longjmp(K->jb, 2); }
void __assert_fail(const char *a, const char *f, unsigned int l, const char *fn) { longjmp(K->jb, 1); }
void abort(void) { longjmp(K->jb, 3); }
int main(void) {
  static const long long lo[] = KG_LO, hi[] = KG_HI;
  K = calloc(1, sizeof *K);
  size_t size = (size_t)(_end - __data_start);
  char *snap = malloc(size);
  memcpy(snap, __data_start, size);
  for (int i = 0; i < KG_N; i++) K->cur[i] = lo[i];
  for (;;) {
    memcpy(__data_start, snap, size);
    K->pos = 0;
    int r = setjmp(K->jb);
    if (r == 0) {
      kg_main();
      while (kg_nh > 0) kg_handlers[--kg_nh]();
#ifdef KG_DTOR
      KG_DTOR();
#endif
      K->ok++;
    }
    else if (r == 1) {
      if (!K->have) { memcpy(K->first, K->cur, sizeof K->cur); K->have = 1; }
      K->reach++;
    } else if (r == 2) K->assumed++;
    else K->aborted++;
    int i = 0;
    while (i < KG_N && K->cur[i] == hi[i]) { K->cur[i] = lo[i]; i++; }
    if (i == KG_N) break;
    K->cur[i]++;
  }
  printf("reach %ld ok %ld assumed %ld aborted %ld extra %ld first", K->reach, K->ok, K->assumed, K->aborted, K->extra);
  for (int i = 0; i < KG_N; i++) printf(" %lld", K->first[i]);
  printf("\n");
  fflush(stdout);
  /* no destructor of the program at the harness's exit */
  _exit(0);
}
"#;

/// Runs `cmd` with stdout/stderr captured, killing it after `limit`
/// (`None` when it could not start or was killed).
pub fn run_limited(cmd: &mut Command, limit: Duration) -> Option<Output> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let mut out = child.stdout.take()?;
    let mut err = child.stderr.take()?;
    let reader = std::thread::spawn(move || {
        let mut v = vec![];
        let _ = out.read_to_end(&mut v);
        v
    });
    let ereader = std::thread::spawn(move || {
        let mut v = vec![];
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Ok(Some(s)) = child.try_wait() {
            break Some(s);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = reader.join().unwrap_or_default();
    let stderr = ereader.join().unwrap_or_default();
    Some(Output {
        status: status?,
        stdout,
        stderr,
    })
}

/// The C compiler for the ground truth: clang-16 on PATH or LLVM 16's.
fn compiler() -> String {
    let llvm = "/usr/lib/llvm-16/bin/clang";
    if Path::new(llvm).exists() {
        llvm.into()
    } else {
        "clang-16".into()
    }
}

/// Compiles `prog` (already written to `c_file`) with the harness in
/// `dir` and runs it on every input vector (at most `limit` for the run).
pub fn ground_truth(prog: &Program, c_file: &Path, dir: &Path, limit: Duration) -> Truth {
    let n = prog.inputs.len();
    let list = |f: fn(&Vec<i64>) -> i64| {
        let v: Vec<String> = prog
            .inputs
            .iter()
            .map(|k| format!("{}LL", f(&k.values())))
            .collect();
        format!("{{{}}}", v.join(", "))
    };
    let lo = list(|v| v[0]);
    let hi = list(|v| *v.last().unwrap());
    let harness = dir.join("harness.c");
    let bin = dir.join("truth.bin");
    if std::fs::write(&harness, HARNESS).is_err() {
        return Truth::Discarded("cannot write the harness".into());
    }
    let out = run_limited(
        Command::new(compiler())
            .args(["-m32", "-O0", "-fwrapv", "-w", "-Dmain=kg_main"])
            .arg(format!("-DKG_N={n}"))
            .arg(format!("-DKG_LO={lo}"))
            .arg(format!("-DKG_HI={hi}"))
            .args(prog.dtor.iter().map(|d| format!("-DKG_DTOR={d}")))
            .arg(c_file)
            .arg(&harness)
            .arg("-o")
            .arg(&bin),
        Duration::from_secs(60),
    );
    match out {
        Some(o) if o.status.success() => {}
        Some(o) => {
            return Truth::Discarded(format!(
                "does not compile: {}",
                String::from_utf8_lossy(&o.stderr)
            ))
        }
        None => return Truth::Discarded("compiler did not finish".into()),
    }
    let Some(o) = run_limited(&mut Command::new(&bin), limit) else {
        return Truth::Discarded("the ground truth ran out of time".into());
    };
    if !o.status.success() {
        return Truth::Discarded(format!("the native run failed: {}", o.status));
    }
    let text = String::from_utf8_lossy(&o.stdout);
    let w: Vec<&str> = text.split_whitespace().collect();
    let num = |k: &str| {
        w.iter()
            .position(|x| *x == k)
            .and_then(|i| w.get(i + 1))
            .and_then(|x| x.parse::<i64>().ok())
    };
    let (Some(reach), Some(extra)) = (num("reach"), num("extra")) else {
        return Truth::Discarded(format!("unreadable harness output: {text}"));
    };
    if extra > 0 {
        return Truth::Discarded("the program read more inputs than declared".into());
    }
    if reach == 0 {
        return Truth::Unreachable;
    }
    let first = w.iter().position(|x| *x == "first").unwrap_or(w.len());
    let input = w[first + 1..]
        .iter()
        .filter_map(|x| x.parse().ok())
        .collect();
    Truth::Reachable {
        input,
        count: reach as u64,
    }
}
