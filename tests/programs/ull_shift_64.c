// expect: false
// 64-bit shift by a symbolic amount on a 32-bit target
// witness: 32
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int s = __VERIFIER_nondet_uint();
  __VERIFIER_assume(s < 64);
  unsigned long long x = 1ULL << s;
  if (x == 0x100000000ULL && (unsigned int)x == 0) reach_error();
  return 0;
}
