// expect: true
// in ILP32 long is 32 bits, so a long plus one never exceeds 2^31 when computed in long long
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  long x = __VERIFIER_nondet_long();
  long long w = (long long)x + 1;
  if (w > 2147483648LL) reach_error();
  if (w < -2147483647LL) reach_error();
  unsigned long ux = (unsigned long)x;
  if (ux > 4294967295ULL) reach_error();
  if (sizeof(long) != 4) reach_error();
  return 0;
}
