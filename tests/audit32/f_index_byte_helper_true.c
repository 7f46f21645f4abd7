// expect: true
// failures: the index of a store is a global whose low byte a loop-free helper steps modulo 4 (always in bounds)
extern unsigned char __VERIFIER_nondet_uchar(void);
unsigned idx;
void bump(void) {
  unsigned char *b = (unsigned char *)&idx;
  b[0] = (unsigned char)((b[0] + 1) & 3);
}
int main(void) {
  unsigned a[4];
  idx = 0;
  unsigned char n = __VERIFIER_nondet_uchar();
  for (unsigned char i = 0; i < n; i++) {
    a[idx] = i;
    bump();
  }
  return (int)a[0] & 0;
}
