// expect: false
// paths: 4
// run: 9 3 -> 1 1 1 error
// run: 9 2 -> 1 0
// run: 1 0 -> 0
// two inputs, three branches: four paths, one reaches the error
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x > 5) {
    if (x + y == 12) {
      if (y > 2)
        reach_error();
    }
  }
  return 0;
}
