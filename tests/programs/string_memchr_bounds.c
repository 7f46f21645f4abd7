// expect: true
// memchr looks at exactly n bytes and returns the first match (symbolic n)
#include <string.h>
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned char data[5];
  for (int i = 0; i < 5; i++) data[i] = __VERIFIER_nondet_uchar();
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 5);
  unsigned char *p = memchr(data, 7, n);
  if (p == 0) {
    for (unsigned int i = 0; i < n; i++)
      if (data[i] == 7) reach_error();
  } else {
    if (p < data || p >= data + n || *p != 7) reach_error();
    for (unsigned char *q = data; q < p; q++)
      if (*q == 7) reach_error();
  }
  if (memchr(data, 7, 0) != 0) reach_error();
  return 0;
}
