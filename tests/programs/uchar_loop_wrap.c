// expect: false
// unsigned char counter stepping by 50 wraps past 255 inside a bounded loop
// witness: 8
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned char start = __VERIFIER_nondet_uchar();
  __VERIFIER_assume(start <= 10);
  unsigned char i = start;
  int wrapped_at = -1;
  for (int k = 0; k < 6; k++) {
    unsigned char prev = i;
    i += 50;
    if (i < prev) { wrapped_at = k; break; }
  }
  if (wrapped_at == 4 && i == 2) reach_error();
  return 0;
}
