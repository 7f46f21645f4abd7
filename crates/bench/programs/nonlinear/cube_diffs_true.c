// expect: true
// Cohen's cube: x = n^3 by finite differences
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "nonlinear.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  unsigned n = 0, x = 0, y = 1, z = 6;
  while (n < a) {
    __VERIFIER_assert(x == n * n * n);
    n = n + 1;
    x = x + y;
    y = y + z;
    z = z + 6;
  }
  __VERIFIER_assert(y == 3 * n * n + 3 * n + 1);
  return 0;
}
