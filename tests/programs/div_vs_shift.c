// expect: true
// x/2 equals x>>1 for non-negative and even x; for negative odd x they differ by one
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= -1000 && x <= 1000);
  if (x >= 0 && x / 2 != x >> 1) reach_error();
  if (x < 0 && x % 2 == 0 && x / 2 != x >> 1) reach_error();
  if (x < 0 && x % 2 != 0 && x / 2 != (x >> 1) + 1) reach_error();
  return 0;
}
