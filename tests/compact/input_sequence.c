// expect: false
// Inputs read inside the loop are a sequence: 500 times true, then false,
// then the bug (a test of 501 inputs).
extern void reach_error(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_bool()) {
    x++;
    if (x > 1000) return 0;
  }
  if (x == 500) reach_error();
  return 0;
}
