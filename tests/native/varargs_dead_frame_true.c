// expect: true
// data-model: LP64
// a varargs function reads its arguments from its register save area,
// which its prologue fills natively, where a returned call kept inputs:
// the twin of varargs_dead_frame_false.c (reading the dead frame's terms
// gave a spurious error)
#include <stdarg.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int last(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int r = 0;
  for (int i = 0; i < n; i++) {
    int v = va_arg(ap, int);
    if (i == n - 1)
      r = v;
  }
  va_end(ap);
  return r;
}
int fill(int x) {
  int a[64];
  for (int i = 0; i < 64; i++)
    a[i] = x;
  return a[x & 7];
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  fill(x);
  int v = last(5, 1, 2, 3, 4, 5);
  if (v == 5 || x == 1000) {
    if (x == 1000 && v != 5)
      reach_error();
  }
  return 0;
}
