// expect: false
// prune: none
// A handler registered with atexit reaches reach_error.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g;
static void handler(void) {
  if (g == 3)
    reach_error();
}
int main(void) {
  atexit(handler);
  g = __VERIFIER_nondet_int();
  return 0;
}
