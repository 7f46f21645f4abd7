// expect: true
// paths: 2
// division by an input assumed nonzero: the zero side is infeasible
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int d = __VERIFIER_nondet_int();
  __VERIFIER_assume(d > 0 && d < 100);
  int q = 100 / d;
  if (q == 0) reach_error();
  return 0;
}
