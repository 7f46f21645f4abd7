// expect: unknown
// a %n after a %s of input characters: the count depends on where the
// string ends, which kappa does not model, so it must not answer
#include <stdio.h>
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);
int main(void) {
  char s[3];
  int n = 0;
  s[0] = __VERIFIER_nondet_char();
  s[1] = __VERIFIER_nondet_char();
  s[2] = 0;
  printf("%s%n\n", s, &n);
  if (n == 1) reach_error();
  return 0;
}
