// expect: true
// short / -1 is computed in int (no overflow even for -32768); converting back wraps
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);
extern void __VERIFIER_assume(int);

int main(void) {
  short s = __VERIFIER_nondet_short();
  __VERIFIER_assume(s < 0);
  int q = s / -1;
  if (q <= 0 || q > 32768) reach_error();
  short t = (short)q;
  if (s == -32768 && t != -32768) reach_error();
  if (s != -32768 && t != -s) reach_error();
  short r = s % 7;
  if (r > 0 || r <= -7) reach_error();
  return 0;
}
