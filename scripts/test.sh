#!/usr/bin/env bash
# Runs kappa's test suite after installing the system packages it needs.
#
#   bash scripts/test.sh          the standard tier (what CI runs): unit tests,
#                                 the C programs' manifests, bad input, faults,
#                                 snapshots, the soundness generator's small sample
#   bash scripts/test.sh --full   the benchmark tier as well: the large matrices
#                                 (every configuration on every program) and the
#                                 long generator sweeps
#
# Both build kappa optimised (`--release`): the C programs' timeouts are set
# from the release binary's measured times.
set -euo pipefail
cd "$(dirname "$0")/.."
for a in "$@"; do
  case "$a" in
    --full) export KAPPA_TIER=full ;;
    *) echo "test.sh: unknown option $a (only --full)" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh
# the runtime library of --mode native (x86_64 and i686), release profile
bash scripts/build-runtime.sh
start=$(date +%s)
cargo test --workspace --release --no-fail-fast 2>&1
echo "test.sh: ${KAPPA_TIER:-standard} tier passed in $(( $(date +%s) - start )) s" >&2
