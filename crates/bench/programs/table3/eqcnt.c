// EQCNT (loop navigation paper, Section 4): nested loops with branching; a
// variable of the outermost scope is modified in the innermost loop.
// expect: false
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 8);
  int c = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (__VERIFIER_nondet_int() == 1) c++;
  if (c == 26) reach_error();
  return 0;
}
