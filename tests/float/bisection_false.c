// expect: false
// bisection for the root of x^2 - 3 on [1, 2], 20 steps
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double lo = 1.0, hi = 2.0;
  for (int k = 0; k < 20; k++) {
    double mid = (lo + hi) / 2;
    if (mid * mid < 3.0) lo = mid; else hi = mid;
  }
  if (hi - lo < 1e-5) reach_error();
  return 0;
}
