// One input value reaches the error; any other value does not (the planted
// wrong-value witness of crates/kappa/tests/witness.rs relies on it).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "one_value.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int steps = 0;
  while (y > 0) {
    y--;
    steps++;
  }
  if (x == 123456) {
    if (steps == 3) {
      reach_error();
    }
  }
  return 0;
}
