// expect: false
// memset fills a buffer with an input byte, memcpy copies a prefix of it
// witness: 65
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char c = __VERIFIER_nondet_char();
  char buf[8];
  memset(buf, c, sizeof buf);
  char dst[8];
  memset(dst, 0, sizeof dst);
  memcpy(dst, buf, 4);
  if (dst[3] == 'A' && dst[4] == 0 && buf[7] == 'A') reach_error();
  return 0;
}
