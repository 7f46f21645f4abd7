// expect: false
// strnlen of an unterminated input array reaches its bound n only when no byte before n is zero
// witness: 1 1 1 1 33
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char raw[5];
  for (int i = 0; i < 5; i++) raw[i] = __VERIFIER_nondet_char();
  if (strnlen(raw, 5) == 5 && raw[4] == '!') reach_error();
  return 0;
}
