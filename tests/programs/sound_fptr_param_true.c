// expect: true
// The call through the pointer to reach_error is on an infeasible branch.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static void call(void (*f)(void)) { f(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 42 && x > 50)
    call(reach_error);
  return 0;
}
