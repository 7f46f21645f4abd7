// expect: true
// The registers holding the variables at the first loop are SSA versions
// (x.0, y.0), the result of the nondet call (call) and of an addition
// (add); at the second loop x and y are other versions (x.1, y.1). The
// proof's invariants name them by their source variables n, m, x, y.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "ssa_versions.c", 8, "reach_error"); }
extern unsigned __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 1000) return 0;
  unsigned m = n + 1;
  unsigned x = 0, y = 0;
  while (x < n) { x++; y++; }
  __VERIFIER_assert(y < m);
  while (x > 0) { x--; y--; }
  __VERIFIER_assert(y == 0);
  return 0;
}
