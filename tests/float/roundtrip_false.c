// expect: false
// float to double and back changes nothing but a NaN compares unequal
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  float f = __VERIFIER_nondet_float();
  double d = f;
  float g = (float)d;
  if (g != f) reach_error();
  return 0;
}
