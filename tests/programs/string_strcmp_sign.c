// expect: true
// strcmp compares as unsigned char, is antisymmetric, and is zero exactly on equal strings
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char a[4], b[4];
  for (int i = 0; i < 3; i++) { a[i] = __VERIFIER_nondet_char(); b[i] = __VERIFIER_nondet_char(); }
  a[3] = 0; b[3] = 0;
  int r = strcmp(a, b), s = strcmp(b, a);
  if ((r < 0) != (s > 0) || (r == 0) != (s == 0)) reach_error();
  if (r == 0 && (a[0] != b[0] || strlen(a) != strlen(b))) reach_error();
  if (a[0] == (char)0xe9 && b[0] == 'z' && r <= 0) reach_error();   /* 0xe9 > 'z' as unsigned char */
  if (a[0] == 0 && b[0] != 0 && r >= 0) reach_error();
  if (strcmp("abc", "abd") >= 0 || strcmp("ab", "abc") >= 0 || strcmp("b", "abc") <= 0) reach_error();
  return 0;
}
