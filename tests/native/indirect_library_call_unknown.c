// expect: unknown
// a library function called through a pointer reads the concrete bytes of
// a buffer holding an input (atoi, unknown to kappa, like a direct call of
// it): the path ends unsupported (it used to run natively on the concrete
// bytes, and the error was lost: `true`)
#include <stdlib.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int (*volatile conv)(const char *) = atoi;
int main(void) {
  char buf[3] = "00";
  buf[0] = __VERIFIER_nondet_char();
  if (conv(buf) == 70)
    reach_error();
  return 0;
}
