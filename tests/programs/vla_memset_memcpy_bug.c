// expect: false
// memcpy of an input length copies a prefix only: the cell after it keeps
// the value memset wrote
// witness: 8 5
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 2 && n <= 30);
  unsigned char src[n];
  unsigned char dst[n];
  for (int i = 0; i < n; i++) src[i] = 1;
  memset(dst, 9, n);
  int m = __VERIFIER_nondet_int();
  __VERIFIER_assume(m >= 0 && m < n);
  memcpy(dst, src, m);
  int s = 0;
  for (int i = 0; i < n; i++) s += dst[i];
  if (s == 3 * 9 + 5) reach_error();
  return 0;
}
