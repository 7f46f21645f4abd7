// expect: true
// strncpy copies up to the terminator and pads the rest of n bytes with zeros
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char src[4], dst[8];
  for (int i = 0; i < 3; i++) src[i] = __VERIFIER_nondet_char();
  src[3] = 0;
  for (int i = 0; i < 8; i++) dst[i] = 'x';
  strncpy(dst, src, 6);
  size_t n = strlen(src);
  for (size_t i = 0; i < 6; i++) {
    if (i < n && dst[i] != src[i]) reach_error();
    if (i >= n && dst[i] != 0) reach_error();
  }
  if (dst[6] != 'x' || dst[7] != 'x') reach_error();
  return 0;
}
