// expect: true
// sum of cubes: 4y = x^4 + 2x^3 + x^2
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
    y = y + x * x * x;
  }
  __VERIFIER_assert(4 * y == x * x * x * x + 2 * x * x * x + x * x);
  return 0;
}
