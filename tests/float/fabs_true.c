// expect: true
// fabs is never negative
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
#include <math.h>
int main(void) {
  double x = __VERIFIER_nondet_double();
  if (fabs(x) < 0.0) reach_error();
  return 0;
}
