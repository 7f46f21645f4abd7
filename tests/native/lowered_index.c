// expect: false
// paths: 5
// run: 2 -> 1 error
// run: 1 -> 1
// run: 7 -> 1
// an input used as an array index is lowered: each feasible value is explored
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int table[4] = {10, 20, 30, 40};
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 4);
  if (table[i] == 30) reach_error();
  return 0;
}
