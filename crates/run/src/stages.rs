//! Auto's stage processes: `kappa verify --mode auto` running a stage in a
//! child process (kappa itself with the hidden `--stage NAME`), the
//! schedule that runs `--jobs` of them at once ([`run_parallel`]), and the
//! parent's report from the answering stage's hand-over.
//!
//! A stage process loads the program, runs its stage until its share ends
//! (`--stage-ms`), writes what the run asked for (witness, HTML page,
//! tree, tests) into its private directory and hands its report over
//! there ([`hand_over`]); the parent moves the answering stage's outputs
//! to the paths asked for and prints the report with every stage's wall
//! and CPU time ([`finish`]). A stage still running
//! [`STAGE_GRACE`] after its share ended, or [`RUN_GRACE`] after the
//! run's deadline, is killed with its descendants (its statistics are
//! lost; its wall and CPU time are reported). Every stage process ends
//! with its parent, even one killed by SIGKILL (`PR_SET_PDEATHSIG` sends
//! it SIGTERM, on which it kills its own descendants and removes the
//! run's directory), and the parent's end (verdict, signal, watchdog)
//! kills its descendants (see [`crate::watchdog`]). Directories of runs
//! whose process is gone are removed by the next run.

use crate::options::VerifyOptions;
use crate::portfolio::{Kind, Stage, STAGES};
use crate::report::{self, rusage_seconds, Report, StageReport};
use anyhow::{anyhow, Context, Result};
use kappa_engine::Verdict;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long after the end of its share a stage process may run before it
/// is killed: it stops by itself at its deadline (its construction steps
/// aside) and then writes its report.
pub const STAGE_GRACE: Duration = Duration::from_millis(400);

/// How long after the run's deadline the parent waits for its stage
/// processes before it kills them and reports `unknown`: the verdict is
/// then out by `--timeout` + 0.5 s. A stage process's deadline is
/// [`HAND_OVER`] before the run's, so only a stage replaying a `false`
/// found at the very end (`verify::REPLAY_GRACE`) or a stuck one is
/// still running then.
pub const RUN_GRACE: Duration = Duration::from_millis(150);

/// How long before the run's deadline a stage process's own deadline is:
/// the time it takes to write its report and end (measured: 20-90 ms on
/// a loaded two-core machine), so that the parent has its report at the
/// run's deadline.
pub const HAND_OVER: Duration = Duration::from_millis(100);

/// The CPU time each running stage process may still use after the
/// parent decided to stop it for `--cpu-limit` (killing and reaping it).
pub const CPU_MARGIN: f64 = 0.25;

/// How long the parent waits to reap a stage process it killed.
const REAP_WAIT: Duration = Duration::from_millis(30);

/// How often the parent looks at its stage processes.
const POLL: Duration = Duration::from_millis(5);

/// The hand-over file in a stage's directory.
const REPORT_FILE: &str = "report.json";

/// How many stages the portfolio of this process runs at once (0: not
/// set; for the report).
static JOBS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Records how many stages run at once (`--jobs` or its default).
pub(crate) fn set_jobs(n: usize) {
    JOBS.store(n, std::sync::atomic::Ordering::Relaxed);
}

/// How many stages run at once, when the portfolio set it.
pub(crate) fn jobs() -> Option<usize> {
    Some(JOBS.load(std::sync::atomic::Ordering::Relaxed)).filter(|&n| n > 0)
}

/// The number of cores this process may use: the CPU affinity mask and a
/// cgroup (v1 or v2) CPU quota count (`std::thread::available_parallelism`).
pub fn available_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Outputs of a stage process, relative to its directory.
const WITNESS: &str = "witness.yml";
const HTML: &str = "page.html";
const TESTS: &str = "tests";

