// expect: false
// The twin of array_fill_true.c: reach_error() is reached when the last
// element of a full array is read (n = 100000, k = 99999).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int a[100000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000) return 0;
  for (int i = 0; i < n; i++) a[i] = 2 * i + 1;
  if (k == 99999 && k < n && a[k] == 2 * k + 1) reach_error();
  return 0;
}
