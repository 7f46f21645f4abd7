// expect: unknown
// division by an input that may be zero: undefined behaviour, the run is not complete
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int d = __VERIFIER_nondet_int();
  int q = 100 / d;
  if (q == 1000) reach_error();
  return 0;
}
