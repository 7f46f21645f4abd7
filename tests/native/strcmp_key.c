// expect: false
// strcmp of an input-filled buffer against a key
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char buf[8];
  for (int i = 0; i < 7; i++)
    buf[i] = __VERIFIER_nondet_char();
  buf[7] = 0;
  if (strcmp(buf, "open") == 0)
    reach_error();
  return 0;
}
