// expect: true
// the count after a %d of an input in -99..999 is at most 3, and after a
// %+.4x of any input at least 5
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  int n = 0, m = 0;
  int x = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  if (x < -99 || x > 999) return 0;
  printf("%d%n\n", x, &n);
  if (n > 3 || n < 1) reach_error();
  printf("[%#.4x%n]\n", u, &m);
  if (m < 5 || m > 11) reach_error();
  return 0;
}
