// expect: true
// string functions through a pointer that may point into either of two arrays (one path per object)
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
extern _Bool __VERIFIER_nondet_bool(void);

int main(void) {
  char a[4] = "abc";
  char b[6];
  for (int i = 0; i < 5; i++) b[i] = __VERIFIER_nondet_char();
  b[5] = 0;
  char *p = __VERIFIER_nondet_bool() ? a : b + 1;
  size_t n = strlen(p);
  if (n > 4) reach_error();
  if (p == a && (n != 3 || strcmp(p, "abc") != 0)) reach_error();
  char *q = strchr(p, 'c');
  if (q && *q != 'c') reach_error();
  if (p == a && q != a + 2) reach_error();
  return 0;
}
