// expect: false
// Two inputs per iteration (a bool that continues the loop, then an int
// kept in `last`): the test interleaves them in read order.
extern void reach_error(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int last = 0;
  unsigned int k = 0;
  while (__VERIFIER_nondet_bool()) {
    last = __VERIFIER_nondet_int();
    k++;
  }
  if (k == 3 && last == 42) reach_error();
  return 0;
}
