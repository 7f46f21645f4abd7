// expect: false
// the format itself depends on an input (one of two constant strings):
// each is formatted, and its %n counts its own output
// witness: 1
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = 0;
  int x = __VERIFIER_nondet_int();
  printf(x > 0 ? "abc%n\n" : "a%n\n", &n);
  if (n == 3) reach_error();
  return 0;
}
