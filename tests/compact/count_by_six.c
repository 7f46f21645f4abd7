// expect: true
// i grows by 6 per iteration (modulo 2^32): always even, never 9, for any
// input-chosen trip count. Classic execution never ends; one template does.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i = 0;
  for (unsigned int k = 0; k < n; k++) i += 6;
  if (i == 9) reach_error();
  return 0;
}
