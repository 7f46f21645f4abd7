#!/usr/bin/env bash
# Native runs of the differential-test programs in tests/diff/*.c.
#
# Each program is compiled with gcc (-m32, or -m64 for "// data-model: LP64")
# plus a generated harness that implements __VERIFIER_nondet_* (values taken
# from KAPPA_INPUTS, space separated decimals, 0 when exhausted) and
# __kappa_trace (prints the value, one per line).  Programs are also compiled
# with -fsanitize=undefined in trap mode so undefined behaviour crashes.
#
# For every program:
#   * KAPPA_DIFF_SAMPLES (default 3) runs with random 64-bit inputs; the trace
#     is printed (on one line) and the exit status must be 0;
#   * KAPPA_DIFF_STRESS (default 2000) further runs with random inputs (a mix
#     of small, boundary and random 32/64-bit values), traces discarded; every
#     run must exit 0 without a signal.
#
# Usage: tests/diff/run_native.sh [NAME-or-path.c ...]
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
samples="${KAPPA_DIFF_SAMPLES:-3}"
stress="${KAPPA_DIFF_STRESS:-2000}"
CC="${CC:-gcc}"
unset KAPPA_RANDOM_RUNS KAPPA_INPUTS KAPPA_SEED
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/harness.c" <<'EOF'
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *inp;
static int random_mode, quiet;
static uint64_t rng;

void __kappa_trace(long long v) {
  if (!quiet) printf("%lld\n", v);
}

static uint64_t next_rand(void) {
  uint64_t x = rng;
  x ^= x << 13; x ^= x >> 7; x ^= x << 17;
  return rng = x;
}

static const long long boundary[] = {
  0, -1, 1, 2, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, 65535,
  65536, INT_MIN, INT_MAX, UINT_MAX, (long long)UINT_MAX + 1, LLONG_MIN,
  LLONG_MAX, LLONG_MIN + 1, LLONG_MAX - 1,
};

static unsigned long long next_value(void) {
  if (random_mode) {
    uint64_t r = next_rand();
    switch (r % 8) {
    case 0: case 1: return (unsigned long long)((long long)(next_rand() % 21) - 10);
    case 2: case 3: return (unsigned long long)boundary[next_rand() % (sizeof boundary / sizeof boundary[0])];
    case 4: return (unsigned long long)(long long)(int32_t)(uint32_t)next_rand();
    default: return next_rand();
    }
  }
  if (!inp) return 0;
  while (*inp == ' ' || *inp == '\t' || *inp == '\n') inp++;
  if (!*inp) return 0;
  char *end;
  unsigned long long v;
  if (*inp == '-') v = (unsigned long long)strtoll(inp, &end, 10);
  else v = strtoull(inp, &end, 10);
  if (end == inp) { fprintf(stderr, "bad KAPPA_INPUTS near '%s'\n", inp); _exit(3); }
  inp = end;
  return v;
}

#define DEF(NAME, T) T __VERIFIER_nondet_##NAME(void) { return (T)next_value(); }
DEF(int, int)
DEF(uint, unsigned int)
DEF(char, char)
DEF(uchar, unsigned char)
DEF(short, short)
DEF(ushort, unsigned short)
DEF(long, long)
DEF(ulong, unsigned long)
DEF(longlong, long long)
DEF(ulonglong, unsigned long long)
DEF(size_t, unsigned long)
_Bool __VERIFIER_nondet_bool(void) { return (_Bool)(next_value() & 1); }
void __VERIFIER_assume(int c) { if (!c) exit(0); }
__attribute__((weak)) void reach_error(void) { fprintf(stderr, "reach_error called\n"); _exit(77); }

