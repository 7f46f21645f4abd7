//! The native back end (`kappa verify --mode native`, `kappa symbolize`):
//! the program is compiled to bitcode (kappa-frontend's driver), symbolized
//! (kappa-symbolize), compiled natively with clang and linked with
//! kappa-runtime, then run: the runtime explores paths by forking and asks
//! the solver server ([`server`]) for feasibility and models.
//! Every `reach_error` report is replayed natively (kappa-replay) before a
//! `false`; `true` needs every process to end normally with no bound hit;
//! anything else is `unknown` with the reason. The time limit and the
//! memory limit apply to the whole process tree (killed as a process
//! group).

pub mod server;

use anyhow::{anyhow, Result};
use kappa_engine::{ErrorWitness, Reason, Stats, TestInput, Verdict};
use kappa_frontend::{FrontendError, Task, Toolchain};
use kappa_ir::{DataModel, Ty};
use kappa_replay::{Limits, Outcome};
use server::{Outcomes, Server};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use std::time::{Duration, Instant};

/// Sources and data model of a program or task.
pub fn sources_of(
    path: &Path,
    dm: Option<DataModel>,
) -> Result<(Vec<PathBuf>, DataModel, Option<Task>)> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if matches!(ext, "yml" | "yaml") {
        let t = Task::read(path).map_err(|e| anyhow!("{e}"))?;
        let dm = dm.unwrap_or(t.data_model);
        Ok((t.input_files.clone(), dm, Some(t)))
    } else {
        if !path.is_file() {
            return Err(anyhow!(
                "{}: cannot read file: no such file",
                path.display()
            ));
        }
        Ok((vec![path.to_path_buf()], dm.unwrap_or_default(), None))
    }
}

/// `kappa symbolize FILE -o OUT.ll|OUT.bc`.
pub fn symbolize_cmd(file: &Path, output: &Path, dm: Option<DataModel>) -> Result<()> {
    let (sources, dm, _) = sources_of(file, dm)?;
    let tc = Toolchain::find().map_err(|e| anyhow!("{e}"))?;
    let tmp = tempfile::tempdir()?;
    let bc = tc
        .build_bitcode(&sources, dm, &[], tmp.path(), None)
        .map_err(|e| anyhow!("{e}"))?
        .bitcode;
    let mut models = model_compiler(&tc, dm, tmp.path(), None);
    let st =
        kappa_symbolize::symbolize_file_with(&bc, output, Some(&mut models)).map_err(
            |e| match e {
                kappa_symbolize::SymbolizeError::NoMain => anyhow!("{}: {e}", file.display()),
                e => anyhow!("{e}"),
            },
        )?;
    eprintln!(
        "symbolized {} functions: {} abstract values, {} abstract instructions, {} inputs, {} choices, {} lowered operands, {} freezes, {} thaws{}, {} unsupported sites; written to {}",
        st.functions,
        st.abstract_values,
        st.abstract_instructions,
        st.inputs,
        st.choices,
        st.lowered,
        st.freezes,
        st.thaws,
        if st.memory { " (terms reach memory)" } else { "" },
        st.unsupported_sites,
        output.display()
    );
    if st.symbolic_accesses > 0 {
        eprintln!(
            "{} loads/stores at symbolic addresses, {} object registrations",
            st.symbolic_accesses, st.objects
        );
    }
    if !st.modelled.is_empty() {
        eprintln!("library models linked for: {}", st.modelled.join(", "));
    }
    Ok(())
}

/// Compiles kappa-symbolize's C library models for `dm` with the frontend's
/// flags (in `dir/models`), for [`kappa_symbolize::symbolize_file_with`],
/// which calls it only when the program needs them.
fn model_compiler<'a>(
    tc: &'a Toolchain,
    dm: DataModel,
    dir: &'a Path,
    deadline: Option<Instant>,
) -> impl FnMut() -> std::result::Result<PathBuf, String> + 'a {
    move || {
        let d = dir.join("models");
        std::fs::create_dir_all(&d).map_err(|e| e.to_string())?;
        let src = d.join("kappa_models.c");
        std::fs::write(&src, kappa_symbolize::models::MODEL_SOURCE).map_err(|e| e.to_string())?;
        let flags: Vec<String> = kappa_symbolize::models::MODEL_CFLAGS
            .iter()
            .map(|f| f.to_string())
            .collect();
        tc.build_bitcode(&[src], dm, &flags, &d, deadline)
            .map(|b| b.bitcode)
            .map_err(|e| e.to_string())
    }
}

