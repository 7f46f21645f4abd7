// expect: false
// strcpy copies terms (the shadow follows the bytes), then memcmp and
// strchr read the copy
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char src[6], dst[8];
  for (int i = 0; i < 5; i++)
    src[i] = __VERIFIER_nondet_char();
  src[5] = 0;
  strcpy(dst, src);
  char *x = strchr(dst, 'x');
  if (x != 0 && x - dst == 2 && memcmp(dst, "ab", 2) == 0)
    reach_error();
  return 0;
}
