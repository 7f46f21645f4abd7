// expect: false
// truncation of a double in (-100, 100)
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  __VERIFIER_assume(d > -100.0 && d < 100.0);
  int i = (int)d;
  if (i == 99) reach_error();
  return 0;
}
