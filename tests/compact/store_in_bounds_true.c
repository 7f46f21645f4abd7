// expect: true
// Twin of store_out_of_bounds_unknown.c with the bound i < n: every write
// is in bounds.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
int a[64];
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 64);
  for (unsigned int i = 0; i < n; i++) a[i] = 0;
  if (n > 0u && a[n - 1] != 0) reach_error();
  return 0;
}
