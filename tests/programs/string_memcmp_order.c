// expect: true
// memcmp does not stop at zero bytes, orders as unsigned char, and agrees with a copy
#include <string.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned char a[4], b[4];
  for (int i = 0; i < 4; i++) a[i] = __VERIFIER_nondet_uchar();
  memcpy(b, a, 4);
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 4);
  if (memcmp(a, b, n) != 0) reach_error();
  b[3] = (unsigned char)(a[3] + 1);
  int r = memcmp(a, b, 4);
  if (r == 0) reach_error();
  if (a[3] != 0xff && r >= 0) reach_error();
  if (a[3] == 0xff && r <= 0) reach_error();
  unsigned char z1[3] = {0, 1, 2}, z2[3] = {0, 1, 3};
  if (memcmp(z1, z2, 3) >= 0 || memcmp(z1, z2, 2) != 0) reach_error();
  return 0;
}
