// expect: unknown
// sprintf of an input with many possible values: its digits are not
// modelled (a few values are tried, the others are a failed leaf), so the
// length check, which holds for every int, cannot be proved
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char buf[16];
  int x = __VERIFIER_nondet_int();
  int len = sprintf(buf, "%d", x);
  if (len > 11 || buf[len] != 0) reach_error();
  return 0;
}
