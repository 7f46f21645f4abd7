// expect: true
// copysign(1, x) is 1 or -1
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
#include <math.h>
int main(void) {
  float x = __VERIFIER_nondet_float();
  float s = copysignf(1.0f, x);
  if (s != 1.0f && s != -1.0f) reach_error();
  return 0;
}
