//! Drives the LLVM 16 toolchain: clang (C -> bitcode, with flags that make
//! locals SSA values and keep file:line), llvm-link (several inputs) and opt
//! (mem2reg).

use crate::FrontendError;
use kappa_ir::DataModel;
use std::path::{Path, PathBuf};
use std::process::Command;

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

    fn run(&self, cmd: &mut Command, path: &Path) -> Result<(), FrontendError> {
        let out = cmd.output().map_err(|e| FrontendError::MissingTool {
            tool: format!("{} ({e})", cmd.get_program().to_string_lossy()),
        })?;
        if out.status.success() {
            return Ok(());
        }
        let diagnostics = String::from_utf8_lossy(&out.stderr).into_owned();
        Err(FrontendError::Compile {
            path: path.into(),
            first: first_error_line(&diagnostics),
            diagnostics,
        })
    }

    /// Compiles and links `sources` into one bitcode file in `dir`, with
    /// locals promoted to SSA registers; returns its path.
    pub fn build_bitcode(
        &self,
        sources: &[PathBuf],
        dm: DataModel,
        extra: &[String],
        dir: &Path,
    ) -> Result<PathBuf, FrontendError> {
        let mut bcs = vec![];
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
                    cmd.args(CLANG_FLAGS).arg(dm.cc_flag()).args(extra);
                    if ext == "h" {
                        cmd.args(["-x", "c"]);
                    }
                    cmd.arg("-o").arg(&out).arg(src);
                    self.run(&mut cmd, src)?;
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
            self.run(&mut cmd, &sources[0])?;
            out
        };
        let fin = dir.join("final.bc");
        let mut cmd = Command::new(&self.opt);
        cmd.arg("-passes=mem2reg").arg("-o").arg(&fin).arg(&linked);
        self.run(&mut cmd, &sources[0])?;
        Ok(fin)
    }
}
