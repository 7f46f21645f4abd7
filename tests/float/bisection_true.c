// expect: true
// bisection keeps lo^2 < 3 <= hi^2
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
  if (lo * lo >= 3.0 || hi * hi < 3.0) reach_error();
  return 0;
}
