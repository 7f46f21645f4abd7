// expect: false
// reading a constant-initialised array at two symbolic indices
// witness: 5 7
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int a[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 8);
  __VERIFIER_assume(j >= 0 && j < 8);
  if (i < j && a[i] + a[j] == 15) reach_error();
  return 0;
}
