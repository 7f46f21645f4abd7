// expect: true
// classic: slow
// The EQCNTex shape one call deep: the nested loops count in a callee,
// main checks the count against n*n.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
unsigned pairs(unsigned n) {
  unsigned c = 0;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n; j++)
      if (__VERIFIER_nondet_int()) c++;
  return c;
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 1000) return 0;
  unsigned c = pairs(n);
  if (c > n * n) reach_error();
  return 0;
}
