// expect: true
// a finite double times 0.5 stays finite
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x > 1e308 && x <= 1.7976931348623157e308);
  double h = x * 0.5;
  if (h > 1.7976931348623157e308) reach_error();
  return 0;
}
