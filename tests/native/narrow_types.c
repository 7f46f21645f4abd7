// expect: true
// paths: 4
// char, short and bool inputs: sign/zero extension and truncation
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  signed char c = __VERIFIER_nondet_char();
  unsigned short u = __VERIFIER_nondet_ushort();
  _Bool b = __VERIFIER_nondet_bool();
  int wide = c;
  unsigned back = (unsigned char)(u >> 8);
  if (wide > 127 || wide < -128 || back > 255 || (b && !b)) reach_error();
  if (c == -1) return 1;
  return 0;
}
