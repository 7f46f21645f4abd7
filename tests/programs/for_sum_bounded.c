// expect: true
// for loop with an input bound: Gauss sum formula holds
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 8);
  int sum = 0;
  for (int i = 0; i < n; i++) sum += i;
  if (2 * sum != n * (n - 1)) reach_error();
  return 0;
}
