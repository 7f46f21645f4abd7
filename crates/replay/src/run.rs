//! Native replay: finding a C compiler, building the program with the
//! generated harness in a temporary directory, running it under resource
//! limits, and turning its exit status and stderr markers into a report.

use crate::error::ReplayError;
use crate::harness::{self, ERROR_FNS, REPLAY_MARK, TARGETS_ENV, TRACE_MARK, VALUES_ENV};
use crate::{value, Limits, Outcome, ReplayReport, TestVector, STDERR_TAIL_BYTES, TRACE_LIMIT};
use kappa_ir::DataModel;
use std::collections::VecDeque;
use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Where clang 16 lives on Debian when it is not on `PATH`.
const LLVM16_BIN: &str = "/usr/lib/llvm-16/bin";
/// Diagnostics that clang 16 turns into errors by default but that old
/// SV-COMP programs rely on; demoted so such programs still build.
const CLANG_LENIENT: &[&str] = &[
    "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int",
    "-Wno-error=int-conversion",
    "-Wno-error=incompatible-pointer-types",
    "-Wno-error=incompatible-function-pointer-types",
];
/// The subset gcc knows (gcc 14 makes them errors).
const GCC_LENIENT: &[&str] = &[
    "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int",
    "-Wno-error=int-conversion",
    "-Wno-error=incompatible-pointer-types",
];
/// A stderr line longer than this is program text, not a marker.
const MAX_LINE: usize = 64 * 1024;

/// Finds a C compiler: `clang-16` on `PATH`, then `/usr/lib/llvm-16/bin/clang`,
/// then `clang`, then `gcc` on `PATH`. Fails with [`ReplayError::NoCompiler`].
pub fn find_c_compiler() -> Result<PathBuf, ReplayError> {
    let llvm16 = Path::new(LLVM16_BIN).join("clang");
    let found = which("clang-16")
        .or_else(|| is_executable(&llvm16).then(|| llvm16.clone()))
        .or_else(|| which("clang"))
        .or_else(|| which("gcc"));
    found.ok_or_else(|| ReplayError::NoCompiler {
        tried: vec![
            "clang-16".into(),
            llvm16.display().to_string(),
            "clang".into(),
            "gcc".into(),
        ],
    })
}

/// Replays `test` on the program made of `sources` (`.c`, `.i`, `.ll`, `.bc`;
/// IR needs clang) compiled natively for `data_model` with the compiler from
/// [`find_c_compiler`], and reports how the run ended. The program sees no
/// standard input; its standard output is discarded. [`prepare`] then
/// [`Prepared::run`]: use those to replay several tests on one build.
///
/// The k-th nondet call returns the k-th value (converted to the function's
/// type as C would; `_Bool` is `value != 0`), calls past the end return 0
/// and set [`ReplayReport::inputs_exhausted`]. A call to `reach_error` (or
/// `__VERIFIER_error`) is detected on function entry, whatever its body,
/// and ends the run with [`Outcome::ReachedError`]. Programs may define their
/// own nondet functions or `reach_error`; the harness's are weak.
///
/// Errors: bad sources or values, missing compiler/tools, compilation
/// failure ([`ReplayError::Compile`] with the compiler's diagnostics), or
/// failure to start the program. The program misbehaving is not an error.
pub fn replay(
    sources: &[PathBuf],
    data_model: DataModel,
    test: &TestVector,
    limits: &Limits,
) -> Result<ReplayReport, ReplayError> {
    check_sources(sources)?;
    let compiler = find_c_compiler()?;
    replay_with_compiler(&compiler, sources, data_model, test, limits)
}

/// [`replay`] with an explicit C compiler (gcc- or clang-compatible; it is
/// taken to be clang if its file name contains `clang`).
pub fn replay_with_compiler(
    compiler: &Path,
    sources: &[PathBuf],
    data_model: DataModel,
    test: &TestVector,
    limits: &Limits,
) -> Result<ReplayReport, ReplayError> {
    // the values are checked before anything is compiled
    normalized_values(test)?;
    prepare_with_compiler(compiler, sources, data_model, limits.deadline)?.run(test, limits)
}

