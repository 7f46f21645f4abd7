// expect: true
// malloc of an input-dependent size: every cell written is read back
#include <stdlib.h>
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 10);
  int *p = malloc(n * sizeof(int));
  for (unsigned int i = 0; i < n; i++) p[i] = (int)(i * i);
  unsigned int k = __VERIFIER_nondet_uint();
  __VERIFIER_assume(k < n);
  if (p[k] != (int)(k * k)) reach_error();
  free(p);
  return 0;
}
