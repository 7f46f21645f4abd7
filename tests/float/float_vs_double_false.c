// expect: false
// 0.1f widened differs from the double 0.1
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  float f = 0.1f;
  double d = 0.1;
  if ((double)f != d) reach_error();
  return 0;
}
