// expect: unknown
// vprintf's arguments come in a va_list, which kappa cannot read: its %n
// is unsupported
#include <stdarg.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static void say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
}
int main(void) {
  int n = 0;
  int x = __VERIFIER_nondet_int();
  say(x > 0 ? "abc%n\n" : "a%n\n", &n);
  if (n == 3) reach_error();
  return 0;
}
