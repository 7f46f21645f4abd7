// expect: true
// paths: 9
// after strcat the length adds up, strstr finds the appended input at its
// offset, and strrchr finds no character that is absent
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char in[3], buf[8] = "ab";
  in[0] = __VERIFIER_nondet_char();
  in[1] = __VERIFIER_nondet_char();
  in[2] = 0;
  if (in[0] == 'a' || in[0] == 'b' || in[1] == 'a' || in[1] == 'b' || in[0] == 0 || in[1] == 0)
    return 0;
  strcat(buf, in);
  if (strlen(buf) != 4)
    reach_error();
  if (strstr(buf, in) != buf + 2)
    reach_error();
  if (in[0] != 'z' && in[1] != 'z' && strrchr(buf, 'z') != 0)
    reach_error();
  return 0;
}
