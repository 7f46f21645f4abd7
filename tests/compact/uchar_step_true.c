// expect: true
// An 8-bit counter stepping by 16 wraps around 256 but only ever holds
// multiples of 16: never 8.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned char c = 0;
  for (unsigned int k = 0; k < n; k++) c += 16;
  if (c == 8) reach_error();
  return 0;
}
