// expect: false
// strchr finds a separator in input characters: the key before ':' has length 2
// witness: -33 -1 58 55 0 0
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char line[7];
  for (int i = 0; i < 6; i++) line[i] = __VERIFIER_nondet_char();
  line[6] = 0;
  char *p = strchr(line, ':');
  if (p != 0 && p - line == 2 && p[1] == '7') reach_error();
  return 0;
}
