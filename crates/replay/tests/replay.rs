//! Integration tests of native replay: small C programs (and their LLVM IR)
//! compiled with the harness and run; needs clang (or gcc) with -m32 support.

use kappa_ir::DataModel;
use kappa_replay::{
    find_c_compiler, replay, replay_with_compiler, Limits, Outcome, ReplayError, ReplayReport,
    TestInput, TestVector,
};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const SV_PRELUDE: &str = r#"
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "prog.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
"#;

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn ints(values: &[&str]) -> TestVector {
    TestVector {
        inputs: values
            .iter()
            .map(|v| TestInput::new("__VERIFIER_nondet_int", *v))
            .collect(),
    }
}

fn run(src: &Path, dm: DataModel, test: &TestVector) -> ReplayReport {
    replay(&[src.to_path_buf()], dm, test, &Limits::default())
        .unwrap_or_else(|e| panic!("replay failed: {e}"))
}

fn reach_42(dir: &Path) -> PathBuf {
    write(
        dir,
        "reach42.c",
        &format!(
            "{SV_PRELUDE}\nint main(void) {{ int x = __VERIFIER_nondet_int(); \
             if (x == 42) reach_error(); return 0; }}\n"
        ),
    )
}

#[test]
fn a_reach_error_defined_with_assert_fail() {
    let d = tempfile::tempdir().unwrap();
    let src = reach_42(d.path());
    for dm in [DataModel::Ilp32, DataModel::Lp64] {
        let hit = run(&src, dm, &ints(&["42"]));
        assert_eq!(hit.outcome, Outcome::ReachedError, "{hit:?}");
        assert_eq!((hit.inputs_used, hit.inputs_exhausted), (1, false));
        assert!(!hit.stderr_tail.contains("KAPPA-"), "{hit:?}");
        assert!(!hit.stderr_tail.contains("Assertion"), "{hit:?}");
        let miss = run(&src, dm, &ints(&["41"]));
        assert_eq!(miss.outcome, Outcome::Exited(0), "{miss:?}");
        assert_eq!((miss.inputs_used, miss.inputs_exhausted), (1, false));
    }
}

#[test]
fn b_reach_error_only_declared() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "extern.c",
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) { if (__VERIFIER_nondet_int() == 42) reach_error(); return 3; }\n",
    );
    assert_eq!(
        run(&src, DataModel::Ilp32, &ints(&["42"])).outcome,
        Outcome::ReachedError
    );
    assert_eq!(
        run(&src, DataModel::Ilp32, &ints(&["0"])).outcome,
        Outcome::Exited(3)
    );
    // Legacy name, also only declared.
    let legacy = write(
        d.path(),
        "legacy.c",
        "extern void __VERIFIER_error(void);\nint main(void) { __VERIFIER_error(); return 0; }\n",
    );
    assert_eq!(
        run(&legacy, DataModel::Lp64, &TestVector::default()).outcome,
        Outcome::ReachedError
    );
}

#[test]
fn c_unsigned_char_wraps() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "uchar.c",
        &format!(
            "{SV_PRELUDE}\nextern unsigned char __VERIFIER_nondet_uchar(void);\n\
             extern void __kappa_trace(long long);\n\
             int main(void) {{ unsigned char c = __VERIFIER_nondet_uchar(); __kappa_trace(c);\n\
             if (c == 255) reach_error(); return 0; }}\n"
        ),
    );
    for v in ["255", "-1", "0xff", "511"] {
        let r = run(&src, DataModel::Ilp32, &TestVector::from_values([v]));
        assert_eq!(r.outcome, Outcome::ReachedError, "{v}: {r:?}");
        assert_eq!(r.trace, [255], "{v}");
    }
    let r = run(&src, DataModel::Ilp32, &TestVector::from_values(["254"]));
    assert_eq!((r.outcome, r.trace), (Outcome::Exited(0), vec![254]));
}

