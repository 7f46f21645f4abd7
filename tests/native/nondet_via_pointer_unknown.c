// expect: unknown
// data-model: LP64
// an input function called through a pointer: its value is not an input
// term (it used to be the concrete value 0 and the error was lost)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int (*volatile next)(void) = __VERIFIER_nondet_int;
int main(void) {
  int x = next();
  if (x == 5)
    reach_error();
  return 0;
}
