// expect: false
// a VLA of input length written at an input index: the bug needs a
// particular length and index
// witness: 7 6
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 20);
  short a[n];
  for (int i = 0; i < n; i++) a[i] = 0;
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < n);
  a[k] = 5;
  if (n == 7 && a[6] == 5) reach_error();
  return 0;
}
