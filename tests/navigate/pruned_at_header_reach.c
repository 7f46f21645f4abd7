// expect: false
// The reachable twin of pruned_at_header.c: s == 2n holds after the loop.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int A[1];
int main(void) {
  A[0] = __VERIFIER_nondet_int();
  int n = A[0];
  if (n < 3) return 0;
  int i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  if (s == 2 * n && n % 7 == 5) reach_error();
  return 0;
}
