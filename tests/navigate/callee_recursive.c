// expect: true
// A loop in a recursive function: each activation's chains are followed
// through its return into the activation that called it, each level with
// its own counters. (n is at most 20: with 100, exact solving, one query
// per arrival, needed about 50 s, 5 656 systems over three levels.)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int f(int n, int d) {
  int s = 0;
  for (int i = 0; i < n; i++) s += 2;
  if (d > 0) return f(n, d - 1) + s;
  return s;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  int d = __VERIFIER_nondet_int();
  if (n < 0 || n > 20 || d < 0 || d > 2) return 0;
  int r = f(n, d);
  if (r == 2 * n * (d + 1) + 1) reach_error();
  return 0;
}