/// In a stage process: points the outputs asked for into `dir` (the parent
/// moves the answering stage's) and sets the stage's memory share.
pub fn redirect_outputs(args: &mut VerifyOptions, dir: &Path) {
    if args.witness.is_some() {
        args.witness = Some(dir.join(WITNESS));
    }
    if args.html.is_some() {
        args.html = Some(dir.join(HTML));
    }
    if let Some(t) = &args.tree {
        let ext = t.extension().map(|e| e.to_string_lossy().into_owned());
        args.tree = Some(dir.join(format!("tree.{}", ext.unwrap_or_else(|| "dot".into()))));
    }
    if args.tests_dir.is_some() {
        args.tests_dir = Some(dir.join(TESTS));
    }
    if let Some(mb) = args.stage_memory {
        args.max_memory = mb;
    }
}

/// In a stage process: writes the report for the parent into `dir`.
pub(crate) fn hand_over(dir: &Path, r: &Report) {
    let (head, tail) = r.text_parts();
    let v = json!({
        "report": r.json(),
        "head": head,
        "tail": tail,
        "notes": r.notes,
        "final": r.reason.as_ref().is_some_and(kappa_engine::Reason::every_stage_would_meet),
        "timed_out": r.reason.as_ref().is_some_and(kappa_engine::Reason::timed_out),
    });
    let tmp = dir.join("report.tmp");
    if std::fs::write(&tmp, v.to_string()).is_ok() {
        let _ = std::fs::rename(&tmp, dir.join(REPORT_FILE));
    }
}

/// A running stage process.
pub(crate) struct StageProc {
    stage: &'static Stage,
    pid: u32,
    dir: PathBuf,
    started: Instant,
    until: Option<Instant>,
    run_until: Option<Instant>,
}

/// A stage process that ended (or was killed).
pub(crate) struct Ended {
    /// The stage's line of the report.
    pub(crate) report: StageReport,
    /// Its directory (outputs and hand-over).
    dir: PathBuf,
    /// The hand-over, when the process wrote one.
    handed: Option<Value>,
}

impl Ended {
    /// The notes of the stage's report.
    pub(crate) fn notes(&self) -> Vec<String> {
        self.handed
            .as_ref()
            .and_then(|h| h["notes"].as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|n| n.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Whether the stage ended `unknown` for a reason every stage would meet.
    fn is_final(&self) -> bool {
        matches!(self.report_kind(), Kind::Interpreter(..))
            && self.handed.as_ref().is_some_and(|h| h["final"] == true)
    }

    fn report_kind(&self) -> Kind {
        STAGES
            .iter()
            .find(|s| s.name == self.report.name)
            .map_or(Kind::Prove, |s| s.kind)
    }
}

/// The directory of the stage processes (set once made).
static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// In a stage process: the run's directory of stage processes and the
/// parent's pid (the directory is removed when the parent died).
static PARENT_ROOT: std::sync::OnceLock<(PathBuf, libc::pid_t)> = std::sync::OnceLock::new();

/// The prefix of a run's directory of stage processes, followed by the
/// pid of the kappa process that made it.
const ROOT_PREFIX: &str = "kappa-stages-";

/// The directory under which the stage processes of this run write
/// (`kappa-stages-PID-XXXXXX` in the temporary directory). Directories of
/// runs whose process is gone (killed with SIGKILL) are removed first.
pub(crate) fn stages_root() -> Result<&'static Path> {
    if let Some(r) = ROOT.get() {
        return Ok(r);
    }
    remove_stale_roots(&std::env::temp_dir());
    let dir = tempfile::Builder::new()
        .prefix(&format!("{ROOT_PREFIX}{}-", std::process::id()))
        .tempdir()
        .context("cannot create a temporary directory for the stage processes")?
        .keep();
    Ok(ROOT.get_or_init(|| dir))
}

/// Makes the run's directory ([`stages_root`]) the temporary directory
/// (`TMPDIR`) of everything this process and its children write: the
/// frontend's bitcode, the native back end's build, replay builds,
/// compilers' own files. A kappa killed with SIGKILL cannot remove them,
/// but they all lie in one directory named after its pid, which the next
/// run removes ([`remove_stale_roots`]). Called by a process that is not a
/// stage process (those write into their parent's), before any other
/// thread reads the environment.
pub fn keep_temporaries_in_run_dir() {
    if let Ok(root) = stages_root() {
        std::env::set_var("TMPDIR", root);
    }
}

/// Removes the directories of stage processes in `tmp` whose kappa
/// process no longer exists (a kappa killed by SIGKILL cannot remove its
/// own, nor can its stage processes when they died first).
fn remove_stale_roots(tmp: &Path) {
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(ROOT_PREFIX))
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// In a stage process (command line `argv` with `--stage-dir DIR`):
/// records the run's directory of stage processes (named after the
/// parent's pid), removed if this process ends on a signal after its
/// parent died (see [`remove_root_on_signal`]). Called once the process
/// takes signals ([`crate::watchdog::end_on_signals`]); returns `false`
/// when the parent already died (a SIGKILL before this process could
/// take its death signal): the directory is then removed and the stage
/// must not run.
pub fn note_parent_root(argv: &[String]) -> bool {
    let Some(k) = argv.iter().position(|a| a == "--stage-dir") else {
        return true;
    };
    let Some(root) = argv.get(k + 1).and_then(|d| Path::new(d).parent()) else {
        return true;
    };
    let Some(parent) = root
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_prefix(ROOT_PREFIX))
        .and_then(|rest| rest.split_once('-'))
        .and_then(|(pid, _)| pid.parse::<libc::pid_t>().ok())
    else {
        return true;
    };
    let _ = PARENT_ROOT.set((root.to_path_buf(), parent));
    // SAFETY: getppid(2) cannot fail.
    if unsafe { libc::getppid() } != parent {
        let _ = std::fs::remove_dir_all(root);
        return false;
    }
    true
}

