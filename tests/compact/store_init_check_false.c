// expect: false
// Twin of store_init_check_true.c: the check fails at the element holding
// 37, reached when the input bound is above 37.
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
    if (a[j] == 37u) reach_error();
  return 0;
}
