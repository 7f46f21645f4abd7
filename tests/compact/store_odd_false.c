// expect: false
// Twin of store_odd_true.c: a[7] is odd, so it is 0 once n > 3.
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
  if (a[7] == 0) reach_error();
  return 0;
}
