// expect: false
// The division is guarded; its quotient reaches reach_error.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y > 0 && x > 0 && x / y == 3)
    reach_error();
  return 0;
}
