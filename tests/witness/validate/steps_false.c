// expect: false
// f counts up with i and d counts down: f > 0 and d < 0 once n > 0. An
// invariant `--f <= 0` at the first loop or `++d >= 0` at the second
// would undo the body's step at every iteration and hide the error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int f = 0, d = 0, i = 0, j = 0;
  while (i < n && i < 10) {
    f++;
    i++;
  }
  while (j < n && j < 10) {
    d--;
    j++;
  }
  if (f > 0 && d < 0) reach_error();
  return 0;
}