/// The runtime static library for `dm`: `$KAPPA_RUNTIME_DIR`, then the
/// directory of the kappa binary and its parent (target/release,
/// target/release/deps), with `i686-unknown-linux-gnu/release` under the
/// target directory for ILP32.
pub fn find_runtime(dm: DataModel) -> Option<PathBuf> {
    let name = "libkappa_runtime.a";
    let mut dirs: Vec<PathBuf> = vec![];
    if let Some(d) = std::env::var_os("KAPPA_RUNTIME_DIR") {
        dirs.push(PathBuf::from(d));
    }
    if let Ok(exe) = std::env::current_exe() {
        let mut d = exe.parent().map(Path::to_path_buf);
        while let Some(dir) = d {
            // .../target/release(/deps) → .../target
            if dir
                .file_name()
                .is_some_and(|n| n == "release" || n == "debug")
            {
                let profile = dir.file_name().unwrap().to_owned();
                if let Some(target) = dir.parent() {
                    match dm {
                        DataModel::Ilp32 => {
                            dirs.push(target.join("i686-unknown-linux-gnu").join(&profile))
                        }
                        DataModel::Lp64 => dirs.push(dir.clone()),
                    }
                }
                break;
            }
            d = dir.parent().map(Path::to_path_buf);
        }
    }
    dirs.into_iter().map(|d| d.join(name)).find(|p| p.is_file())
}

/// `-fuse-ld=gold` when binutils' gold linker is installed (it is on
/// Debian 12, in package binutils), else nothing (the default linker).
fn gold_linker() -> Option<&'static str> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .any(|d| d.join("ld.gold").is_file())
        .then_some("-fuse-ld=gold")
}

/// Runs `cmd` until it ends or `deadline` passes (then kills it). Ok(None)
/// on timeout; Err with stderr on failure.
fn run_tool(cmd: &mut Command, deadline: Option<Instant>) -> Result<Option<()>> {
    let out = tempfile::NamedTempFile::new()?;
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(out.reopen()?)
        .spawn()?;
    loop {
        if let Some(st) = child.try_wait()? {
            if st.success() {
                return Ok(Some(()));
            }
            let err = std::fs::read_to_string(out.path()).unwrap_or_default();
            let first: Vec<&str> = err.lines().take(5).collect();
            return Err(anyhow!("{}", first.join(" | ")));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Resident memory (KiB) summed over the processes of group `pgid`.
fn group_rss_kb(pgid: i32) -> u64 {
    let page_kb = (unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64) / 1024;
    let mut total = 0;
    let Ok(rd) = std::fs::read_dir("/proc") else {
        return 0;
    };
    for e in rd.flatten() {
        let name = e.file_name();
        if !name.to_string_lossy().bytes().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        // fields after the command name (which may contain spaces)
        let Some(close) = stat.rfind(')') else {
            continue;
        };
        let f: Vec<&str> = stat[close + 1..].split_whitespace().collect();
        // f[0] state, f[1] ppid, f[2] pgrp, ..., f[21] rss (pages)
        if f.get(2).and_then(|p| p.parse::<i32>().ok()) == Some(pgid) {
            total += f.get(21).and_then(|r| r.parse::<u64>().ok()).unwrap_or(0) * page_kb;
        }
    }
    total
}

/// Kills the process group `child` leads and reaps `child` if it was not
/// reaped yet (its peak resident set then raises `peak_kb`).
fn kill_group(child: &mut Child, reaped: bool, peak_kb: &mut u64) {
    unsafe {
        libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
    }
    if !reaped {
        let mut status = 0;
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 on our own unreaped child, with valid out-pointers.
        let r = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut ru) };
        if r == child.id() as libc::pid_t {
            *peak_kb = (*peak_kb).max(ru.ru_maxrss.max(0) as u64);
        }
    }
}

/// What one native exploration gave.
pub struct Run {
    /// `false` only with a witness confirmed by native replay; `true` only
    /// when every path ended normally with no bound hit.
    pub verdict: Verdict,
    /// Why the verdict is `unknown`.
    pub reason: Option<Reason>,
    /// The confirmed error's inputs (with `false`).
    pub witness: Option<ErrorWitness>,
    /// The native replay's outcome of the witness.
    pub replay: Option<String>,
    /// Lines for the report (timings, explorer, library models).
    pub notes: Vec<String>,
    /// Processes, paths, forks and solver figures.
    pub stats: Stats,
}

/// How native mode explores paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Explorer {
    /// Each choice with two feasible sides forks the process (depth-first).
    Fork,
    /// Depth-first by re-running the program with a prefix of decisions.
    Replay,
    /// The concolic domain: each run follows concrete inputs; the solver's
    /// models of the other sides give the inputs of new runs.
    Concolic,
}

