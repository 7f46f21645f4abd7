// expect: true
// Counting loop up to a nondet bound with nondeterministic steps of 1 or 2: never more steps than the bound.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n < 1000000u);
  unsigned int i = 0, c = 0;
  while (i < n) {
    if (__VERIFIER_nondet_bool())
      i += 2;
    else
      i += 1;
    c++;
  }
  if (c > n)
    reach_error();
  return 0;
}
