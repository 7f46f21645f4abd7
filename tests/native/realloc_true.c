// expect: true
// realloc keeps the first min(old, new) values (here two inputs)
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(2 * sizeof(int));
  if (!p)
    return 0;
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  p[0] = a;
  p[1] = b;
  int *q = realloc(p, 64 * sizeof(int));
  if (!q)
    return 0;
  if (q[0] != a || q[1] != b)
    reach_error();
  free(q);
  return 0;
}