impl Explorer {
    /// The explorer's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Explorer::Fork => "fork",
            Explorer::Replay => "replay",
            Explorer::Concolic => "concolic",
        }
    }
}

/// The options of one native exploration.
#[derive(Clone, Debug)]
pub struct Options {
    /// The program or task (named in errors).
    pub file: PathBuf,
    /// The overall time limit in seconds (named in `unknown` reasons; the
    /// deadline itself is passed to [`explore`]).
    pub timeout: f64,
    /// Time limit of one solver query.
    pub solver_timeout: Duration,
    /// Memory limit of the process tree and of the solver, MiB.
    pub max_memory: u64,
    /// Extra clang flags.
    pub cflags: Vec<String>,
    /// How paths are explored.
    pub explorer: Explorer,
    /// Keep exploring after the first confirmed error.
    pub explore_all: bool,
}

fn unknown(reason: impl Into<Reason>) -> Run {
    Run {
        verdict: Verdict::Unknown,
        reason: Some(reason.into()),
        witness: None,
        replay: None,
        notes: vec![],
        stats: Stats::default(),
    }
}

/// Symbolizes, compiles and explores the program natively until
/// `deadline`; every error report is replayed natively before `false`.
pub fn explore(
    opts: &Options,
    sources: &[PathBuf],
    dm: DataModel,
    deadline: Option<Instant>,
    start: Instant,
) -> Result<Run> {
    let timeout_reason = |what: &str| {
        Reason::Timeout(format!(
            "timeout after {}s while {what}",
            kappa_engine::secs_text(opts.timeout)
        ))
    };
    let tc = Toolchain::find().map_err(|e| anyhow!("{e}"))?;
    // the original program is built for native replay while it is being
    // transformed (a `false` needs that replay; the build overlaps the rest)
    let mut replay_build = ReplayBuild::start(sources, dm, deadline);
    let tmp = tempfile::tempdir()?;
    let bc = match tc.build_bitcode(sources, dm, &opts.cflags, tmp.path(), deadline) {
        Ok(b) => b.bitcode,
        Err(FrontendError::Timeout { .. }) => return Ok(unknown(timeout_reason("compiling"))),
        Err(e @ FrontendError::Compile { .. }) => {
            if let FrontendError::Compile { diagnostics, .. } = &e {
                let shown: Vec<&str> = diagnostics.lines().take(20).collect();
                eprintln!("{}", shown.join("\n"));
            }
            return Err(anyhow!("{e}"));
        }
        Err(e) => return Err(anyhow!("{e}")),
    };
    let sym = tmp.path().join("symbolized.bc");
    let t0 = Instant::now();
    let mut models = model_compiler(&tc, dm, tmp.path(), deadline);
    let st = match kappa_symbolize::symbolize_file_with(&bc, &sym, Some(&mut models)) {
        Ok(st) => st,
        Err(e @ kappa_symbolize::SymbolizeError::NoMain) => {
            // bad input, as in the interpreter modes: one line, exit 2
            return Err(anyhow!("{}: {e}", opts.file.display()));
        }
        Err(e) => return Ok(unknown(format!("symbolize: {e}"))),
    };
    let transform_time = t0.elapsed();
    let Some(rt) = find_runtime(dm) else {
        return Ok(unknown(format!(
            "the kappa runtime library for {} is not built (cargo build --release -p kappa-runtime{}; see README)",
            if dm == DataModel::Ilp32 { "ILP32" } else { "LP64" },
            if dm == DataModel::Ilp32 { " --target i686-unknown-linux-gnu" } else { "" }
        )));
    };
    let exe = tmp.path().join("symbolized");
    let t1 = Instant::now();
    // statically linked: a process with a third of the mappings forks and
    // exits about a fifth faster, and the tree forks once per path; if the
    // static C libraries are missing, the dynamic link is the fallback
    let mut linked = Ok(None);
    for static_link in [true, false] {
        let mut cc = Command::new(&tc.clang);
        cc.args(["-O0", "-w", dm.cc_flag()])
            .args(dm.fp_flags())
            .arg("-o")
            .arg(&exe)
            .arg(&sym)
            .arg(&rt)
            .args(["-Wl,--gc-sections", "-Wl,-S"])
            // gold links the large runtime archive about a third faster than bfd
            .args(gold_linker())
            .args(static_link.then_some("-static"))
            .args(["-lpthread", "-ldl", "-lm", "-lrt", "-lutil"]);
        linked = run_tool(&mut cc, deadline);
        if linked.is_ok() {
            break;
        }
    }
    match linked {
        Ok(Some(())) => {}
        Ok(None) => return Ok(unknown(timeout_reason("linking the symbolized program"))),
        Err(e) => {
            return Ok(unknown(format!(
                "linking the symbolized program failed: {e}"
            )))
        }
    }
    let link_time = t1.elapsed();
    let scfg = kappa_solver::SolverConfig {
        timeout: opts.solver_timeout,
        deadline,
        memory_limit_mb: Some(opts.max_memory),
        ..Default::default()
    };
    let server = Server::start(tmp.path(), scfg)?;
    let t2 = Instant::now();
    let mut w = Watch {
        server: &server,
        deadline,
        max_memory_mb: opts.max_memory,
        checked: 0,
        rejected: vec![],
        peak_kb: 0,
        confirmed: None,
        stop_reason: None,
        last_root: None,
        runs: 0,
        signaled: None,
        replay_time: Duration::ZERO,
        replay_build: &mut replay_build,
        crashed_at_stop: None,
        explore_all: opts.explore_all,
    };
    // each run follows its prefix (and, in the concolic domain, its
    // inputs), then reports the other sides of its new decisions as new
    // runs; the fork explorer's tree reports, as concolic runs, the sides
    // it did not fork for (past the fork depth or the live-process bound)
    let (var, mut todo) = match opts.explorer {
        Explorer::Fork => {
            let mut child = spawn(&exe, &server, opts.max_memory, None)?;
            let go_on = w.watch(&mut child, timeout_reason("exploring"))?;
            let mut o = server.outcomes.lock().map_err(|_| anyhow!("poisoned"))?;
            let deferred = std::mem::take(&mut o.pending);
            (
                "KAPPA_NATIVE_CONCOLIC",
                if go_on { deferred } else { vec![] },
            )
        }
        Explorer::Concolic => ("KAPPA_NATIVE_CONCOLIC", vec![String::new()]),
        Explorer::Replay => ("KAPPA_NATIVE_PREFIX", vec![String::new()]),
    };
    // the runs to do, in report order (the last is the deepest);
    // depth-first, and, as the fork explorer does, the true side of a
    // branch before the false one: the deepest run that flips a branch to
    // its true side goes first
    while let Some(run) = {
        let k = todo.iter().rposition(|r| r.ends_with(" 1"));
        k.map(|k| todo.remove(k)).or_else(|| todo.pop())
    } {
        let mut child = spawn(&exe, &server, opts.max_memory, Some((var, &run)))?;
        if !w.watch(&mut child, timeout_reason("exploring"))? {
            break;
        }
        let mut o = server.outcomes.lock().map_err(|_| anyhow!("poisoned"))?;
        // reported in program order: the last is the deepest
        todo.append(&mut o.pending);
    }
    let run_time = t2.elapsed();
    let Watch {
        rejected,
        peak_kb,
        confirmed,
        stop_reason,
        last_root: root_status,
        runs,
        signaled,
        replay_time,
        crashed_at_stop,
        ..
    } = w;
    let o = server.outcomes.lock().map_err(|_| anyhow!("poisoned"))?;
    let _ = start;
    let stats = Stats {
        states: o.processes.max(1),
        paths: o.paths + o.errors.len() as u64 + o.unsupported.len() as u64,
        forks: o.processes.saturating_sub(1),
        queries: o.queries,
        z3_queries: o.z3_queries,
        solver_time: o.solver_time,
        failed_leaves: o.unsupported.len() as u64 + crashed_at_stop.unwrap_or(o.crashed),
        ..Stats::default()
    };
    let mut notes = vec![format!(
        "native: transform {:.3}s ({} abstract instructions, {} choices), compile+link {:.3}s, run {:.3}s ({} explorer, {} runs ({} restarted on an assumption), {} processes; native replay {:.3}s), peak memory of the process tree {} KiB",
        transform_time.as_secs_f64(),
        st.abstract_instructions,
        st.choices,
        link_time.as_secs_f64(),
        run_time.as_secs_f64(),
        opts.explorer.name(),
        runs,
        o.restarts,
        o.processes.max(1),
        replay_time.as_secs_f64(),
        peak_kb
    )];
    if !st.modelled.is_empty() {
        notes.push(format!(
            "native: library models linked for {}",
            st.modelled.join(", ")
        ));
    }
    if let Some((w, replay)) = confirmed {
        return Ok(Run {
            verdict: Verdict::False,
            reason: None,
            witness: Some(w),
            replay: Some(replay),
            notes,
            stats,
        });
    }
    // Every path ending normally is not a proof: see [`NOT_A_PROOF`].
    let reason = stop_reason
        .or_else(|| incomplete(&o, root_status, signaled, &rejected).map(Reason::Other))
        .unwrap_or_else(|| {
            Reason::Other(format!("{} {NOT_A_PROOF}", paths_text(stats.paths.max(1))))
        });
    Ok(Run {
        verdict: Verdict::Unknown,
        reason: Some(reason),
        witness: None,
        replay: None,
        notes,
        stats,
    })
}

