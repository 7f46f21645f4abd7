// expect: true
// paths: 6
// a VLA of input size indexed by an input: one path per size (the size is
// lowered: alloca needs it), one per index
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1);
  __VERIFIER_assume(n <= 6);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 5 * i + 1;
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0);
  __VERIFIER_assume(k < n);
  a[k] = a[k] + 1;
  if (a[k] != 5 * k + 2) reach_error();
  return 0;
}
