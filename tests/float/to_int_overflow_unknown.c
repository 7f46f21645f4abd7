// expect: unknown
// (int)d for d > 1e10 is undefined behaviour: kappa must report it as a
// possible undefined behaviour, never answer true
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  __VERIFIER_assume(d > 1e10);
  int i = (int)d;
  if (i == 5) reach_error();
  return 0;
}