/// Starts the symbolized program in its own process group, under the
/// memory limit; `run` (variable, value) selects the replay or concolic
/// explorer with that decision prefix (and inputs).
fn spawn(exe: &Path, server: &Server, max_memory: u64, run: Option<(&str, &str)>) -> Result<Child> {
    let mem_bytes = max_memory.saturating_mul(1 << 20);
    let mut cmd = Command::new(exe);
    cmd.env("KAPPA_NATIVE_SOCKET", &server.path)
        .env_remove("KAPPA_NATIVE_INPUTS")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    cmd.env_remove("KAPPA_NATIVE_PREFIX")
        .env_remove("KAPPA_NATIVE_CONCOLIC");
    if let Some((var, value)) = run {
        cmd.env(var, value);
    }
    let kappa = std::process::id() as libc::pid_t;
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::setpgid(0, 0);
            // it dies with kappa (once it forks, its reaper kills the
            // program's process group then: kappa_runtime::reaper)
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if libc::getppid() != kappa {
                libc::_exit(1);
            }
            let lim = libc::rlimit {
                rlim_cur: mem_bytes as libc::rlim_t,
                rlim_max: mem_bytes as libc::rlim_t,
            };
            libc::setrlimit(libc::RLIMIT_AS, &lim);
            Ok(())
        });
    }
    Ok(cmd.spawn()?)
}

