// expect: true
// char pointer difference and comparison mirror index arithmetic inside one buffer
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  char buf[16];
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i <= 16);
  __VERIFIER_assume(j >= 0 && j <= 16);
  char *p = buf + i;
  char *q = buf + j;
  if (q - p != j - i) reach_error();
  if ((p < q) != (i < j)) reach_error();
  if (i < 16) {
    *p = 'x';
    if (buf[i] != 'x') reach_error();
  }
  return 0;
}
