//! Drives the LLVM 16 toolchain: clang (C -> bitcode, with flags that make
//! locals SSA values and keep file:line), llvm-link (several inputs) and opt
//! (mem2reg).

use crate::FrontendError;
use kappa_ir::DataModel;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Locates an LLVM 16 tool: `NAME-16` on the PATH, then `/usr/lib/llvm-16/bin/NAME`.
pub fn find_tool(name: &str) -> Result<PathBuf, FrontendError> {
    let versioned = format!("{name}-16");
    if let Some(paths) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&paths) {
            let p = dir.join(&versioned);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    let p = PathBuf::from("/usr/lib/llvm-16/bin").join(name);
    if p.is_file() {
        return Ok(p);
    }
    Err(FrontendError::MissingTool { tool: versioned })
}

/// The LLVM 16 tools kappa uses. clang and the bitcode reader must be the same
/// LLVM version (LLVM 16 rejects newer bitcode).
#[derive(Clone, Debug)]
pub struct Toolchain {
    /// clang-16.
    pub clang: PathBuf,
    /// opt-16.
    pub opt: PathBuf,
    /// llvm-link-16.
    pub link: PathBuf,
}

/// Flags that keep clang's output analysable: no optimisation but no
/// `optnone` (so mem2reg runs), debug info for file:line, readable value names,
/// and SV-COMP's lenient C (implicit declarations are warnings).
pub const CLANG_FLAGS: &[&str] = &[
    "-c",
    "-emit-llvm",
    "-O0",
    "-g",
    "-Xclang",
    "-disable-O0-optnone",
    "-fno-discard-value-names",
    "-fno-color-diagnostics",
    "-ferror-limit=5",
    "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int",
    "-Wno-error=int-conversion",
    "-Wno-error=incompatible-pointer-types",
    "-Wno-error=incompatible-function-pointer-types",
    "-w",
];

fn check_text(path: &Path) -> Result<(), FrontendError> {
    let bytes = std::fs::read(path).map_err(|e| FrontendError::Unreadable {
        path: path.into(),
        reason: e.to_string(),
    })?;
    if bytes.contains(&0) || std::str::from_utf8(&bytes).is_err() {
        return Err(FrontendError::Binary { path: path.into() });
    }
    Ok(())
}

fn check_bitcode(path: &Path) -> Result<(), FrontendError> {
    let bytes = std::fs::read(path).map_err(|e| FrontendError::Unreadable {
        path: path.into(),
        reason: e.to_string(),
    })?;
    if !bytes.starts_with(b"BC\xC0\xDE") {
        return Err(FrontendError::Bitcode {
            path: path.into(),
            reason: "not an LLVM bitcode file (bad magic)".into(),
        });
    }
    Ok(())
}

fn first_error_line(diag: &str) -> String {
    let line = diag
        .lines()
        .find(|l| l.contains("error:"))
        .or_else(|| diag.lines().find(|l| !l.trim().is_empty()))
        .unwrap_or("compiler failed")
        .trim();
    // drop the leading "path:" prefix clang adds; the error names the file itself
    match line.find("error:") {
        Some(i) => {
            let loc = line[..i].trim_end_matches(": ").trim_end_matches(':');
            let loc = loc.rsplit('/').next().unwrap_or(loc);
            format!("{} (at {})", line[i..].trim(), loc)
        }
        None => line.to_string(),
    }
}

impl Toolchain {
    /// Finds clang-16, opt-16 and llvm-link-16.
    pub fn find() -> Result<Toolchain, FrontendError> {
        Ok(Toolchain {
            clang: find_tool("clang")?,
            opt: find_tool("opt")?,
            link: find_tool("llvm-link")?,
        })
    }