/// Removes the stage processes' directory, if one was made (at the end of
/// the process: [`crate::watchdog::exit_now`] and the end on a signal).
pub fn remove_root() {
    if let Some(root) = ROOT.get() {
        let _ = std::fs::remove_dir_all(root);
    }
}

/// At the end on a signal: [`remove_root`], and in a stage process whose
/// parent died (the signal is its death signal), the run's directory.
pub fn remove_root_on_signal() {
    remove_root();
    if let Some((root, parent)) = PARENT_ROOT.get() {
        // (the death signal comes when the thread that started this
        // process exits: until the parent's last thread has exited, which
        // follows the teardown of its address space and can take hundreds
        // of milliseconds on a loaded machine, this process's parent is
        // still one of the parent's threads, so the same pid)
        let until = Instant::now() + Duration::from_secs(2);
        // SAFETY: getppid(2) cannot fail.
        while unsafe { libc::getppid() } == *parent && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(2));
        }
        // SAFETY: as above
        if unsafe { libc::getppid() } != *parent {
            // (every stage process removes it at once: a file another
            // removed first fails one pass)
            for _ in 0..5 {
                if std::fs::remove_dir_all(root).is_ok() || !root.exists() {
                    break;
                }
            }
        }
    }
}

/// Starts stage `st` in a child process with the run's command line, its
/// deadline `until`, the run's `deadline` and `memory_mb` of memory.
fn spawn(
    st: &'static Stage,
    until: Option<Instant>,
    deadline: Option<Instant>,
    memory_mb: u64,
) -> Result<StageProc> {
    let dir = stages_root()?.join(st.name.replace('+', "-"));
    std::fs::create_dir_all(&dir).context("cannot create a stage directory")?;
    let exe = std::env::current_exe().context("cannot find kappa's executable")?;
    let err = std::fs::File::create(dir.join("stderr")).context("stage directory")?;
    let now = Instant::now();
    let ms = |d: Instant| d.saturating_duration_since(now).as_millis().to_string();
    // (the stage process hands over before the run's deadline)
    let total = deadline.map(|d| d.checked_sub(HAND_OVER).unwrap_or(d).max(now));
    let until = until.map(|u| total.map_or(u, |d| u.min(d)));
    let mut cmd = Command::new(exe);
    cmd.args(std::env::args_os().skip(1))
        .arg("--stage")
        .arg(st.name)
        .arg("--stage-dir")
        .arg(&dir)
        .arg("--stage-memory")
        .arg(memory_mb.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(err);
    if let Some(d) = until {
        cmd.arg("--stage-ms").arg(ms(d));
    }
    if let Some(d) = total {
        cmd.arg("--stage-total-ms").arg(ms(d));
    }
    use std::os::unix::process::CommandExt;
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: signal(2), prctl(2), getppid(2) and _exit(2) are
    // async-signal-safe. The stage process gets SIGTERM when this one
    // dies, even by SIGKILL: it then kills its own descendants (solver
    // processes, the native back end's program) and removes the stage
    // directories (crate::watchdog::end_on_signals). Until its handler is
    // installed SIGTERM is ignored (an ignored signal stays ignored across
    // exec): one that came while it loaded would end it before it could
    // clean up; `note_parent_root` then sees the parent gone instead.
    unsafe {
        cmd.pre_exec(move || {
            libc::signal(libc::SIGTERM, libc::SIG_IGN);
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
            // (this process died before the request: no signal comes)
            if libc::getppid() != parent {
                libc::_exit(1);
            }
            Ok(())
        });
    }
    let child = cmd
        .spawn()
        .with_context(|| format!("cannot start the {} stage process", st.name))?;
    Ok(StageProc {
        stage: st,
        pid: child.id(),
        dir,
        started: now,
        until,
        run_until: deadline,
    })
}

impl StageProc {
    /// The stage's end if it ended, or if it overran (then it is killed).
    fn poll(&self) -> Option<Ended> {
        let mut status = 0;
        // SAFETY: wait4 on our child fills status and rusage.
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        let pid = self.pid as libc::pid_t;
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut ru) };
        if r == pid {
            return Some(self.ended(&ru, None));
        }
        let now = Instant::now();
        let overdue = self.until.is_some_and(|u| now >= u + STAGE_GRACE)
            || self.run_until.is_some_and(|u| now >= u + RUN_GRACE);
        (overdue || r < 0).then(|| self.kill("stopped: its share ended and it had not handed over"))
    }

    /// Kills the stage process and its descendants; its end says `why`.
    /// Waits at most [`REAP_WAIT`] for it (a process freeing much memory
    /// on a loaded machine may take longer to go; it is dead to the run and
    /// reaped at kappa's exit): its CPU time is read before the kill.
    fn kill(&self, why: &str) -> Ended {
        let cpu = tree_cpu_seconds(self.pid);
        crate::watchdog::kill_tree(self.pid);
        let until = Instant::now() + REAP_WAIT;
        // SAFETY: as in poll
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        loop {
            let mut status = 0;
            let pid = self.pid as libc::pid_t;
            let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut ru) };
            if r != 0 || Instant::now() >= until {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let mut e = self.ended(&ru, Some(why));
        e.report.cpu_seconds = e.report.cpu_seconds.max(cpu);
        e
    }

    /// The stage's end from its hand-over (unless it was killed for `killed`).
    fn ended(&self, ru: &libc::rusage, killed: Option<&str>) -> Ended {
        let handed: Option<Value> = match killed {
            Some(_) => None,
            None => std::fs::read_to_string(self.dir.join(REPORT_FILE))
                .ok()
                .and_then(|t| serde_json::from_str(&t).ok()),
        };
        let (verdict, reason) = match &handed {
            Some(h) => (
                match h["report"]["verdict"].as_str() {
                    Some("true") => Verdict::True,
                    Some("false") => Verdict::False,
                    _ => Verdict::Unknown,
                },
                h["report"]["reason"].as_str().map(String::from),
            ),
            None => (
                Verdict::Unknown,
                Some(killed.map_or_else(
                    || "the stage process ended without a report".to_string(),
                    String::from,
                )),
            ),
        };
        Ended {
            report: StageReport {
                name: self.stage.name,
                technique: self.stage.technique(),
                seconds: self.started.elapsed().as_secs_f64(),
                cpu_seconds: rusage_seconds(ru),
                verdict,
                reason,
                answered: verdict != Verdict::Unknown,
                skipped: false,
            },
            dir: self.dir.clone(),
            handed,
        }
    }
}

