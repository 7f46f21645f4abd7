// expect: true
// Filled with an input read in the loop (one input per iteration, as a
// sequence), stored widened: every element is below 256.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
unsigned int a[64];
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 64);
  for (unsigned int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_uchar();
  unsigned int j = __VERIFIER_nondet_uint();
  __VERIFIER_assume(j < n);
  if (a[j] > 255u) reach_error();
  return 0;
}
