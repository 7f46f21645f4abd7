// expect: false
// signed division truncates toward zero and the remainder takes the sign of the dividend
// witness: -13 5
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= -20 && x <= 20);
  __VERIFIER_assume(y >= 1 && y <= 5);
  int q = x / y;
  int r = x % y;
  /* with floor division -13 / 5 would be -3 remainder 2 */
  if (q == -2 && r == -3) reach_error();
  return 0;
}
