// expect: false
// reach_error is reachable before the floating-point code.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 7)
    reach_error();
  double d = x;
  d = d * 0.5;
  if (d > 1e10)
    return 1;
  return 0;
}
