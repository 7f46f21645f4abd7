// expect: false
// prune: none
// A destructor reaches reach_error after exit() that follows a loop of
// main: navigation must not drop the states at the loop header (every path
// ends in exit, where the destructor runs).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g;
__attribute__((destructor)) static void fini(void) {
  if (g == 3)
    reach_error();
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 4)
    n = 4;
  for (int i = 0; i < n; i++)
    g++;
  exit(0);
}
