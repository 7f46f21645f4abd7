//! Fault injection (issue 31): a missing compiler, unwritable outputs, a
//! solver killed or interrupted mid-query, `--max-memory` hit, a full
//! temporary directory, SIGTERM during a run and a corrupt `.bc` file. Each
//! must end in a clean verdict (`unknown`, or the right one) with status 0
//! or in a one-line `kappa: error:` with a non-zero status: never a panic,
//! an abort by LLVM, a hang, a wrong verdict or child processes left behind.
//!
//! The compiler and the temporary directory are taken away in a private
//! mount namespace (`unshare --mount`, as root); where that is impossible
//! those tests print why and pass without checking.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Longest any faulty run may take before it counts as a hang.
const HANG: Duration = Duration::from_secs(40);

const FALSE_PROG: &str = "// expect: false\n\
extern int __VERIFIER_nondet_int(void); extern void reach_error(void);\n\
int main(void) { int x = __VERIFIER_nondet_int(); if (x == 42) reach_error(); return 0; }\n";

const TRUE_PROG: &str = "// expect: true\n\
extern unsigned __VERIFIER_nondet_uint(void); extern void reach_error(void);\n\
int main(void) { unsigned x = __VERIFIER_nondet_uint(); if (x * 2u == 7u) reach_error(); return 0; }\n";

/// A sum whose closed form needs a nonlinear invariant: no stage proves it
/// quickly, and its queries are hard for the solver.
const HARD_TRUE_PROG: &str = "// expect: true\n\
extern unsigned __VERIFIER_nondet_uint(void); extern void reach_error(void);\n\
int main(void) { unsigned n = __VERIFIER_nondet_uint(), i = 0, s = 0;\n\
  while (i < n) { i++; s += i; }\n\
  if (2u * s != i * (i + 1u)) reach_error(); return 0; }\n";

/// A temporary directory with the test programs.
struct Progs {
    dir: tempfile::TempDir,
}

