// expect: false
// run: 1 2 0 9 -> 1 1 0 error
// run: 1 0 5 5 -> 1 0
// strlen of a buffer filled with inputs (terms in memory): the C model of
// strlen is linked and symbolized, its scan becomes choices
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char buf[5];
  for (int i = 0; i < 4; i++)
    buf[i] = __VERIFIER_nondet_char();
  buf[4] = 0;
  if (strlen(buf) == 2)
    reach_error();
  return 0;
}
