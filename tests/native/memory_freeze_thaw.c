// expect: false
// paths: 2
// run: 21 -> 1 error
// run: 20 -> 0
// an input goes through a global array, a struct on the stack, a heap cell
// and a pointer parameter (freeze/thaw), then decides a branch
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int g[4];
struct pair { int a; long b; };
static void put(int *p, int v) { *p = v + 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  g[2] = x;
  struct pair s;
  s.a = g[2];
  s.b = 7;
  int *h = malloc(sizeof(int));
  put(h, s.a);
  int y = *h;
  free(h);
  if (y * 2 == 44) reach_error();
  return 0;
}
