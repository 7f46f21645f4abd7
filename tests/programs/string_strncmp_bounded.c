// expect: true
// strncmp with a symbolic bound: equal prefixes, stops at the terminator, zero for n = 0
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  char a[5];
  for (int i = 0; i < 4; i++) a[i] = __VERIFIER_nondet_char();
  a[4] = 0;
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 100);
  int r = strncmp(a, "ab", n);
  if (n == 0 && r != 0) reach_error();
  if (r == 0 && n >= 1 && a[0] != 'a') reach_error();
  if (r == 0 && n >= 3 && a[2] != 0) reach_error();
  if (n >= 2 && a[0] == 'a' && a[1] == 'b' && a[2] == 0 && r != 0) reach_error();
  return 0;
}
