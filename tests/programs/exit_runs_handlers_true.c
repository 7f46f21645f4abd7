// expect: true
// exit() runs only the handlers registered before it: h is registered
// after the only exit() that could see the value 3
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int value;
static void h(void) {
  if (value == 3) reach_error();
}
int main(void) {
  value = __VERIFIER_nondet_int();
  if (value == 3) exit(0);
  atexit(h);
  return 0;
}
