#!/usr/bin/env bash
# Native cross-check of the expected verdicts of tests/programs/*.c.
#
# Every program is compiled with gcc (-m32 for ILP32, -m64 for LP64) together
# with a generated harness that implements the __VERIFIER_* functions and
# detects calls to reach_error() through -finstrument-functions.  Programs are
# additionally compiled with -fsanitize=undefined in trap mode, so undefined
# behaviour that gcc can detect at run time kills the program with SIGILL
# (reported as a failure).
#
#   expect: false -> run once with the witness from the header; must exit 77
#                    (REACHED) after consuming exactly the witness values.
#                    Also run KAPPA_FALSE_RUNS (default 500) random inputs and
#                    require that no run crashes (a REACHED is fine there).
#   expect: true  -> run KAPPA_RANDOM_RUNS (default 3000) random inputs; no run
#                    may reach reach_error or crash.
#
# Usage: tests/programs/check_native.sh [NAME-or-path.c ...]
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
runs="${KAPPA_RANDOM_RUNS:-3000}"
false_runs="${KAPPA_FALSE_RUNS:-500}"
CC="${CC:-gcc}"
# The harness reads these itself; never let them leak into individual runs.
unset KAPPA_RANDOM_RUNS KAPPA_ALLOW_REACH KAPPA_INPUTS KAPPA_SEED
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

#define NI __attribute__((no_instrument_function))

extern void reach_error(void);

static const char *inp;            /* remaining KAPPA_INPUTS text */
static int consumed, exhausted;    /* witness values read / reads past the end */
static int random_mode, allow_reach;
static uint64_t rng;
static long long drawn[64];
static int ndrawn;

NI static void report_reach(void) {
  fprintf(stderr, "REACHED consumed=%d exhausted=%d", consumed, exhausted);
  if (random_mode) {
    fprintf(stderr, " inputs:");
    for (int i = 0; i < ndrawn && i < 64; i++) fprintf(stderr, " %lld", drawn[i]);
  }
  fprintf(stderr, "\n");
  _exit(77);
}

/* Used when the program only declares reach_error(). */
__attribute__((weak)) NI void reach_error(void) { report_reach(); }

NI void __cyg_profile_func_enter(void *fn, void *site) {
  (void)site;
  if (fn == (void *)reach_error) report_reach();
}
NI void __cyg_profile_func_exit(void *fn, void *site) { (void)fn; (void)site; }

NI static uint64_t next_rand(void) {
  uint64_t x = rng;
  x ^= x << 13; x ^= x >> 7; x ^= x << 17;
  return rng = x;
}

static const long long boundary[] = {
  0, -1, 1, 2, 7, 8, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768,
  -32769, 65535, 65536, INT_MIN, INT_MAX, (long long)INT_MIN + 1, INT_MAX - 1,
  UINT_MAX, (long long)UINT_MAX + 1, LLONG_MIN, LLONG_MAX, -2, 100, 1000,
};

NI static unsigned long long random_value(void) {
  uint64_t r = next_rand();
  long long v;
  switch (r % 10) {
  case 0: case 1: case 2: case 3:
    v = (long long)(next_rand() % 21) - 10; break;                  /* -10..10 */
  case 4: case 5:
    v = boundary[next_rand() % (sizeof boundary / sizeof boundary[0])]; break;
  case 6:
    v = (long long)(next_rand() % 2001) - 1000; break;              /* -1000..1000 */
  case 7:
    v = (long long)(int32_t)(uint32_t)next_rand(); break;           /* random 32-bit, signed */
  case 8:
    v = (long long)(uint32_t)next_rand(); break;                    /* random 32-bit, unsigned */
  default:
    v = (long long)next_rand(); break;                              /* random 64-bit */
  }
  if (ndrawn < 64) drawn[ndrawn] = v;
  ndrawn++;
  return (unsigned long long)v;
}

NI static unsigned long long next_value(void) {
  if (random_mode) return random_value();
  if (!inp) { exhausted++; return 0; }
  while (*inp == ' ' || *inp == '\t' || *inp == '\n') inp++;
  if (!*inp) { exhausted++; return 0; }
  char *end;
  unsigned long long v;
  if (*inp == '-') v = (unsigned long long)strtoll(inp, &end, 10);
  else v = strtoull(inp, &end, 10);
  if (end == inp) { fprintf(stderr, "bad KAPPA_INPUTS near '%s'\n", inp); _exit(3); }
  inp = end;
  consumed++;
  return v;
}

#define DEF(NAME, T) NI T __VERIFIER_nondet_##NAME(void) { return (T)next_value(); }
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
NI _Bool __VERIFIER_nondet_bool(void) { return (_Bool)(next_value() & 1); }
NI void __VERIFIER_assume(int c) { if (!c) exit(0); }

/* KAPPA_RANDOM_RUNS=N: fork N children, each runs main() on random inputs
 * (seed = KAPPA_SEED + i).  The parent never returns to main. */