/// The memory each of `n` stage processes may use: `--max-memory` less
/// what this process holds, split evenly (at least 64 MiB).
fn memory_share(args: &VerifyOptions, n: usize) -> u64 {
    let mine = kappa_solver::resident_mb().unwrap_or(0);
    (args.max_memory.saturating_sub(mine) / n.max(1) as u64).max(64)
}

/// Runs stage `st` alone in a child process (`--jobs 1`'s condition,
/// proof and native stages) and waits for its end; it is stopped when
/// kappa's processes reach `--cpu-limit` (less [`CPU_MARGIN`]).
pub(crate) fn run_alone(
    args: &VerifyOptions,
    st: &'static Stage,
    until: Option<Instant>,
    deadline: Option<Instant>,
) -> Result<Ended> {
    let p = spawn(st, until, deadline, memory_share(args, 1))?;
    loop {
        if let Some(e) = p.poll() {
            return Ok(e);
        }
        // (its solver processes may use more than one CPU second per second)
        if let Some(limit) = args.cpu_limit {
            let used = crate::report::cpu_seconds() + tree_cpu_seconds(p.pid);
            if used + CPU_MARGIN >= limit {
                return Ok(p.kill(&format!(
                    "stopped: CPU time limit: {used:.1}s of --cpu-limit {limit}s used by kappa's processes"
                )));
            }
        }
        std::thread::sleep(POLL);
    }
}

