// expect: true
// The twin of nested_linked_wrap.c: 16 per taken branch, at most 3*3 of
// them, cannot wrap an 8-bit count to 0 (a count that skips the bound
// must not be proved by a wrong closed form either).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 3) return 0;
  unsigned char c = 0;
  unsigned all = 0;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n; j++)
      if (__VERIFIER_nondet_int()) { c += 16; all++; }
  if (all > 0 && c == 0) reach_error();
  return 0;
}
