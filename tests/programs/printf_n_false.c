// expect: false
// %n stores the number of characters printed so far: 3 after "abc"
// witness: 1
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = 0;
  int x = __VERIFIER_nondet_int();
  if (x > 0)
    printf("abc%n", &n);
  else
    printf("a%n", &n);
  if (n == 3) reach_error();
  return 0;
}
