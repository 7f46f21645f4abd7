// expect: true
// a variable-length array whose length is an input: filled, then read back
// at an input index
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 12);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 2 * i + 1;
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < n);
  if (a[k] != 2 * k + 1) reach_error();
  if (a[n - 1] != 2 * n - 1) reach_error();
  return 0;
}
