// expect: true
// classic: slow
// The loop bound is read from memory, so the systems before execution do
// not know it (loads are ⋆) and cannot eliminate the root chain; at the
// loop header the state's registers give the bound, and the system
// (s = 2κ, i = κ, κ ≤ n by the every-iteration bound, κ ≥ n at the exit)
// has no solution with s == 2n + 2: the state is dropped, and the
// exploration ends complete.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int A[1];
int main(void) {
  A[0] = __VERIFIER_nondet_int();
  int n = A[0];
  if (n < 0) return 0;
  int i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  if (s == 2 * n + 2) reach_error();
  return 0;
}
