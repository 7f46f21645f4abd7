// expect: true
// a[n-1-i] = x, a negative stride from a symbolic start: every element
// below n holds x afterwards, the others keep 5.
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
  unsigned int j = __VERIFIER_nondet_uint();
  __VERIFIER_assume(j < 32);
  if (j < n && a[j] != x) reach_error();
  if (j >= n && a[j] != 5) reach_error();
  return 0;
}
