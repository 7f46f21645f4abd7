// expect: false
// s grows by 2 per iteration for at most 20 iterations: above 6 when n > 3.
// An invariant that resets s (`(s = 0) == 0`, `reset()`) or ends the run
// (`(__builtin_abort(), 1)`) at the loop would hide the error.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
unsigned int s = 0;
int reset(void) {
  s = 0;
  return 1;
}
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  for (unsigned int i = 0; i < n && i < 20; i++) s += 2;
  if (s > 6) reach_error();
  return 0;
}
