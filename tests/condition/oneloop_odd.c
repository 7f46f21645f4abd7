// expect: true
// One loop adding 6: the sum is even modulo 2^32, never 9.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned s = 0;
  for (unsigned k = 0; k < n; k++)
    s += 6;
  if (s == 9)
    reach_error();
  return 0;
}