/// Runs the portfolio with `jobs` stage processes at once: the probe
/// (classic execution) for the whole time, the others in order as
/// processes end, each with its share of the time left when it starts
/// (the last with all of it). The first definitive answer wins and the
/// other processes are killed; so does an `unknown` every stage would meet.
pub(crate) fn run_parallel(
    args: &VerifyOptions,
    start: Instant,
    deadline: Option<Instant>,
    jobs: usize,
) -> Result<()> {
    let mut reports: Vec<Option<StageReport>> = vec![None; STAGES.len()];
    let index = |st: &Stage| STAGES.iter().position(|s| s.name == st.name).unwrap_or(0);
    // (the probe first: it runs for the whole time)
    let mut queue: Vec<&'static Stage> = STAGES.iter().collect();
    let memory = memory_share(args, jobs);
    let mut running: Vec<StageProc> = vec![];
    let mut winner: Option<Ended> = None;
    let mut last_ended: Option<Ended> = None;
    let mut stop: Option<String> = None;
    loop {
        while stop.is_none() && running.len() < jobs && !queue.is_empty() {
            let st = queue.remove(0);
            let now = Instant::now();
            let until = if st.is_probe() || st.is_last() || queue.is_empty() {
                deadline
            } else {
                st.deadline(now, deadline)
            };
            if deadline.is_some_and(|d| now >= d) {
                reports[index(st)] = Some(st.skipped("no time left".into()));
                continue;
            }
            if until.is_some_and(|d| d.saturating_duration_since(now) < st.min) {
                reports[index(st)] = Some(st.skipped(st.too_short()));
                continue;
            }
            match spawn(st, until, deadline, memory) {
                Ok(p) => running.push(p),
                Err(e) => {
                    let mut r = st.skipped(format!("{e:#}"));
                    r.skipped = false;
                    reports[index(st)] = Some(r);
                }
            }
        }
        let mut k = 0;
        while k < running.len() {
            let Some(e) = running[k].poll() else {
                k += 1;
                continue;
            };
            running.remove(k);
            reports[index(stage_of(&e))] = Some(e.report.clone());
            if e.report.answered && winner.is_none() {
                stop = Some(format!("the {} stage answered", e.report.name));
                winner = Some(e);
            } else {
                if e.is_final() && stop.is_none() {
                    stop = Some(format!(
                        "the {} stage met a possible undefined behaviour or an unsupported construct that every stage would meet",
                        e.report.name
                    ));
                }
                if e.handed.is_some() || last_ended.as_ref().is_none_or(|l| l.handed.is_none()) {
                    last_ended = Some(e);
                }
            }
        }
        if stop.is_none() {
            if let Some(limit) = args.cpu_limit {
                let used = crate::report::cpu_seconds()
                    + running.iter().map(|p| tree_cpu_seconds(p.pid)).sum::<f64>();
                if used + CPU_MARGIN * running.len() as f64 >= limit {
                    stop = Some(format!(
                        "CPU time limit: {used:.1}s of --cpu-limit {limit}s used by kappa's processes"
                    ));
                }
            }
        }
        if stop.is_some() || (running.is_empty() && queue.is_empty()) {
            break;
        }
        std::thread::sleep(POLL);
    }
    let why = stop.unwrap_or_else(|| "no time left".into());
    // (every process is killed before any is waited for)
    for p in &running {
        crate::watchdog::kill_tree(p.pid);
    }
    for p in running.drain(..) {
        let mut e = p.kill(&format!("stopped: {why}"));
        e.report.answered = false;
        reports[index(p.stage)] = Some(e.report);
    }
    for st in queue {
        reports[index(st)] = Some(st.skipped(why.clone()));
    }
    let stages = STAGES
        .iter()
        .zip(reports)
        .map(|(st, r)| r.unwrap_or_else(|| st.skipped(why.clone())))
        .collect();
    finish(args, winner.or(last_ended), stages, start)
}

