// expect: true
// the do loop runs at most 5 times: j <= 5 after it, and j <= 4 at the
// start of every iteration.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int j = 0;
  do {
    j++;
  } while (j < n && j < 5);
  if (j > 5) reach_error();
  return 0;
}
