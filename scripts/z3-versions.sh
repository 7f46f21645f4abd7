#!/bin/bash
# Issue 20's Z3 version measurement (scripts/z3_versions.py): the engine's
# queries replayed by Debian's Z3 4.8.12 (the one kappa links; its CLI from
# the z3-solver 4.8.12.0 wheel) and by Z3 5.4.1 (the z3-solver wheel), each
# set up in a cache directory. Arguments go to z3_versions.py (e.g.
# `--set compact --dumps DIR`). Builds kappa in release mode first.
set -euo pipefail
cd "$(dirname "$0")/.."
cache="${XDG_CACHE_HOME:-$HOME/.cache}/kappa-z3-versions"
for v in 4.8.12.0 5.4.1.0; do
  if [ ! -x "$cache/$v/bin/z3" ]; then
    python3 -m venv "$cache/$v"
    "$cache/$v/bin/pip" install --quiet "z3-solver==$v"
  fi
done
cargo build --release --quiet -p kappa
exec python3 scripts/z3_versions.py --kappa target/release/kappa \
  --z3 "4.8.12=$cache/4.8.12.0/bin/z3" --z3 "5.4.1=$cache/5.4.1.0/bin/z3" "$@"
