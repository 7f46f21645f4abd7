// expect: true
// a[2*i+1] = 0 over an input-bounded count (stride 8 bytes): the odd
// elements become 0, the even ones keep their initial 1.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
int a[64];
int main(void) {
  for (int k = 0; k < 64; k++) a[k] = 1;
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 32);
  for (unsigned int i = 0; i < n; i++) a[2 * i + 1] = 0;
  unsigned int m = __VERIFIER_nondet_uint();
  __VERIFIER_assume(m < n);
  if (a[2 * m + 1] != 0 || a[2 * m] != 1) reach_error();
  return 0;
}
