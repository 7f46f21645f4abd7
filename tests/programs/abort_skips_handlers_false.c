// expect: false
// abort() runs no handler, but exit() does
// witness: 17
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static void h(void) { reach_error(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  atexit(h);
  if (x != 17) abort();
  exit(0);
}
