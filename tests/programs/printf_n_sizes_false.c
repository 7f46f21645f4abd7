// expect: false
// every size of %n (hh, h, l, ll, z, j) writes the count converted to its
// type, after conversions of concrete values with widths and precisions;
// dprintf and snprintf count the same way
// witness: 7
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
  /* "  -42|0x1f|007|ab   |%|q" is 24 characters */
  r = printf("%5d|%#x|%.3u|%-5.2s|%%|%c%hhn%hn%ln%lln%zn%jn\n", -42, 31, 7, "abcdef", 'q',
             &c, &h, &l, &ll, &z, &j);
  dprintf(2, "%0*d%n\n", 6, x, &k);
  if (k != 6 || r != 25 || c != 24 || h != 24 || l != 24 || ll != 24 || z != 24 || j != 24)
    return 0;
  /* 300 characters: %hhn keeps the low byte (44) */
  printf("%300d%hhn\n", 1, &c);
  if (c != 44) return 0;
  /* snprintf returns the full length and %n counts it, not what fits */
  r = snprintf(buf, sizeof buf, "%d%n", 123456, &k);
  if (r == 6 && k == 6 && buf[3] == 0 && buf[2] == '3' && x == 7) reach_error();
  return 0;
}
