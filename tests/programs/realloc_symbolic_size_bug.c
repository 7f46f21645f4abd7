// expect: false
// realloc to an input-dependent size: the sum over the kept prefix reaches
// 30 only for one new length
// witness: 5
#include <stdlib.h>
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int *p = malloc(6 * sizeof(int));
  for (int i = 0; i < 6; i++) p[i] = i * i;
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 12);
  int *q = realloc(p, n * sizeof(int));
  int s = 0;
  for (unsigned int i = 0; i < n && i < 6; i++) s += q[i];
  if (s == 30) reach_error();
  free(q);
  return 0;
}
