// expect: true
// A value computed by a loop whose trip count the input chooses (a
// template: the path condition after it is quantified, and the state's
// witness is no model of it) is enumerated to format it. The values must
// come from a model of that path condition: the witness gave a value the
// path excludes ("internal: enumerated value infeasible").
// p in 1..8: the first iteration sets p to 0, which ends the loop: "0" has one character.
#include <stdio.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);

int fold(int p) {
  for (int i = 0; i < ((unsigned)p & 15); i++)
    p = -(i & 1);
  return p;
}

int main(void) {
  char x = __VERIFIER_nondet_char();
  char sb[24];
  int n = snprintf(sb, sizeof sb, "%d", fold((x & 7) + 1));
  if (n == 2)
    reach_error();
  return 0;
}
