// expect: true
// writes at input indices then reads: a cell holds the last value written
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int a[8] = {0};
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 8 && j >= 0 && j < 8);
  a[i] = 1;
  a[j] = 2;
  if (a[j] != 2) reach_error();
  if (i != j && a[i] != 1) reach_error();
  if (i == j && a[i] != 2) reach_error();
  int sum = 0;
  for (int k = 0; k < 8; k++) sum += a[k];
  if (sum != (i == j ? 2 : 3)) reach_error();
  return 0;
}
