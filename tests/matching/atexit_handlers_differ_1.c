// expect: false
// Two paths reach the event loop's header with the same memory but
// different registered exit handlers; neither covers the other: the error
// needs the handler registered when the input is 5. (A match that ignored
// the handlers would end one of them; both registration orders are tested.)
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static void safe(void) {}
static void bad(void) { reach_error(); }
int main(void) {
  if (__VERIFIER_nondet_int() == 5)
    atexit(bad);
  else
    atexit(safe);
  while (1) {
    int c = __VERIFIER_nondet_int();
    if (c == 2) break;
  }
  return 0;
}
