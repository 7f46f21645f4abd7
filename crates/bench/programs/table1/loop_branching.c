// Table 1 "loop with internal branching": counts the inputs above a
// threshold among n inputs; the target needs exactly 9 of them.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int above = 0, below = 0;
  for (unsigned int i = 0; i < n; i++) {
    if (__VERIFIER_nondet_int() > 50) above++; else below++;
  }
  if (above == 9 && below == 3) reach_error();
  return 0;
}
