// expect: true
// string functions at a symbolic offset with more possible values than are split (one symbolic-offset state)
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  char buf[48];
  for (int i = 0; i < 47; i++) buf[i] = (i % 8 == 7) ? 0 : 'a' + i % 8;
  buf[47] = 0;
  buf[5] = __VERIFIER_nondet_char();
  unsigned int k = __VERIFIER_nondet_uint();
  __VERIFIER_assume(k < 40);
  size_t n = strlen(buf + k);
  if (n > 7) reach_error();
  if (k % 8 == 7 && n != 0) reach_error();
  if (k % 8 == 0 && k != 0 && n != 7) reach_error();
  char *p = memchr(buf + k, 0, 8);
  if (p == 0 || *p != 0 || p < buf + k) reach_error();
  if (strncmp(buf + k, buf + k, 5) != 0) reach_error();
  if (k >= 8 && strcmp(buf + k, buf + (k % 8) + 8) != 0) reach_error();
  return 0;
}