    /// Runs `cmd` (a compile step of `path`), killing it at `deadline`.
    fn run(
        &self,
        cmd: &mut Command,
        path: &Path,
        deadline: Option<Instant>,
    ) -> Result<(), FrontendError> {
        let tool = cmd.get_program().to_string_lossy().into_owned();
        let missing = |e: std::io::Error| FrontendError::MissingTool {
            tool: format!("{tool} ({e})"),
        };
        cmd.stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().map_err(missing)?;
        // read stderr on the side: a full pipe would stall the compiler
        let reader = child.stderr.take().map(|mut err| {
            std::thread::spawn(move || {
                let mut buf = vec![];
                let _ = err.read_to_end(&mut buf);
                buf
            })
        });
        let mut nap = Duration::from_millis(1);
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) => {}
                Err(e) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(missing(e));
                }
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                let _ = child.kill();
                let _ = child.wait();
                return Err(FrontendError::Timeout {
                    path: path.into(),
                    tool,
                });
            }
            std::thread::sleep(nap);
            // short naps: compile steps take tens of milliseconds, and a
            // late look at a finished one is pure latency
            nap = (nap * 2).min(Duration::from_millis(2));
        };
        let stderr = reader.and_then(|r| r.join().ok()).unwrap_or_default();
        if status.success() {
            return Ok(());
        }
        let diagnostics = String::from_utf8_lossy(&stderr).into_owned();
        // the tool could not write its output (a full TMPDIR): not the
        // program's fault, and its crash report is no diagnostic
        let out_dir = output_dir(cmd).unwrap_or_else(std::env::temp_dir);
        if let Some(reason) = disk_error(&diagnostics, &out_dir) {
            return Err(FrontendError::TempDir {
                path: path.into(),
                dir: out_dir,
                reason: reason.to_string(),
            });
        }
        Err(FrontendError::Compile {
            path: path.into(),
            first: first_error_line(&diagnostics),
            diagnostics,
        })
    }

    /// Compiles and links `sources` into one bitcode file in `dir`, with
    /// locals promoted to SSA registers (see [`Built`]). A tool still
    /// running at `deadline` is killed and the answer is
    /// [`FrontendError::Timeout`].
    pub fn build_bitcode(
        &self,
        sources: &[PathBuf],
        dm: DataModel,
        extra: &[String],
        dir: &Path,
        deadline: Option<Instant>,
    ) -> Result<Built, FrontendError> {
        let mut bcs = vec![];
        let mut renamed = vec![];
        for (i, src) in sources.iter().enumerate() {
            let ext = src
                .extension()
                .and_then(|e| e.to_str())
                .unwrap_or("")
                .to_ascii_lowercase();
            match ext.as_str() {
                "bc" => {
                    check_bitcode(src)?;
                    bcs.push(src.clone());
                }
                "ll" => {
                    check_text(src)?;
                    bcs.push(src.clone());
                }
                "c" | "i" | "h" => {
                    check_text(src)?;
                    let out = dir.join(format!("in{i}.bc"));
                    let mut cmd = Command::new(&self.clang);
                    cmd.args(CLANG_FLAGS)
                        .arg(dm.cc_flag())
                        .args(dm.fp_flags())
                        .args(extra);
                    if ext == "h" {
                        cmd.args(["-x", "c"]);
                    }
                    let input = if ext == "i" {
                        let copy = without_line_markers(src, &dir.join(format!("in{i}")))?;
                        renamed.push((copy.clone(), src.clone()));
                        copy
                    } else {
                        src.clone()
                    };
                    cmd.arg("-o").arg(&out).arg(&input);
                    self.run(&mut cmd, src, deadline)?;
                    bcs.push(out);
                }
                _ => return Err(FrontendError::UnknownKind { path: src.clone() }),
            }
        }
        let linked = if bcs.len() == 1 {
            bcs.pop().unwrap()
        } else {
            let out = dir.join("linked.bc");
            let mut cmd = Command::new(&self.link);
            cmd.arg("-o").arg(&out).args(&bcs);
            self.run(&mut cmd, &sources[0], deadline)?;
            out
        };
        let fin = dir.join("final.bc");
        let mut cmd = Command::new(&self.opt);
        cmd.arg("-passes=mem2reg").arg("-o").arg(&fin).arg(&linked);
        match self.run(&mut cmd, &sources[0], deadline) {
            // a bitcode input opt cannot read is a corrupt file, not C that
            // does not compile
            Err(FrontendError::Compile { path, first, .. }) if is_bitcode(&sources[0]) => {
                return Err(FrontendError::Bitcode {
                    path,
                    reason: first,
                })
            }
            r => r?,
        }
        Ok(Built {
            bitcode: fin,
            renamed,
        })
    }
}

