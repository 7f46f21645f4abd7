// expect: false
// the C library's abs family has its result modelled: only x = -42 and
// y = -9 reach the error (abs(x) is 42 with x not 42, labs(y) is 9 with y
// negative, llabs of their sum is 51)
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  long y = __VERIFIER_nondet_long();
  if (x < -1000 || x > 1000 || y < -1000 || y > 1000) return 0;
  if (abs(x) == 42 && x != 42 && labs(y) == 9 && y < 0 &&
      llabs((long long)x + y) == 51)
    reach_error();
  return 0;
}
