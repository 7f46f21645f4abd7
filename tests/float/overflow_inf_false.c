// expect: false
// a huge double times 10 overflows to inf
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x > 1e308);
  if (x * 10.0 > 1.7976931348623157e308) reach_error();
  return 0;
}
