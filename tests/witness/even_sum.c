// A loop whose invariants a correctness witness can state (crates/kappa/tests/witness.rs
// plants true and false ones at the for keyword, line 10).
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "even_sum.c", 2, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int s = 0;
  if (n < 0 || n > 20) return 0;
  for (int i = 0; i < n; i++) {
    s += 2;
  }
  if (s % 2 != 0) reach_error();
  return 0;
}