/// A program built for replay once (harness linked in, `reach_error`
/// detection ready): [`Prepared::run`] replays any number of tests on it.
/// The build lives in a temporary directory removed on drop.
pub struct Prepared {
    tmp: TempDir,
    bin: PathBuf,
    targets: String,
    runs: AtomicU64,
}

/// Builds `sources` for replay with the compiler from [`find_c_compiler`]
/// (see [`replay`] for the sources accepted and the errors); a compile step
/// still running at `deadline` is killed ([`ReplayError::Deadline`]).
pub fn prepare(
    sources: &[PathBuf],
    data_model: DataModel,
    deadline: Option<Instant>,
) -> Result<Prepared, ReplayError> {
    check_sources(sources)?;
    let compiler = find_c_compiler()?;
    prepare_with_compiler(&compiler, sources, data_model, deadline)
}

/// [`prepare`] with an explicit C compiler.
pub fn prepare_with_compiler(
    compiler: &Path,
    sources: &[PathBuf],
    data_model: DataModel,
    deadline: Option<Instant>,
) -> Result<Prepared, ReplayError> {
    let kinds = check_sources(sources)?;
    let clang = is_clang(compiler);
    if !clang {
        if let Some((path, _)) = sources.iter().zip(&kinds).find(|(_, k)| **k != Kind::C) {
            return Err(ReplayError::NeedsClang {
                path: path.clone(),
                compiler: compiler.to_path_buf(),
            });
        }
    }
    let tmp = TempDir::new()?;
    let bin = build(compiler, clang, sources, &kinds, data_model, &tmp, deadline)?;
    let targets = static_targets(&bin, deadline);
    Ok(Prepared {
        tmp,
        bin,
        targets,
        runs: AtomicU64::new(0),
    })
}

/// The test's values, normalised for the harness (one per line).
fn normalized_values(test: &TestVector) -> Result<Vec<String>, ReplayError> {
    test.inputs
        .iter()
        .enumerate()
        .map(|(index, input)| {
            value::normalize(&input.value).ok_or_else(|| ReplayError::InvalidValue {
                index,
                origin: input.origin.clone(),
                value: input.value.clone(),
            })
        })
        .collect()
}

impl Prepared {
    /// Replays `test` on this build under `limits` (the run gets at most the
    /// time left before `limits.deadline`); see [`replay`].
    pub fn run(&self, test: &TestVector, limits: &Limits) -> Result<ReplayReport, ReplayError> {
        let values = normalized_values(test)?;
        let mut text = String::new();
        for v in &values {
            text.push_str(v);
            text.push('\n');
        }
        let n = self.runs.fetch_add(1, Ordering::Relaxed);
        let file = self.tmp.write(&format!("values-{n}.txt"), text)?;
        let mut limits = *limits;
        if let Some(d) = limits.deadline {
            let left = d.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(ReplayError::Deadline {
                    step: "starting the program".into(),
                });
            }
            if limits.time.is_zero() || left < limits.time {
                limits.time = left;
            }
        }
        let raw = execute(&self.bin, self.tmp.path(), &self.targets, &file, &limits);
        let _ = std::fs::remove_file(&file);
        Ok(report(raw?, values.len()))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    C,
    Ir,
    Bitcode,
}

fn check_sources(sources: &[PathBuf]) -> Result<Vec<Kind>, ReplayError> {
    if sources.is_empty() {
        return Err(ReplayError::NoSources);
    }
    sources
        .iter()
        .map(|path| {
            let kind = match path.extension().and_then(|e| e.to_str()) {
                Some("c" | "i") => Kind::C,
                Some("ll") => Kind::Ir,
                Some("bc") => Kind::Bitcode,
                _ => {
                    return Err(ReplayError::UnsupportedSource { path: path.clone() });
                }
            };
            std::fs::metadata(path).map_err(|source| ReplayError::Io {
                path: path.clone(),
                source,
            })?;
            Ok(kind)
        })
        .collect()
}

fn is_clang(compiler: &Path) -> bool {
    compiler
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.contains("clang"))
}

fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Compiles the harness (not instrumented) and links it with the
/// instrumented program; returns the executable's path.
#[allow(clippy::too_many_arguments)]
fn build(
    compiler: &Path,
    clang: bool,
    sources: &[PathBuf],
    kinds: &[Kind],
    data_model: DataModel,
    tmp: &TempDir,
    deadline: Option<Instant>,
) -> Result<PathBuf, ReplayError> {
    let harness_c = tmp.write("harness.c", harness::harness_source())?;
    let harness_o = tmp.path().join("harness.o");
    let mut cmd = Command::new(compiler);
    cmd.args([data_model.cc_flag(), "-O0", "-w", "-c"])
        .args(data_model.fp_flags())
        .arg(&harness_c)
        .arg("-o")
        .arg(&harness_o);
    run_compiler(cmd, compiler, deadline)?;

    let mut inputs = Vec::with_capacity(sources.len());
    for (k, (src, kind)) in sources.iter().zip(kinds).enumerate() {
        let ir = match kind {
            Kind::C => {
                inputs.push(src.clone());
                continue;
            }
            Kind::Ir => std::fs::read_to_string(src).map_err(|source| ReplayError::Io {
                path: src.clone(),
                source,
            })?,
            Kind::Bitcode => disassemble(
                compiler,
                src,
                &tmp.path().join(format!("dis-{k}.ll")),
                deadline,
            )?,
        };
        match harness::patch_ir(&ir) {
            Some(patched) => inputs.push(tmp.write(&format!("src-{k}.ll"), patched)?),
            None => inputs.push(src.clone()),
        }
    }

    let bin = tmp.path().join("program");
    let mut cmd = Command::new(compiler);
    cmd.args([data_model.cc_flag(), "-O0", "-w"])
        .args(data_model.fp_flags())
        .args(if clang { CLANG_LENIENT } else { GCC_LENIENT })
        .args(["-finstrument-functions", "-no-pie", "-o"])
        .arg(&bin)
        .args(&inputs)
        .arg(&harness_o)
        .arg("-lm");
    run_compiler(cmd, compiler, deadline)?;
    Ok(bin)
}

fn command_line(cmd: &Command) -> String {
    std::iter::once(cmd.get_program())
        .chain(cmd.get_args())
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Like `Command::output` (stdin closed), but a child still running at
/// `deadline` is killed and the answer is `Ok(None)`.
fn output_by(
    cmd: &mut Command,
    deadline: Option<Instant>,
) -> std::io::Result<Option<std::process::Output>> {
    cmd.stdin(Stdio::null());
    let Some(deadline) = deadline else {
        return cmd.output().map(Some);
    };
    if Instant::now() >= deadline {
        return Ok(None);
    }
    // its own process group, so that the linker a compiler driver starts
    // is killed with it
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let pgid = child.id() as libc::pid_t;
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = vec![];
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut buf);
            }
            buf
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let mut nap = Duration::from_millis(1);
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if Instant::now() >= deadline {
            // SAFETY: kill(2) on the group our child leads; the leader is
            // not reaped yet, so the group id cannot have been reused.
            unsafe { libc::kill(-pgid, libc::SIGKILL) };
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(2));
    };
    Ok(Some(std::process::Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }))
}

