// expect: false
// x = 3^k (mod 2^32): 243 after five iterations of an input-bounded loop.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int x = 1;
  for (unsigned int k = 0; k < n; k++) x *= 3;
  if (x == 243) reach_error();
  return 0;
}
