// expect: false
// 64-bit signed division/remainder with a negative dividend on a 32-bit target
// witness: -10000000007 10
extern void reach_error(void);
extern long long __VERIFIER_nondet_longlong(void);
extern void __VERIFIER_assume(int);

int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  long long b = __VERIFIER_nondet_longlong();
  __VERIFIER_assume(a >= -1000000000000LL && a <= 1000000000000LL);
  __VERIFIER_assume(b >= 1 && b <= 1000);
  if (a / b == -1000000000LL && a % b == -7) reach_error();
  return 0;
}
