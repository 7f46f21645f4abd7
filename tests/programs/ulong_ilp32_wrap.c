// expect: false
// in ILP32 unsigned long is 32 bits and wraps at 2^32
// witness: 4294967295
extern void reach_error(void);
extern unsigned long __VERIFIER_nondet_ulong(void);

int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  unsigned long y = x + 1;
  if (y == 0 && x > 1000) reach_error();
  return 0;
}
