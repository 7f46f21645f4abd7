// expect: false
// realloc of a buffer holding inputs: the terms move with the bytes
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(2 * sizeof(int));
  if (!p)
    return 0;
  p[0] = __VERIFIER_nondet_int();
  p[1] = __VERIFIER_nondet_int();
  int *q = realloc(p, 8 * sizeof(int));
  if (!q)
    return 0;
  q[2] = 7;
  if (q[0] + q[1] == 100 && q[1] > 60)
    reach_error();
  free(q);
  return 0;
}
