// expect: false
// the count after a %d of an input is its exact length: 5 for 10000..99999
// or -9999..-1000
// witness: -1000
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = 0;
  int x = __VERIFIER_nondet_int();
  printf("%d%n\n", x, &n);
  if (n == 5 && x < 0) reach_error();
  return 0;
}
