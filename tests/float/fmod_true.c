// expect: true
// fmod(x, 2) of a positive x is in [0, 2)
#include <math.h>
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x > 0.0 && x < 100.0);
  double r = fmod(x, 2.0);
  if (r < 0.0 || r >= 2.0) reach_error();
  return 0;
}
