// expect: false
// unsigned short product computed in int; truncating back keeps the low 16 bits
// witness: 38912 39936
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned short a = __VERIFIER_nondet_ushort();
  unsigned short b = __VERIFIER_nondet_ushort();
  __VERIFIER_assume(a < 40000 && b < 40000); /* keeps the int product below INT_MAX */
  int p = a * b;
  unsigned short lo = (unsigned short)p;
  if (p > 1500000000 && lo == 0) reach_error();
  return 0;
}