__attribute__((constructor)) NI static void harness_init(void) {
  inp = getenv("KAPPA_INPUTS");
  const char *r = getenv("KAPPA_RANDOM_RUNS");
  if (!r) return;
  int n = atoi(r);
  allow_reach = getenv("KAPPA_ALLOW_REACH") != NULL;
  unsigned long long seed0 = getenv("KAPPA_SEED") ? strtoull(getenv("KAPPA_SEED"), 0, 10) : 1;
  int bad = 0, reached = 0;
  for (int i = 0; i < n && bad < 3; i++) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); _exit(2); }
    if (pid == 0) {
      rng = (seed0 + (unsigned long long)i) * 0x9E3779B97F4A7C15ull | 1;
      for (int k = 0; k < 4; k++) next_rand();
      random_mode = 1;
      alarm(5);
      return; /* continue into main() */
    }
    int st;
    if (waitpid(pid, &st, 0) < 0) { perror("waitpid"); _exit(2); }
    if (WIFEXITED(st) && WEXITSTATUS(st) == 77) {
      reached++;
      if (!allow_reach) { fprintf(stderr, "seed %d: reached reach_error\n", i); bad++; }
    } else if (WIFSIGNALED(st) && WTERMSIG(st) != SIGABRT) {
      fprintf(stderr, "seed %d: killed by signal %d (%s)\n", i, WTERMSIG(st),
              WTERMSIG(st) == SIGILL ? "UB trap" : WTERMSIG(st) == SIGALRM ? "timeout" : strsignal(WTERMSIG(st)));
      bad++;
    }
  }
  fprintf(stderr, "random runs: %d, reached: %d, bad: %d\n", n, reached, bad);
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

pass=0
failn=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; failn=$((failn + 1)); }

for f in "${files[@]}"; do
  name="$(basename "$f" .c)"
  line1="$(sed -n 1p "$f")"
  expect="$(printf '%s\n' "$line1" | sed -n 's|^// expect: *\([a-z]*\) *$|\1|p')"
  desc="$(sed -n 2p "$f")"
  witness="$(sed -n '1,5s|^// witness:\(.*\)$|\1|p' "$f" | head -n1)"
  dm="$(sed -n '1,5s|^// data-model: *\([A-Z0-9]*\).*$|\1|p' "$f" | head -n1)"
  dm="${dm:-ILP32}"
  case "$dm" in
    ILP32) m=32 ;;
    LP64) m=64 ;;
    *) bad "$name" "unknown data model '$dm'"; continue ;;
  esac
  if [ "$expect" != true ] && [ "$expect" != false ]; then
    bad "$name" "first line must be '// expect: true|false'"; continue
  fi
  case "$desc" in
    "// expect:"*|"// witness:"*|"// data-model:"*|"") bad "$name" "line 2 must be a description comment"; continue ;;
    "//"*) ;;
    *) bad "$name" "line 2 must be a description comment"; continue ;;
  esac
  if [ "$expect" = false ] && [ -z "$witness" ]; then
    bad "$name" "expect: false without a witness line"; continue
  fi
  if [ "$expect" = true ] && [ -n "$witness" ]; then
    bad "$name" "expect: true with a witness line"; continue
  fi
  exe="$tmp/$name"
  if ! "$CC" -m$m -w -O0 -finstrument-functions \
        -fsanitize=undefined -fsanitize-undefined-trap-on-error \
        -c "$f" -o "$exe.o" 2>"$tmp/cc.err"; then
    bad "$name" "compile error: $(head -c 300 "$tmp/cc.err" | tr '\n' ' ')"; continue
  fi
  if ! "$CC" -m$m "$exe.o" "$tmp/harness$m.o" -o "$exe" 2>"$tmp/cc.err"; then
    bad "$name" "link error: $(head -c 300 "$tmp/cc.err" | tr '\n' ' ')"; continue
  fi

  if [ "$expect" = false ]; then
    nw="$(printf '%s\n' "$witness" | wc -w)"
    rc=0
    KAPPA_INPUTS="$witness" timeout 10 "$exe" >/dev/null 2>"$tmp/run.err" || rc=$?
    if [ "$rc" != 77 ]; then
      bad "$name" "witness '$(echo $witness)' did not reach reach_error (exit $rc)"; continue
    fi
    if ! grep -q "^REACHED consumed=$nw exhausted=0" "$tmp/run.err"; then
      bad "$name" "witness has $nw values but run reports: $(grep REACHED "$tmp/run.err")"; continue
    fi
    rc=0
    KAPPA_RANDOM_RUNS="$false_runs" KAPPA_ALLOW_REACH=1 timeout 120 "$exe" >/dev/null 2>"$tmp/run.err" || rc=$?
    if [ "$rc" != 0 ]; then
      bad "$name" "random runs crashed: $(grep -v '^REACHED' "$tmp/run.err" | head -n 3 | tr '\n' ' ')"; continue
    fi
    ok "$name"
  else
    rc=0
    KAPPA_RANDOM_RUNS="$runs" timeout 300 "$exe" >/dev/null 2>"$tmp/run.err" || rc=$?
    if [ "$rc" != 0 ]; then
      bad "$name" "$(head -n 4 "$tmp/run.err" | tr '\n' ' ')"; continue
    fi
    ok "$name"
  fi
done

echo "$pass passed, $failn failed"
[ "$failn" -eq 0 ]