fn stage_of(e: &Ended) -> &'static Stage {
    STAGES
        .iter()
        .find(|s| s.name == e.report.name)
        .unwrap_or(&STAGES[0])
}

/// Prints the run's report from the stage `ended` (the one that answered,
/// else the last that handed a report over) with every stage's line
/// `stages`, after moving its outputs to the paths asked for.
pub(crate) fn finish(
    args: &VerifyOptions,
    ended: Option<Ended>,
    stages: Vec<StageReport>,
    start: Instant,
) -> Result<()> {
    let wall = start.elapsed().as_secs_f64();
    let handed = ended.as_ref().and_then(|e| e.handed.clone());
    let text = match (handed, &ended) {
        (Some(h), Some(e)) => {
            let moved = move_outputs(args, &e.dir);
            let mut v = h["report"].clone();
            report::set_stages_json(&mut v, &stages);
            v["stats"]["wall_time_s"] = json!((wall * 1000.0).round() / 1000.0);
            let mut head = h["head"].as_str().unwrap_or_default().to_string();
            let mut tail = h["tail"].as_str().unwrap_or_default().to_string();
            if !e.report.answered {
                let timed_out = h["timed_out"] == true;
                if let Some(r) = v["reason"].as_str().filter(|_| timed_out) {
                    let all = format!(
                        "timeout after {}s (every stage ran out of time)",
                        crate::verify::wall_limit(args)
                    );
                    head = head.replace(&format!("reason: {r}\n"), &format!("reason: {all}\n"));
                    v["reason"] = json!(all);
                }
            }
            let mut json_text = v.to_string();
            for (from, to) in &moved {
                head = head.replace(from, to);
                tail = tail.replace(from, to);
                let quoted = |s: &str| {
                    let q = serde_json::to_string(s).unwrap_or_default();
                    q[1..q.len().saturating_sub(1)].to_string()
                };
                json_text = json_text.replace(&quoted(from), &quoted(to));
            }
            if args.json {
                format!("{json_text}\n")
            } else {
                format!("{head}{}{tail}", report::stage_lines(&stages))
            }
        }
        _ => {
            let reason = stages
                .iter()
                .rev()
                .find(|s| !s.skipped)
                .and_then(|s| s.reason.clone())
                .unwrap_or_else(|| "no stage ran".into());
            let mut r = Report::unknown_without_run(&args.file, reason);
            r.mode = "auto";
            r.stages = stages;
            r.stats.wall_time = wall;
            if let Some(path) = &args.html {
                crate::html::gather::write_plain_page(path, &r);
            }
            r.render(args.json)
        }
    };
    remove_root();
    if !crate::watchdog::claim_output() {
        crate::watchdog::park_forever();
    }
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .map_err(|e| anyhow!("cannot write the report: {e}"))?;
    let _ = out.flush();
    Ok(())
}

