/* Native check harness for the svcomp set: the __VERIFIER_nondet_* values come from $KIN
   (comma-separated, the last value repeats) or, with $KRAND=SEED, from a seeded generator
   biased towards small and boundary values; reach_error() exits with status 99. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static long long vals[200000]; static int nv, pos; static int rnd; static unsigned long long st;
__attribute__((constructor)) static void init(void) {
  char *s = getenv("KIN");
  if (s && *s) { char *e; while (*s) { vals[nv++] = strtoll(s, &e, 10); s = e; if (*s == ',') s++; else break; } }
  char *r = getenv("KRAND"); if (r) { rnd = 1; st = strtoull(r, 0, 10) * 6364136223846793005ULL + 1442695040888963407ULL; }
}
static unsigned long long nx(void) { st = st * 6364136223846793005ULL + 1442695040888963407ULL; return st >> 17; }
static long long next(void) {
  if (rnd) {
    static const long long pool[] = {-1,0,1,2,3,4,5,7,10,20,50,51,99,100,101,102,127,128,254,255,256,998,999,1000,1001,65535,65536,2147483647LL,-2147483647LL-1,142857,142858,2000};
    unsigned long long k = nx() % 10;
    if (k < 4) return pool[nx() % (sizeof pool / sizeof *pool)];
    if (k < 7) return (long long)(nx() % 1102) - 1;
    if (k < 9) return (long long)(nx() % 2001) - 1000;
    return (long long)(int)(unsigned)nx();
  }
  if (nv == 0) return 0;
  if (pos < nv) return vals[pos++];
  return vals[nv - 1];
}
void reach_error(void) { fputs("REACHED\n", stdout); fflush(stdout); _exit(99); }
int __VERIFIER_nondet_int(void) { return (int)next(); }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned)next(); }
char __VERIFIER_nondet_char(void) { return (char)next(); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)next(); }
unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)next(); }
_Bool __VERIFIER_nondet_bool(void) { return next() != 0; }
