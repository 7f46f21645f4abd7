// expect: true
// A loop counting down writes 3 into a[n-1], ..., a[0] (a negative stride)
// over the first n of 5000 shorts; every element read back inside the
// prefix is 3.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
short a[5000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (n < 1 || n > 4999) return 0;
  for (int i = n; i > 0; i--) a[i - 1] = 3;
  if (k >= 0 && k < n && a[k] != 3) reach_error();
  return 0;
}
