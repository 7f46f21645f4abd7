// The shape of Figure 1 (a > 20 variant) for the `kappa chains` snapshot.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = 0, b = 0;
  for (int i = 0; i < 20; ++i)
    if (__VERIFIER_nondet_int() == 3) ++a;
  for (int j = 0; j < 20; ++j)
    if (__VERIFIER_nondet_int() == 5) ++b;
  if (a > 20 && a + b == 31) reach_error();
  return 0;
}
