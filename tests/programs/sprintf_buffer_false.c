// expect: false
// sprintf writes its buffer: the branch reads the formatted digits
// witness: 1
#include <stdio.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char buf[32];
  int x = __VERIFIER_nondet_int();
  int v = x > 0 ? 1234 : 56;
  int len = sprintf(buf, "v=%d;%s", v, "ok");
  if (len == 9 && buf[2] == '1' && buf[5] == '4' && strcmp(buf + 7, "ok") == 0) reach_error();
  return 0;
}
