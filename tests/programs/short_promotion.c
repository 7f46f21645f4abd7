// expect: false
// short operands are promoted to int before multiplication, so the product does not wrap
// witness: -32768 -32768
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);

int main(void) {
  short a = __VERIFIER_nondet_short();
  short b = __VERIFIER_nondet_short();
  int p = a * b;
  if (p > 1000000000) reach_error();
  return 0;
}