/* KAPPA_RANDOM_RUNS=N: run main() in N forked children on random inputs. */
__attribute__((constructor)) static void harness_init(void) {
  inp = getenv("KAPPA_INPUTS");
  const char *r = getenv("KAPPA_RANDOM_RUNS");
  if (!r) return;
  int n = atoi(r);
  unsigned long long seed0 = getenv("KAPPA_SEED") ? strtoull(getenv("KAPPA_SEED"), 0, 10) : 1;
  int bad = 0;
  for (int i = 0; i < n && bad < 3; i++) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); _exit(2); }
    if (pid == 0) {
      rng = (seed0 + (unsigned long long)i) * 0x9E3779B97F4A7C15ull | 1;
      for (int k = 0; k < 4; k++) next_rand();
      random_mode = 1;
      quiet = 1;
      alarm(5);
      return;
    }
    int st;
    if (waitpid(pid, &st, 0) < 0) { perror("waitpid"); _exit(2); }
    if (WIFSIGNALED(st)) {
      fprintf(stderr, "seed %d: killed by signal %d (%s)\n", i, WTERMSIG(st),
              WTERMSIG(st) == SIGILL ? "UB trap" : strsignal(WTERMSIG(st)));
      bad++;
    } else if (WEXITSTATUS(st) != 0) {
      fprintf(stderr, "seed %d: exit status %d\n", i, WEXITSTATUS(st));
      bad++;
    }
  }
  fprintf(stderr, "random runs: %d, bad: %d\n", n, bad);
  _exit(bad ? 1 : 0);
}
EOF

for m in 32 64; do
  "$CC" -m$m -w -O0 -c "$tmp/harness.c" -o "$tmp/harness$m.o"
done

if [ "$#" -gt 0 ]; then
  files=()
  for a in "$@"; do
    case "$a" in
      */*|*.c) files+=("$a") ;;
      *) files+=("$here/$a.c") ;;
    esac
  done
else
  files=("$here"/*.c)
fi

rand_inputs() {
  # 32 random 64-bit values, printed as signed decimals
  od -An -vtd8 -N256 /dev/urandom | tr -s ' \n' ' ' | sed 's/^ //; s/ $//'
}

pass=0
failn=0
for f in "${files[@]}"; do
  name="$(basename "$f" .c)"
  if ! head -n1 "$f" | grep -q '^// diff: '; then
    echo "FAIL $name: first line must be '// diff: <description>'"; failn=$((failn + 1)); continue
  fi
  dm="$(sed -n '1,5s|^// data-model: *\([A-Z0-9]*\).*$|\1|p' "$f" | head -n1)"
  case "${dm:-ILP32}" in
    ILP32) m=32 ;;
    LP64) m=64 ;;
    *) echo "FAIL $name: unknown data model '$dm'"; failn=$((failn + 1)); continue ;;
  esac
  exe="$tmp/$name"
  if ! "$CC" -m$m -w -O0 -fsanitize=undefined -fsanitize-undefined-trap-on-error \
        "$f" "$tmp/harness$m.o" -o "$exe" 2>"$tmp/cc.err"; then
    echo "FAIL $name: compile error: $(head -c 300 "$tmp/cc.err" | tr '\n' ' ')"
    failn=$((failn + 1)); continue
  fi
  ok=1
  echo "== $name (${dm:-ILP32})"
  for ((s = 0; s < samples; s++)); do
    in="$(rand_inputs)"
    rc=0
    KAPPA_INPUTS="$in" timeout 10 "$exe" >"$tmp/out" 2>"$tmp/err" || rc=$?
    n="$(wc -l <"$tmp/out")"
    echo "   inputs: $(echo "$in" | cut -d' ' -f1-6) ..."
    echo "   trace ($n values, exit $rc): $(tr '\n' ' ' <"$tmp/out" | cut -c1-400)"
    if [ "$rc" != 0 ]; then ok=0; echo "   exit status $rc: $(head -c 200 "$tmp/err")"; fi
    if [ "$n" -eq 0 ]; then ok=0; echo "   no trace output"; fi
  done
  rc=0
  KAPPA_RANDOM_RUNS="$stress" timeout 300 "$exe" >/dev/null 2>"$tmp/err" || rc=$?
  if [ "$rc" != 0 ]; then ok=0; echo "   stress: $(head -n 3 "$tmp/err" | tr '\n' ' ')"; fi
  if [ "$ok" = 1 ]; then
    echo "ok $name"; pass=$((pass + 1))
  else
    echo "FAIL $name"; failn=$((failn + 1))
  fi
done

echo "$pass passed, $failn failed"
[ "$failn" -eq 0 ]
