// expect: false
// The inner loop is nested in the outer one and met again on the chain to
// the error (the outer loop's last, partial iteration): each use counts its
// runs apart. Sharing the counters made this reachable error "infeasible"
// (found by the soundness sweep, seed 200050).
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char x = __VERIFIER_nondet_uchar();
  for (int i = 0; i < 1; i++) {
    int n = (int)((unsigned)x & 7u);
    int j;
    for (j = 0; j < n; j++) {
    }
    if (j == 1) reach_error();
  }
  return 0;
}
