// expect: false
// A function pointer to reach_error (defined here, empty) in a table,
// chosen by an input.
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
static void ok(void) {}
void (*table[2])(void) = {ok, reach_error};
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i == 0 || i == 1)
    table[i]();
  return 0;
}
