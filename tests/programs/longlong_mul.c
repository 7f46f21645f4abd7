// expect: false
// 64-bit long long multiplication on a 32-bit target
// witness: -100000 -100000
extern void reach_error(void);
extern long long __VERIFIER_nondet_longlong(void);
extern void __VERIFIER_assume(int);

int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  long long b = __VERIFIER_nondet_longlong();
  __VERIFIER_assume(a >= -100000 && a <= 100000);
  __VERIFIER_assume(b >= -100000 && b <= 100000);
  long long p = a * b;
  if (p > 5000000000LL && a < 0) reach_error();
  return 0;
}
