// expect: false
// paths: 3
// a store at an input index then loads at another input index and at
// constants: the stored cell is frozen as an ite over the positions
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned i = (unsigned)__VERIFIER_nondet_int() % 8u;
  unsigned j = (unsigned)__VERIFIER_nondet_int() % 8u;
  a[i] = 100;
  if (a[i] != 100) reach_error(); // never
  if (a[3] == 100 && a[j] == 7) reach_error(); // i == 3, j == 6
  return 0;
}
