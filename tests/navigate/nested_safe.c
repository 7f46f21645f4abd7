// expect: true
// A nested loop whose target needs more increments than iterations.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int c = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      if (__VERIFIER_nondet_int()) c++;
  if (c == 7) reach_error();
  return 0;
}
