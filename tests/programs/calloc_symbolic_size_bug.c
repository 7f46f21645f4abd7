// expect: false
// calloc of an input count: the sum over the block reaches a value only
// for some counts
// witness: 17 0
#include <stdlib.h>
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 30);
  int *p = calloc(n, sizeof(int));
  unsigned int k = __VERIFIER_nondet_uint();
  __VERIFIER_assume(k < n);
  p[k] = 3;
  int sum = 0;
  for (unsigned int i = 0; i < n; i++) sum += p[i] + 1;
  if (sum == 20) reach_error();
  free(p);
  return 0;
}
