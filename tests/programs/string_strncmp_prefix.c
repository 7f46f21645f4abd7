// expect: false
// strncmp checks only a prefix: a command with the right 3-letter prefix but a different 4th letter
// witness: 71 69 84 8 0 0 0
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char cmd[8];
  for (int i = 0; i < 7; i++) cmd[i] = __VERIFIER_nondet_char();
  cmd[7] = 0;
  if (strncmp(cmd, "GETX", 3) == 0 && cmd[3] != 'X' && strcmp(cmd, "GET") > 0) reach_error();
  return 0;
}
