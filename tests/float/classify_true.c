// expect: true
// the classification macros agree with comparisons: isnan(x) iff x != x,
// isinf(x) iff |x| > DBL_MAX (isinf may be -1: compared as !!), signbit
// of a positive number is 0
#include <math.h>
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (!!isnan(x) != (x != x)) reach_error();
  if (!!isinf(x) != (fabs(x) > 1.7976931348623157e308)) reach_error();
  if (x > 0.0 && signbit(x)) reach_error();
  if (isfinite(x) && (x != x)) reach_error();
  return 0;
}
