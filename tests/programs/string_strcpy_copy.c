// expect: true
// strcpy of an input string copies it with its terminator and leaves later bytes alone
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char src[6], dst[8];
  for (int i = 0; i < 5; i++) src[i] = __VERIFIER_nondet_char();
  src[5] = 0;
  for (int i = 0; i < 8; i++) dst[i] = '#';
  char *r = strcpy(dst, src);
  if (r != dst) reach_error();
  if (strcmp(dst, src) != 0 || strlen(dst) != strlen(src)) reach_error();
  size_t n = strlen(src);
  if (dst[n] != 0) reach_error();
  if (n < 6 && dst[6] != '#') reach_error();
  if (dst[7] != '#') reach_error();
  return 0;
}
