// expect: true
// An unbounded loop the classic probe cannot exhaust: s stays even, which
// the necessary condition or the proof stage shows without running a state.
extern void abort(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    reach_error();
  }
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++) {
    s += 2;
  }
  __VERIFIER_assert(s % 2 == 0);
  return 0;
}