fn run_compiler(
    mut cmd: Command,
    compiler: &Path,
    deadline: Option<Instant>,
) -> Result<(), ReplayError> {
    let out = output_by(&mut cmd, deadline)
        .map_err(|source| ReplayError::Spawn {
            program: compiler.to_path_buf(),
            source,
        })?
        .ok_or_else(|| ReplayError::Deadline {
            step: "compiling".into(),
        })?;
    if out.status.success() {
        return Ok(());
    }
    Err(ReplayError::Compile {
        command: command_line(&cmd),
        status: out.status.code(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    })
}

/// Turns bitcode into textual IR with `llvm-dis` (next to the compiler, or
/// `llvm-dis-16`, or LLVM 16's, or `llvm-dis`), returning the text.
fn disassemble(
    compiler: &Path,
    bc: &Path,
    out: &Path,
    deadline: Option<Instant>,
) -> Result<String, ReplayError> {
    let sibling = std::fs::canonicalize(compiler)
        .ok()
        .and_then(|c| c.parent().map(|d| d.join("llvm-dis")))
        .filter(|p| is_executable(p));
    let llvm16 = Path::new(LLVM16_BIN).join("llvm-dis");
    let tool = sibling
        .or_else(|| which("llvm-dis-16"))
        .or_else(|| is_executable(&llvm16).then_some(llvm16))
        .or_else(|| which("llvm-dis"))
        .ok_or_else(|| ReplayError::ToolMissing {
            tool: "llvm-dis",
            path: bc.to_path_buf(),
        })?;
    let res = output_by(Command::new(&tool).arg(bc).arg("-o").arg(out), deadline)
        .map_err(|source| ReplayError::Spawn {
            program: tool.clone(),
            source,
        })?
        .ok_or_else(|| ReplayError::Deadline {
            step: "disassembling".into(),
        })?;
    if !res.status.success() {
        return Err(ReplayError::ToolFailed {
            tool: "llvm-dis",
            path: bc.to_path_buf(),
            stderr: String::from_utf8_lossy(&res.stderr).into_owned(),
        });
    }
    std::fs::read_to_string(out).map_err(|source| ReplayError::Io {
        path: out.to_path_buf(),
        source,
    })
}

/// Addresses of *static* `reach_error`/`__VERIFIER_error` definitions in the
/// (non-PIE) executable, found with `nm`, as the harness's environment value.
/// Global ones are found by the harness itself; `nm` missing means none.
fn static_targets(bin: &Path, deadline: Option<Instant>) -> String {
    let Some(nm) = which("nm")
        .or_else(|| which("llvm-nm-16"))
        .or_else(|| which("llvm-nm"))
    else {
        return String::new();
    };
    let Ok(Some(out)) = output_by(Command::new(nm).arg(bin), deadline) else {
        return String::new();
    };
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter_map(|line| {
            let mut parts = line.split_whitespace();
            let (addr, ty, name) = (parts.next()?, parts.next()?, parts.next()?);
            (ty == "t" && ERROR_FNS.contains(&name)).then(|| addr.to_string())
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// What a run produced, before interpretation.
struct RawRun {
    status: ExitStatus,
    timed_out: bool,
    scan: StderrScan,
}

/// Runs the executable with no stdin, in `cwd`, serving the values of
/// `values`, under `limits`.
fn execute(
    bin: &Path,
    cwd: &Path,
    targets: &str,
    values: &Path,
    limits: &Limits,
) -> Result<RawRun, ReplayError> {
    let spawn_err = |source| ReplayError::Spawn {
        program: bin.to_path_buf(),
        source,
    };
    let memory = limits.memory_bytes;
    let mut cmd = Command::new(bin);
    cmd.current_dir(cwd)
        .env(TARGETS_ENV, targets)
        .env(VALUES_ENV, values)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let kappa = std::process::id() as libc::pid_t;
    // SAFETY: the closure only calls setrlimit(2), prctl(2) and getppid(2),
    // which are async-signal-safe, and allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            // the replayed program dies with kappa
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if libc::getppid() != kappa {
                libc::_exit(1);
            }
            let none = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::setrlimit(libc::RLIMIT_CORE, &none);
            if memory > 0 {
                let lim = libc::rlimit {
                    rlim_cur: memory as libc::rlim_t,
                    rlim_max: memory as libc::rlim_t,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().map_err(spawn_err)?;
    let pgid = child.id() as libc::pid_t;
    let scan = Arc::new(Mutex::new(StderrScan::default()));
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let mut readers = 0;
    if let Some(mut out) = child.stdout.take() {
        let tx = done_tx.clone();
        readers += 1;
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut out, &mut std::io::sink());
            let _ = tx.send(());
        });
    }
    if let Some(mut err) = child.stderr.take() {
        let tx = done_tx.clone();
        let scan = Arc::clone(&scan);
        readers += 1;
        std::thread::spawn(move || {
            let mut buf = vec![0u8; 64 * 1024];
            loop {
                match err.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => match scan.lock() {
                        Ok(mut s) => s.feed(&buf[..n]),
                        Err(_) => break,
                    },
                }
            }
            if let Ok(mut s) = scan.lock() {
                s.finish();
            }
            let _ = tx.send(());
        });
    }
    drop(done_tx);

    let start = Instant::now();
    let mut nap = Duration::from_millis(1);
    let kill_group = || {
        // SAFETY: kill(2) on our child's process group; the leader is not
        // yet reaped, so the group id cannot have been reused.
        unsafe { libc::kill(-pgid, libc::SIGKILL) };
    };
    let (status, timed_out) = loop {
        match child.try_wait() {
            Ok(Some(status)) => break (status, false),
            Ok(None) => {}
            Err(e) => {
                kill_group();
                let _ = child.wait();
                return Err(spawn_err(e));
            }
        }
        let elapsed = start.elapsed();
        if !limits.time.is_zero() && elapsed >= limits.time {
            kill_group();
            let status = child.wait().map_err(spawn_err)?;
            break (status, true);
        }
        let mut sleep = nap;
        if !limits.time.is_zero() {
            sleep = sleep.min(limits.time - elapsed);
        }
        std::thread::sleep(sleep);
        nap = (nap * 2).min(Duration::from_millis(2));
    };

    // Wait for the pipes to drain; if something else in the group still holds
    // them open, kill the group (it exists while it has members).
    let mut finished = 0;
    let mut killed = false;
    while finished < readers {
        match done_rx.recv_timeout(Duration::from_millis(500)) {
            Ok(()) => finished += 1,
            Err(mpsc::RecvTimeoutError::Timeout) if !killed => {
                // SAFETY: as above; a holder of our pipes keeps the group alive.
                unsafe { libc::kill(-pgid, libc::SIGKILL) };
                killed = true;
            }
            Err(_) => break,
        }
    }
    let scan = match scan.lock() {
        Ok(mut s) => std::mem::take(&mut *s),
        Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
    };
    Ok(RawRun {
        status,
        timed_out,
        scan,
    })
}

fn report(raw: RawRun, count: usize) -> ReplayReport {
    let s = raw.scan;
    let outcome = if s.reached {
        Outcome::ReachedError
    } else if raw.timed_out {
        Outcome::Timeout
    } else if s.assume && raw.status.code() == Some(0) {
        Outcome::AssumeViolated
    } else if let Some(code) = raw.status.code() {
        Outcome::Exited(code)
    } else {
        Outcome::Signaled(raw.status.signal().unwrap_or(0))
    };
    ReplayReport {
        outcome,
        inputs_used: s.used.min(count),
        inputs_exhausted: s.exhausted,
        trace: s.trace,
        stderr_tail: String::from_utf8_lossy(&Vec::from(s.tail)).into_owned(),
    }
}

/// Incremental parser of the program's stderr: harness markers, trace values,
/// and the tail of everything else.
#[derive(Default)]
struct StderrScan {
    pending: Vec<u8>,
    used: usize,
    exhausted: bool,
    reached: bool,
    assume: bool,
    trace: Vec<i64>,
    tail: VecDeque<u8>,
}

impl StderrScan {
    fn feed(&mut self, mut data: &[u8]) {
        while let Some(nl) = data.iter().position(|&b| b == b'\n') {
            self.pending.extend_from_slice(&data[..=nl]);
            let line = std::mem::take(&mut self.pending);
            self.line(&line);
            data = &data[nl + 1..];
        }
        self.pending.extend_from_slice(data);
        if self.pending.len() > MAX_LINE {
            let text = std::mem::take(&mut self.pending);
            self.text(&text);
        }
    }

    fn finish(&mut self) {
        let rest = std::mem::take(&mut self.pending);
        if !rest.is_empty() {
            self.line(&rest);
        }
    }

    /// Handles one line (with its `\n`, if any); a marker may follow program
    /// text that lacked a newline.
    fn line(&mut self, line: &[u8]) {
        let marks = [REPLAY_MARK.as_bytes(), TRACE_MARK.as_bytes()];
        let found = marks
            .iter()
            .enumerate()
            .filter_map(|(m, mark)| find(line, mark).map(|at| (at, m)))
            .min();
        let Some((at, m)) = found else {
            self.text(line);
            return;
        };
        let body = &line[at + marks[m].len()..];
        let body = String::from_utf8_lossy(body);
        let body = body.trim_end_matches(['\n', '\r']);
        let ok = if m == 0 {
            self.replay_marker(body)
        } else {
            match body.parse::<i64>() {
                Ok(v) => {
                    if self.trace.len() < TRACE_LIMIT {
                        self.trace.push(v);
                    }
                    true
                }
                Err(_) => false,
            }
        };
        if !ok {
            self.text(line);
        } else if at > 0 {
            self.text(&line[..at]);
            self.text(b"\n");
        }
    }

    fn replay_marker(&mut self, body: &str) -> bool {
        let words: Vec<&str> = body.split(' ').collect();
        match words.as_slice() {
            ["input", k] => match k.parse::<usize>() {
                Ok(k) => self.used = self.used.max(k),
                Err(_) => return false,
            },
            ["exhausted"] => self.exhausted = true,
            ["assume"] => self.assume = true,
            ["reach_error"] => self.reached = true,
            ["used", n, "exhausted", x] => match (n.parse::<usize>(), *x) {
                (Ok(n), "0" | "1") => {
                    self.used = self.used.max(n);
                    self.exhausted |= *x == "1";
                }
                _ => return false,
            },
            _ => return false,
        }
        true
    }

    fn text(&mut self, bytes: &[u8]) {
        let keep = &bytes[bytes.len().saturating_sub(STDERR_TAIL_BYTES)..];
        self.tail.extend(keep);
        let excess = self.tail.len().saturating_sub(STDERR_TAIL_BYTES);
        self.tail.drain(..excess);
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Result<TempDir, ReplayError> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let base = std::env::temp_dir();
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let mut last = None;
        for _ in 0..64 {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let dir = base.join(format!("kappa-replay-{}-{n}-{nanos}", std::process::id()));
            match std::fs::create_dir(&dir) {
                Ok(()) => return Ok(TempDir(dir)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
                Err(source) => return Err(ReplayError::Io { path: dir, source }),
            }
        }
        Err(ReplayError::Io {
            path: base,
            source: last.unwrap_or_else(|| std::io::Error::other("no free temporary name")),
        })
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn write(&self, name: &str, text: String) -> Result<PathBuf, ReplayError> {
        let path = self.0.join(name);
        std::fs::write(&path, text).map_err(|source| ReplayError::Io {
            path: path.clone(),
            source,
        })?;
        Ok(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(chunks: &[&[u8]]) -> StderrScan {
        let mut s = StderrScan::default();
        for c in chunks {
            s.feed(c);
        }
        s.finish();
        s
    }

    #[test]
    fn stderr_markers() {
        let s = scan(&[
            b"hello\nKAPPA-REPLAY: input 1\nKAPPA-TR",
            b"ACE: -5\nprefixKAPPA-TRACE: 7\nKAPPA-REPLAY: input 2\n",
            b"KAPPA-REPLAY: exhausted\nKAPPA-REPLAY: bogus\nKAPPA-TRACE: x\n",
            b"KAPPA-REPLAY: reach_error\nKAPPA-REPLAY: used 2 exhausted 1\ntail",
        ]);
        assert_eq!(s.used, 2);
        assert!(s.exhausted && s.reached && !s.assume);
        assert_eq!(s.trace, [-5, 7]);
        let tail = String::from_utf8(Vec::from(s.tail)).unwrap();
        assert_eq!(
            tail,
            "hello\nprefix\nKAPPA-REPLAY: bogus\nKAPPA-TRACE: x\ntail"
        );
    }

    #[test]
    fn stderr_tail_is_bounded() {
        let big = vec![b'x'; 3 * MAX_LINE];
        let s = scan(&[&big, b"\nKAPPA-REPLAY: input 3\n"]);
        assert_eq!(s.tail.len(), STDERR_TAIL_BYTES);
        assert_eq!(s.used, 3);
    }

    #[test]
    fn source_checks() {
        assert!(matches!(check_sources(&[]), Err(ReplayError::NoSources)));
        assert!(matches!(
            check_sources(&[PathBuf::from("x.cpp")]),
            Err(ReplayError::UnsupportedSource { .. })
        ));
        assert!(matches!(
            check_sources(&[PathBuf::from("/nonexistent/x.c")]),
            Err(ReplayError::Io { .. })
        ));
        assert!(is_clang(Path::new("/usr/lib/llvm-16/bin/clang")));
        assert!(!is_clang(Path::new("/usr/bin/gcc")));
    }
}
