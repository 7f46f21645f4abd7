//! What the per-table benchmark modes share: finding the `kappa` binary
//! beside `kappa-bench`, and the programs to run.

use std::path::{Path, PathBuf};

/// The `kappa` binary built beside this one, if it exists.
pub fn kappa_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let k = exe.parent()?.join("kappa");
    k.exists().then_some(k)
}

/// The programs to run: the given files and the `.c`/`.yml` files of the
/// given directories, or else those of `crates/bench/programs/<table>`;
/// sorted within each directory. A `.c` file with a task file `.yml` of
/// the same name beside it is run through the task file only.
pub fn programs(args: &[PathBuf], table: &str) -> Vec<PathBuf> {
    let default = [Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("programs")
        .join(table)];
    let roots: &[PathBuf] = if args.is_empty() { &default } else { args };
    let mut out = vec![];
    for r in roots {
        if r.is_file() {
            out.push(r.clone());
        } else if let Ok(d) = std::fs::read_dir(r) {
            let mut v: Vec<PathBuf> = d
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "c" || e == "yml"))
                .filter(|p| {
                    !(p.extension().is_some_and(|e| e == "c") && p.with_extension("yml").exists())
                })
                .collect();
            v.sort();
            out.extend(v);
        }
    }
    out
}
