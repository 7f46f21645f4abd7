// expect: false
// the classification macros: a double input that is neither NaN, infinite
// nor normal, with the sign bit set: a negative subnormal or -0.0
#include <math.h>
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (!isnan(x) && !isinf(x) && !isnormal(x) && signbit(x) && x != 0.0) reach_error();
  return 0;
}
