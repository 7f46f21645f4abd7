// Native ground truth of the tests/audit32 programs: enumerates every sequence of N nondet values over a value set (see truth.sh)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
static unsigned long long seq[64]; static int nseq, pos;
static unsigned long long next(void){ return pos < nseq ? seq[pos++] : 0; }
unsigned int __VERIFIER_nondet_uint(void){ return (unsigned)next(); }
int __VERIFIER_nondet_int(void){ return (int)next(); }
unsigned char __VERIFIER_nondet_uchar(void){ return (unsigned char)next(); }
char __VERIFIER_nondet_char(void){ return (char)next(); }
unsigned short __VERIFIER_nondet_ushort(void){ return (unsigned short)next(); }
_Bool __VERIFIER_nondet_bool(void){ return next() != 0; }
void __assert_fail(const char *a, const char *b, unsigned int c, const char *d){ _exit(42); }
int prog_main(void);
int main(int argc, char **argv){
  int n = atoi(argv[1]); unsigned long long vals[512]; int nv = 0;
  char *s = strdup(argv[2]); for (char *t = strtok(s, ","); t; t = strtok(0, ",")) {
    char *dash = strchr(t, '-');
    if (dash) { unsigned long long lo = strtoull(t,0,0), hi = strtoull(dash+1,0,0); for (unsigned long long v = lo; v <= hi; v++) vals[nv++] = v; }
    else vals[nv++] = strtoull(t,0,0); }
  int idx[64] = {0}; long runs = 0, reached = 0, abnormal = 0;
  for (;;) {
    nseq = n; for (int i = 0; i < n; i++) seq[i] = vals[idx[i]];
    pid_t p = fork();
    if (p == 0) { pos = 0; alarm(5); prog_main(); _exit(0); }
    int st; waitpid(p, &st, 0); runs++;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 42) { reached++; if (reached == 1) { printf("first reach:"); for (int i=0;i<n;i++) printf(" %llu", seq[i]); printf("\n"); } }
    else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) { if (!abnormal++) { printf("first abnormal end (status %d):", st); for (int i=0;i<n;i++) printf(" %llu", seq[i]); printf("\n"); } }
    int i = 0; while (i < n && ++idx[i] == nv) idx[i++] = 0;
    if (i == n) break;
  }
  printf("runs %ld reached %ld abnormal (UB trap) %ld => %s\n", runs, reached, abnormal, reached ? "false" : abnormal ? "unknown (UB)" : "true (on this domain)");
  return 0;
}
