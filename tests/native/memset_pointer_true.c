// expect: true
// paths: 1
// memset called as a function (through a pointer, so not the intrinsic)
// with an input byte: its model freezes the term into every byte
#include <string.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void *(*volatile set)(void *, int, size_t) = memset;
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char buf[6];
  set(buf, c, 6);
  if (buf[5] != c || memchr(buf, c, 6) != buf)
    reach_error();
  return 0;
}
