// expect: true
// paths: 4
// after strcpy the copy equals the source byte for byte (strcmp says 0),
// and memchr finds the terminator where strlen says
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char src[4], dst[4];
  for (int i = 0; i < 3; i++)
    src[i] = __VERIFIER_nondet_char();
  src[3] = 0;
  strcpy(dst, src);
  if (strcmp(dst, src) != 0)
    reach_error();
  char *z = memchr(dst, 0, 4);
  if (z == 0 || (unsigned)(z - dst) != strlen(src))
    reach_error();
  return 0;
}
