// expect: false
// 3 * k = 1 (mod 256) at k = 171: the bug needs the 8-bit wrap-around and
// an input-chosen trip count of 171.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 200);
  unsigned char c = 0;
  for (unsigned int k = 0; k < n; k++) c += 3;
  if (c == 1) reach_error();
  return 0;
}
