// expect: false
// An unsigned char counter wraps: bit-precise closed forms must see it.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n < 400);
  unsigned char c = 250;
  for (unsigned i = 0; i < n; i++) c += 1;
  if (c == 3) reach_error();
  return 0;
}
