// expect: false
// product by binary decomposition: z + x*y = a*b; the bug: if (y == 5) z = z + 1;
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "nonlinear.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  unsigned b = __VERIFIER_nondet_uint();
  unsigned x = a, y = b, z = 0;
  while (y != 0) {
    if (y % 2 == 1) {
      z = z + x;
      y = y - 1;
    }
    x = 2 * x;
    y = y / 2;
    if (y == 5) z = z + 1;
  }
  __VERIFIER_assert(z == a * b);
  return 0;
}
