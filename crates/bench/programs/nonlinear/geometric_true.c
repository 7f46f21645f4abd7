// expect: true
// geometric sum: x*(z - 1) = z^k - 1 as 1 + x*z = x + y*z
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "nonlinear.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int z = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  int x = 1, y = 1, c = 1;
  while (c < k) {
    c = c + 1;
    x = x * z + 1;
    y = y * z;
  }
  __VERIFIER_assert(1 + x * z == x + y * z);
  return 0;
}
