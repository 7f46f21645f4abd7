// expect: false
// classic: slow
// The twin of nested_linked.c: every branch taken gives exactly n*n.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 1000) return 0;
  unsigned c = 0;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n; j++)
      if (__VERIFIER_nondet_int()) c++;
  if (n == 5 && c == n * n) reach_error();
  return 0;
}
