// expect: false
// snprintf of an input in hexadecimal, zero-padded: the error needs the
// digits themselves (third digit 'f', fifth '7', a positive value of five
// digits), which the solver chooses through the digit terms of its layout
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char buf[8];
  int x = __VERIFIER_nondet_int();
  int n = snprintf(buf, sizeof buf, "%05x", x);
  if (n == 5 && buf[2] == 'f' && buf[4] == '7' && buf[0] != '0') reach_error();
  return 0;
}
