// expect: false
// x starts anywhere in 0..3 and may grow by one per iteration: the states
// at the header hold x, x + 1, x + 2, ... whose value sets differ, so none
// may cover another (a wrong match would hide the error at x == 9).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint() & 3u;
  while (1) {
    if (__VERIFIER_nondet_uint() == 1u) x = x + 1u;
    if (x == 9u) reach_error();
  }
  return 0;
}
