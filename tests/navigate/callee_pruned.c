// expect: true
// classic: slow
// The loop of pruned_at_header.c in a callee: at its header the chain to
// the callee's return is followed into main, where s == 2n + 2 has no
// solution with the callee's s = 2κ, κ = n: the state is dropped.
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
  if (s == 2 * n + 2) reach_error();
  return 0;
}
