// expect: true
// unsigned long long wraps modulo 2^64: x+1 < x only for the maximum, -x + x == 0
extern void reach_error(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);

int main(void) {
  unsigned long long x = __VERIFIER_nondet_ulonglong();
  unsigned long long y = x + 1;
  if (y < x && x != 18446744073709551615ULL) reach_error();
  if (x < 9223372036854775808ULL && (x * 2) / 2 != x) reach_error();
  unsigned long long z = 0 - x;
  if (z + x != 0) reach_error();
  if ((x >> 63) > 1) reach_error();
  return 0;
}
