//! Every input kind gives the same verdict: C, preprocessed `.i`, LLVM `.ll`
//! and `.bc` (made with clang-16), and an SV-COMP task with two input files.

mod common;
use common::*;
use std::process::Command;

fn verdict(path: &str) -> String {
    let out = kappa(&["verify", "--json", path]);
    let v: serde_json::Value = serde_json::from_str(&String::from_utf8_lossy(&out.stdout))
        .unwrap_or_else(|_| {
            panic!(
                "no JSON for {path}: {}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
    v["verdict"].as_str().unwrap().to_string()
}

fn clang(args: &[&str]) {
    let clang = kappa_frontend::find_tool("clang").expect("clang-16");
    let st = Command::new(clang).args(args).status().expect("clang runs");
    assert!(st.success(), "clang {args:?}");
}

#[test]
fn all_input_kinds_agree() {
    let dir = tempfile::tempdir().unwrap();
    let src = repo_root().join("tests/snap/sign.c");
    let src = src.to_str().unwrap();
    let d = |n: &str| dir.path().join(n).to_string_lossy().into_owned();
    clang(&["-m32", "-E", "-o", &d("sign.i"), src]);
    clang(&[
        "-m32",
        "-S",
        "-emit-llvm",
        "-g",
        "-O0",
        "-Xclang",
        "-disable-O0-optnone",
        "-o",
        &d("sign.ll"),
        src,
    ]);
    clang(&[
        "-m32",
        "-c",
        "-emit-llvm",
        "-g",
        "-O0",
        "-Xclang",
        "-disable-O0-optnone",
        "-o",
        &d("sign.bc"),
        src,
    ]);
    assert_eq!(verdict(src), "false");
    for f in ["sign.i", "sign.ll", "sign.bc"] {
        assert_eq!(verdict(&d(f)), "false", "{f}");
    }
}

#[test]
fn task_with_two_input_files_is_linked() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("lib.c"),
        "int twice(int x) { return 2 * x; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("main.c"),
        "extern int __VERIFIER_nondet_int(void); extern void reach_error(void); int twice(int);\n\
         int main(void) { int x = __VERIFIER_nondet_int(); if (x > 0 && x < 100 && twice(x) == 84) reach_error(); return 0; }\n",
    )
    .unwrap();
    let task = dir.path().join("two.yml");
    std::fs::write(
        &task,
        "format_version: '2.0'\ninput_files: ['main.c', 'lib.c']\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: false\noptions:\n  language: C\n  data_model: ILP32\n",
    )
    .unwrap();
    let out = kappa(&["verify", "--json", task.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&String::from_utf8_lossy(&out.stdout)).unwrap();
    assert_eq!(v["verdict"], "false", "{v}");
    assert_eq!(v["test"]["inputs"][0]["value"], "42");
    assert_eq!(v["replay"], "reach_error reached");
}
