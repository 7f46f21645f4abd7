// expect: false
// reach_error passed as a function pointer and called by the callee.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static void call(void (*f)(void)) { f(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 42)
    call(reach_error);
  return 0;
}
