// expect: false
// A path of 2,000 input-free loop iterations: its witness gives the input
// and the branching waypoints of the branches that depend on an input
// only, see crates/kappa/tests/witness.rs.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "many_steps.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned k = 0;
  while (k < 2000u)
    k++;
  if (x == 5)
    reach_error();
  return 0;
}
