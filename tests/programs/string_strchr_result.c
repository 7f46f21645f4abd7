// expect: true
// strchr returns null or a pointer to the first occurrence within the string; '\0' finds the end
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int main(void) {
  char s[6];
  for (int i = 0; i < 5; i++) s[i] = __VERIFIER_nondet_char();
  s[5] = 0;
  char c = __VERIFIER_nondet_char();
  char *p = strchr(s, c);
  size_t n = strlen(s);
  if (p == 0) {
    if (c == 0) reach_error();
    for (size_t i = 0; i < n; i++)
      if (s[i] == c) reach_error();
  } else {
    if (p < s || p > s + n) reach_error();
    if (*p != c) reach_error();
    for (char *q = s; q < p; q++)
      if (*q == c) reach_error();
  }
  if (strchr(s, 0) != s + n) reach_error();
  return 0;
}
