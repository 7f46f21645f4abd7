// expect: false
// multiplication by repeated addition, bounded factors: reaches the bound
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "recursion.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }

int mult(int a, int b) {
  if (b <= 0) return 0;
  return a + mult(a, b - 1);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 0 || a > 10 || b < 0 || b > 10) return 0;
  int r = mult(a, b);
  __VERIFIER_assert(r >= 0 && r < 100);
  return 0;
}
