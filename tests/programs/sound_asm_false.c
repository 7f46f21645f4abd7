// expect: false
// reach_error is reachable before the inline assembly.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 5)
    reach_error();
  __asm__ volatile("" : "+r"(x));
  return x;
}
