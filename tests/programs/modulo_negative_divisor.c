// expect: false
// positive dividend with negative divisor: quotient negative, remainder positive
// witness: 7 -3
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 20);
  __VERIFIER_assume(y >= -5 && y <= -1);
  if (x / y == -2 && x % y == 1) reach_error();
  return 0;
}
