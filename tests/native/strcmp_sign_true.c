// expect: true
// paths: 5
// comparisons give the sign of the first difference as unsigned chars
// ('\x80' is greater than 'a', though negative as a signed char), and
// strncmp stops at n
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char a[3], b[3];
  a[0] = __VERIFIER_nondet_char();
  a[1] = __VERIFIER_nondet_char();
  a[2] = 0;
  b[0] = 'a';
  b[1] = 'b';
  b[2] = 0;
  int r = strcmp(a, b);
  if ((unsigned char)a[0] > 'a' && r <= 0)
    reach_error();
  if ((unsigned char)a[0] < 'a' && r >= 0)
    reach_error();
  if (a[0] == 'a' && a[1] == 'b' && r != 0)
    reach_error();
  if (a[0] == 'a' && strncmp(a, b, 1) != 0)
    reach_error();
  return 0;
}
