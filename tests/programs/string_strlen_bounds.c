// expect: true
// strlen of input characters is bounded by the terminator, also from a symbolic start offset
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  char buf[8];
  for (int i = 0; i < 7; i++) buf[i] = __VERIFIER_nondet_char();
  buf[7] = 0;
  size_t n = strlen(buf);
  if (n > 7) reach_error();
  if (buf[n] != 0) reach_error();
  for (size_t i = 0; i < n; i++)
    if (buf[i] == 0) reach_error();
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < 8);
  size_t m = strlen(buf + k);
  if (m > 7 - (size_t)k) reach_error();
  if (k <= (int)n && m != n - (size_t)k) reach_error();
  return 0;
}
