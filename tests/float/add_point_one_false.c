// expect: false
// 0.1 + 0.2 is not 0.3 in double
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double a = 0.1, b = 0.2;
  if (a + b != 0.3) reach_error();
  return 0;
}
