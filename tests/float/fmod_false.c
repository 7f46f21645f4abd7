// expect: false
// fmod keeps the sign of the dividend: fmod(-7.5, 2) is -1.5
#include <math.h>
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x < -7.0 && x > -8.0);
  if (fmod(x, 2.0) == -1.5) reach_error();
  return 0;
}
