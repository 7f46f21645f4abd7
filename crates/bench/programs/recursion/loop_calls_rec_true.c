// expect: true
// a loop summing a recursive function's results: stays below its bound
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "recursion.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }

int twice(int n) {
  if (n <= 0) return 0;
  return twice(n - 1) + 2;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  int s = 0;
  for (int i = 0; i < n; i++) {
    s = s + twice(i);
  }
  __VERIFIER_assert(s >= 0 && s <= 200 * n);
  return 0;
}
