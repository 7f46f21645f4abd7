// expect: false
// The branch a > 10 leads only to an unreachable call (an even sum is never
// 7), so the state taking it contradicts φ̂ and is pruned at the fork.
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  unsigned n = __VERIFIER_nondet_uint();
  if (a > 10) {
    unsigned s = 0;
    for (unsigned k = 0; k < n; k++)
      s += 2;
    if (s == 7)
      reach_error();
  } else if (a == 3) {
    reach_error();
  }
  return 0;
}
