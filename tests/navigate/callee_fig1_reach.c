// expect: false
// Figure 1's reachable shape with its loops in a callee (classic finds it
// too, as the counts are small): the caller
// tests the counts the callee returns. Navigating the callee's loops
// follows each chain to the callee's return into main's continuation.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int count(int rounds, int want) {
  int c = 0;
  for (int i = 0; i < rounds; ++i)
    if (__VERIFIER_nondet_int() == want) ++c;
  return c;
}
int main(void) {
  int a = count(20, 3);
  int b = count(20, 5);
  if (a > 15 && a + b == 33) reach_error();
  return 0;
}