#[test]
fn c_type_conversions() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "types.c",
        "extern void __kappa_trace(long long);\n\
         extern _Bool __VERIFIER_nondet_bool(void); extern char __VERIFIER_nondet_char(void);\n\
         extern unsigned int __VERIFIER_nondet_uint(void); extern long long __VERIFIER_nondet_longlong(void);\n\
         extern unsigned long long __VERIFIER_nondet_ulonglong(void); extern short __VERIFIER_nondet_short(void);\n\
         extern double __VERIFIER_nondet_double(void);\n\
         int main(void) {\n\
           __kappa_trace(__VERIFIER_nondet_bool()); __kappa_trace(__VERIFIER_nondet_char());\n\
           __kappa_trace(__VERIFIER_nondet_uint()); __kappa_trace(__VERIFIER_nondet_longlong());\n\
           __kappa_trace((long long)(__VERIFIER_nondet_ulonglong() >> 1));\n\
           __kappa_trace(__VERIFIER_nondet_short()); __kappa_trace((long long)(__VERIFIER_nondet_double() * 4));\n\
           return 0; }\n",
    );
    let test = TestVector::from_values([
        "5",
        "255",
        "-1",
        "-9223372036854775808",
        "-1",
        "40000",
        "2.5",
    ]);
    let r = run(&src, DataModel::Ilp32, &test);
    assert_eq!(r.outcome, Outcome::Exited(0), "{r:?}");
    assert_eq!(
        r.trace,
        [1, -1, 4294967295, i64::MIN, i64::MAX, 40000 - 65536, 10]
    );
    assert_eq!((r.inputs_used, r.inputs_exhausted), (7, false));
}

#[test]
fn d_infinite_loop_times_out() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "loop.c",
        "#include <stdio.h>\nint main(void) { volatile int x = 0; for (;;) { x++; if (x % 1000000 == 0) fprintf(stderr, \"tick\\n\"); } }\n",
    );
    let limits = Limits {
        time: Duration::from_secs(1),
        ..Limits::default()
    };
    let start = Instant::now();
    let r = replay(&[src], DataModel::Lp64, &TestVector::default(), &limits).unwrap();
    let took = start.elapsed();
    assert_eq!(r.outcome, Outcome::Timeout, "{r:?}");
    assert!(r.stderr_tail.ends_with("tick\n"), "{:?}", r.stderr_tail);
    assert!(took < Duration::from_secs(8), "took {took:?}");
}

#[test]
fn d_deadline_bounds_compile_and_run() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "loop.c",
        "int main(void) { volatile int x = 0; for (;;) { x++; } }\n",
    );
    // the run's own limit is long; the deadline cuts it
    let start = Instant::now();
    let limits = Limits {
        time: Duration::from_secs(60),
        deadline: Some(start + Duration::from_millis(1500)),
        ..Limits::default()
    };
    match replay(
        std::slice::from_ref(&src),
        DataModel::Lp64,
        &TestVector::default(),
        &limits,
    ) {
        // compiled in time, then cut at the deadline
        Ok(r) => assert_eq!(r.outcome, Outcome::Timeout, "{r:?}"),
        // a very slow machine: compiling itself reached the deadline
        Err(e) => assert!(matches!(e, ReplayError::Deadline { .. }), "{e}"),
    }
    let took = start.elapsed();
    assert!(took < Duration::from_secs(4), "took {took:?}");
    // a deadline already past: nothing is compiled or run
    let past = Limits {
        deadline: Some(Instant::now()),
        ..Limits::default()
    };
    let start = Instant::now();
    let e = replay(&[src], DataModel::Lp64, &TestVector::default(), &past).unwrap_err();
    assert!(matches!(e, ReplayError::Deadline { .. }), "{e}");
    assert!(e.to_string().contains("deadline"), "{e}");
    assert!(start.elapsed() < Duration::from_secs(1));
}

#[test]
fn e_inputs_run_out() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "three.c",
        "extern int __VERIFIER_nondet_int(void); extern void __kappa_trace(long long);\n\
         int main(void) { int s = 0; for (int i = 0; i < 3; i++) s += __VERIFIER_nondet_int();\n\
         __kappa_trace(s); return 0; }\n",
    );
    let short = run(&src, DataModel::Ilp32, &ints(&["5"]));
    assert_eq!(short.outcome, Outcome::Exited(0));
    assert_eq!((short.inputs_used, short.inputs_exhausted), (1, true));
    assert_eq!(short.trace, [5]);
    let full = run(&src, DataModel::Ilp32, &ints(&["5", "6", "7", "8"]));
    assert_eq!((full.inputs_used, full.inputs_exhausted), (3, false));
    assert_eq!(full.trace, [18]);
}

#[test]
fn e_inputs_counted_when_killed() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "abort.c",
        "#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) { __VERIFIER_nondet_int(); __VERIFIER_nondet_int(); abort(); }\n",
    );
    let r = run(&src, DataModel::Lp64, &ints(&["1", "2", "3"]));
    assert_eq!(r.outcome, Outcome::Signaled(libc_sigabrt()));
    assert_eq!((r.inputs_used, r.inputs_exhausted), (2, false));
}

fn libc_sigabrt() -> i32 {
    6
}

