// expect: unknown
// sprintf of a string whose characters are inputs: the bytes written are
// not modelled (its length depends on where the first zero is), so the
// length check, which holds for every input, cannot be proved
#include <stdio.h>
#include <string.h>
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
int main(void) {
  char s[3], buf[8];
  s[0] = __VERIFIER_nondet_char();
  s[1] = __VERIFIER_nondet_char();
  s[2] = 0;
  sprintf(buf, "%s!", s);
  if (strlen(buf) > 3) reach_error();
  return 0;
}
