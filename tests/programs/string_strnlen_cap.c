// expect: true
// strnlen is min(strlen, n) and never reads past n bytes of an unterminated array
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  char raw[6];                 /* not necessarily terminated */
  for (int i = 0; i < 6; i++) raw[i] = __VERIFIER_nondet_char();
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 6);
  size_t k = strnlen(raw, n);
  if (k > n) reach_error();
  if (k < n && raw[k] != 0) reach_error();
  for (size_t i = 0; i < k; i++)
    if (raw[i] == 0) reach_error();
  if (strnlen("abc", 10) != 3 || strnlen("abc", 2) != 2) reach_error();
  return 0;
}