/// The state of a run's supervision: error replays, limits, the last
/// root process's status.
struct Watch<'a> {
    server: &'a Server,
    deadline: Option<Instant>,
    max_memory_mb: u64,
    checked: usize,
    rejected: Vec<String>,
    peak_kb: u64,
    confirmed: Option<(ErrorWitness, String)>,
    stop_reason: Option<Reason>,
    last_root: Option<std::process::ExitStatus>,
    runs: u64,
    /// A signal that killed some run's root process.
    signaled: Option<i32>,
    /// Whether to go on after the first confirmed error (`--explore-all`).
    explore_all: bool,
    /// The replay build of the original program.
    replay_build: &'a mut ReplayBuild,
    /// Time spent in native replays of error reports.
    replay_time: Duration,
    /// Processes that had ended abnormally when the run was stopped (an
    /// error confirmed, a limit hit) before the tree was killed.
    crashed_at_stop: Option<u64>,
}

impl Watch<'_> {
    /// Waits until `child` and every process of its tree have ended (every
    /// connection closed), replaying each reported error natively as it
    /// arrives. Returns false (after killing the tree) when the run must
    /// stop: an error was confirmed, the deadline passed or memory ran out.
    fn watch(&mut self, child: &mut Child, timeout_reason: Reason) -> Result<bool> {
        self.runs += 1;
        let mut root_status = None;
        let mut synced = false;
        let mut last_mem = Instant::now();
        let go_on = loop {
            if root_status.is_none() {
                root_status = reap(child, &mut self.peak_kb);
            }
            let errors: Vec<_> = {
                let o = self
                    .server
                    .outcomes
                    .lock()
                    .map_err(|_| anyhow!("poisoned"))?;
                o.errors[self.checked..].to_vec()
            };
            for e in errors {
                self.checked += 1;
                if self.confirmed.is_some() {
                    continue;
                }
                let w = witness(&e);
                let limits = Limits {
                    time: Duration::from_secs(10),
                    memory_bytes: 1 << 30,
                    deadline: self.deadline.map(|d| d + Duration::from_millis(300)),
                };
                let test = w.test_vector();
                let t = Instant::now();
                let res = self.replay_build.get().and_then(|p| {
                    p.run(&test, &limits)
                        .map_err(|e| anyhow!("native replay failed: {e}"))
                });
                self.replay_time += t.elapsed();
                match res {
                    Ok(r) if r.outcome == Outcome::ReachedError => {
                        self.confirmed = Some((w, "reach_error reached".into()));
                        break;
                    }
                    Ok(r) => self
                        .rejected
                        .push(format!("native replay: {:?}", r.outcome)),
                    Err(e) => self.rejected.push(format!("{e}")),
                }
            }
            if self.confirmed.is_some() && !self.explore_all {
                break false;
            }
            let live = self.server.outcomes.lock().map(|o| o.live).unwrap_or(0);
            if root_status.is_some() && live == 0 {
                // the tree is gone; once the server has read everything it
                // sent (a report may still sit in an unaccepted
                // connection), the run is over
                if synced {
                    break true;
                }
                // (a barrier the server does not answer in time is tried
                // again, until the deadline: never a verdict on unread reports)
                let wait = self.deadline.map_or(Duration::from_secs(1), |d| {
                    d.saturating_duration_since(Instant::now() + Duration::from_millis(150))
                        .min(Duration::from_secs(1))
                });
                synced = self.server.barrier(wait);
                if synced {
                    continue;
                }
            } else {
                synced = false;
            }
            let now = Instant::now();
            // stop a little early: killing a large process tree and reporting
            // must fit in the watchdog's grace on a loaded machine
            if self
                .deadline
                .is_some_and(|d| now + Duration::from_millis(150) >= d)
            {
                self.stop_reason = Some(timeout_reason);
                break false;
            }
            if now.duration_since(last_mem) >= Duration::from_millis(100) {
                last_mem = now;
                let kb = group_rss_kb(child.id() as i32);
                self.peak_kb = self.peak_kb.max(kb);
                if kb / 1024 > self.max_memory_mb {
                    self.stop_reason = Some(Reason::Other(format!(
                        "memory bound hit ({} MiB resident in the native process tree, --max-memory {})",
                        kb / 1024,
                        self.max_memory_mb
                    )));
                    break false;
                }
            }
            std::thread::sleep(Duration::from_micros(500));
        };
        if root_status.is_none() && self.stop_reason.is_none() {
            self.peak_kb = self.peak_kb.max(group_rss_kb(child.id() as i32));
        }
        if !go_on {
            // the processes killed now end without a report: not crashes
            self.crashed_at_stop = self.server.outcomes.lock().ok().map(|o| o.crashed);
        }
        kill_group(child, root_status.is_some(), &mut self.peak_kb);
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = root_status.and_then(|s| s.signal()) {
            self.signaled.get_or_insert(sig);
        }
        self.last_root = root_status;
        Ok(go_on)
    }
}

