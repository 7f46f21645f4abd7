// expect: unknown
// C fixes only the sign of strcmp: the model's magnitude is unconstrained,
// so the error path found needs a magnitude glibc does not give and is not
// confirmed by the native replay (never `true`, never an unreplayed `false`)
#include <string.h>
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char a[2];
  a[0] = __VERIFIER_nondet_char();
  a[1] = 0;
  if (strcmp(a, "b") > 1000000)
    reach_error();
  return 0;
}
