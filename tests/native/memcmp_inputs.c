// expect: false
// memcmp over input bytes compares every byte up to n, as unsigned chars
#include <string.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char a[4] = {1, 2, 3, 4};
  unsigned char b[4];
  for (int i = 0; i < 4; i++)
    b[i] = __VERIFIER_nondet_uchar();
  if (b[3] == 0x80 && memcmp(a, b, 3) == 0 && memcmp(a, b, 4) < 0)
    reach_error();
  return 0;
}
