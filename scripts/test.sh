#!/usr/bin/env bash
# Runs kappa's whole test suite (unit, end-to-end, bad input, snapshots,
# differential), after installing the system packages it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# the runtime library of --mode native (x86_64 and i686), for the test profile
bash scripts/build-runtime.sh debug
cargo test --workspace --no-fail-fast 2>&1
