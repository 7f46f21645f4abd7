// expect: false
// paths: 3
// run: 4 -> 1 1 error
// run: 3 -> 0
// terms cross calls through argument and return slots, recursion included
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int twice(int v) { return v + v; }
static int sum_down(int n, int acc) { return n == 0 ? acc : sum_down(n - 1, acc + n); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int t = twice(x);
  if (t % 4 == 0) {
    int r = sum_down(3, t);
    if (r == 14) reach_error();
  }
  return 0;
}
