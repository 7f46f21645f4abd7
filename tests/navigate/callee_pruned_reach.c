// expect: false
// The twin of callee_pruned.c with a reachable error after the call.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int A[1];
int twice(int n) {
  int i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  return s;
}
int main(void) {
  A[0] = __VERIFIER_nondet_int();
  int n = A[0];
  if (n < 0) return 0;
  int s = twice(n);
  if (s == 2 * n && n == 50) reach_error();
  return 0;
}
