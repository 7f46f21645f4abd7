// expect: false
// unsigned char addition is done in int and wraps modulo 256 only when stored back
// witness: 201 58
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  unsigned char a = __VERIFIER_nondet_uchar();
  unsigned char b = __VERIFIER_nondet_uchar();
  unsigned char c = a + b;
  int wide = a + b;
  if (a > 200 && c == 3 && wide == 259) reach_error();
  return 0;
}
