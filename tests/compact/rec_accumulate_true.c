// expect: true
// A tail recursion with an accumulator: x grows by 4 per call (modulo 2^32),
// so the result is always 2 modulo 4, for any input-chosen depth.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
unsigned int acc(unsigned int x, unsigned int n) {
  if (n == 0u) return x;
  return acc(x + 4u, n - 1u);
}
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int r = acc(2u, n);
  if ((r & 3u) != 2u) reach_error();
  return 0;
}
