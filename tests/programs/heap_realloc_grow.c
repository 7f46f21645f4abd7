// expect: false
// realloc preserves old contents while growing the block
// witness: 20 30
#include <stdlib.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "heap_realloc_grow.c", 6, __extension__ __PRETTY_FUNCTION__); })); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int *p = malloc(2 * sizeof(int));
  if (!p) return 0;
  p[0] = __VERIFIER_nondet_int();
  p[1] = __VERIFIER_nondet_int();
  __VERIFIER_assume(p[0] >= 0 && p[0] <= 100 && p[1] >= 0 && p[1] <= 100);
  int *q = realloc(p, 4 * sizeof(int));
  if (!q) { free(p); return 0; }
  q[2] = q[0] + q[1];
  q[3] = q[2] * 2;
  if (q[3] == 100 && q[0] == 20) reach_error();
  free(q);
  return 0;
}