#[test]
fn f_syntax_error_is_compile_error() {
    let d = tempfile::tempdir().unwrap();
    let src = write(d.path(), "bad.c", "int main(void) { return 0 }\n");
    match replay(
        &[src],
        DataModel::Lp64,
        &TestVector::default(),
        &Limits::default(),
    ) {
        Err(ReplayError::Compile { stderr, .. }) => {
            assert!(stderr.contains("bad.c"), "{stderr}");
            assert!(stderr.contains("error"), "{stderr}");
        }
        other => panic!("expected a compile error, got {other:?}"),
    }
}

#[test]
fn g_data_models() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "long.c",
        &format!(
            "{SV_PRELUDE}\nint main(void) {{ if (sizeof(long) == 8 && sizeof(void *) == 8) reach_error(); return 0; }}\n"
        ),
    );
    let t = TestVector::default();
    assert_eq!(
        run(&src, DataModel::Lp64, &t).outcome,
        Outcome::ReachedError
    );
    assert_eq!(run(&src, DataModel::Ilp32, &t).outcome, Outcome::Exited(0));
}

#[test]
fn h_trace_in_order() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "trace.c",
        "#include <stdio.h>\nextern void __kappa_trace(long long);\n\
         int main(void) { fprintf(stderr, \"no newline\"); for (int i = 3; i > -3; i--) __kappa_trace(i * 1000000000LL);\n\
         __kappa_trace(-9223372036854775807LL - 1); return 0; }\n",
    );
    let r = run(&src, DataModel::Ilp32, &TestVector::default());
    assert_eq!(
        r.trace,
        [
            3_000_000_000,
            2_000_000_000,
            1_000_000_000,
            0,
            -1_000_000_000,
            -2_000_000_000,
            i64::MIN
        ]
    );
    assert_eq!(r.stderr_tail, "no newline\n");
}

#[test]
fn assume_violation_and_static_reach_error() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "assume.c",
        "extern int __VERIFIER_nondet_int(void); extern void __VERIFIER_assume(int);\n\
         static void reach_error(void) { }\n\
         int main(void) { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0);\n\
         if (x == 7) reach_error(); return 1; }\n",
    );
    let t = |v: &str| run(&src, DataModel::Ilp32, &ints(&[v])).outcome;
    assert_eq!(t("-4"), Outcome::AssumeViolated);
    assert_eq!(t("7"), Outcome::ReachedError);
    assert_eq!(t("8"), Outcome::Exited(1));
}

#[test]
fn program_may_define_its_own_nondet() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "own.c",
        &format!(
            "{SV_PRELUDE}\nint __VERIFIER_nondet_int(void) {{ return 42; }}\n\
             int main(void) {{ if (__VERIFIER_nondet_int() == 42) reach_error(); return 0; }}\n"
        ),
    );
    let r = run(&src, DataModel::Lp64, &ints(&["0"]));
    assert_eq!((r.outcome, r.inputs_used), (Outcome::ReachedError, 0));
}

#[test]
fn memory_limit_applies() {
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "mem.c",
        "#include <stdlib.h>\nint main(void) { char *p = malloc(512u << 20); return p == 0 ? 3 : 4; }\n",
    );
    let small = Limits {
        memory_bytes: 128 << 20,
        ..Limits::default()
    };
    let r = replay(
        std::slice::from_ref(&src),
        DataModel::Lp64,
        &TestVector::default(),
        &small,
    )
    .unwrap();
    assert_eq!(r.outcome, Outcome::Exited(3));
    let r = replay(
        &[src],
        DataModel::Lp64,
        &TestVector::default(),
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(r.outcome, Outcome::Exited(4));
}

#[test]
fn invalid_values_and_sources_are_errors() {
    let d = tempfile::tempdir().unwrap();
    let src = reach_42(d.path());
    let lim = Limits::default();
    match replay(
        &[src],
        DataModel::Lp64,
        &ints(&["1", "x\"); system(\"boom"]),
        &lim,
    ) {
        Err(ReplayError::InvalidValue { index: 1, .. }) => {}
        other => panic!("{other:?}"),
    }
    let t = TestVector::default();
    assert!(matches!(
        replay(&[], DataModel::Lp64, &t, &lim),
        Err(ReplayError::NoSources)
    ));
    let h = write(d.path(), "x.h", "");
    assert!(matches!(
        replay(&[h], DataModel::Lp64, &t, &lim),
        Err(ReplayError::UnsupportedSource { .. })
    ));
}

