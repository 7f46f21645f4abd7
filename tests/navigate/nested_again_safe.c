// expect: true
// The twin of nested_again_reach.c: the inner loop runs x & 7 times, so j
// never reaches 9.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char x = __VERIFIER_nondet_uchar();
  for (int i = 0; i < 1; i++) {
    int n = (int)((unsigned)x & 7u);
    int j;
    for (j = 0; j < n; j++) {
    }
    if (j == 9) reach_error();
  }
  return 0;
}
