// expect: false
// Counters of an inner loop are existential in the outer loop's summary
// (earlier iterations) and free at the outer loop's last iteration. The
// necessary condition must keep the two apart: with one name for a term
// over them in its SMT-LIB script, φ̂ became unsatisfiable here and
// `--prune-with-condition` answered `true`.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m < 0 || m > 60) return 0;
  for (int r = 0; r < m; r++) {
    int up = 0, capped = 0;
    for (int s = 0; s < r; s++) up += 2;
    for (int t = 0; t < r && t < 40; t++) capped += 2;
    if (up != capped) reach_error();
  }
  return 0;
}
