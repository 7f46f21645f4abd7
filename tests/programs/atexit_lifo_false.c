// expect: false
// atexit handlers run last-registered first, before the destructors: the
// error needs the order b, a, destructor
// witness: 4
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int trace = 0;
static void a(void) { trace = trace * 10 + 1; }
static void b(void) { trace = trace * 10 + 2; }
__attribute__((destructor)) static void d(void) {
  if (trace == 21) reach_error();
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (atexit(a) != 0) return 1;
  if (x > 3) atexit(b);
  return 0;
}
