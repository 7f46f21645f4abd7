// expect: false
// malloc of an input-dependent size filled with i * 7 as bytes: the value
// 252 appears only at index 36, so only for lengths above 36
// witness: 37 36
#include <stdlib.h>
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 2 && n <= 40);
  unsigned char *p = malloc(n);
  for (unsigned int i = 0; i < n; i++) p[i] = (unsigned char)(i * 7);
  unsigned int k = __VERIFIER_nondet_uint();
  __VERIFIER_assume(k < n);
  if (p[k] == 252) reach_error();
  free(p);
  return 0;
}
