// expect: true
// An event loop after registering one of two harmless exit handlers: the
// states at the header repeat (same handlers, same memory), so matching
// ends the loop; every exit runs a handler that does nothing wrong.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static int g;
static void one(void) { g = 1; }
static void two(void) { if (g == 7) reach_error(); }
int main(void) {
  if (__VERIFIER_nondet_int() == 5)
    atexit(one);
  else
    atexit(two);
  while (1) {
    int c = __VERIFIER_nondet_int();
    if (c == 2) break;
  }
  return 0;
}
