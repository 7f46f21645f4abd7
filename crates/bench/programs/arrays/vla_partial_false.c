// expect: false
// a VLA initialized on a prefix, then one element overwritten, checked on the prefix
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "arrays.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int m = __VERIFIER_nondet_int();
  if (m < 2 || m > n) return 0;
  int a[n];
  for (int i = 0; i < m; i++) a[i] = i;
  a[1] = 5;
  for (int j = 0; j < m; j++) __VERIFIER_assert(a[j] == j);
  return 0;
}
