// expect: false
// qsort's comparator reaches reach_error.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  if (x == 7)
    reach_error();
  return (x > y) - (x < y);
}
int main(void) {
  int a[2];
  a[0] = __VERIFIER_nondet_int();
  a[1] = 1;
  qsort(a, 2, sizeof(int), cmp);
  return 0;
}
