#!/usr/bin/env bash
# Builds kappa-runtime (the library linked into programs of `kappa verify --mode native`)
# for LP64 (x86_64, target/release) and ILP32 (i686, target/i686-unknown-linux-gnu/release).
# Usage: build-runtime.sh [release|debug]   (default release; debug is what `cargo test` uses)
set -euo pipefail
cd "$(dirname "$0")/.."
profile=(--release)
[ "${1:-release}" = debug ] && profile=()
cargo build "${profile[@]}" -p kappa-runtime
if rustup target list --installed 2>/dev/null | grep -q '^i686-unknown-linux-gnu$'; then
  cargo build "${profile[@]}" -p kappa-runtime --target i686-unknown-linux-gnu
else
  echo "build-runtime: i686 target missing (rustup target add i686-unknown-linux-gnu): ILP32 programs cannot run in --mode native" >&2
fi
