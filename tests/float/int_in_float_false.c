// expect: false
// a float has 24 significant bits: 16777217 = 2^24 + 1 is not one, so the
// integer does not come back from its float
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i <= 33554432);
  float f = (float)i;
  if ((int)f != i) reach_error();
  return 0;
}
