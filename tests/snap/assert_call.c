// expect: false
// The assertion on line 19 fails for n = 7: the report names that call,
// not the line of reach_error() inside __VERIFIER_assert.
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
  __VERIFIER_assert(s != 14);
  return 0;
}
