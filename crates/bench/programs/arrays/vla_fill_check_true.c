// expect: true
// a VLA of input size filled with 2*i+c, then checked: needs forall k in [0,i): a[k] == 2*k + c
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "arrays.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int c = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000 || c < 0 || c > 1000) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 2 * i + c;
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] == 2 * j + c);
  return 0;
}
