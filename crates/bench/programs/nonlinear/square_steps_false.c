// expect: false
// squares by steps: s = i^2, t = i^3 updated by differences; the bug: if (i == 30) t = t + i;
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "nonlinear.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned k = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0, t = 0;
  while (i != k) {
    t = t + 3 * s + 3 * i + 1;
    s = s + 2 * i + 1;
    i = i + 1;
    if (i == 30) t = t + i;
  }
  __VERIFIER_assert(t == i * s);
  return 0;
}
