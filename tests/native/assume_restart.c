// expect: false
// paths: 2
// restarts: 1
// an assumption the first concrete inputs violate: the concolic run restarts
// on the solver's model of it (x = 1234567 + k), then the branch splits
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x - 1234567u <= 3u);
  if (x * 3u == 3703707u)
    reach_error();
  return 0;
}
