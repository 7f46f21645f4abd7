// expect: true
// x / 0.0 is +inf, not NaN, for x > 0
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x > 0.0);
  double zero = 0.0;
  double y = x / zero;
  if (y != y || y < 1e308) reach_error();
  return 0;
}
