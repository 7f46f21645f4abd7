// expect: true
// calloc returns zeroed memory; one symbolic write changes the sum by exactly that value
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 8);
  int *a = calloc(n, sizeof(int));
  if (!a) return 0;
  for (int i = 0; i < n; i++)
    if (a[i] != 0) reach_error();
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < n);
  a[k] = 5;
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  if (s != 5) reach_error();
  free(a);
  return 0;
}
