// expect: false
// Twin of store_reverse_true.c: a[0] is written last, so it holds x.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
int a[32];
int main(void) {
  for (int k = 0; k < 32; k++) a[k] = 5;
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 32);
  int x = __VERIFIER_nondet_int();
  for (unsigned int i = 0; i < n; i++) a[n - 1 - i] = x;
  if (a[0] == x && x == 1234 && n == 9u) reach_error();
  return 0;
}
