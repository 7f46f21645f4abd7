// expect: true
// right shift of unsigned values is logical: no sign bit is shifted in
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  unsigned int s = __VERIFIER_nondet_uint();
  __VERIFIER_assume(s < 32);
  unsigned int v = u >> s;
  if (s > 0 && v >= 0x80000000u) reach_error();
  if (v > u) reach_error();
  if (u >= 0x80000000u && (u >> 31) != 1u) reach_error();
  if (s == 31 && v > 1u) reach_error();
  if ((v << s) > u) reach_error();
  return 0;
}
