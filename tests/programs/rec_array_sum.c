// expect: false
// recursion over an array prefix via pointer arithmetic
// witness: -3 -3 -1 0 0 3
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static int sum(const int *a, int n) {
  if (n == 0) return 0;
  return a[0] + sum(a + 1, n - 1);
}

int main(void) {
  int a[5];
  for (int i = 0; i < 5; i++) {
    a[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(a[i] >= -3 && a[i] <= 3);
  }
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 5);
  if (sum(a, n) == -7 && n == 3) reach_error();
  return 0;
}
