// expect: unknown
// a struct holding an input passed to a varargs function: the callee reads
// it with va_arg from the argument area, where the call copied its
// concrete bytes only, so the path ends unsupported (the term used to be
// lost: `true`)
#include <stdarg.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct big { int a[10]; };
int third(int n, ...) {
  va_list ap;
  va_start(ap, n);
  struct big b = va_arg(ap, struct big);
  va_end(ap);
  return b.a[3];
}
int main(void) {
  struct big b = {{0}};
  b.a[3] = __VERIFIER_nondet_int();
  if (third(1, b) == 7)
    reach_error();
  return 0;
}