/// Moves the outputs a stage process wrote into `dir` to the paths the
/// run asked for; returns the (stage path, final path) pairs moved.
fn move_outputs(args: &VerifyOptions, dir: &Path) -> Vec<(String, String)> {
    let mut moved = vec![];
    let mut one = |from: PathBuf, to: &Path| {
        if from.exists() && move_path(&from, to).is_ok() {
            moved.push((from.display().to_string(), to.display().to_string()));
        }
    };
    if let Some(w) = &args.witness {
        one(dir.join(WITNESS), w);
    }
    if let Some(h) = &args.html {
        one(dir.join(HTML), h);
    }
    if let Some(t) = &args.tree {
        let ext = t.extension().map(|e| e.to_string_lossy().into_owned());
        one(
            dir.join(format!("tree.{}", ext.unwrap_or_else(|| "dot".into()))),
            t,
        );
    }
    if let Some(t) = &args.tests_dir {
        if let Ok(rd) = std::fs::read_dir(dir.join(TESTS)) {
            for e in rd.flatten() {
                let _ = move_path(&e.path(), &t.join(e.file_name()));
            }
            moved.push((
                dir.join(TESTS).display().to_string(),
                t.display().to_string(),
            ));
        }
    }
    moved
}

/// Renames `from` to `to`, or copies it (another file system) and removes it.
fn move_path(from: &Path, to: &Path) -> std::io::Result<()> {
    if std::fs::rename(from, to).is_ok() {
        return Ok(());
    }
    std::fs::copy(from, to)?;
    std::fs::remove_file(from)
}

/// CPU time (user and system, seconds) of process `pid` and of its
/// descendants, alive or waited for by them, from /proc.
fn tree_cpu_seconds(pid: u32) -> f64 {
    // SAFETY: sysconf reads a constant.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    let mut total = 0.0;
    let mut family = vec![pid as i64];
    let mut i = 0;
    while i < family.len() {
        let p = family[i];
        if let Ok(stat) = std::fs::read_to_string(format!("/proc/{p}/stat")) {
            // utime, stime, cutime, cstime: fields 14-17, the 12th-15th after comm
            if let Some(rest) = stat.rfind(')').map(|k| &stat[k + 1..]) {
                let ticks: f64 = rest
                    .split_whitespace()
                    .skip(11)
                    .take(4)
                    .filter_map(|t| t.parse::<f64>().ok())
                    .sum();
                total += ticks / hz;
            }
        }
        family.extend(crate::watchdog::children_of(p).unwrap_or_default());
        i += 1;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_jobs_are_at_most_the_cores_of_the_affinity_mask() {
        // SAFETY: sched_getaffinity fills the zeroed set.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        let size = std::mem::size_of::<libc::cpu_set_t>();
        let n = if unsafe { libc::sched_getaffinity(0, size, &mut set) } == 0 {
            unsafe { libc::CPU_COUNT(&set) as usize }
        } else {
            usize::MAX
        };
        let jobs = available_jobs();
        assert!(jobs >= 1 && jobs <= n, "{jobs} of {n}");
    }

    #[test]
    fn a_killed_tree_is_gone_and_its_cpu_time_counted() {
        // a shell with a busy child: both die (another test's
        // kill_children may end them first: they are gone either way)
        let mut child = std::process::Command::new("sh")
            .args(["-c", "sh -c 'while :; do :; done' & wait"])
            .spawn()
            .expect("sh");
        std::thread::sleep(Duration::from_millis(300));
        let pid = child.id();
        let kids = crate::watchdog::children_of(pid as i64).unwrap_or_default();
        // (this process's own CPU time counts: spin until a tick shows)
        let t0 = Instant::now();
        while tree_cpu_seconds(std::process::id()) <= 0.0 && t0.elapsed() < Duration::from_secs(5) {
            std::hint::black_box((0..10_000u64).sum::<u64>());
        }
        assert!(tree_cpu_seconds(std::process::id()) > 0.0);
        crate::watchdog::kill_tree(pid);
        let _ = child.wait();
        std::thread::sleep(Duration::from_millis(100));
        for k in kids {
            let state = std::fs::read_to_string(format!("/proc/{k}/stat")).unwrap_or_default();
            let alive = state
                .rfind(')')
                .and_then(|i| state[i + 1..].split_whitespace().next())
                .is_some_and(|s| s != "Z");
            assert!(!alive, "{k} still runs");
        }
    }
}
