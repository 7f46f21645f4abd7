// expect: false
// on_exit handlers get the exit status (main's result) and their argument
// witness: 3
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int tag = 5;
static void h(int status, void *arg) {
  if (status == 3 && *(int *)arg == 5) reach_error();
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  on_exit(h, &tag);
  if (x < 0 || x > 9) return 0;
  return x;
}
