// expect: true
// on_exit handlers get exit()'s status: never 3 here; a handler registered
// by a handler runs next, and one registered by a constructor runs too
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int count = 0;
static void inner(void) { count += 10; }
static void h(int status, void *arg) {
  if (status == 3) reach_error();
  atexit(inner);
  count += 1;
}
static void from_ctor(void) {
  if (count != 11) reach_error();
}
__attribute__((constructor)) static void c(void) { atexit(from_ctor); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  on_exit(h, 0);
  if (x == 3) exit(4);
  exit(x == 4 ? 5 : 6);
}
