// expect: true
// An 8-bit counter wraps around, stepping by 2 from 0: it is never 7.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned char c = 0;
  for (unsigned k = 0; k < n; k++)
    c += 2;
  if (c == 7)
    reach_error();
  return 0;
}
