// 10^7 concrete loop iterations, then a branch on an input (kappa-bench --native)
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned s = 0;
  for (unsigned i = 0; i < 10000000u; i++)
    s = s * 3u + (i ^ (s >> 7));
  unsigned x = __VERIFIER_nondet_uint();
  if (x == s) reach_error();
  return 0;
}
