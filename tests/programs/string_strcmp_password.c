// expect: false
// a password read from input is checked with strcmp
// witness: 115 51 99 114 0
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

static int check(const char *pw) { return strcmp(pw, "s3cr") == 0; }

int main(void) {
  char in[6];
  for (int i = 0; i < 5; i++) in[i] = __VERIFIER_nondet_char();
  in[5] = 0;
  if (check(in)) reach_error();
  return 0;
}
