// expect: false
// Negated conditions, for which clang swaps the branch's successors: a
// branching waypoint's value is the C condition's (`if (!n)` falling
// through is 'false'), checked by crates/kappa/tests/witness.rs.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "negated.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error(); abort();}
  }
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!n) return 0;
  int k = 0;
  while (!(k >= n)) {
    k++;
    if (k > 5) return 0;
  }
  for (int i = 0; !(i == 2); i++) { k++; }
  if (n == 3) {} else { k++; }
  if (n != 3) ; else k--;
  __VERIFIER_assert(k != 5);
  return 0;
}
