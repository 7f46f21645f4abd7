// expect: false
// Fermat factoring over a nondet odd n finds only the trivial factorisation for a prime n > 1000.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n > 1000 && n < 5000 && n % 2 == 1);
  unsigned int a = 1;
  while (a * a < n)
    a++;
  unsigned int r = a * a - n;
  unsigned int b = 0;
  while (b * b < r)
    b++;
  while (b * b != r) {
    a++;
    r = a * a - n;
    while (b * b < r)
      b++;
  }
  if (a - b == 1)
    reach_error(); // n is prime (e.g. 1009)
  return 0;
}
