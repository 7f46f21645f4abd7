// expect: unknown
// The loop writes one element too many when n = 64 (a[64] is out of
// bounds): the template's UB exit of the store must make this a possible
// failure, never true.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
int a[64];
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 64);
  for (unsigned int i = 0; i <= n; i++) a[i] = 0;
  return 0;
}
