// expect: false
// classic: slow
// The shape of Figure 1 of the loop-navigation paper: two counting loops
// whose counts decide the target only through a + b.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = 0, b = 0;
  for (int i = 0; i < 30; ++i)
    if (__VERIFIER_nondet_int() == 3) ++a;
  for (int j = 0; j < 30; ++j)
    if (__VERIFIER_nondet_int() == 5) ++b;
  if (a > 22 && a + b == 37) reach_error();
  return 0;
}
