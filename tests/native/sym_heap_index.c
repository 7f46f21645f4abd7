// expect: true
// paths: 2
// a heap array indexed by an input, written and read back
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
int main(void) {
  int n = 12;
  short *a = malloc(n * sizeof(short));
  if (!a) return 0;
  for (int i = 0; i < n; i++) a[i] = (short)(i - 6);
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < n);
  a[k] = (short)(a[k] * 2);
  int sum = 0;
  for (int i = 0; i < n; i++) sum += a[i];
  if (sum != -6 + 2 * (k - 6) - (k - 6)) reach_error();
  free(a);
  return 0;
}
