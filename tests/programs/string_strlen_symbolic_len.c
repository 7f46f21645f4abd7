// expect: false
// strlen over a buffer of input characters: a string of length 3 starting with 'x'
// witness: 120 1 121 0 0 0 0
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char buf[8];
  for (int i = 0; i < 7; i++) buf[i] = __VERIFIER_nondet_char();
  buf[7] = 0;
  size_t n = strlen(buf);
  if (n == 3 && buf[0] == 'x' && buf[2] == 'y') reach_error();
  return 0;
}
