// expect: false
// memcmp of input bytes (zeros included) against a 4-byte key with an embedded zero
// witness: 222 0 190 239
#include <string.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

static const unsigned char key[4] = {0xde, 0x00, 0xbe, 0xef};

int main(void) {
  unsigned char in[4];
  for (int i = 0; i < 4; i++) in[i] = __VERIFIER_nondet_uchar();
  if (memcmp(in, key, 4) == 0) reach_error();
  return 0;
}
