// Recursion templates (snapshot of `kappa templates`): a non-tail
// recursion whose returns add a constant (a template), and one whose
// returns add the activation's own parameter (no template: classic).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
unsigned int halves(unsigned int n) {
  if (n < 2u) return 0u;
  return halves(n - 2u) + 1u;
}
unsigned int sum(unsigned int n) {
  if (n == 0u) return 0u;
  return n + sum(n - 1u);
}
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (halves(n) == 5u && sum(n % 4u) == 7u) reach_error();
  return 0;
}
