// expect: false
// the do loop runs at most 5 times: j == 5 after it when n >= 5.
// (its lines match do_true.c line for line)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int j = 0;
  do {
    j++;
  } while (j < n && j < 5);
  if (j > 4) reach_error();
  return 0;
}
