// expect: false
// right shift of a negative int is arithmetic (rounds toward -inf) while division truncates
// witness: -9 2
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int s = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= -64 && x <= -1);
  __VERIFIER_assume(s >= 0 && s <= 5);
  int a = x >> s;
  int d = x / 4;
  if (a == -3 && d == -2 && s == 2) reach_error();
  return 0;
}
