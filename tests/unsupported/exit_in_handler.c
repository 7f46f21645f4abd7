// expect: unknown
// exit() called by an exit handler is undefined behaviour (C11 7.22.4.4):
// the path ends as a failed leaf, never silently
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int x;
static void second(void) {
  if (x == 4) reach_error();
}
static void first(void) { exit(2); }
int main(void) {
  x = __VERIFIER_nondet_int();
  atexit(second);
  atexit(first);
  return 0;
}
