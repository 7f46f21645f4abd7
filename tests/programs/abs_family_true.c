// expect: true
// the C library's abs family has its result modelled: in range it is the
// magnitude, never negative, and equal to the value or its negation
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  long y = __VERIFIER_nondet_long();
  if (x < -1000 || x > 1000 || y < -1000 || y > 1000) return 0;
  int a = abs(x);
  long b = labs(y);
  if (a < 0 || b < 0) reach_error();
  if (a != x && a != -x) reach_error();
  if (llabs((long long)x + y) > (long long)a + b) reach_error();
  return 0;
}
