// expect: false
// A path of 1,501 inputs: its witness has the compact form (no
// function_return waypoints; branching waypoints only at the branches
// that depend on an input), see crates/kappa/tests/witness.rs.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "many_inputs.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int last = 0;
  for (int i = 0; i < 1500; i++)
    last = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (x == 7) {
    if (last == 3)
      reach_error();
  }
  return 0;
}
