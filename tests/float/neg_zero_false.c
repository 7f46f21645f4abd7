// expect: false
// -0.0 equals 0.0 but 1/-0.0 is -inf
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double z = __VERIFIER_nondet_double();
  if (z == 0.0 && 1.0 / z < 0.0) reach_error();
  return 0;
}
