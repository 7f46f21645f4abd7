// expect: true
// Recursive Euclid gcd over two nondet unsigned inputs: deep symbolic recursion with remainders.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

static unsigned int gcd(unsigned int a, unsigned int b) {
  if (b == 0)
    return a;
  return gcd(b, a % b);
}

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x > 0 && y > 0);
  unsigned int g = gcd(x, y);
  if (g == 0 || x % g != 0 || y % g != 0)
    reach_error();
  return 0;
}