impl Progs {
    fn new() -> Progs {
        let dir = tempfile::tempdir().expect("temporary directory");
        for (name, text) in [
            ("false.c", FALSE_PROG),
            ("true.c", TRUE_PROG),
            ("hard_true.c", HARD_TRUE_PROG),
        ] {
            std::fs::write(dir.path().join(name), text).expect("write program");
        }
        Progs { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn arg(&self, name: &str) -> String {
        self.path(name).display().to_string()
    }
}

/// `kappa ARGS` (a `verify` without `--jobs` gets `--jobs 1`: the tests
/// run several kappa processes at once).
fn kappa_cmd(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_kappa"));
    c.args(args);
    if args.first() == Some(&"verify") && !args.contains(&"--jobs") {
        c.args(["--jobs", "1"]);
    }
    c
}

/// Runs `cmd` to its end, failing the test if it takes longer than [`HANG`].
fn run(cmd: &mut Command) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start kappa");
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let t_out = std::thread::spawn(move || {
        let mut b = vec![];
        let _ = out.read_to_end(&mut b);
        b
    });
    let t_err = std::thread::spawn(move || {
        let mut b = vec![];
        let _ = err.read_to_end(&mut b);
        b
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("hang: {cmd:?} ran longer than {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: t_out.join().unwrap(),
        stderr: t_err.join().unwrap(),
    }
}

/// What a faulty run ended with.
#[derive(Debug, PartialEq)]
enum End {
    /// Status 0 and this verdict.
    Verdict(String),
    /// A non-zero status and this one-line error (without `kappa: error: `).
    Error(String),
}

/// Checks the run ended cleanly (see the module doc) and says how.
fn end_of(what: &str, out: &Output) -> End {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    for bad in [
        "panicked at",
        "RUST_BACKTRACE",
        "LLVM ERROR",
        "internal error",
    ] {
        assert!(
            !stderr.contains(bad),
            "{what}: stderr has {bad:?}:\n{stderr}"
        );
    }
    if out.status.success() {
        let v = stdout
            .lines()
            .find_map(|l| l.strip_prefix("verdict: "))
            .map(str::to_string)
            .or_else(|| {
                let j: serde_json::Value = serde_json::from_str(stdout.trim()).ok()?;
                j["verdict"].as_str().map(str::to_string)
            });
        let v = v.unwrap_or_else(|| panic!("{what}: status 0 without a verdict:\n{stdout}"));
        End::Verdict(v)
    } else {
        assert_eq!(
            out.status.code(),
            Some(2),
            "{what}: {:?}\n{stdout}\n{stderr}",
            out.status
        );
        let errors: Vec<&str> = stderr
            .lines()
            .filter(|l| l.starts_with("kappa: error: "))
            .collect();
        assert_eq!(errors.len(), 1, "{what}: one error line:\n{stderr}");
        // (only an output written after the verdict, the HTML page, may
        // fail after it: the verdict stands)
        assert!(
            stdout.trim().is_empty() || stdout.contains("verdict: false"),
            "{what}: an error after a verdict:\n{stdout}"
        );
        End::Error(errors[0]["kappa: error: ".len()..].to_string())
    }
}

/// Asserts the verdict is `expected` or `unknown`.
fn not_wrong(what: &str, end: &End, expected: &str) {
    match end {
        End::Verdict(v) => assert!(
            v == expected || v == "unknown",
            "{what}: wrong verdict {v} (expected {expected})"
        ),
        End::Error(e) => panic!("{what}: error instead of a verdict: {e}"),
    }
}

/// Whether this process may make a private mount namespace (root, with
/// `unshare` installed); prints why not.
fn can_unshare() -> bool {
    let ok = Command::new("unshare")
        .args([
            "--mount",
            "--",
            "sh",
            "-c",
            "mount -t tmpfs -o size=16k tmpfs /mnt",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!("skipped: `unshare --mount` with a tmpfs mount is not possible here (needs root and util-linux)");
    }
    ok
}

/// `kappa ARGS` in a private mount namespace after the shell commands
/// `setup` (which may refer to the kappa binary as "$K").
fn in_namespace(setup: &str, env: &[(&str, &str)], args: &[&str]) -> Output {
    let script = format!("{setup} && exec env {} \"$K\" \"$@\"", {
        env.iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    });
    let mut c = Command::new("unshare");
    c.args(["--mount", "--", "sh", "-c", &script, "sh"])
        .args(args)
        .env("K", env!("CARGO_BIN_EXE_kappa"));
    run(&mut c)
}

const LLVM16_BIN: &str = "/usr/lib/llvm-16/bin";

#[test]
fn clang_missing_from_path() {
    let p = Progs::new();
    let f = p.arg("false.c");
    // without clang on PATH kappa finds LLVM 16 in its Debian directory
    if Path::new(LLVM16_BIN).join("clang").is_file() {
        let out = run(
            kappa_cmd(&["verify", "--mode", "classic", "--timeout", "20", &f])
                .env("PATH", "/nonexistent"),
        );
        // (the native replay's link may not find `ld` then: `unknown`)
        not_wrong(
            "PATH without clang",
            &end_of("PATH without clang", &out),
            "false",
        );
    }
    if !can_unshare() {
        return;
    }
    // and with that directory hidden too, no compiler at all
    let empty = tempfile::tempdir().unwrap();
    let hide = format!("mount --bind {} {LLVM16_BIN}", empty.path().display());
    for mode in ["auto", "classic", "native", "prove"] {
        let out = in_namespace(
            &hide,
            &[("PATH", "/nonexistent")],
            &["verify", "--mode", mode, "--timeout", "20", &f],
        );
        match end_of(&format!("no clang, {mode}"), &out) {
            End::Error(e) => assert!(e.contains("cannot find `clang-16`"), "{mode}: {e}"),
            v => panic!("{mode}: {v:?} without a compiler"),
        }
    }
}

#[test]
fn unwritable_output_paths() {
    let p = Progs::new();
    let f = p.arg("false.c");
    // (tests run as root: permission bits stop nothing; a regular file as
    // a directory and /proc do)
    let file = p.path("a_file");
    std::fs::write(&file, "").unwrap();
    let under_file = |name: &str| file.join(name).display().to_string();
    let cases = [
        ("--witness", under_file("w.yml")),
        ("--witness", "/proc/kappa-w.yml".to_string()),
        ("--html", under_file("r.html")),
        ("--html", "/proc/kappa-r.html".to_string()),
        ("--html", "/dev/full".to_string()),
        ("--tests-dir", under_file("tests")),
        ("--tests-dir", "/proc/kappa-tests".to_string()),
    ];
    for (opt, path) in &cases {
        let what = format!("{opt} {path}");
        let out = run(&mut kappa_cmd(&[
            "verify",
            "--mode",
            "classic",
            "--timeout",
            "20",
            opt,
            path,
            &f,
        ]));
        match end_of(&what, &out) {
            End::Error(e) => assert!(e.starts_with(path.as_str()), "{what}: {e}"),
            v => panic!("{what}: {v:?} though the output cannot be written"),
        }
    }
    // a witness file that fills up: the verdict, and a note that says so
    let out = run(&mut kappa_cmd(&[
        "verify",
        "--mode",
        "classic",
        "--timeout",
        "20",
        "--witness",
        "/dev/full",
        &f,
    ]));
    assert_eq!(
        end_of("--witness /dev/full", &out),
        End::Verdict("false".into())
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("no witness written: /dev/full"), "{text}");
}

#[test]
fn solver_interrupted_or_killed_mid_query() {
    let p = Progs::new();
    let hard = p.arg("hard_true.c");
    // the deadline interrupts Z3 inside hard queries (in-process solver)
    for mode in ["classic", "compact", "prove", "auto"] {
        let out = run(&mut kappa_cmd(&[
            "verify",
            "--mode",
            mode,
            "--timeout",
            "1",
            &hard,
        ]));
        not_wrong(&format!("--timeout 1, {mode}"), &end_of(mode, &out), "true");
    }
    let out = run(&mut kappa_cmd(&[
        "verify",
        "--mode",
        "classic",
        "--solver-timeout",
        "0.001",
        "--timeout",
        "5",
        &hard,
    ]));
    not_wrong(
        "--solver-timeout 0.001",
        &end_of("solver timeout", &out),
        "true",
    );
    // the condition stage's solver processes die mid-query (SIGKILL)
    for (name, expected) in [("false.c", "false"), ("true.c", "true")] {
        let what = format!("solver processes killed, {name}");
        let out = run(
            kappa_cmd(&["verify", "--json", "--timeout", "20", &p.arg(name)])
                .env("KAPPA_TEST_KILL_SOLVER_SIDE", "1"),
        );
        let end = end_of(&what, &out);
        not_wrong(&what, &end, expected);
        if expected == "false" {
            // the other stages still find it
            assert_eq!(end, End::Verdict("false".into()), "{what}");
        }
    }
}

#[test]
fn memory_bound_in_exploration_and_in_the_proof_stage() {
    let p = Progs::new();
    let hard = p.arg("hard_true.c");
    // (kappa itself is resident above 1 MiB: the bound is hit at once)
    for mode in ["classic", "prove"] {
        let what = format!("--max-memory 1, {mode}");
        let out = run(&mut kappa_cmd(&[
            "verify",
            "--json",
            "--mode",
            mode,
            "--max-memory",
            "1",
            "--timeout",
            "30",
            &hard,
        ]));
        assert_eq!(
            end_of(&what, &out),
            End::Verdict("unknown".into()),
            "{what}"
        );
        let v: serde_json::Value =
            serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
        assert!(
            v["reason"]
                .as_str()
                .unwrap_or("")
                .contains("memory bound hit"),
            "{what}: {v}"
        );
    }
}

#[test]
fn full_temporary_directory() {
    if !can_unshare() {
        return;
    }
    let p = Progs::new();
    let f = p.arg("false.c");
    let mnt = tempfile::tempdir().unwrap();
    let tmp = mnt.path().display().to_string();
    // the sizes fill up at different steps: clang's bitcode, opt's, the
    // symbolized module, the native link
    for size_k in [12, 20, 28, 32, 64] {
        for mode in ["native", "auto"] {
            let what = format!("TMPDIR on a full {size_k}k tmpfs, {mode}");
            let out = in_namespace(
                &format!("mount -t tmpfs -o size={size_k}k tmpfs {tmp}"),
                &[("TMPDIR", &tmp)],
                &["verify", "--mode", mode, "--timeout", "20", &f],
            );
            match end_of(&what, &out) {
                End::Error(e) => assert!(
                    e.contains("temporary directory") && e.contains("No space left on device"),
                    "{what}: {e}"
                ),
                end => not_wrong(&what, &end, "false"),
            }
        }
    }
    // and a TMPDIR that does not exist
    let out =
        run(kappa_cmd(&["verify", "--timeout", "20", &f]).env("TMPDIR", p.path("no-such-dir")));
    match end_of("missing TMPDIR", &out) {
        End::Error(e) => assert!(e.contains("temporary directory"), "{e}"),
        end => not_wrong("missing TMPDIR", &end, "false"),
    }
}

/// The processes descended from `pid` (from /proc).
fn descendants(pid: u32) -> Vec<u32> {
    let mut table: Vec<(u32, u32)> = vec![];
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(p) = e.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
            continue;
        };
        if let Some(ppid) = rest.split_whitespace().nth(1).and_then(|s| s.parse().ok()) {
            table.push((p, ppid));
        }
    }
    let mut family = vec![pid];
    let mut i = 0;
    while i < family.len() {
        let parent = family[i];
        family.extend(table.iter().filter(|t| t.1 == parent).map(|t| t.0));
        i += 1;
    }
    family.remove(0);
    family
}

/// Whether process `pid` still runs (exists and is not a zombie).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        let state = s
            .rfind(')')
            .and_then(|i| s[i + 1..].split_whitespace().next());
        state != Some("Z")
    })
}

