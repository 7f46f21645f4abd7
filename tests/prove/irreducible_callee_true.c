// expect: true
// a callee whose loop is entered by a goto (irreducible): the proof stage does not inline it (it once walked it without end)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int f(int n) {
  int x = 0;
  if (n > 3) goto mid;
  while (x < n) {
    x++;
  mid:
    x++;
  }
  return x;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  int r = f(n);
  if (r < 0) reach_error();
  return 0;
}
