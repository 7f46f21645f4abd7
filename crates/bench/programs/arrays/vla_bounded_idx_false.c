// expect: false
// a VLA indexed by a bounds-checked input, one element changed to 2
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "arrays.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 1;
  a[n - 1] = 2;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= n) return 0;
  __VERIFIER_assert(a[k] == 1);
  return 0;
}
