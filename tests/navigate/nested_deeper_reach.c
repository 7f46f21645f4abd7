// expect: false
// classic: slow
// The twin of nested_deeper.c: reachable for n == 3 and c == 20.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 100) return 0;
  unsigned c = 0, last = 0;
  for (unsigned i = 0; i < n; i++) {
    unsigned j;
    for (j = 0; j < n; j++)
      for (unsigned k = 0; k < n; k++)
        if (__VERIFIER_nondet_int()) c++;
    last = j;
  }
  if (last == n && n == 3 && c == 20) reach_error();
  return 0;
}
