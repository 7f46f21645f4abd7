// expect: true
// realloc to an input-dependent size keeps the common prefix
#include <stdlib.h>
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int *p = malloc(4 * sizeof(int));
  for (int i = 0; i < 4; i++) p[i] = 10 + i;
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 2 && n <= 9);
  int *q = realloc(p, n * sizeof(int));
  unsigned int k = __VERIFIER_nondet_uint();
  __VERIFIER_assume(k < n && k < 4);
  if (q[k] != 10 + (int)k) reach_error();
  q[n - 1] = 7;
  if (q[n - 1] != 7) reach_error();
  free(q);
  return 0;
}
