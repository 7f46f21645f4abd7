// expect: false
// memchr finds a byte in input data, past embedded zeros
// witness: 42 0 0 0 170 0
#include <string.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char data[6];
  for (int i = 0; i < 6; i++) data[i] = __VERIFIER_nondet_uchar();
  unsigned char *p = memchr(data, 0xAA, sizeof data);
  if (p != 0 && p - data == 4 && data[1] == 0) reach_error();
  return 0;
}
