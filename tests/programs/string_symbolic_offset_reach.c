// expect: false
// strlen and strcmp from an input-chosen offset into a table of words (more offsets than are split)
// witness: 46
#include <string.h>
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

static const char table[] = "alpha\0beta\0gamma\0delta\0epsilon\0zeta\0eta\0theta\0iota";

int main(void) {
  unsigned int k = __VERIFIER_nondet_uint();
  if (k >= sizeof table) return 0;
  if (strlen(table + k) == 4 && strcmp(table + k, "iota") == 0 && memchr(table + k, 0, 5) == table + k + 4) reach_error();
  return 0;
}
