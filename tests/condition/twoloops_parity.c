// expect: true
// Two loops: a is even after the first; the second stops only when the odd b
// meets it, which never happens, so the call after it is unreachable.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned a = 0;
  for (unsigned k = 0; k < n; k++)
    a += 2;
  unsigned b = 1;
  while (a != b)
    b += 2;
  reach_error();
  return 0;
}
