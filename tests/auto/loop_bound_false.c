// expect: false
// The twin of loop_bound_true.c: the sum is off by one at i == 7.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
    if (i == 7) s++;
  }
  if (s != 2 * i) reach_error();
  return 0;
}
