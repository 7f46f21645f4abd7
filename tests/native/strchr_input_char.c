// expect: false
// strchr of a concrete string for an input character (an abstract
// argument: the model compares bytes with the term)
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  const char *s = "hello";
  int c = __VERIFIER_nondet_int();
  char *p = strchr(s, c);
  if (p != 0 && p - s == 4)
    reach_error();
  return 0;
}
