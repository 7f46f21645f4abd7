// expect: unknown
// Floating point on the way to reach_error (unreachable: x / 2 < 1e10, but
// kappa does not model doubles): every mode, with or without the necessary
// condition, must give up.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  double d = x;
  d = d * 0.5;
  if (d > 1e10)
    reach_error();
  return 0;
}
