// Table 1 "sequence of loops": three input-bounded loops one after the
// other; the target needs 20, 30 and 40 iterations.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int a = 0, b = 0, c = 0;
  unsigned int n1 = __VERIFIER_nondet_uint();
  for (unsigned int i = 0; i < n1; i++) a += 2;
  unsigned int n2 = __VERIFIER_nondet_uint();
  for (unsigned int i = 0; i < n2; i++) b += 3;
  unsigned int n3 = __VERIFIER_nondet_uint();
  for (unsigned int i = 0; i < n3; i++) c += 5;
  if (a == 40 && b == 90 && c == 200) reach_error();
  return 0;
}
