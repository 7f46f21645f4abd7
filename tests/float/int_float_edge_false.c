// expect: false
// 2^24 + 1 does not survive a trip through float
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i > 16777216 && i < 16777230);
  float f = (float)i;
  if ((int)f != i) reach_error();
  return 0;
}
