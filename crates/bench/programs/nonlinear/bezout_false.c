// expect: false
// extended gcd by subtraction: a = x*p + y*r, b = x*q + y*s; the bug: if (b == 7 && a == 3) s = s + 1;
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "nonlinear.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x <= 0 || y <= 0 || x > 1000 || y > 1000) return 0;
  int a = x, b = y, p = 1, q = 0, r = 0, s = 1;
  while (a != b) {
    if (a > b) {
      a = a - b;
      p = p - q;
      r = r - s;
    } else {
      b = b - a;
      q = q - p;
      s = s - r;
      if (b == 7 && a == 3) s = s + 1;
    }
  }
  __VERIFIER_assert(a == x * p + y * r);
  __VERIFIER_assert(b == x * q + y * s);
  return 0;
}
