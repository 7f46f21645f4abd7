// expect: true
// s grows by 2 per iteration for at most 20 iterations: never above 40.
// Witnesses of effects_false.c whose invariants reset s must not make that
// program's witness confirmed.
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
  if (s > 40) reach_error();
  return 0;
}
