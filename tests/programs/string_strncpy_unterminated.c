// expect: false
// strncpy does not terminate the copy when the source is at least n long
// witness: 113 1 1 1 0 0 0
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char src[8], dst[4];
  for (int i = 0; i < 7; i++) src[i] = __VERIFIER_nondet_char();
  src[7] = 0;
  dst[3] = 0;
  strncpy(dst, src, 4);
  if (dst[3] != 0 && dst[0] == 'q') reach_error();
  return 0;
}
