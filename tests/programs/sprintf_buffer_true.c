// expect: true
// sprintf writes exactly the formatted text and its terminating zero
#include <stdio.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char buf[32];
  int x = __VERIFIER_nondet_int();
  int v = x > 0 ? 1234 : 56;
  memset(buf, 'z', sizeof buf);
  int len = sprintf(buf, "v=%d;%s", v, "ok");
  if (len != (int)strlen(buf)) reach_error();
  if (len != 9 && len != 7) reach_error();
  if (buf[len] != 0 || buf[len + 1] != 'z') reach_error();
  if (x > 0 && buf[5] != '4') reach_error();
  return 0;
}
