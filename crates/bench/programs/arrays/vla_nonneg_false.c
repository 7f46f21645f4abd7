// expect: false
// a VLA of inputs clamped at -1 on store: an element may be negative
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "arrays.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int a[n];
  for (int i = 0; i < n; i++) {
    int v = __VERIFIER_nondet_int();
    a[i] = v < -1 ? -1 : v;
  }
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] >= 0);
  return 0;
}
