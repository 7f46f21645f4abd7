// expect: true
// sprintf of an input with any int value: the path splits by the value's
// layout (sign, number of digits), whose bytes are the digits as terms, so
// properties that hold for every int are proved: the length is at most 11,
// the buffer is terminated there, the sign is printed for negative values
// only, and every other byte is a digit
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char buf[16];
  int x = __VERIFIER_nondet_int();
  int len = sprintf(buf, "%d", x);
  if (len > 11 || buf[len] != 0) reach_error();
  if ((buf[0] == '-') != (x < 0)) reach_error();
  for (int i = buf[0] == '-'; i < len; i++)
    if (buf[i] < '0' || buf[i] > '9') reach_error();
  return 0;
}
