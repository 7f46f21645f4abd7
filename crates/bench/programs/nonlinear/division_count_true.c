// expect: true
// division by repeated counting: y1*d + y2 + y3 = x
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "nonlinear.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned d = __VERIFIER_nondet_uint();
  if (d == 0) return 0;
  unsigned y1 = 0, y2 = 0, y3 = x;
  while (y3 != 0) {
    if (y2 + 1 == d) {
      y1 = y1 + 1;
      y2 = 0;
      y3 = y3 - 1;
    } else {
      y2 = y2 + 1;
      y3 = y3 - 1;
    }
  }
  __VERIFIER_assert(y1 * d + y2 == x);
  return 0;
}
