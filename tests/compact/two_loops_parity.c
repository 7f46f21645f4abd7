// expect: true
// The first loop leaves a multiple of 8; the second stops only when
// i == j + 3 with j even, which needs i odd: the exit is infeasible, so
// reach_error (after the second loop) is unreachable.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i = 0;
  for (unsigned int k = 0; k < n; k++) i += 8;
  unsigned int j = 0;
  while (i != j + 3) j += 4;
  reach_error();
  return 0;
}
