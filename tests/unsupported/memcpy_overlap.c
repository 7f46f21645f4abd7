// expect: unknown
// memcpy between overlapping ranges is undefined behaviour (glibc's copy
// direction decides the result): the path is a failed leaf
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char b[8] = "abcdefg";
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3) return 0;
  memcpy(b + k, b, 4);
  if (b[2] == 'a') reach_error();
  return 0;
}
