// expect: false
// LP64: converting a positive long above INT_MAX to int wraps to a negative value
// witness: 2147483648
// data-model: LP64
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  long x = __VERIFIER_nondet_long();
  int t = (int)x;
  if (x > 0 && t < 0 && x < 4294967296L) reach_error();
  return 0;
}
