// Table 1 "nested loops": an inner loop of input length inside an outer
// loop of input length; the target needs 6 outer and 4 inner steps.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint(), m = __VERIFIER_nondet_uint();
  unsigned int s = 0;
  for (unsigned int i = 0; i < n; i++)
    for (unsigned int j = 0; j < m; j++) s += 1;
  if (n == 6 && s == 24) reach_error();
  return 0;
}
