// expect: true
// memset and memcpy of input-dependent lengths on variable-length arrays
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 40);
  int a[n];
  int b[n];
  memset(a, 0, n * sizeof(int));
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < n);
  a[k] = 5;
  memcpy(b, a, n * sizeof(int));
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(j >= 0 && j < n);
  if (b[j] != (j == k ? 5 : 0)) reach_error();
  return 0;
}
