// expect: true
// The true twin of assert_call.c: s is even after the loop, which the
// necessary condition or the proof stage shows without running a state.
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    reach_error();
  }
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += 2;
  }
  __VERIFIER_assert(s % 2 == 0);
  return 0;
}
