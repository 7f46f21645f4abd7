// expect: false
// paths: 3
// run: 2 -> 1 1 1 error
// run: 1 -> 1 1 0
// run: 7 -> 1
// an input used as an array index: one choice (the index is in the array's
// range), then the loaded value is a term over the cells (no lowering)
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
