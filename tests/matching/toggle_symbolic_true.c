// expect: true
// A symbolic bit that flips forever: the states at the loop header hold
// b and 1 - b, which cover each other semantically (both range over 0
// and 1), so matching needs the solver, not syntax.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int b = __VERIFIER_nondet_uint() & 1u;
  unsigned int t = 0;
  while (1) {
    if (__VERIFIER_nondet_uint() == 5u) b = 1u - b;
    t = b * 2u;
    if (t == 4u) reach_error();
  }
  return 0;
}