/// Starts kappa with `args`, waits until it has child processes running
/// `what_child` (a part of their command line), sends SIGTERM, and checks
/// that kappa died by it and left none of its descendants running.
fn sigterm_leaves_no_children(args: &[&str], what_child: &str) {
    let mut child: Child = kappa_cmd(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start kappa");
    let start = Instant::now();
    let kids = loop {
        let kids: Vec<u32> = descendants(child.id())
            .into_iter()
            .filter(|k| {
                std::fs::read(format!("/proc/{k}/cmdline"))
                    .is_ok_and(|c| String::from_utf8_lossy(&c).contains(what_child))
            })
            .collect();
        if !kids.is_empty() {
            break kids;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "{args:?} ended before it started a {what_child} process"
        );
        assert!(start.elapsed() < HANG, "no {what_child} process");
        std::thread::sleep(Duration::from_millis(10));
    };
    let all = descendants(child.id());
    // SAFETY: kill(2) on the child this test started.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let status = child.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{args:?}: {status:?}");
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked at"), "{err}");
    // a killed process needs a moment to go
    let until = Instant::now() + Duration::from_millis(300);
    let left = loop {
        let left: Vec<u32> = all.iter().copied().filter(|&k| alive(k)).collect();
        if left.is_empty() || Instant::now() > until {
            break left;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(
        left.is_empty(),
        "{args:?}: {} of {} descendants ({} {what_child}) still run after SIGTERM: {left:?}",
        left.len(),
        all.len(),
        kids.len()
    );
}

#[test]
fn sigterm_during_a_run_leaves_no_child_processes() {
    let p = Progs::new();
    let hard = p.arg("hard_true.c");
    // the condition stage's solver processes
    sigterm_leaves_no_children(&["verify", "--timeout", "30", &hard], "__solve-side");
    // auto's stage processes running at once (and the condition stage's
    // solver processes under one of them)
    sigterm_leaves_no_children(
        &["verify", "--jobs", "2", "--timeout", "30", &hard],
        "__solve-side",
    );
    // native mode's process tree (needs the runtime library)
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_kappa"));
    let runtime = exe
        .parent()
        .and_then(Path::parent)
        .map(|t| t.join("i686-unknown-linux-gnu/release/libkappa_runtime.a"));
    if runtime.as_deref().is_some_and(Path::is_file) {
        sigterm_leaves_no_children(
            &["verify", "--mode", "native", "--timeout", "30", &hard],
            "symbolized",
        );
    } else {
        eprintln!(
            "skipped --mode native: the ILP32 runtime is not built (scripts/build-runtime.sh)"
        );
    }
}

#[test]
fn corrupt_bitcode_file() {
    let p = Progs::new();
    let good = p.path("good.bc");
    let made = Command::new("clang-16")
        .args(["-c", "-emit-llvm", "-m32", "-o"])
        .arg(&good)
        .arg(p.path("false.c"))
        .status();
    let bytes = if made.is_ok_and(|s| s.success()) {
        std::fs::read(&good).unwrap()
    } else {
        // (no clang-16 on PATH: a bitcode header is enough)
        b"BC\xc0\xde\x35\x14\x00\x00\x05\x00\x00\x00\x62\x0c\x30\x24".repeat(40)
    };
    let mut garbage = bytes[..4].to_vec();
    garbage.extend((0..4000u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8));
    let cases: [(&str, Vec<u8>); 4] = [
        ("truncated.bc", bytes[..bytes.len().min(300)].to_vec()),
        ("garbage.bc", garbage),
        ("text.bc", b"int main(void) { return 0; }\n".to_vec()),
        ("empty.bc", vec![]),
    ];
    for (name, data) in cases {
        let path = p.path(name);
        std::fs::write(&path, data).unwrap();
        for mode in ["auto", "classic", "native"] {
            let what = format!("{name}, {mode}");
            let out = run(&mut kappa_cmd(&[
                "verify",
                "--mode",
                mode,
                "--timeout",
                "20",
                &path.display().to_string(),
            ]));
            match end_of(&what, &out) {
                End::Error(e) => assert!(
                    e.contains(name) && e.contains("cannot read LLVM bitcode"),
                    "{what}: {e}"
                ),
                v => panic!("{what}: {v:?}"),
            }
        }
    }
}
