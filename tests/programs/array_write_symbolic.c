// expect: true
// a write at a symbolic index changes exactly one element
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int a[5] = {0};
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 5);
  a[i] = 7;
  int sum = 0;
  for (int k = 0; k < 5; k++) sum += a[k];
  if (sum != 7) reach_error();
  if (a[(i + 1) % 5] != 0) reach_error();
  if (a[i] != 7) reach_error();
  return 0;
}
