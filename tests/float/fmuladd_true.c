// expect: true
// a*b+c (llvm.fmuladd) rounds twice on SSE2 without FMA
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  double a = 0.1, b = 10.0, c = -1.0;
  double r = a * b + c;
  if (r != 0.0) reach_error();
  return 0;
}
