// expect: false
// maximum search initialised with 0 instead of a[0] fails for all-negative arrays
// witness: -1 -2 -3
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[3];
  for (int i = 0; i < 3; i++) a[i] = __VERIFIER_nondet_int();
  int m = 0;
  for (int i = 0; i < 3; i++)
    if (a[i] > m) m = a[i];
  if (m != a[0] && m != a[1] && m != a[2]) reach_error();
  return 0;
}
