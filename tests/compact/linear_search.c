// expect: true
// The linear search of the paper's Figure 1: after i := 0, one template
// stands for every number of iterations of the search loop (reading A, a
// read-only object, at i in every iteration), with two successors (i
// reaches n; A[i] == x). The result is always correct.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
int A[32];
int main(void) {
  for (int k = 0; k < 32; k++) A[k] = __VERIFIER_nondet_int();
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 32);
  int x = __VERIFIER_nondet_int();
  unsigned int i = 0;
  while (i < n && A[i] != x) i++;
  if (i < n && A[i] != x) reach_error();
  return 0;
}
