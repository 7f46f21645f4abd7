// expect: false
// paths: 6
// branches on fresh inputs: the runtime finds models of such sides itself
// (every value of a char, the constants ± 1 of an int's term), and leaves
// the rest (v * 3 == 7 needs the inverse of 3 modulo 2^32) to kappa's
// solver; each model must replay natively
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  if (c != 'x')
    return 0;
  int v = __VERIFIER_nondet_int();
  if (v == 123456789)
    return 1;
  int u = __VERIFIER_nondet_int();
  if (u * 3 == 7) {
    int w = __VERIFIER_nondet_int();
    if (w > 1000 && w < 1003 && u < 0)
      reach_error();
  }
  return 0;
}
