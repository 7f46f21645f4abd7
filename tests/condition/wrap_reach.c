// expect: false
// An 8-bit counter stepping by 3 wraps around: it reaches 1 after 171 steps,
// so the target is reachable only through wrap-around.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned char c = 0;
  for (unsigned k = 0; k < n; k++)
    c += 3;
  if (c == 1)
    reach_error();
  return 0;
}
