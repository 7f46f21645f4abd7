// expect: true
// max-forks: 4
// paths: 64
// six independent branches with at most 4 live processes: the sides the
// process tree cannot fork for are reported as concolic runs, which kappa
// runs after the tree, so all 64 paths are still explored (a `true`
// needs every one of them)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = 0;
  for (int i = 0; i < 6; i++)
    if (__VERIFIER_nondet_int() > 0)
      s += 1 << i;
  if (s > 63)
    reach_error();
  return 0;
}
