// expect: false
// The running example of "Abstracting Path Conditions" (Section 2): k counts
// the A[i] equal to 1 for i from 3 below n; the target needs k > 12.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int A[32];
int main(void) {
  for (int j = 0; j < 32; j++)
    A[j] = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n <= 32);
  int k = 0;
  for (int i = 3; i < n; ++i) {
    if (A[i] == 1)
      ++k;
  }
  if (k > 12)
    reach_error();
  return 0;
}
