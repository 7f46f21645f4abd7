// expect: true
// x = 2^k (mod 2^32) is a power of two or 0, never 96 = 3 * 32.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int x = 1;
  for (unsigned int k = 0; k < n; k++) x = x * 2;
  if (x == 96) reach_error();
  return 0;
}
