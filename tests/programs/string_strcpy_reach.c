// expect: false
// strcpy of an input string into a buffer, then a check on the copy
// witness: 1 107 0 0
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char src[5], dst[5];
  for (int i = 0; i < 4; i++) src[i] = __VERIFIER_nondet_char();
  src[4] = 0;
  strcpy(dst, src);
  if (strlen(dst) == 2 && dst[1] == 'k') reach_error();
  return 0;
}
