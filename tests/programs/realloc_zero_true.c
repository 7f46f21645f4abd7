// expect: true
// realloc to a nonzero size keeps the contents; to size 0 it frees the
// block and returns null (never a block to write to)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char *p = malloc(4);
  int x = __VERIFIER_nondet_int();
  if (!p) return 0;
  p[0] = 'k';
  if (x == 3) {
    char *q = realloc(p, 0);
    if (q != 0) reach_error();
    return 0;
  }
  p = realloc(p, 8);
  if (p && p[0] != 'k') reach_error();
  free(p);
  return 0;
}
