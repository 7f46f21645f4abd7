// expect: true
// calloc of an input count: memory is zeroed, one input-chosen cell is set
#include <stdlib.h>
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 100);
  long *p = calloc(n, sizeof(long));
  unsigned int k = __VERIFIER_nondet_uint();
  unsigned int j = __VERIFIER_nondet_uint();
  __VERIFIER_assume(k < n && j < n);
  p[k] = 9;
  if (j != k && p[j] != 0) reach_error();
  if (p[k] != 9) reach_error();
  free(p);
  return 0;
}
