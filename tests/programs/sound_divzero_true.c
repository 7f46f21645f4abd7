// expect: true
// The divisor is odd, so never zero: the remainder is below it.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  unsigned char x = __VERIFIER_nondet_int();
  unsigned char y = __VERIFIER_nondet_int() | 1;
  unsigned char z = x % y;
  if (z >= y)
    reach_error();
  return 0;
}
