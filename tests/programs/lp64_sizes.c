// expect: true
// LP64 type sizes: long and pointers are 64-bit, int stays 32-bit
// data-model: LP64
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);

int main(void) {
  if (sizeof(long) != 8 || sizeof(void *) != 8 || sizeof(int) != 4 || sizeof(long long) != 8) reach_error();
  long x = __VERIFIER_nondet_long();
  __VERIFIER_assume(x >= 0 && x <= 4000000000L);
  long y = x * 2;
  if (y < x || y > 8000000000L) reach_error();
  unsigned long ul = (unsigned long)-1L;
  if (ul != 18446744073709551615UL) reach_error();
  int t = (int)(x & 0x7fffffff);
  if (t < 0) reach_error();
  return 0;
}
