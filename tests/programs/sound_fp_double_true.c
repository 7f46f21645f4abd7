// expect: true
// Floating point on the way to reach_error, unreachable: an int halved in
// double is below 1e10. Classic execution decides it in the FP theory; the
// proof stage gives up on floats, native mode on enumerating the input.
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
