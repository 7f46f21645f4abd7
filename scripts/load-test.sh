#!/usr/bin/env bash
# Benchmark of kappa's deadline contract under load (issue 32): starts a CPU
# load of LOAD busy loops (default 4) on this machine, runs two
# `kappa verify --timeout T` (T = 10 s by default) at once beside it, ROUNDS
# times (default 3) over the programs given (default: two path-exploding
# programs of tests/hard), and prints each run's time from start to process
# exit, its verdict, then the maximum. The load is killed on exit. A
# benchmark figure, not a test: it exits 0 unless a run printed no verdict
# or kappa is missing.
#
# Usage: bash scripts/load-test.sh [-t SECS] [-l LOAD] [-r ROUNDS] [PROGRAM...]
#        [-- kappa verify options...]
# Environment: KAPPA (binary; default target/release/kappa, built if missing).
set -uo pipefail
cd "$(dirname "$0")/.."
T=10
LOAD=4
ROUNDS=3
while getopts "t:l:r:" o; do
  case $o in
    t) T=$OPTARG ;;
    l) LOAD=$OPTARG ;;
    r) ROUNDS=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
progs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  progs+=("$1")
  shift
done
[ "${1:-}" = "--" ] && shift
if [ ${#progs[@]} -eq 0 ]; then
  progs=(tests/hard/nondet_steps_bug.c tests/hard/grid_packets_safe.c)
fi
KAPPA=${KAPPA:-target/release/kappa}
if [ ! -x "$KAPPA" ]; then
  cargo build --release -p kappa >&2 || exit 2
fi

loaders=()
stop_load() {
  for p in "${loaders[@]}"; do kill "$p" 2>/dev/null; done
  wait "${loaders[@]}" 2>/dev/null
}
trap stop_load EXIT
trap 'exit 130' INT TERM
for _ in $(seq "$LOAD"); do
  (while :; do :; done) &
  loaders+=($!)
done
sleep 1

tmp=$(mktemp -d)
# one run: prints "exit_s verdict_s verdict program". The run's time is
# measured as a caller would see it: until the process has exited and its
# output pipes are closed (a child left holding one counts); verdict_s is when
# the verdict line arrived.
one() {
  local f=$1 out=$2
  local t0 t1 v tv
  t0=$(date +%s.%N)
  # the outer `timeout` only keeps this script from hanging on a broken build
  timeout -k 1 $((${T%.*} + 60)) "$KAPPA" verify --json --timeout "$T" "${@:3}" "$f" 2>&1 |
    while IFS= read -r line; do
      printf '%s\n' "$line" >>"$out.json"
      case $line in *'"verdict"'*) date +%s.%N >>"$out.at" ;; esac
    done
  t1=$(date +%s.%N)
  v=$(grep -o '"verdict":"[a-z]*"' "$out.json" 2>/dev/null | head -n 1 | sed 's/.*:"//; s/"$//')
  tv=$(head -n 1 "$out.at" 2>/dev/null)
  awk -v a="$t0" -v b="$t1" -v c="${tv:-$t1}" -v v="${v:-none}" -v f="$f" \
    'BEGIN { printf "%.2f %.2f %s %s\n", b - a, c - a, v, f }' >"$out"
  rm -f "$out.json" "$out.at"
}

printf '%8s %9s  %-8s %s\n' exit_s verdict_s verdict program
max=0
bad=0
n=0
for r in $(seq "$ROUNDS"); do
  for f in "${progs[@]}"; do
    one "$f" "$tmp/a" "$@" &
    pa=$!
    # the second run: the next program (or the same one)
    g=${progs[$(( (n + 1) % ${#progs[@]} ))]}
    one "$g" "$tmp/b" "$@" &
    pb=$!
    wait "$pa" "$pb"
    n=$((n + 1))
    for x in "$tmp/a" "$tmp/b"; do
      read -r wall at v name <"$x"
      printf '%8s %9s  %-8s %s\n' "$wall" "$at" "$v" "$name"
      [ "$v" = none ] && bad=1
      if awk -v w="$wall" -v m="$max" 'BEGIN { exit !(w > m) }'; then max=$wall; fi
    done
  done
done
rm -rf "$tmp"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); max time from start to exit: ${max} s (--timeout $T, load $LOAD, $n pairs)"
exit $bad
