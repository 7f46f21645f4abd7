// expect: unknown
// The loop may write one element past the array: undefined behaviour, so
// neither true nor false (the constraint systems must not prove it safe).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int A[10];
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 10);
  for (int i = 0; i <= n; i++) A[i] = 1;
  if (A[0] == 2) reach_error();
  return 0;
}
