// expect: true
// An array filled by a progression index (a[i] = i) for an input-bounded
// number of iterations, then checked by a second loop: the first loop's
// template writes the closed form into the array, the second reads it.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
unsigned int a[64];
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 64);
  for (unsigned int i = 0; i < n; i++) a[i] = i;
  for (unsigned int j = 0; j < n; j++)
    if (a[j] != j) reach_error();
  return 0;
}
