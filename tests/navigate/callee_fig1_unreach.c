// expect: true
// classic: slow
// Figure 1's unreachable shape with its loops in a callee: the caller
// tests the counts the callee returns. The proof before execution sees
// through the calls (main with its callees inlined).
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
  if (a > 20 && a + b == 31) reach_error();
  return 0;
}
