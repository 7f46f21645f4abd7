// expect: false
// strcat and strncat append input bytes, strstr and strrchr search the
// result (their models, like the others, scan bytes that hold terms)
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char in[3], buf[12] = "ab";
  in[0] = __VERIFIER_nondet_char();
  in[1] = __VERIFIER_nondet_char();
  in[2] = 0;
  strcat(buf, in);
  strncat(buf, in, 1);
  char *s = strstr(buf, "bxy");
  char *r = strrchr(buf, 'x');
  if (s == buf + 1 && r == buf + 4)
    reach_error();
  return 0;
}
