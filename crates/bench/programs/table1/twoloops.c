// Table 1 TwoLoops: the second loop stops only when i == j + 7 with i a
// multiple of 4 and j even, which never holds: the target after it is
// unreachable.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint(), i = 0, j = 0;
  for (unsigned int k = 0; k < n; k++) i += 4;
  while (i != j + 7) j += 2;
  reach_error();
  return 0;
}