/// The native replay build of the original program, started in the
/// background when the exploration starts and waited for at the first
/// error report (or when dropped, so its temporary files are removed).
struct ReplayBuild {
    pending:
        Option<std::thread::JoinHandle<Result<kappa_replay::Prepared, kappa_replay::ReplayError>>>,
    done: Option<Result<kappa_replay::Prepared, String>>,
}

impl ReplayBuild {
    /// Starts building `sources` for replay; compile steps still running
    /// shortly after `deadline` are killed.
    fn start(sources: &[PathBuf], dm: DataModel, deadline: Option<Instant>) -> ReplayBuild {
        let sources = sources.to_vec();
        let deadline = deadline.map(|d| d + Duration::from_millis(300));
        ReplayBuild {
            pending: Some(std::thread::spawn(move || {
                kappa_replay::prepare(&sources, dm, deadline)
            })),
            done: None,
        }
    }

    /// The build, waiting for it if needed.
    fn get(&mut self) -> Result<&kappa_replay::Prepared> {
        if let Some(h) = self.pending.take() {
            self.done = Some(match h.join() {
                Ok(r) => r.map_err(|e| format!("native replay failed: {e}")),
                Err(_) => Err("native replay failed: the build thread panicked".into()),
            });
        }
        match &self.done {
            Some(Ok(p)) => Ok(p),
            Some(Err(e)) => Err(anyhow!("{e}")),
            None => Err(anyhow!("native replay failed: no build")),
        }
    }
}

