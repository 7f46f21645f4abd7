// expect: true
// exit reached through a function pointer ends the path before the error
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  void (*stop)(int) = exit;
  if (x == 5) {
    stop(0);
    reach_error();
  }
  return 0;
}
