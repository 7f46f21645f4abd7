// expect: true
// Fermat factoring search over a nondet odd n: nonlinear 64-bit loop conditions (a*a < n, b*b != a*a - n).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned long long n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n > 1000 && n < (1ULL << 20) && n % 2 == 1);
  unsigned long long a = 1;
  while (a * a < n)
    a++;
  unsigned long long b = 0;
  unsigned long long r = a * a - n;
  while (b * b < r)
    b++;
  while (b * b != r) {
    a++;
    r = a * a - n;
    while (b * b < r)
      b++;
  }
  unsigned long long p = a - b, q = a + b;
  // a*a - b*b == n, so p*q == n: never reached
  if (p * q != n)
    reach_error();
  return 0;
}
