// expect: unknown
// paths: 3
// an index that may leave the array: the in-range side is one path, the
// side beyond the array is undefined behaviour (a failed leaf, as in the
// interpreter), never read natively
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int a[4] = {1, 2, 3, 4};
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 6);
  if (a[i] == 9) reach_error();
  return 0;
}
