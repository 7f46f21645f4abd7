// expect: false
// A constructor reaches reach_error before main runs.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
__attribute__((constructor)) static void init(void) {
  if (__VERIFIER_nondet_int() == 5)
    reach_error();
}
int main(void) { return 0; }
