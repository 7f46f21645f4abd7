// expect: false
// exit() called deep inside main runs the handlers registered so far (the
// caller's locals stay valid: exit does not return)
// witness: 3
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int *watched;
static void h(void) {
  if (*watched == 3) reach_error();
}
static void stop(int code) { exit(code); }
int main(void) {
  int local = __VERIFIER_nondet_int();
  watched = &local;
  atexit(h);
  if (local > 0) stop(1);
  local = 0;
  return 0;
}
