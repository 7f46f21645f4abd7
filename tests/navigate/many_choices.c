// expect: false
// classic: slow
// 200 iterations, each choosing a branch by input; the target needs
// exactly 170 of one kind: depth-first classic search drowns.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int hits = 0;
  for (int i = 0; i < 200; i++) {
    if (__VERIFIER_nondet_int() == 7) hits++;
  }
  if (hits == 170) reach_error();
  return 0;
}
