#!/usr/bin/env bash
# Builds kappa and verifies the bundled examples (installs system packages first).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --release -q --bin kappa
bash scripts/build-runtime.sh >/dev/null
./target/release/kappa verify examples/find_bug.c
./target/release/kappa verify examples/safe_sum.c
./target/release/kappa verify --mode compact examples/input_loop.c
./target/release/kappa verify --mode native examples/find_bug.c
