// expect: unknown
// failures: the index of a store is a global set by a recursive helper (a call the condition keeps) to 4, past the array: unknown
extern unsigned char __VERIFIER_nondet_uchar(void);
unsigned idx;
void rec(unsigned d) {
  if (d)
    rec(d - 1);
  else
    idx = 4;
}
int main(void) {
  unsigned a[4] = {0, 0, 0, 0};
  idx = 0;
  unsigned char n = __VERIFIER_nondet_uchar();
  for (unsigned char i = 0; i < n; i++) {
    if (i == 10)
      rec(3);
    a[idx] = i;
  }
  return (int)a[0] & 0;
}
