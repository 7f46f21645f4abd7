// expect: true
// atexit handlers run last-registered first (b then a), so the trace is
// never 12; a handler that does not run leaves it alone
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int trace = 0;
static void a(void) { trace = trace * 10 + 1; }
static void b(void) { trace = trace * 10 + 2; }
__attribute__((destructor)) static void d(void) {
  if (trace == 12) reach_error();
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  atexit(a);
  if (x > 3) atexit(b);
  return 0;
}
