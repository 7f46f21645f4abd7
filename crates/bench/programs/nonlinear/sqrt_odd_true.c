// expect: true
// integer square root by sums of odd numbers
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "nonlinear.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned a = 0, s = 1, t = 1;
  while (s <= n && a < 60000) {
    a = a + 1;
    t = t + 2;
    s = s + t;
  }
  __VERIFIER_assert(t == 2 * a + 1);
  __VERIFIER_assert(s == (a + 1) * (a + 1));
  return 0;
}
