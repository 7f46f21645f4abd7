// expect: false
// The twin of callee_two_levels.c: the error is reachable for n == 30.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int steps(int n) {
  int i = 0, s = 0;
  while (i < n) {
    i++;
    s += 3;
  }
  return s;
}
int wrap(int n) { return steps(n) + 1; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000) return 0;
  int s = wrap(n);
  if (s == 3 * n + 1 && n == 30) reach_error();
  return 0;
}