#[test]
fn multiple_sources() {
    let d = tempfile::tempdir().unwrap();
    let a = write(
        d.path(),
        "a.c",
        "int check(int); extern int __VERIFIER_nondet_int(void);\n\
         int main(void) { return check(__VERIFIER_nondet_int()); }\n",
    );
    let b = write(
        d.path(),
        "b.c",
        &format!("{SV_PRELUDE}\nint check(int x) {{ if (x < -5) reach_error(); return 9; }}\n"),
    );
    let srcs = [a, b];
    let lim = Limits::default();
    let r = replay(&srcs, DataModel::Ilp32, &ints(&["-6"]), &lim).unwrap();
    assert_eq!(r.outcome, Outcome::ReachedError);
    let r = replay(&srcs, DataModel::Ilp32, &ints(&["-5"]), &lim).unwrap();
    assert_eq!(r.outcome, Outcome::Exited(9));
}

fn clang() -> Option<PathBuf> {
    find_c_compiler().ok().filter(|c| {
        c.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.contains("clang"))
    })
}

#[test]
fn llvm_ir_sources() {
    let cc = clang().expect("these tests need clang");
    let d = tempfile::tempdir().unwrap();
    let c = reach_42(d.path());
    for (flag, dm) in [("-m32", DataModel::Ilp32), ("-m64", DataModel::Lp64)] {
        for (ext, extra) in [("ll", "-S"), ("bc", "-c")] {
            let out = d.path().join(format!("reach42{flag}.{ext}"));
            let st = Command::new(&cc)
                .args([flag, extra, "-emit-llvm", "-O0"])
                .arg(&c)
                .arg("-o")
                .arg(&out)
                .status()
                .unwrap();
            assert!(st.success());
            let hit = run(&out, dm, &ints(&["42"]));
            assert_eq!(hit.outcome, Outcome::ReachedError, "{ext} {flag}: {hit:?}");
            let miss = run(&out, dm, &ints(&["41"]));
            assert_eq!(miss.outcome, Outcome::Exited(0), "{ext} {flag}: {miss:?}");
        }
    }
}

#[test]
fn gcc_works_for_c_and_refuses_ir() {
    let gcc = Path::new("/usr/bin/gcc");
    if !gcc.exists() {
        eprintln!("gcc not installed; skipping");
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let src = reach_42(d.path());
    let lim = Limits::default();
    for dm in [DataModel::Ilp32, DataModel::Lp64] {
        let r = replay_with_compiler(gcc, std::slice::from_ref(&src), dm, &ints(&["42"]), &lim)
            .unwrap();
        assert_eq!(r.outcome, Outcome::ReachedError, "{dm}");
        let r =
            replay_with_compiler(gcc, std::slice::from_ref(&src), dm, &ints(&["1"]), &lim).unwrap();
        assert_eq!(r.outcome, Outcome::Exited(0), "{dm}");
    }
    let ll = write(d.path(), "x.ll", "");
    assert!(matches!(
        replay_with_compiler(gcc, &[ll], DataModel::Lp64, &ints(&[]), &lim),
        Err(ReplayError::NeedsClang { .. })
    ));
}

#[test]
fn old_style_programs_build() {
    // Implicit declarations and implicit int, as in old SV-COMP tasks: errors
    // by default in clang 16, accepted by the replayer.
    let d = tempfile::tempdir().unwrap();
    let src = write(
        d.path(),
        "old.i",
        "main() { int x = __VERIFIER_nondet_int(); if (x == 3) __VERIFIER_error(); return 0; }\n",
    );
    assert_eq!(
        run(&src, DataModel::Ilp32, &ints(&["3"])).outcome,
        Outcome::ReachedError
    );
    assert_eq!(
        run(&src, DataModel::Ilp32, &ints(&["4"])).outcome,
        Outcome::Exited(0)
    );
}

#[test]
fn f_one_build_replays_many_tests() {
    let d = tempfile::tempdir().unwrap();
    let src = reach_42(d.path());
    let p = kappa_replay::prepare(&[src], DataModel::Ilp32, None).unwrap();
    let lim = Limits::default();
    // values are read at run time: each run sees its own test, in any order
    for (v, reached) in [("42", true), ("41", false), ("42", true), ("-42", false)] {
        let r = p.run(&ints(&[v]), &lim).unwrap();
        assert_eq!(r.outcome == Outcome::ReachedError, reached, "{v}: {r:?}");
        assert_eq!((r.inputs_used, r.inputs_exhausted), (1, false), "{v}");
    }
    let none = p.run(&ints(&[]), &lim).unwrap();
    assert_eq!(none.outcome, Outcome::Exited(0));
    assert!(none.inputs_exhausted);
    // a bad value is refused before the program runs
    let bad = p.run(&ints(&["4x2"]), &lim);
    assert!(
        matches!(bad, Err(ReplayError::InvalidValue { .. })),
        "{bad:?}"
    );
}
