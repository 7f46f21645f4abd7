// expect: true
// remainder sign follows the dividend, |r| < |y|, and (x/y)*y + x%y == x for mixed-sign operands
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "rem_sign_dividend.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  assume_abort_if_not(x >= -100 && x <= 100);
  assume_abort_if_not(y >= -7 && y <= 7 && y != 0);
  int q = x / y;
  int r = x % y;
  __VERIFIER_assert(!(x < 0 && r > 0));
  __VERIFIER_assert(!(x > 0 && r < 0));
  __VERIFIER_assert(q * y + r == x);
  __VERIFIER_assert(r < 7 && r > -7);
  __VERIFIER_assert(!((x < 0) != (y < 0) && q > 0));
  return 0;
}
