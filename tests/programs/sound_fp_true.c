// expect: true
// The floating-point code is on an infeasible branch only.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 5 && x < 3) {
    double d = x;
    if (d > 1.0)
      reach_error();
  }
  return 0;
}
