// expect: true
// the format depends on an input (one of two constant strings): the count
// is 3 or 1, never anything else
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = 0;
  int x = __VERIFIER_nondet_int();
  printf(x > 0 ? "abc%n\n" : "a%n\n", &n);
  if (n != 3 && n != 1) reach_error();
  if (x > 0 && n == 1) reach_error();
  return 0;
}
