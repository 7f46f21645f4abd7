// expect: false
// sum of squares: 6y = 2x^3 + 3x^2 + x; the bug: if (x == 15) y = y + x;
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "nonlinear.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int x = 0, y = 0;
  while (x < k) {
    x = x + 1;
    y = y + x * x;
    if (x == 15) y = y + x;
  }
  __VERIFIER_assert(6 * y == 2 * x * x * x + 3 * x * x + x);
  return 0;
}
