//! Frontend tests: task files, the clang driver's error reporting, data
//! layouts of both data models, SV-COMP call recognition and unsupported
//! constructs, all through `kappa_frontend::load`.

use kappa_frontend::{load, FrontendError, FrontendOptions};
use kappa_ir::{DataModel, Instr};
use std::path::{Path, PathBuf};

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn ir_of(src: &str, dm: DataModel) -> String {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "t.c", src);
    let prog = load(
        &p,
        &FrontendOptions {
            data_model: Some(dm),
            extra_cflags: vec![],
            ..Default::default()
        },
    )
    .expect("loads");
    prog.module.to_string()
}

const LAYOUT: &str = "struct s { char c; long long x; int y; } g;\nint main(void) { g.y = 5; return sizeof(struct s); }\n";

#[test]
fn struct_layout_follows_the_data_model() {
    // i386: long long is 4-byte aligned inside structs; x86-64: 8
    let ilp32 = ir_of(LAYOUT, DataModel::Ilp32);
    assert!(ilp32.contains("global @g: 16 bytes"), "{ilp32}");
    assert!(ilp32.contains("store (&@g + 12:i32) <- 5:i32"), "{ilp32}");
    assert!(ilp32.contains("return 16:i32"), "{ilp32}");
    let lp64 = ir_of(LAYOUT, DataModel::Lp64);
    assert!(lp64.contains("global @g: 24 bytes"), "{lp64}");
    assert!(lp64.contains("store (&@g + 16:i64) <- 5:i32"), "{lp64}");
}

#[test]
fn constant_address_initialisers_use_llvm_offsets() {
    let ir = ir_of("int arr[10]; struct { int a; char b[6]; } s;\nint *p = &arr[3]; char *q = &s.b[2];\nint main(void) { return *p; }\n", DataModel::Ilp32);
    assert!(ir.contains("[0:4]=&@arr+12"), "{ir}");
    assert!(ir.contains("[0:4]=&@s+6"), "{ir}");
}

#[test]
fn sv_comp_calls_become_instructions() {
    let ir = ir_of(
        "extern int __VERIFIER_nondet_int(void); extern void __VERIFIER_assume(int); extern void reach_error(void); void abort(void);\n\
         int main(void) { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0); if (x == 3) reach_error(); if (x == 4) abort(); return 0; }\n",
        DataModel::Ilp32,
    );
    assert!(ir.contains("nondet.i32 (__VERIFIER_nondet_int)"), "{ir}");
    assert!(ir.contains("assume "), "{ir}");
    assert!(ir.contains("error (reach_error)"), "{ir}");
    assert!(ir.contains("halt"), "{ir}");
}

#[test]
fn unsupported_constructs_become_unsupported_edges() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "f.c",
        "int main(void) { volatile long double d = 1.5L; return d > 1.0L; }\n",
    );
    let prog = load(&p, &FrontendOptions::default()).unwrap();
    let main = prog
        .module
        .func(prog.module.function_by_name("main").unwrap());
    assert!(main
        .edges
        .iter()
        .any(|e| matches!(&e.instr, Instr::Unsupported(w) if w.contains("long double"))));
    assert!(prog.module.validate().is_ok());
}

#[test]
fn task_files_are_read_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "p.c", "int main(void) { return 0; }\n");
    let good = write(
        dir.path(),
        "t.yml",
        "format_version: '2.0'\ninput_files: 'p.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: LP64\n",
    );
    let prog = load(&good, &FrontendOptions::default()).unwrap();
    let task = prog.task.unwrap();
    assert_eq!(task.data_model, DataModel::Lp64);
    assert_eq!(task.expected_verdict, Some(true));
    assert_eq!(prog.module.data_model, DataModel::Lp64);

    let other = write(dir.path(), "o.yml", "format_version: '2.0'\ninput_files: 'p.c'\nproperties:\n  - property_file: ../properties/termination.prp\n");
    let e = load(&other, &FrontendOptions::default()).unwrap_err();
    assert!(
        matches!(e, FrontendError::Task { .. }) && e.to_string().contains("unreach-call"),
        "{e}"
    );

    let missing = write(
        dir.path(),
        "m.yml",
        "format_version: '2.0'\ninput_files: 'nope.c'\nproperties: []\n",
    );
    assert!(load(&missing, &FrontendOptions::default())
        .unwrap_err()
        .to_string()
        .contains("nope.c"));
}

#[test]
fn compile_errors_name_the_first_error() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "bad.c", "int main(void) { return 0 }\n");
    match load(&p, &FrontendOptions::default()) {
        Err(FrontendError::Compile {
            first, diagnostics, ..
        }) => {
            assert!(
                first.contains("expected ';'") && first.contains("bad.c:1"),
                "{first}"
            );
            assert!(diagnostics.contains("error:"));
        }
        other => panic!("expected a compile error, got {other:?}"),
    }
}

#[test]
fn binary_and_unknown_inputs_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("blob.c");
    std::fs::write(&p, [0u8, 159, 146, 150, 0, 1]).unwrap();
    assert!(matches!(
        load(&p, &FrontendOptions::default()),
        Err(FrontendError::Binary { .. })
    ));
    let q = write(dir.path(), "x.rs", "fn main() {}");
    assert!(matches!(
        load(&q, &FrontendOptions::default()),
        Err(FrontendError::UnknownKind { .. })
    ));
    assert!(matches!(
        load(&dir.path().join("none.c"), &FrontendOptions::default()),
        Err(FrontendError::Unreadable { .. })
    ));
}

#[test]
fn constructors_and_destructors_are_listed_in_run_order() {
    let src = "int g;\n\
        __attribute__((constructor(200))) void c200(void) { g = g * 10 + 2; }\n\
        __attribute__((constructor(101))) void c101(void) { g = g * 10 + 1; }\n\
        __attribute__((constructor)) void cdef(void) { g = g * 10 + 3; }\n\
        __attribute__((destructor(300))) void d300(void) { }\n\
        __attribute__((destructor(150))) void d150(void) { }\n\
        int main(void) { return g; }\n";
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "t.c", src);
    let prog = load(&p, &FrontendOptions::default()).expect("loads");
    let m = &prog.module;
    let names = |fs: &[kappa_ir::FuncId]| -> Vec<String> {
        fs.iter().map(|&f| m.func(f).name.clone()).collect()
    };
    // ascending priority; the default priority (65535) runs last
    assert_eq!(names(&m.ctors), ["c101", "c200", "cdef"]);
    // destructors in descending priority
    assert_eq!(names(&m.dtors), ["d300", "d150"]);
}
