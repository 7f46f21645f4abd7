// expect: unknown
// timeout: 10
// a large array written at an input index (a write log), then moved onto
// itself: the native copy runs before kappa's hook and may overwrite
// bytes the log still needs, so the path ends unsupported instead of
// giving a verdict on them (classic: false, with i == 2)
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int a[3000];
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 3000);
  a[i] = 9;
  memmove(a + 1, a, 100 * sizeof(int));
  if (a[3] == 9)
    reach_error();
  return 0;
}
