// expect: true
// the counts written by every size of %n match the output exactly, so no
// check below fails
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  signed char c = 0;
  short h = 0;
  long l = 0;
  long long ll = 0;
  size_t z = 0;
  intmax_t j = 0;
  int k = 0, r;
  char buf[4];
  int x = __VERIFIER_nondet_int();
  r = printf("%5d|%#x|%.3u|%-5.2s|%%|%c%hhn%hn%ln%lln%zn%jn\n", -42, 31, 7, "abcdef", 'q',
             &c, &h, &l, &ll, &z, &j);
  if (r != 25 || c != 24 || h != 24 || l != 24 || ll != 24 || z != 24 || j != 24) reach_error();
  printf("%300d%hhn\n", 1, &c);
  if (c != 44) reach_error();
  r = snprintf(buf, sizeof buf, "%d%n", 123456, &k);
  if (r != 6 || k != 6 || buf[3] != 0 || buf[2] != '3') reach_error();
  if (x == 7 && buf[0] != '1') reach_error();
  return 0;
}
