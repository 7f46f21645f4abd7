#!/usr/bin/env bash
# Checks kappa's deadline contract: runs `kappa verify --timeout T` (T = 3 s
# by default) on every task of ../shared/corpus (the .yml files) and every
# program of tests/hard, one at a time, and prints for each the wall time,
# the verdict, the expected verdict and the peak memory; then the maximum wall
# time. Exits 1 when a run takes longer than T + 1 s, prints no verdict, or
# contradicts its expected verdict.
#
# Usage: bash scripts/deadline.sh [-t SECS] [kappa verify options...]
# Environment: KAPPA (binary; default target/release/kappa, built if missing),
# CORPUS (default ../shared/corpus).
set -uo pipefail
cd "$(dirname "$0")/.."
T=3
if [ "${1:-}" = "-t" ]; then
  T=$2
  shift 2
fi
KAPPA=${KAPPA:-target/release/kappa}
CORPUS=${CORPUS:-../shared/corpus}
if [ ! -x "$KAPPA" ]; then
  cargo build --release -p kappa >&2 || exit 2
fi
LIMIT=$(awk -v t="$T" 'BEGIN { print t + 1 }')

files=()
if [ -d "$CORPUS" ]; then
  for f in "$CORPUS"/*.yml; do [ -e "$f" ] && files+=("$f"); done
else
  echo "note: no corpus at $CORPUS" >&2
fi
for f in tests/hard/*.c; do files+=("$f"); done

printf '%-34s %8s  %-8s %-8s %9s  %s\n' program wall_s verdict expected peak_MiB status
max=0
maxname=
bad=0
for f in "${files[@]}"; do
  name=$(basename "$f")
  case "$f" in
    *.yml) expected=$(awk '/expected_verdict:/ { print $2; exit }' "$f") ;;
    *) expected=$(sed -n 's|^// expect: *||p' "$f" | head -n 1) ;;
  esac
  t0=$(date +%s.%N)
  # the outer `timeout` only keeps this script from hanging on a broken build
  out=$(timeout -k 1 $((${T%.*} + 30)) "$KAPPA" verify --json --timeout "$T" "$@" "$f" 2>/dev/null)
  rc=$?
  t1=$(date +%s.%N)
  wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
  # the report's own verdict is its first "verdict" key (stages follow)
  verdict=$(printf '%s' "$out" | grep -o '"verdict":"[a-z]*"' | head -n 1 | sed 's/.*:"//; s/"$//')
  peak=$(printf '%s' "$out" | sed -n 's/.*"peak_memory_kb":\([0-9]*\).*/\1/p' | head -n 1)
  peak=$(awk -v k="${peak:-0}" 'BEGIN { printf "%.0f", k / 1024 }')
  status=ok
  if [ -z "$verdict" ]; then
    status="NO VERDICT (exit $rc)"
    bad=1
  elif [ "$rc" != 0 ]; then
    status="EXIT $rc"
    bad=1
  elif [ "$verdict" != unknown ] && [ -n "$expected" ] && [ "$verdict" != "$expected" ]; then
    status=WRONG
    bad=1
  fi
  if awk -v w="$wall" -v l="$LIMIT" 'BEGIN { exit !(w > l) }'; then
    status="$status, OVER ${LIMIT}s"
    bad=1
  fi
  printf '%-34s %8s  %-8s %-8s %9s  %s\n' "$name" "$wall" "${verdict:-none}" "${expected:-?}" "$peak" "$status"
  if awk -v w="$wall" -v m="$max" 'BEGIN { exit !(w > m) }'; then
    max=$wall
    maxname=$name
  fi
done
echo "max wall time: ${max} s ($maxname) over ${#files[@]} programs with --timeout $T (limit ${LIMIT} s)"
exit $bad
