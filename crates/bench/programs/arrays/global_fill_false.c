// expect: false
// a global array of 5000 ints filled with 2*i+1, checked for evenness
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "arrays.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int a[5000];
int main(void) {
  for (int i = 0; i < 5000; i++) a[i] = 2 * i + 1;
  for (int j = 0; j < 5000; j++) __VERIFIER_assert(a[j] % 2 == 0);
  return 0;
}
