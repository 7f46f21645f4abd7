// expect: true
// A recursion of input depth that adds 6 per call: the proof stage does
// not model main's heap block (a call of malloc), navigation runs out of its
// share of the time, compact execution proves it with a call-cycle
// template (auto: both stages' trees on the page).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void *malloc(unsigned int size);
unsigned int step(unsigned int x, unsigned int n) {
  if (n == 0u) return x;
  return step(x + 6u, n - 1u);
}
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int *seen = malloc(sizeof(unsigned int) * (n % 4u + 1u));
  if (!seen) return 0;
  seen[0] = n;
  unsigned int r = step(3u, seen[0]);
  if ((r & 1u) != 1u) reach_error();
  return 0;
}
