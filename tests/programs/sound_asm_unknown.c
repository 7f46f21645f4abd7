// expect: unknown
// Inline assembly before the test: kappa cannot execute it.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __asm__ volatile("" : "+r"(x));
  if (x == 5 && x != 5)
    reach_error();
  return 0;
}
