// expect: false
// A non-tail recursion: the phase of calls counts n down by 3, the phase of
// returns adds 1 per return. One recursion template folds both phases; the
// error needs 4321 nested calls, found as the template's parameter.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
unsigned int steps(unsigned int n) {
  if (n < 3u) return 0u;
  return steps(n - 3u) + 1u;
}
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 1000000u);
  unsigned int s = steps(n);
  if (s == 4321u && n % 3u == 2u) reach_error();
  return 0;
}
