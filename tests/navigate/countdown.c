// expect: false
// A loop counting down from an input; the count of chosen iterations matters.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0 && x < 60);
  int c = 0;
  while (x > 0) {
    x--;
    if (__VERIFIER_nondet_int()) c += 2;
  }
  if (c == 42) reach_error();
  return 0;
}
