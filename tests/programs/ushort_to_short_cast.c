// expect: false
// unsigned short above 32767 becomes negative as short; the int difference is 65536
// witness: 32768
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
  unsigned short u = __VERIFIER_nondet_ushort();
  short s = (short)u;
  int d = u - s;
  if (d == 65536 && u < 40000) reach_error();
  return 0;
}
