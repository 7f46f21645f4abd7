// expect: false
// unsigned division and remainder near UINT_MAX
// witness: 4294967295 10
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  unsigned int d = __VERIFIER_nondet_uint();
  __VERIFIER_assume(d >= 1 && d <= 10);
  if (u / d == 429496729u && u % d == 5u) reach_error();
  return 0;
}
