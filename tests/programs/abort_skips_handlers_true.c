// expect: true
// abort() and _exit() run no exit handler and no destructor
#include <stdlib.h>
#include <unistd.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static void h(void) { reach_error(); }
__attribute__((destructor)) static void d(void) { reach_error(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  atexit(h);
  if (x > 0) abort();
  _exit(0);
}
