// expect: true
// memmove handles overlapping ranges; memcpy to a separate array copies exactly
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int a[6] = {1, 2, 3, 4, 5, 6};
  const int expected[6] = {1, 1, 2, 3, 4, 6};
  memmove(a + 1, a, 4 * sizeof(int));
  int b[6];
  memcpy(b, a, sizeof a);
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < 6);
  if (a[k] != expected[k]) reach_error();
  if (b[k] != a[k]) reach_error();
  return 0;
}
