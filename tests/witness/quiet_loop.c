// expect: false
// A long input-free loop before the error: the interpreter cannot re-run
// the error test within the time left, so the witness gives the inputs and
// the target alone (crates/kappa/tests/witness.rs).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "quiet_loop.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  unsigned spin = 0;
  while (spin < 300000000u) spin++;
  if (x == 41 && y == x + 1) reach_error();
  return 0;
}