/// Whether `path` names a bitcode file (`.bc`).
fn is_bitcode(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("bc"))
}

/// The OS errors (as LLVM's tools print them) of an output file that
/// cannot be written.
const DISK_ERRORS: &[&str] = &["No space left on device", "Disk quota exceeded"];

/// The OS error of [`DISK_ERRORS`] a tool reported for its output (in
/// `out_dir`), not a diagnostic of the program (an `#error` with that
/// text): the line names the output stream or the output's directory.
fn disk_error(diagnostics: &str, out_dir: &Path) -> Option<&'static str> {
    let dir = out_dir.display().to_string();
    diagnostics
        .lines()
        .filter(|l| l.contains("IO failure on output stream") || l.contains(&dir))
        .find_map(|l| DISK_ERRORS.iter().find(|e| l.contains(**e)).copied())
}

/// The directory of the `-o` output of a compile step.
fn output_dir(cmd: &Command) -> Option<PathBuf> {
    let mut args = cmd.get_args();
    args.find(|a| *a == "-o")?;
    Some(Path::new(args.next()?).parent()?.to_path_buf())
}

/// What [`Toolchain::build_bitcode`] made: the module and the input files
/// compiled from a copy (copy, original).
pub struct Built {
    /// The linked module after mem2reg.
    pub bitcode: PathBuf,
    /// Preprocessed (`.i`) inputs were compiled from a copy without their
    /// line markers; their debug locations name the copy.
    pub renamed: Vec<(PathBuf, PathBuf)>,
}

/// A copy of preprocessed C file `src` in directory `dir` (created), under
/// the same name, with every line marker (`# 12 "f.c"`, `#line 12`)
/// blanked: the debug locations then give the `.i` file's own lines (what
/// a witness of a task whose input is the `.i` must name), not those of
/// the files it was made from. Blanking keeps every line number.
fn without_line_markers(src: &Path, dir: &Path) -> Result<PathBuf, FrontendError> {
    let unreadable = |e: std::io::Error| FrontendError::Unreadable {
        path: src.to_path_buf(),
        reason: e.to_string(),
    };
    let text = std::fs::read_to_string(src).map_err(unreadable)?;
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if is_line_marker(line) {
            out.push_str(if line.ends_with('\n') { "\n" } else { "" });
        } else {
            out.push_str(line);
        }
    }
    std::fs::create_dir_all(dir).map_err(unreadable)?;
    let copy = dir.join(src.file_name().unwrap_or_else(|| "input.i".as_ref()));
    std::fs::write(&copy, out).map_err(unreadable)?;
    Ok(copy)
}

/// Whether `line` is a preprocessor line marker: `# N "file" flags` or
/// `#line N ["file"]`.
fn is_line_marker(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('#') else {
        return false;
    };
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("line").map_or(rest, str::trim_start);
    rest.starts_with(|c: char| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::{disk_error, is_line_marker};
    use std::path::Path;

    #[test]
    fn only_a_tools_own_write_failure_is_a_disk_error() {
        let dir = Path::new("/tmp/t/.tmpAB12");
        let clang =
            "fatal error: error in backend: IO failure on output stream: No space left on device\n";
        assert_eq!(disk_error(clang, dir), Some("No space left on device"));
        let ld =
            "/usr/bin/ld.gold: fatal error: /tmp/t/.tmpAB12/symbolized: No space left on device\n";
        assert_eq!(disk_error(ld, dir), Some("No space left on device"));
        // the program's own `#error No space left on device`
        let program =
            "f.c:1:2: error: No space left on device\n#error No space left on device\n ^\n";
        assert_eq!(disk_error(program, dir), None);
    }

    #[test]
    fn line_markers_are_recognised() {
        for m in [
            "# 1 \"f.c\"\n",
            "# 12 \"f.c\" 2\n",
            "#line 7\n",
            "  #  line 7 \"g.c\"",
            "#3",
        ] {
            assert!(is_line_marker(m), "{m:?}");
        }
        for m in [
            "#include <x.h>\n",
            "#define N 3\n",
            "int x; # 1\n",
            "#pragma once\n",
            "# \n",
        ] {
            assert!(!is_line_marker(m), "{m:?}");
        }
    }
}
