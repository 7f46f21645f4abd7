// expect: false
// glibc's realloc(p, 0) frees p and returns a null pointer
// witness: 3
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char *p = malloc(4);
  int x = __VERIFIER_nondet_int();
  if (p && x == 3) {
    char *q = realloc(p, 0);
    if (q == 0) reach_error();
    free(q);
    return 0;
  }
  free(p);
  return 0;
}