impl Drop for ReplayBuild {
    /// Waits for a build still running, so that its temporary directory is
    /// removed (a build is bounded by the deadline, and short).
    fn drop(&mut self) {
        let _ = self.get();
    }
}

/// Reaps `child` if it has ended (`wait4`, so its own peak resident set is
/// known: `peak_kb` becomes at least that).
fn reap(child: &Child, peak_kb: &mut u64) -> Option<std::process::ExitStatus> {
    use std::os::unix::process::ExitStatusExt;
    let mut status = 0;
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child, with valid out-pointers.
    let r = unsafe {
        libc::wait4(
            child.id() as libc::pid_t,
            &mut status,
            libc::WNOHANG,
            &mut ru,
        )
    };
    if r == child.id() as libc::pid_t {
        *peak_kb = (*peak_kb).max(ru.ru_maxrss.max(0) as u64);
        Some(std::process::ExitStatus::from_raw(status))
    } else if r < 0 {
        // already reaped (or not ours): treat as ended normally
        Some(std::process::ExitStatus::from_raw(0))
    } else {
        None
    }
}

/// What native mode says when every path ended normally without reaching
/// `reach_error`: the exploration is complete over the program's branches,
/// but code that computes on concrete values runs as compiled, so its
/// undefined behaviour (an out-of-bounds access, a read of an uninitialised
/// variable, a signed overflow) is not detected, and the program may still
/// be wrong under C's semantics. Native mode therefore never answers
/// `true`; only a `false` (replayed natively) is a verdict.
pub const NOT_A_PROOF: &str = "ended normally without reaching reach_error; not a proof, since undefined behaviour in code on concrete values (out-of-bounds accesses, uninitialised reads, signed overflow) runs natively undetected";

/// "every path (N)" for [`NOT_A_PROOF`].
fn paths_text(paths: u64) -> String {
    if paths == 1 {
        "the one path".to_string()
    } else {
        format!("all {paths} paths")
    }
}

/// Why the exploration is not complete (None: every path ended normally).
fn incomplete(
    o: &Outcomes,
    root: Option<std::process::ExitStatus>,
    signaled: Option<i32>,
    rejected: &[String],
) -> Option<String> {
    if let Some(u) = o.unsupported.first() {
        return Some(format!("unsupported: {u} ({} paths)", o.unsupported.len()));
    }
    if let Some(r) = rejected.first() {
        return Some(format!("an error path was not confirmed: {r}"));
    }
    if let Some(b) = o.bounds.first() {
        return Some(format!("bound hit: {b}"));
    }
    if o.crashed > 0 {
        return Some(format!(
            "{} native path(s) ended abnormally (signal or crash)",
            o.crashed
        ));
    }
    if let Some(sig) = signaled {
        return Some(format!("the native program was killed by signal {sig}"));
    }
    match root {
        Some(_) => None,
        None => Some("the native program did not end".into()),
    }
}

fn witness(e: &server::ErrorReport) -> ErrorWitness {
    ErrorWitness {
        // the library models' hidden input is not one of the program's
        inputs: e
            .inputs
            .iter()
            .filter(|(origin, _, _)| origin != kappa_symbolize::models::HIDDEN_INPUT)
            .map(|(origin, w, v)| TestInput {
                origin: origin.clone(),
                ty: if *w == 1 { Ty::Bool } else { Ty::Int(*w) },
                bits: *v as u128,
                at: String::new(),
            })
            .collect(),
        path: vec![],
        path_elided: 0,
        location: "reach_error".into(),
        error_src: None,
        events: vec![],
    }
}
