// expect: true
// error calls guarded by contradictory or impossible conditions
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) {
    if (x < 5) reach_error();
  }
  if (x > 0 && x < 100) {
    int y = x * x;
    if (y < 0 || y > 10000) reach_error();
  }
  unsigned int u = x;
  if (x >= 0 && u > 2147483647u) reach_error();
  if (x == 3 && x != 3) reach_error();
  return 0;
}
